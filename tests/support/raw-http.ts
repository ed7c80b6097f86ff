import http from 'node:http';
import https from 'node:https';
import zlib from 'node:zlib';

/** An answer as the server sent it: status, headers and the body's bytes, not decompressed. */
export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * Asks `url` through node:http or node:https, not fetch, which would decompress the body; `ca` is the certificate
 * to trust for an https address on localhost.
 */
export const askRaw = (
  url: string,
  options: { headers?: Record<string, string>; method?: string; ca?: string } = {},
): Promise<RawAnswer> =>
  new Promise<RawAnswer>((resolve, reject) => {
    const client = url.startsWith('https:') ? https : http;
    const tls = options.ca ? { ca: options.ca, servername: 'localhost' } : {};
    const request = client.request(
      url,
      { method: options.method ?? 'GET', headers: options.headers ?? {}, agent: false, ...tls },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    request.on('error', reject);
    request.end();
  });

/** The body as text, decompressed as its Content-Encoding says (brotli, gzip or none). */
export function decodedBody(answer: RawAnswer): string {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(answer.body).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(answer.body).toString();
  return answer.body.toString();
}
