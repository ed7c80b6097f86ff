import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './scripts/lib/chromium.mjs';
import { startSmtpSink } from './tests/e2e/support/smtp-sink';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${PORT}`;

// One fresh embedded store per run, made once in the main process (workers inherit the variable).
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'road-e2e-'));
// The test shop's mail goes to a real SMTP server, started here in the main process before the shop itself.
process.env.E2E_SMTP_PORT ??= '2526';
if (!process.env.E2E_MAIL_DIR) {
  process.env.E2E_MAIL_DIR = path.join(process.env.E2E_DATA_DIR, 'received-mail');
  startSmtpSink(Number(process.env.E2E_SMTP_PORT), process.env.E2E_MAIL_DIR);
}
/** How long the sandbox's card form stays open in the tests: long enough to pay, short enough to see it expire. */
export const E2E_PAYMENT_TTL_SECONDS = 30;

export default defineConfig({
  testDir: './tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  forbidOnly: true,
  reporter: 'list',
  use: { baseURL, trace: 'retain-on-failure' },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        locale: 'ro-RO',
        launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
      },
    },
  ],
  webServer: {
    command: 'node scripts/start.mjs',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'pipe',
    env: {
      ...(process.env as Record<string, string>),
      PORT: String(PORT),
      DATA_DIR: process.env.E2E_DATA_DIR,
      ADMIN_USERNAME: 'e2e-admin',
      ADMIN_PASSWORD: 'e2e-admin-password',
      LOG_LEVEL: 'warn',
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      SANDBOX_PAYMENT_TTL_SECONDS: String(E2E_PAYMENT_TTL_SECONDS),
      // The suite (the fuzz test above all) sends far more requests from one address than any buyer;
      // security.spec.ts tests the real limits on servers of its own.
      RATE_LIMIT_MULTIPLIER: '1000',
    },
  },
});
