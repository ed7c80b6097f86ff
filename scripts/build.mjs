#!/usr/bin/env node
// `npm run build`: the production build as `npm start` and `npm test` make it (next build, then compile hints).
import { loadEnvFiles } from './lib/env.mjs';
import { build } from './lib/project.mjs';
import { runOnSupportedNode } from './lib/node-runtime.mjs';

// On an older node, the rest runs again on the shop's Node line (scripts/lib/node-runtime.mjs).
await runOnSupportedNode();

// The same values as `next build` itself, so that `npm start` finds the build current (scripts/lib/project.mjs).
loadEnvFiles();
process.exitCode = await build();
