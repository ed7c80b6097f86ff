#!/usr/bin/env node
// `npm start`: install what is missing, build what is stale, then serve. Migrations, seed data and the first
// admin are applied by the server itself at start (instrumentation.ts), so `next start` alone does the same.
// The configuration comes from the environment and the .env files, read as `next start` reads them.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { loadConfigSchema } from './lib/config.mjs';
import { loadEnvFiles } from './lib/env.mjs';
import { build, buildIsCurrent, ensureDependencies, root, say, SERVE_ARGUMENTS } from './lib/project.mjs';
import { runOnSupportedNode } from './lib/node-runtime.mjs';

// On an older node, the rest runs again on the shop's Node line (scripts/lib/node-runtime.mjs).
await runOnSupportedNode();

const fail = (message) => {
  process.stderr.write(`\n${message}\n\n`);
  process.exit(1);
};

try {
  await ensureDependencies();
} catch (error) {
  fail(error.message);
}
loadEnvFiles();

// The server's own schema, checked before anything is built or started: a bad value names its variable.
const { parseConfig, ConfigError } = await loadConfigSchema();
let config;
try {
  config = parseConfig(process.env);
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}
const port = String(config.PORT);

// Refuse before building: rebuilding .next under a running server would break it.
if (!config.DATABASE_URL) {
  const { default: lockfile } = await import('proper-lockfile');
  const dataDir = path.resolve(root, config.DATA_DIR);
  // Same lock file and staleness as lib/db/lock.ts, which the server itself takes.
  const locked = await lockfile
    .check(dataDir, { lockfilePath: path.join(dataDir, 'shop.lock'), realpath: false, stale: 10_000 })
    .catch(() => false);
  if (locked) {
    fail(
      `The embedded database in ${dataDir} is in use by another shop process.\n` +
        'Stop the other server first, set DATA_DIR to another folder, or set DATABASE_URL to share a real PostgreSQL.',
    );
  }
}

if (!buildIsCurrent() && (await build()) !== 0) fail('The build failed; see the messages above.');

const server = spawn(
  process.execPath,
  [path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next'), 'start', '-p', port, ...SERVE_ARGUMENTS],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

const localUrl = `http://localhost:${port}`;
for (let attempt = 0; attempt < 600 && server.exitCode === null; attempt++) {
  const healthy = await fetch(`${localUrl}/api/health`).then(
    (response) => response.ok,
    () => false,
  );
  if (healthy) {
    const { siteUrl } = config;
    say(
      `\n  Road Partners shop is running at ${localUrl}${siteUrl === localUrl ? '' : ` (public address ${siteUrl})`}`,
    );
    say(
      `  Admin back-office: ${localUrl}/admin (the first admin's password is set by ADMIN_PASSWORD, or was printed at the first start)\n`,
    );
    break;
  }
  await new Promise((resolve) => setTimeout(resolve, 250));
}
