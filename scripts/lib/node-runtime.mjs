// The Node.js line the shop runs on is the one `.nvmrc` names (package.json's `engines` agrees). On an older node,
// `npm start`, `npm test`, `npm run setup`, `npm run build` and CI (.ci/run) fetch that line from the npm registry (the
// `node` package, a build of the official binary) and run on it, kept by npm in its cache (~/.npm/_npx) after the
// first time. Node built-ins only: this runs before the dependencies exist.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { root } from './project.mjs';

/** The major version of Node the shop runs on (`.nvmrc`). */
export const NODE_LINE = Number(fs.readFileSync(path.join(root, '.nvmrc'), 'utf8').trim());

const majorOf = (version) => Number(version.replace(/^v/, '').split('.')[0]);

/** npm exec's answer: the folder its `node@<line>` is in, or npm's last error line. */
function fetchNode(extraArguments) {
  const { status, stdout, stderr } = spawnSync(
    'npm',
    [
      'exec',
      '--yes',
      '--loglevel=error',
      ...extraArguments,
      `--package=node@${NODE_LINE}`,
      '--',
      'sh',
      '-c',
      'command -v node',
    ],
    { cwd: root, encoding: 'utf8' },
  );
  if (status === 0 && stdout.trim()) return { folder: path.dirname(stdout.trim()) };
  const lines = `${stderr ?? ''}`.split('\n').filter((line) => line.trim() && !line.includes('complete log'));
  return {
    error: lines.find((line) => /ENOTFOUND|ECONNREFUSED|ETIMEDOUT|failed/.test(line)) ?? lines.at(-1),
  };
}

/**
 * The folder of a `node` of the shop's line: this process's own when it is of that line or newer, else the npm
 * registry's (asked once, at most 30 s; when it cannot be reached, the copy npm keeps from an earlier run). Throws
 * an Error whose message says what to install when neither is there.
 */
export function supportedNodeFolder() {
  if (majorOf(process.versions.node) >= NODE_LINE) return path.dirname(process.execPath);
  const online = fetchNode(['--fetch-retries=1', '--fetch-timeout=30000']);
  const found = online.error ? { ...fetchNode(['--offline']), error: online.error } : online;
  const node = found.folder && path.join(found.folder, 'node');
  const version = node ? spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout?.trim() : undefined;
  if (version && majorOf(version) >= NODE_LINE) return found.folder;
  throw new Error(
    `The shop runs on Node.js ${NODE_LINE} (.nvmrc); this is Node ${process.version}, and Node ${NODE_LINE} could ` +
      `not be fetched from the npm registry (npm exec --package=node@${NODE_LINE}: ${found.error ?? `got ${version}`}).\n` +
      `Install Node ${NODE_LINE} (\`nvm install\` in this folder, or https://nodejs.org/en/download) and run the command again.`,
  );
}

/**
 * Runs this script again on the shop's Node line when this node is older, with that node first on PATH so that
 * every child process (npm, Next's server, Jest, Playwright's web servers) runs on it too, and exits with its code.
 * Returns at once when this node is of the line already.
 */
export async function runOnSupportedNode() {
  if (majorOf(process.versions.node) >= NODE_LINE) return;
  let folder;
  try {
    folder = supportedNodeFolder();
  } catch (error) {
    process.stderr.write(`\n${error.message}\n\n`);
    process.exit(1);
  }
  const node = path.join(folder, 'node');
  const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
  process.stdout.write(
    `Node ${process.version} is older than the shop's Node ${NODE_LINE}: running on ${version} (${node}).\n`,
  );
  const child = spawn(node, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, PATH: `${folder}${path.delimiter}${process.env.PATH ?? ''}` },
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  // Nothing of the caller runs on this node: the child does it all.
  await new Promise(() => {});
}
