#!/usr/bin/env node
// `npm run setup`: only the machine set-up that `npm test` does before its checks (the dependencies, Debian's
// Chromium, a PostgreSQL server and its test role), for those who want it done apart from the tests. Running it
// again installs nothing new.
import { setUpForTests } from './lib/machine.mjs';
import { say } from './lib/project.mjs';
import { runOnSupportedNode } from './lib/node-runtime.mjs';

// On an older node, the rest runs again on the shop's Node line (scripts/lib/node-runtime.mjs).
await runOnSupportedNode();

try {
  await setUpForTests();
} catch (error) {
  say(error.message);
  process.exit(1);
}
say(`\nChromium for the end-to-end tests: ${process.env.CHROMIUM_PATH ?? "Playwright's own"}`);
const postgres = process.env.TEST_DATABASE_URL ?? 'none (those tests will be skipped)';
say(`PostgreSQL for the database tests: ${postgres}`);
