import { Link } from '@/lib/i18n/navigation';

/**
 * The way to the validity check by plate, under a page's text. Not prefetched: the check is rendered per request (its
 * query), and the pages that link it would ask for it on every view.
 */
export function PlateCheckLink({ children }: { children: string }) {
  return (
    <p className="mt-2">
      <Link href="/vignette/check" prefetch={false} className="text-brand font-medium underline">
        {children}
      </Link>
    </p>
  );
}
