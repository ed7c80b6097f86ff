import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Where to stop a page's HTML: the offset in the document after which its bytes pause, or -1 when not found. */
export type DocumentCut = (html: string) => number;

export interface HeldDocumentProxy {
  /** The proxy's address: pages asked from here pause where the cut says. */
  url: string;
  /** The cut offsets of the documents served so far, with their addresses (a cut not found is -1). */
  cuts: { path: string; offset: number }[];
  close(): Promise<void>;
}

const HOP_HEADERS = new Set([
  'content-encoding',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
]);

/**
 * A proxy in front of the shop at `target` that sends every HTML document in two parts: up to `cut`, then, after
 * `pauseMs`, the rest. A browser paints what it has parsed while the bytes pause, as it does on a slow network or a
 * busy phone, so whatever would move when the rest arrives moves on every run, not only on a loaded machine. Every
 * other response passes through whole.
 */
export async function startHeldDocumentProxy(
  target: string,
  cut: DocumentCut,
  pauseMs = 600,
): Promise<HeldDocumentProxy> {
  const cuts: HeldDocumentProxy['cuts'] = [];
  const server = http.createServer((request, response) => {
    void (async () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers))
        if (typeof value === 'string' && name !== 'host' && name !== 'accept-encoding')
          headers.set(name, value);
      const upstream = await fetch(`${target}${request.url}`, { headers, redirect: 'manual' });
      const body = Buffer.from(await upstream.arrayBuffer());
      const outgoing: Record<string, string | string[]> = {};
      upstream.headers.forEach((value, name) => {
        if (!HOP_HEADERS.has(name) && name !== 'set-cookie') outgoing[name] = value;
      });
      const cookies = upstream.headers.getSetCookie();
      if (cookies.length) outgoing['set-cookie'] = cookies;
      response.writeHead(upstream.status, outgoing);
      if (!upstream.headers.get('content-type')?.includes('text/html')) return response.end(body);
      const html = body.toString('utf8');
      const offset = cut(html);
      cuts.push({ path: request.url ?? '', offset });
      if (offset < 0) return response.end(body);
      const head = Buffer.byteLength(html.slice(0, offset));
      response.write(body.subarray(0, head));
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
      response.end(body.subarray(head));
    })().catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(502);
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    cuts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The offset `length` characters past the end of the tag where the last of `markers` is found, each looked for after
 * the one before: `after(['id="cookie-banner"', '<p'], 20)` cuts 20 characters into the notice's first paragraph.
 */
export const after =
  (markers: string[], length = 0): DocumentCut =>
  (html) => {
    let at = 0;
    for (const marker of markers) {
      at = html.indexOf(marker, at);
      if (at < 0) return -1;
      at += marker.length;
    }
    const tagEnd = html.indexOf('>', at);
    return tagEnd < 0 ? -1 : tagEnd + 1 + length;
  };
