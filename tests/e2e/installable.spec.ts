import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import { APP_MODE_QUERY } from '@/lib/consent';
import { WEB_APP_ICONS } from '@/lib/seo/web-app';
import { CHROMIUM_ARGS, chromiumPath } from '../../scripts/lib/chromium.mjs';

/*
 * "Add to home screen" on the built shop: Chrome's own installability check finds nothing missing, the manifest it
 * reads opens /ro standalone in the brand colours, and each icon it names is there. Lighthouse 13 (the version the
 * repository runs) has no installability audits any more: version 12 removed them with the PWA category. Its old
 * `installable-manifest` audit asked Chrome the same question, `Page.getInstallabilityErrors`, which is asked here
 * directly. In a profile of its own on disk: Chrome answers `in-incognito` for Playwright's usual off-the-record
 * contexts. The mobile app's webview mode is not touched by the manifest: it still marks the page.
 */
test('Chrome finds the shop installable, with its name, colours and icons', async ({ baseURL }) => {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'road-install-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    args: CHROMIUM_ARGS,
    viewport: { width: 412, height: 915 },
    baseURL,
  });
  try {
    const page = await context.newPage();
    await page.goto('/ro');
    const cdp = await context.newCDPSession(page);
    // Chrome reads the manifest and fetches its icons after the load: asked until it has.
    await expect
      .poll(
        async () =>
          (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors.map(
            (error) => `${error.errorId} ${error.errorArguments.map((argument) => argument.value).join(' ')}`,
          ),
        { timeout: 20_000 },
      )
      .toEqual([]);

    const { url, errors, data } = await cdp.send('Page.getAppManifest');
    expect(url).toBe(`${baseURL}/manifest.webmanifest`);
    expect(errors).toEqual([]);
    const manifest = JSON.parse(data ?? '{}') as Record<string, unknown>;
    expect(manifest).toMatchObject({
      short_name: 'Road Partners',
      start_url: '/ro',
      display: 'standalone',
      theme_color: '#0b4f8a',
    });
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#0b4f8a');

    for (const icon of WEB_APP_ICONS) {
      const answer = await page.request.get(icon.src);
      expect(answer.status(), icon.src).toBe(200);
      expect(answer.headers()['content-type']).toBe('image/png');
    }

    // The mobile app's webview mode, as before: set by the query, the shop's own chrome hidden.
    await page.goto(`/ro?${APP_MODE_QUERY}=1`);
    await expect(page.locator('html')).toHaveAttribute('data-app-mode', '1');
    await expect(page.locator('footer[data-chrome]')).toBeHidden();
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});
