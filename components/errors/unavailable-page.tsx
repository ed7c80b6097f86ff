import { clientTexts } from '@/lib/i18n/client-texts';
import { Link } from '@/lib/i18n/navigation';
import { noteTooManyRequestsShown, noteUnavailableShown } from '@/lib/server/request-scope';
import { ERROR_BUTTON_CLASS, ERROR_LINK_CLASS, ErrorView, type ErrorTexts } from './error-view';

/**
 * What a page that needs the database shows while it is away: the shop's error page, in the server's HTML (a
 * visitor without JavaScript gets it too), within the page's own header and footer. Rendered as a page (Next gives it
 * 200: in Next 16 a failure thrown inside <Suspense> leaves the status as sent with the page's shell, measured, and
 * one thrown outside it empties the HTML), and sent as 503 with `Retry-After` by the server's hook
 * (lib/server/incoming-requests.ts). Only on pages rendered per request, never cached.
 */
export async function UnavailablePage() {
  noteUnavailableShown();
  return <ServerErrorView texts={await clientTexts('ErrorPage')} />;
}

/**
 * What a page shows to a visitor who asked for it too often (the order reads' rate limit): the same error page with
 * its own words, sent as 429 with `Retry-After` by the same hook, never a bare JSON error in a browser tab.
 */
export async function TooManyRequestsPage({ retryAfterSeconds }: { retryAfterSeconds: number }) {
  noteTooManyRequestsShown(retryAfterSeconds);
  const texts = await clientTexts('ErrorPage');
  return (
    <ServerErrorView
      texts={{
        ...texts,
        heading: texts.tooManyHeading,
        text: texts.tooManyText,
        paymentSafe: texts.tooManyPaymentSafe,
      }}
    />
  );
}

function ServerErrorView({ texts }: { texts: ErrorTexts }) {
  return (
    <ErrorView
      texts={texts}
      // A plain link to the same page: a full new request, which works without JavaScript.
      retry={
        <a href="" className={ERROR_BUTTON_CLASS}>
          {texts.retry}
        </a>
      }
      home={
        <Link href="/" className={ERROR_LINK_CLASS}>
          {texts.backHome}
        </Link>
      }
    />
  );
}
