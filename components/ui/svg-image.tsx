import type { ImgHTMLAttributes } from 'react';

interface SvgImageProps extends Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'alt' | 'width' | 'height' | 'loading'
> {
  src: `/images/${string}.svg`;
  alt: string;
  width: number;
  height: number;
  /** The page's main picture: fetched at once with high priority. Any other waits until it nears the viewport. */
  priority?: boolean;
}

/**
 * The shop's pictures are small SVGs, which next/image would serve unchanged: a plain <img> shows them the same
 * way without next/image's browser code, which every page would otherwise load (the not-found view is part of
 * every page's tree) — 15 KB of script to download, run and hydrate on a phone for nothing.
 */
export function SvgImage({ alt, priority = false, ...image }: SvgImageProps) {
  return (
    // eslint-disable-next-line @next/next/no-img-element -- SVGs: next/image would serve them unchanged and only add its browser code to every page
    <img
      {...image}
      alt={alt}
      decoding="async"
      loading={priority ? undefined : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
    />
  );
}
