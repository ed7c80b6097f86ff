import fs from 'node:fs';
import path from 'node:path';
import manifest from '@/app/manifest';
import { routing } from '@/lib/i18n/routing';
import { BACKGROUND_COLOUR, THEME_COLOUR, WEB_APP_ICONS, webAppManifest } from '@/lib/seo/web-app';
import ro from '@/messages/ro.json';

/*
 * The web app manifest that makes "Add to home screen" give the shop's icon and name: its fields, its colours taken
 * from the Tailwind theme, and its icons present at the sizes it declares.
 */
const root = process.cwd();
const read = (file: string) => fs.readFileSync(path.join(root, file));

/** A PNG's width and height, from its IHDR chunk (bytes 16 to 23), and whether it is one. */
function pngSize(file: Buffer) {
  const signature = file.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  return { png: signature, width: file.readUInt32BE(16), height: file.readUInt32BE(20) };
}

describe('the web app manifest', () => {
  it('names the shop in the default language and opens its home page, standalone, in the brand colours', async () => {
    const served = await manifest();
    expect(served).toEqual(webAppManifest(ro));
    expect(served).toMatchObject({
      name: ro.WebApp.name,
      short_name: 'Road Partners',
      description: ro.HomePage.meta.description,
      lang: 'ro',
      start_url: '/ro',
      scope: '/',
      display: 'standalone',
      theme_color: THEME_COLOUR,
      background_color: BACKGROUND_COLOUR,
    });
    expect(routing.defaultLocale).toBe('ro');
  });

  it('takes its colours from the Tailwind theme and the page', () => {
    const css = read('app/globals.css').toString();
    expect(css).toContain(`--color-brand: ${THEME_COLOUR};`);
    // The body's background is Tailwind's slate-50, #f8fafc.
    expect(read('app/[locale]/layout.tsx').toString()).toMatch(/<body className="[^"]*\bbg-slate-50\b/);
    expect(BACKGROUND_COLOUR).toBe('#f8fafc');
  });

  it('declares a 192 px and a 512 px icon and a maskable one, each a PNG of the size it declares', async () => {
    const icons = (await manifest()).icons!;
    expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of WEB_APP_ICONS) {
      const size = pngSize(read(path.join('public', icon.src)));
      expect({ src: icon.src, ...size }).toEqual({
        src: icon.src,
        png: true,
        width: icon.size,
        height: icon.size,
      });
    }
    expect(icons.every((icon) => icon.type === 'image/png')).toBe(true);
  });

  it('has an Apple touch icon, which iOS uses instead of the manifest’s', () => {
    expect(pngSize(read('app/apple-icon.png'))).toEqual({ png: true, width: 180, height: 180 });
  });

  it('gives the phone’s bars the same colour as the manifest, in the shop and the back-office', () => {
    for (const layout of ['app/[locale]/layout.tsx', 'app/admin/layout.tsx']) {
      expect(read(layout).toString()).toContain('themeColor: THEME_COLOUR');
    }
  });
});
