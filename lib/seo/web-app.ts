import type { MetadataRoute } from 'next';
import { COMPANY } from '@/lib/company';
import { routing } from '@/lib/i18n/routing';
import type messages from '@/messages/ro.json';

/**
 * What a phone needs to add the shop to its home screen as an app (docs/screens.md, Installing on a phone): the web
 * app manifest (app/manifest.ts), its icons (public/icons/, made by scripts/generate-app-icons.mjs from
 * app/icon.svg) and the colours of the bars around it. The mobile app's webview mode is another thing
 * (lib/consent.ts): the manifest does not change it.
 */

/** The brand's blue, Tailwind's `--color-brand` (app/globals.css): the phone's status bar and title bar. */
export const THEME_COLOUR = '#0b4f8a';

/** The shop's page background, Tailwind's slate-50 (`bg-slate-50` on <body>): the splash screen while it opens. */
export const BACKGROUND_COLOUR = '#f8fafc';

/**
 * The icons a phone picks from: 192 and 512 px for launchers and splash screens, and a maskable one whose logo stays
 * inside the safe zone (the inner 80 %) whatever shape the launcher cuts it to.
 */
export const WEB_APP_ICONS = [
  { src: '/icons/icon-192.png', size: 192, purpose: 'any' },
  { src: '/icons/icon-512.png', size: 512, purpose: 'any' },
  { src: '/icons/icon-maskable-512.png', size: 512, purpose: 'maskable' },
] as const;

/** The texts of the default language the manifest is written in. */
export type WebAppTexts = Pick<typeof messages, 'WebApp'> & {
  HomePage: { meta: { description: string } };
};

/**
 * The manifest, in the default language: a manifest has one language, and the home screen opens the default one
 * (`/ro`), where the language switcher is.
 */
export function webAppManifest(texts: WebAppTexts): MetadataRoute.Manifest {
  const home = `/${routing.defaultLocale}`;
  return {
    id: home,
    name: texts.WebApp.name,
    short_name: COMPANY.brand,
    description: texts.HomePage.meta.description,
    lang: routing.defaultLocale,
    dir: 'ltr',
    start_url: home,
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOUR,
    background_color: BACKGROUND_COLOUR,
    categories: ['shopping', 'travel'],
    icons: WEB_APP_ICONS.map((icon) => ({
      src: icon.src,
      sizes: `${icon.size}x${icon.size}`,
      type: 'image/png',
      purpose: icon.purpose,
    })),
  };
}
