import http from 'node:http';

/** An answer as the server sent it: status, headers and the body's bytes, not decompressed. */
export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** Asks a local server on `port` through node:http, not fetch, which would decompress the body. */
export const askRaw = (
  port: number,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<RawAnswer> =>
  new Promise<RawAnswer>((resolve, reject) => {
    const request = http.request({ port, path, method, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    request.on('error', reject);
    request.end();
  });
