import type { NextPageContext } from 'next';
import NextError, { type ErrorProps } from 'next/error';

/**
 * The pages router's error page, in an App Router shop: Next renders `/_error` for requests it refuses before any
 * route runs (an address whose percent-escapes do not decode answers 400, a static file asked with POST 405), and
 * without one the answer was a bare 500 with none of the security headers (vercel/next.js#92557). Those answers
 * are written here (lib/server/refused-request.ts); anything else keeps Next's own error page.
 */
export default function ErrorPage(props: ErrorProps) {
  return <NextError {...props} />;
}

ErrorPage.getInitialProps = async (context: NextPageContext): Promise<ErrorProps> => {
  const { req, res } = context;
  // `typeof window` is fixed at build time, so the browser's bundle leaves the server's module out.
  if (typeof window === 'undefined' && req && res && res.statusCode >= 400 && res.statusCode < 500) {
    const { answerRefusedRequest } = await import('@/lib/server/refused-request');
    await answerRefusedRequest(req, res);
    return { statusCode: res.statusCode };
  }
  return NextError.getInitialProps(context) as Promise<ErrorProps>;
};
