'use client';

import { useRouter } from 'next/navigation';
import { startTransition } from 'react';
import { useErrorTexts } from '@/components/errors/error-texts';
import { ERROR_BUTTON_CLASS, ERROR_LINK_CLASS, ErrorView } from '@/components/errors/error-view';
import { Link } from '@/lib/i18n/navigation';

/**
 * The shop's error page for a page that failed (the database away, a bug), inside the page's own header and
 * footer and in its language: the texts come from the layout (ErrorTextsProvider). "Try again" renders the page
 * again from the server.
 */
export default function LocaleError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const texts = useErrorTexts();
  const router = useRouter();
  if (!texts) return null;
  return (
    <ErrorView
      texts={texts}
      retry={
        <button
          type="button"
          className={ERROR_BUTTON_CLASS}
          onClick={() =>
            startTransition(() => {
              router.refresh();
              reset();
            })
          }
        >
          {texts.retry}
        </button>
      }
      home={
        <Link href="/" className={ERROR_LINK_CLASS}>
          {texts.backHome}
        </Link>
      }
    />
  );
}
