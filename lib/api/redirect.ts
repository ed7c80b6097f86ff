/**
 * A 303 to a path of this site, relative: the browser stays on the host name it used (`127.0.0.1` or `localhost`,
 * a proxy's public name), whatever SITE_URL says and whatever address the server was reached at behind a proxy.
 * A redirect after a form's POST must stay on the page's origin, or the CSP's `form-action 'self'` blocks it.
 */
export function seeOther(path: string): Response {
  if (!path.startsWith('/') || path.startsWith('//')) throw new Error(`not a path of this site: ${path}`);
  return new Response(null, { status: 303, headers: { Location: path } });
}
