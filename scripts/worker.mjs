#!/usr/bin/env node
// `npm run worker`: a process that runs the background jobs and nothing else (JOBS=only), from the release's build
// as it is: no install, no build (docs/deploy.md, "Web servers and workers"). It is `next start` bound to the loopback
// address on WORKER_PORT, so the jobs run in the very bundle the web servers run (server-only modules, Next's cache);
// proxy.ts answers 404 there to everything but /api/health* and /api/metrics. Start-up, shutdown (SIGTERM finishes
// the job pass in flight) and the logs are the server's own.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { loadConfigSchema } from './lib/config.mjs';
import { loadEnvFiles } from './lib/env.mjs';
import { root } from './lib/project.mjs';

const fail = (message) => {
  process.stderr.write(`\n${message}\n\n`);
  process.exit(1);
};

loadEnvFiles();
// Whatever the environment says for the web servers: this process is the worker.
process.env.JOBS = 'only';

// The server's own schema: on the embedded database it names DATABASE_URL (PGlite serves one process).
const { parseConfig, ConfigError } = await loadConfigSchema();
let config;
try {
  config = parseConfig(process.env);
} catch (error) {
  if (error instanceof ConfigError) fail(`The worker cannot start.\n${error.message}`);
  throw error;
}

if (!fs.existsSync(path.join(root, '.next', 'BUILD_ID')))
  fail('The worker runs the release as it was built, and there is no build here: run `npm run build` first.');

const port = String(config.WORKER_PORT);
const worker = spawn(
  process.execPath,
  [
    path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next'),
    'start',
    '--hostname',
    '127.0.0.1',
    '--port',
    port,
  ],
  {
    cwd: root,
    stdio: 'inherit',
    // PORT: the address the process reaches itself at (the sandbox's notifications it sends to its own loopback).
    // SITE_URL: the shop's address in the mails the worker sends, the web servers' even when it is left unset.
    env: { ...process.env, JOBS: 'only', PORT: port, SITE_URL: config.siteUrl, NODE_ENV: 'production' },
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => worker.kill(signal));
worker.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
