import type { MetadataRoute } from 'next';
import { routing } from '@/lib/i18n/routing';
import { webAppManifest, type WebAppTexts } from '@/lib/seo/web-app';

/** `/manifest.webmanifest`: what "Add to home screen" shows and opens (lib/seo/web-app.ts). */
export default async function manifest(): Promise<MetadataRoute.Manifest> {
  const texts = (await import(`../messages/${routing.defaultLocale}.json`)).default as WebAppTexts;
  return webAppManifest(texts);
}
