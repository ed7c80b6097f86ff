// Helpers shared by `npm start` and `npm test`. Node built-ins only: they run before dependencies exist.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { addCompileHints } from './compile-hints.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const INSTALL_STAMP = path.join(root, 'node_modules', '.road-install-stamp');
const BUILD_ID = path.join(root, '.next', 'BUILD_ID');
const BUILD_ENV_STAMP = path.join(root, '.next', '.road-build-env');
/** What a production build is made from: a newer file here means the build is stale. */
const BUILD_INPUTS = [
  'app',
  'components',
  'lib',
  'messages',
  'public',
  'drizzle',
  'pages',
  'proxy.ts',
  'instrumentation.ts',
  'next.config.mjs',
  'postcss.config.mjs',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
  'scripts/lib/compile-hints.mjs',
];

/**
 * `next start`'s options for every server of the shop, as `npm run serve` gives them (package.json is their one home:
 * `npm start` and the tests' built servers read them there): idle connections are kept 65 s, longer than any proxy in
 * front keeps them (docs/deploy/nginx-site.conf: 4 s). Node's default of 5 s would close a connection under a request
 * the proxy was just sending on it (a POST so failed is answered 502), and a busy event loop makes that 5 s timer fire
 * late but still before the request is read.
 */
export const SERVE_ARGUMENTS = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'))
  .scripts.serve.split(' ')
  .slice(2);

export const say = (message) => process.stdout.write(`${message}\n`);

/** Runs a command with the console attached; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    // Killed by a signal: the shell's convention, 128 + its number (137 for SIGKILL, 134 for an abort).
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 + os.constants.signals[signal] : 0)));
    child.on('error', () => resolve(127));
  });
}

export const runSync = (command, args, options = {}) =>
  spawnSync(command, args, { cwd: root, encoding: 'utf8', ...options });

const dependencyHash = () => {
  const hash = createHash('sha256');
  for (const file of ['package.json', 'package-lock.json']) {
    const full = path.join(root, file);
    if (fs.existsSync(full)) hash.update(fs.readFileSync(full));
  }
  return hash.digest('hex');
};

/** Installs the dependencies when node_modules is missing or older than package.json / package-lock.json. */
export async function ensureDependencies() {
  if (fs.existsSync(INSTALL_STAMP) && fs.readFileSync(INSTALL_STAMP, 'utf8') === dependencyHash()) return;
  say('Installing dependencies (npm install) ...');
  // Not `npm ci`, which installs only what the lockfile lists: the lockfile lacks the macOS and Windows builds of
  // next's, Tailwind's and the resolvers' native packages, because the registry of the build machines has none of
  // the versions used (@next/swc-darwin-arm64 stops at 16.4.5 there). `npm install` adds them on those systems.
  const code = await run('npm', ['install', '--no-audit', '--no-fund']);
  if (code !== 0) throw new Error(`npm install failed with exit code ${code}`);
  fs.writeFileSync(INSTALL_STAMP, dependencyHash());
}

const newestMtime = (target) => {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
};

/**
 * Values baked into the build: NEXT_PUBLIC_* into the client bundle, the site address into prerendered pages'
 * links, the payment host into the Content-Security-Policy. A change of any of them needs a new build.
 */
const BUILD_TIME_VARIABLES = new Set([
  'SITE_URL',
  'PAYMENT_PROVIDER',
  'NETOPIA_API_URL',
  // Whether each product line is sold (lib/config/live-mode.ts) shows on prerendered pages.
  'VIGNETTE_ISSUER',
  'TOPUP_PROVIDER',
]);
const publicEnv = () =>
  JSON.stringify(
    Object.entries(process.env)
      .filter(([key]) => key.startsWith('NEXT_PUBLIC_') || BUILD_TIME_VARIABLES.has(key))
      .sort(),
  );

export function buildIsCurrent() {
  if (!fs.existsSync(BUILD_ID)) return false;
  if (!fs.existsSync(BUILD_ENV_STAMP) || fs.readFileSync(BUILD_ENV_STAMP, 'utf8') !== publicEnv())
    return false;
  const builtAt = fs.statSync(BUILD_ID).mtimeMs;
  return BUILD_INPUTS.every((input) => newestMtime(path.join(root, input)) <= builtAt);
}

export async function build() {
  say('Building the shop (next build) ...');
  const code = await run(process.execPath, [
    path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next'),
    'build',
  ]);
  if (code !== 0) return code;
  let marked;
  try {
    marked = addCompileHints(path.join(root, '.next'));
  } catch (error) {
    say(error.message);
    return 1;
  }
  say(`Compile hints added to the ${marked.length} scripts the pages run on load.`);
  fs.writeFileSync(BUILD_ENV_STAMP, publicEnv());
  return 0;
}
