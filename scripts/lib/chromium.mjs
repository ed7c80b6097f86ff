import fs from 'node:fs';

/** Debian's Chromium when present (CI installs it), else whatever CHROMIUM_PATH names, else Playwright's own. */
export const chromiumPath = () =>
  process.env.CHROMIUM_PATH ?? (fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

/** Without these flags Chromium keeps calling home, and this machine's closed network refuses it. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
