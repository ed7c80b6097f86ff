import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/**
 * A shop started the way a person starts it: `npm start` (scripts/start.mjs), in its own process group. With
 * `nodeArguments` (e.g. `--cpu-prof`, which NODE_OPTIONS refuses), `next start` itself runs under them instead, on
 * the existing build.
 */
export interface ShopProcess {
  url: string;
  child: ChildProcess;
  output(): string;
  exited: Promise<number>;
  stop(): Promise<number>;
}

export function startShop(
  port: number,
  env: Record<string, string | undefined>,
  nodeArguments: string[] = [],
): ShopProcess {
  const command = nodeArguments.length
    ? [
        ...nodeArguments,
        path.join(process.cwd(), 'node_modules', 'next', 'dist', 'bin', 'next'),
        'start',
        '-p',
        String(port),
      ]
    : [path.join(process.cwd(), 'scripts', 'start.mjs')];
  const child = spawn(process.execPath, command, {
    cwd: process.cwd(),
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
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 0))),
  );
  return {
    url: `http://localhost:${port}`,
    child,
    output: () => output,
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
