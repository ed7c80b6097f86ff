import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** `next start`'s options from `npm run serve` (scripts/lib/project.mjs, SERVE_ARGUMENTS, says why they matter). */
const SERVE_ARGUMENTS = (
  JSON.parse(fs.readFileSync(path.join(process.cwd(), 'package.json'), 'utf8')) as {
    scripts: { serve: string };
  }
).scripts.serve
  .split(' ')
  .slice(2);

/**
 * A shop started the way a person starts it: `npm start` (scripts/start.mjs), in its own process group. With
 * `nodeArguments` (e.g. `--cpu-prof`, which NODE_OPTIONS refuses), `next start` itself runs under them instead, on
 * the existing build.
 */
export interface ShopProcess {
  url: string;
  child: ChildProcess;
  /** Everything printed, stdout and stderr interleaved. */
  output(): string;
  /** What went to stderr alone (messages for the person who started the shop, apart from the JSON logs). */
  errorOutput(): string;
  /** What went to stdout alone (the JSON logs). */
  standardOutput(): string;
  exited: Promise<number>;
  stop(): Promise<number>;
}

/**
 * `npm start` (scripts/start.mjs) on `port`; with `nodeArguments` (e.g. `--cpu-prof`, which Node refuses in
 * NODE_OPTIONS), the current build served by `next start` under those arguments.
 */
export function startShop(
  port: number,
  env: Record<string, string | undefined>,
  nodeArguments: string[] = [],
): ShopProcess {
  return nodeArguments.length
    ? startBuiltServer(port, env, nodeArguments)
    : spawnShop(port, [path.join(process.cwd(), 'scripts', 'start.mjs')], env);
}

/**
 * The current build served by `next start` itself, without the rebuild check of `npm start`: for a server whose
 * build-time variables (PAYMENT_PROVIDER) differ from the build's, to prove a rule is applied at run time. `cwd`: a
 * release folder other than the checkout (`npm run serve` from it, as docs/deploy.md ships releases).
 */
export function startBuiltServer(
  port: number,
  env: Record<string, string | undefined>,
  nodeArguments: string[] = [],
  cwd = process.cwd(),
): ShopProcess {
  const next = path.join(cwd, 'node_modules', 'next', 'dist', 'bin', 'next');
  return spawnShop(
    port,
    [...nodeArguments, next, 'start', '-p', String(port), ...SERVE_ARGUMENTS],
    { NODE_ENV: 'production', ...env },
    cwd,
  );
}

/**
 * `npm run worker` (scripts/worker.mjs) on the loopback port `port`: the current build as a job-only process. Its
 * address is 127.0.0.1, where it listens (never `localhost`, which may resolve to ::1 first).
 */
export function startWorker(port: number, env: Record<string, string | undefined>): ShopProcess {
  const worker = spawnShop(port, [path.join(process.cwd(), 'scripts', 'worker.mjs')], {
    ...env,
    WORKER_PORT: String(port),
  });
  return { ...worker, url: `http://127.0.0.1:${port}` };
}

function spawnShop(
  port: number,
  args: string[],
  env: Record<string, string | undefined>,
  cwd = process.cwd(),
): ShopProcess {
  const child = spawn(process.execPath, args, {
    cwd,
    env: {
      ...process.env,
      ADMIN_USERNAME: undefined,
      ADMIN_PASSWORD: undefined,
      LOG_LEVEL: 'info',
      ...env,
      PORT: String(port),
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let errorOutput = '';
  let standardOutput = '';
  child.stdout!.on('data', (chunk) => {
    output += chunk;
    standardOutput += chunk;
  });
  child.stderr!.on('data', (chunk) => {
    output += chunk;
    errorOutput += chunk;
  });
  const exited = new Promise<number>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 0))),
  );
  return {
    url: `http://localhost:${port}`,
    child,
    output: () => output,
    errorOutput: () => errorOutput,
    standardOutput: () => standardOutput,
    exited,
    async stop() {
      if (child.exitCode === null) {
        // The whole group: `next start` runs a server process of its own under the script.
        try {
          process.kill(-child.pid!, 'SIGTERM');
        } catch {
          // already gone
        }
      }
      return exited;
    },
  };
}

/** Resolves when /api/health answers 200; rejects if the process ends first or time runs out. */
export async function waitUntilHealthy(shop: ShopProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (shop.child.exitCode !== null) throw new Error(`the shop exited early:\n${shop.output()}`);
    const ok = await fetch(`${shop.url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the shop did not become healthy:\n${shop.output()}`);
}

/**
 * A release folder of the current build, as docs/deploy.md ships one: the build's files linked, apart from `.next`
 * (copied: a server writes its regenerated pages into it, and a server of another test must not serve them) and
 * `drizzle` (copied too: a new release may add a migration).
 */
export function copyOfBuild(): { dir: string; remove(): void } {
  const root = process.cwd();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'road-release-'));
  for (const entry of fs.readdirSync(root)) {
    if (['.next', 'drizzle', '.git'].includes(entry)) continue;
    fs.symlinkSync(path.join(root, entry), path.join(dir, entry));
  }
  const cache = path.join(root, '.next', 'cache');
  fs.cpSync(path.join(root, '.next'), path.join(dir, '.next'), {
    recursive: true,
    filter: (source) => source !== cache,
  });
  fs.cpSync(path.join(root, 'drizzle'), path.join(dir, 'drizzle'), { recursive: true });
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
