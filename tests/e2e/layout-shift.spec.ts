import { expect, test } from '@playwright/test';
import { after, startHeldDocumentProxy, type DocumentCut } from './support/held-document';

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
test.use({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });

const CUTS: { name: string; cut: DocumentCut }[] = [
  { name: 'inside the cookie notice', cut: after(['id="cookie-banner"', '<p'], 20) },
  {
    name: 'inside the header, before its menu button',
    cut: after(['<header', 'id="language-list"', '</ul></div']),
  },
];

/** The FAQ (with its price table, and a category without), the home page, a purchase page. */
const PAGES = ['/ro/faq', '/ro/faq/prepay_cards', '/ro', '/ro/vignette/car'];

interface Shift {
  value: number;
  sources: string[];
}

for (const { name, cut } of CUTS) {
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
      for (const path of PAGES) {
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
