#!/usr/bin/env node
// Prints the folder of a `node` of the shop's line (.nvmrc): this one's when it is, else the npm registry's
// (scripts/lib/node-runtime.mjs). CI (.ci/run) puts it first on PATH. Fails with what to install when there is none.
import { supportedNodeFolder } from './lib/node-runtime.mjs';

try {
  process.stdout.write(`${supportedNodeFolder()}\n`);
} catch (error) {
  process.stderr.write(`\n${error.message}\n\n`);
  process.exit(1);
}
