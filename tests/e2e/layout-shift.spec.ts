import { expect, test } from '@playwright/test';
import { locales } from '@/lib/i18n/routing';
import { after, startHeldDocumentProxy, type DocumentCut } from './support/held-document';
import { LIGHTHOUSE_PHONE, PUBLIC_PAGES } from './support/public-pages';

/*
 * Nothing moves when a page is painted before its HTML has all been parsed. A browser paints what it has whenever the
 * document's bytes pause: on a slow network, or on a phone too busy to parse them all at once. Lighthouse saw that only
 * on a loaded machine (the FAQ pages' 0.016-0.049 in CI): the cookie notice, fixed to the bottom of the screen, was
 * painted cut short and rose as the rest of its text arrived; and the header, painted before its menu button, moved
 * its language button left. Here the bytes of each page pause at those places on every run (a proxy holds the rest),
 * so the shift shows on any machine, however quiet.
 *
 * Every layout-shift entry counts, those flagged as following an input too: nothing here is touched, and Chromium
 * flags the first shifts after a page's emulated viewport is set (Lighthouse counts them as well).
 */

/** Lighthouse's phone (a Moto G Power): the notice's height, and so the shift, depends on the width. */
test.use(LIGHTHOUSE_PHONE);

/** The FAQ (with its price table, and a category without), the home page, a purchase page. */
const PAGES = ['/ro/faq', '/ro/faq/prepay_cards', '/ro', '/ro/vignette/car'];

const CUTS: { name: string; cut: DocumentCut; pages: string[] }[] = [
  { name: 'inside the cookie notice', cut: after(['id="cookie-banner"', '<p'], 20), pages: PAGES },
  {
    name: 'inside the header, before its menu button',
    cut: after(['<header', 'id="language-list"', '</ul></div']),
    pages: PAGES,
  },
  {
    // Its list of the browsers' help pages held long addresses that did not wrap: once they arrived, the page was
    // wider than the screen, the phone zoomed out to show it all, and the notice, laid out again on the wider screen,
    // dropped (CLS 0.036 in a CI run on a loaded machine).
    name: "before the cookie policy's list of addresses",
    cut: after(['id="usefulLinks"']),
    pages: ['/ro/cookie-policy'],
  },
];

interface Shift {
  value: number;
  sources: string[];
}

for (const { name, cut, pages } of CUTS) {
  test(`no layout shift when the page's bytes pause ${name}`, async ({ page, baseURL }) => {
    const proxy = await startHeldDocumentProxy(baseURL!, cut);
    try {
      await page.addInitScript(() => {
        const shifts: Shift[] = [];
        (window as unknown as { layoutShifts: Shift[] }).layoutShifts = shifts;
        const describe = (node: Node | null) =>
          node instanceof Element
            ? `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''} "${(node.textContent ?? '').trim().slice(0, 30)}"`
            : String(node?.nodeName);
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            sources?: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
          })[])
            shifts.push({
              value: entry.value,
              sources: (entry.sources ?? []).map(
                (source) =>
                  `${describe(source.node)} from y ${Math.round(source.previousRect.y)} x ${Math.round(source.previousRect.x)} ` +
                  `to y ${Math.round(source.currentRect.y)} x ${Math.round(source.currentRect.x)}`,
              ),
            });
        }).observe({ type: 'layout-shift', buffered: true });
      });
      for (const path of pages) {
        await page.goto(`${proxy.url}${path}`);
        const served = proxy.cuts.at(-1);
        expect(served?.path, `${path}: the document went through the proxy`).toBe(path);
        expect(served?.offset, `${path}: the place to pause ${name} was found`).toBeGreaterThan(0);
        // The page as a visitor without an answer sees it: the notice shown, whole.
        await expect(page.getByTestId('cookie-banner')).toBeVisible();
        await page.waitForLoadState('networkidle');
        const shifts = await page.evaluate(
          () => (window as unknown as { layoutShifts: Shift[] }).layoutShifts,
        );
        test.info().annotations.push({
          type: 'layout shift',
          description: `${path}, bytes paused ${name}: ${shifts.reduce((sum, shift) => sum + shift.value, 0)}`,
        });
        expect(shifts, `${path}, bytes paused ${name}`).toEqual([]);
      }
    } finally {
      await proxy.close();
    }
  });
}

/** Every public page in every language, each address once. */
const EVERY_PUBLIC_PAGE = [
  ...new Set(
    PUBLIC_PAGES.flatMap((page) =>
      locales.map((locale) => page.path.replace(/^\/[a-z]{2}(?=\/|$)/, `/${locale}`)),
    ),
  ),
];

test.describe('on the narrowest phone screen', () => {
  test.use({ viewport: { width: 320, height: 640 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

  /*
   * A page wider than a phone's screen makes the phone zoom out to show all of it, late if the wide line comes late:
   * then everything fixed to the screen (the cookie notice) is laid out again on the wider screen and moves. A long
   * word or address wraps (globals.css); tables scroll in their own box.
   */
  test('no public page, in any language, is wider than the screen', async ({ page }) => {
    test.setTimeout(240_000);
    const wider: string[] = [];
    for (const path of EVERY_PUBLIC_PAGE) {
      await page.goto(path);
      const { content, screen } = await page.evaluate(() => ({
        content: document.documentElement.scrollWidth,
        screen: document.documentElement.clientWidth,
      }));
      if (content > screen) wider.push(`${path}: ${content} px on a ${screen} px screen`);
    }
    expect(EVERY_PUBLIC_PAGE.length).toBeGreaterThan(PUBLIC_PAGES.length);
    expect(wider).toEqual([]);
  });
});
