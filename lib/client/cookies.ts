/** Reads a cookie in the browser; undefined on the server or when it is not set. */
export function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const prefix = `${name}=`;
  const found = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return found ? decodeURIComponent(found.slice(prefix.length)) : undefined;
}

export function writeCookie(name: string, value: string, maxAgeDays?: number) {
  const maxAge = maxAgeDays === undefined ? '' : `; Max-Age=${Math.round(maxAgeDays * 86_400)}`;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; SameSite=Lax${maxAge}${secure}`;
}

export const isAppMode = () =>
  typeof document !== 'undefined' && document.documentElement.hasAttribute('data-app-mode');
