import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';

/**
 * A real nginx running docs/deploy/nginx-site.conf, the site the deployment guide gives, with only its addresses,
 * ports, certificate paths and page-cache folder replaced (tests/e2e/deploy-nginx.spec.ts, tests/e2e/rolling-restart.spec.ts). It runs
 * as the current user from a folder of its own, with a certificate for `localhost` made here.
 */
export const NGINX_BINARY = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((candidate) =>
  fs.existsSync(candidate),
);

export const NGINX_MISSING =
  'nginx is not installed (npm test installs Debian\u2019s nginx-light when it runs as root)';

/** A server of the upstream; `down` takes it out of the pool as the guide's rolling restart does. */
export interface Upstream {
  port: number;
  down?: boolean;
}

export interface Nginx {
  dir: string;
  /** The certificate's PEM, for clients that must trust it (and NODE_EXTRA_CA_CERTS for the shop's own calls). */
  certificate: string;
  certificateFile: string;
  httpsUrl: string;
  /** `nginx -t` on the current files: its output, empty when the check passed quietly. */
  check(): string;
  /** Starts nginx (daemon off, in the foreground of its own process). */
  start(): void;
  /**
   * Rewrites the upstream and reloads nginx as an operator does (`nginx -s reload`); resolves once the workers of
   * the old configuration have finished their requests and exited, so no request can still reach a server that
   * was taken out.
   */
  setUpstreams(upstreams: Upstream[]): Promise<void>;
  /** nginx's error log so far (warnings and errors: an upstream that failed a request, with its reason). */
  errorLog(): string;
  stop(): Promise<void>;
}

/** The documented site with this test's addresses: what an operator would edit, and nothing else. */
export function siteForTest(
  site: string,
  options: { upstreams: Upstream[]; httpPort: number; httpsPort: number; dir: string },
): string {
  const servers = options.upstreams
    .map(
      (upstream) =>
        `    server 127.0.0.1:${upstream.port} max_fails=1 fail_timeout=10s${upstream.down ? ' down' : ''};`,
    )
    .join('\n');
  // The upstream's server lines are the operator's; its other directives (keepalive) stay as documented.
  const replaced = site
    .replace(/upstream road_partners_shop \{[^}]*\}/, (block) =>
      block.replace(/(\n\s*server [^;]*;)+/, `\n${servers}`),
    )
    .replace(/listen 80;/, `listen 127.0.0.1:${options.httpPort};`)
    .replace(/listen 443 ssl http2;/, `listen 127.0.0.1:${options.httpsPort} ssl http2;`)
    .replace(/\s*listen \[::\]:\d+[^;]*;/g, '')
    .replace(/ssl_certificate \S+;/, `ssl_certificate ${options.dir}/cert.pem;`)
    .replace(/ssl_certificate_key \S+;/, `ssl_certificate_key ${options.dir}/key.pem;`)
    .replace(/proxy_cache_path \S+/, `proxy_cache_path ${options.dir}/cache`)
    .replace(/server_name shop\.example\.ro;/g, 'server_name localhost;');
  // Every replacement found its line: the guide and the tests cannot drift apart unnoticed.
  for (const expected of [
    `127.0.0.1:${options.upstreams[0]!.port}`,
    `listen 127.0.0.1:${options.httpPort};`,
    `listen 127.0.0.1:${options.httpsPort} ssl http2;`,
    `${options.dir}/key.pem`,
    `proxy_cache_path ${options.dir}/cache `,
  ]) {
    if (!replaced.includes(expected)) throw new Error(`the documented site has no line for ${expected}`);
  }
  return replaced;
}

export function prepareNginx(options: { upstreams: Upstream[]; httpPort: number; httpsPort: number }): Nginx {
  if (!NGINX_BINARY) throw new Error(NGINX_MISSING);
  const binary = NGINX_BINARY;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'road-nginx-'));
  fs.chmodSync(dir, 0o755);
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2'],
      ...['-keyout', `${dir}/key.pem`, '-out', `${dir}/cert.pem`],
      ...['-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost'],
    ],
    { stdio: 'ignore' },
  );
  const documented = fs.readFileSync('docs/deploy/nginx-site.conf', 'utf8');
  const writeSite = (upstreams: Upstream[]) =>
    fs.writeFileSync(`${dir}/site.conf`, siteForTest(documented, { ...options, upstreams, dir }));
  writeSite(options.upstreams);
  fs.writeFileSync(
    `${dir}/nginx.conf`,
    [
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      'events { worker_connections 1024; }',
      'http {',
      '    include /etc/nginx/mime.types;',
      `    access_log ${dir}/access.log;`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (kind) => `    ${kind}_temp_path ${dir}/${kind};`,
      ),
      `    include ${dir}/site.conf;`,
      '}',
      '',
    ].join('\n'),
  );
  const args = ['-p', dir, '-c', `${dir}/nginx.conf`];
  let master: ChildProcess | undefined;
  /** The master's worker processes: pid and title ("nginx: worker process", "… is shutting down"). */
  const workers = () => {
    if (!master?.pid) return [];
    const listed = execFileSync('ps', ['--ppid', String(master.pid), '-o', 'pid=,args='], {
      encoding: 'utf8',
    });
    return listed
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [pid, ...title] = line.trim().split(/\s+/);
        return { pid: Number(pid), title: title.join(' ') };
      });
  };
  return {
    dir,
    certificate: fs.readFileSync(`${dir}/cert.pem`, 'utf8'),
    certificateFile: `${dir}/cert.pem`,
    httpsUrl: `https://localhost:${options.httpsPort}`,
    check: () => execFileSync(binary, ['-t', ...args], { stdio: 'pipe' }).toString(),
    start() {
      master = spawn(binary, [...args, '-g', 'daemon off;'], { stdio: 'ignore' });
    },
    async setUpstreams(upstreams) {
      writeSite(upstreams);
      const before = new Set(workers().map((worker) => worker.pid));
      execFileSync(binary, [...args, '-s', 'reload'], { stdio: 'pipe' });
      // A reload starts new workers and lets the old ones finish what they serve, then exit: done only once every
      // worker that ran before the reload is gone and new ones serve (right after the signal, the old ones may not
      // even know yet that they are old).
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline) {
        const now = workers();
        if (now.some((worker) => !before.has(worker.pid)) && !now.some((worker) => before.has(worker.pid)))
          return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`nginx's old workers did not finish: ${JSON.stringify(workers())}`);
    },
    errorLog: () => (fs.existsSync(`${dir}/error.log`) ? fs.readFileSync(`${dir}/error.log`, 'utf8') : ''),
    async stop() {
      if (master && master.exitCode === null) {
        const exited = new Promise((resolve) => master!.once('exit', resolve));
        master.kill('SIGQUIT');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface HttpsAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * An error of a request sent on a kept-alive connection that the other side had just closed (nginx's old workers
 * close their idle connections at a reload): nothing was processed, and a browser sends the request again on a new
 * connection, whatever its method (Node's `request.reusedSocket` documents the same pattern).
 */
export class ReusedConnectionClosed extends Error {}

/** One request through nginx's TLS, trusting its certificate (an agent keeps connections alive between calls). */
export function httpsRequest(
  url: string,
  options: {
    certificate: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    agent?: https.Agent;
  },
): Promise<HttpsAnswer> {
  return new Promise((resolve, reject) => {
    const request = https.request(
      url,
      {
        method: options.method ?? 'GET',
        headers: options.headers,
        ca: options.certificate,
        servername: 'localhost',
        agent: options.agent,
      },
      (answer) => {
        let text = '';
        answer.setEncoding('utf8');
        answer.on('data', (chunk: string) => (text += chunk));
        answer.on('end', () =>
          resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body: text }),
        );
        answer.on('error', reject);
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        request.reusedSocket && (error.code === 'ECONNRESET' || error.message === 'socket hang up')
          ? new ReusedConnectionClosed(error.message)
          : error,
      ),
    );
    request.end(options.body);
  });
}
