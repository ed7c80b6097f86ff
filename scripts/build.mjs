#!/usr/bin/env node
// `npm run build`: the production build as `npm start` and `npm test` make it (next build, then compile hints).
import { build } from './lib/project.mjs';

process.exitCode = await build();
