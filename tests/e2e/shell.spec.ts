import { expect, test } from '@playwright/test';
import { answerCookieNotice } from './support/consent';
import { message } from './support/messages';

test.describe('desktop', () => {
  test.beforeEach(async ({ context, baseURL }) => answerCookieNotice(context, baseURL));

  test('header navigation moves between pages and the active tab follows the route', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/ro');
    const nav = page.getByRole('navigation', { name: message('ro', 'Navigation.mainLabel') });
    await expect(nav.getByRole('link', { name: message('ro', 'Navigation.home') })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await nav.getByRole('link', { name: message('ro', 'Navigation.contact') }).click();
    await expect(page).toHaveURL(/\/ro\/contact$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('ro', 'ContactPage.heading'));
    await expect(nav.getByRole('link', { name: message('ro', 'Navigation.contact') })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(nav.getByRole('link', { name: message('ro', 'Navigation.home') })).not.toHaveAttribute(
      'aria-current',
      'page',
    );

    await nav.getByRole('link', { name: message('ro', 'Navigation.faq') }).click();
    await expect(page).toHaveURL(/\/ro\/faq$/);
    await expect(nav.getByRole('link', { name: message('ro', 'Navigation.faq') })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // The FAQ's own question pages keep the FAQ tab active.
    await page.goto('/ro/faq/transactions-refund');
    await expect(nav.getByRole('link', { name: message('ro', 'Navigation.faq') })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('navigation resets the scroll position', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 700 });
    await page.goto('/en/terms-conditions');
    await page.mouse.wheel(0, 4000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: message('en', 'Navigation.contact'), exact: true })
      .click();
    await expect(page).toHaveURL(/\/en\/contact$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('the language switcher keeps the visitor on the same page', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/ro/contact');
    await page.getByRole('button', { name: /română/ }).click();
    await page.getByRole('link', { name: 'deutsch' }).click();
    await expect(page).toHaveURL(/\/de\/contact$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('de', 'ContactPage.heading'));
  });

  test('the footer has the links, office hours, phone, e-mail, address in Deva, the ANPC SAL link and copyright 2019', async ({
    page,
  }) => {
    await page.goto('/hu');
    const footer = page.getByRole('contentinfo');
    for (const key of ['home', 'faq', 'contact', 'terms', 'gdpr', 'cookiePolicy']) {
      await expect(
        footer.getByRole('link', { name: message('hu', `Navigation.${key}`), exact: true }),
      ).toBeVisible();
    }
    await expect(footer).toContainText('08:00 - 16:00');
    await expect(footer.getByRole('link', { name: /^\+40/ })).toHaveAttribute('href', /^tel:\+40/);
    await expect(footer.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
    await expect(footer).toContainText('Deva');
    await expect(footer).toContainText('2019');
    await expect(footer.getByRole('link', { name: message('hu', 'Footer.anpcSal') })).toHaveAttribute(
      'href',
      'https://anpc.ro/ce-este-sal/',
    );
  });
});

test.describe('phone, 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });
  test.beforeEach(async ({ context, baseURL }) => answerCookieNotice(context, baseURL));

  test('the side menu opens with the burger, switches to a cross, and closes on navigation', async ({
    page,
  }) => {
    await page.goto('/en');
    const open = page.getByRole('button', { name: message('en', 'Navigation.openMenu') });
    await expect(open).toBeVisible();
    // The desktop tabs are hidden at this width.
    await expect(page.locator('header nav').first()).toBeHidden();

    await open.click();
    const menu = page.locator('#mobile-menu');
    await expect(menu).toBeVisible();
    await expect(page.getByRole('button', { name: message('en', 'Navigation.closeMenu') })).toBeVisible();
    // The menu also lists the legal pages, as the mobile-app menu does.
    await expect(menu.getByRole('link', { name: message('en', 'Navigation.gdpr') })).toBeVisible();

    await menu.getByRole('link', { name: message('en', 'Navigation.faq') }).click();
    await expect(page).toHaveURL(/\/en\/faq$/);
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: message('en', 'Navigation.openMenu') })).toHaveAttribute(
      'aria-expanded',
      'false',
    );

    // The cross closes it as well, and so does Escape.
    await page.getByRole('button', { name: message('en', 'Navigation.openMenu') }).click();
    await expect(menu).toBeVisible();
    await page.getByRole('button', { name: message('en', 'Navigation.closeMenu') }).click();
    await expect(menu).toBeHidden();
    await page.getByRole('button', { name: message('en', 'Navigation.openMenu') }).click();
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  });

  test('nothing is wider than the screen', async ({ page }) => {
    for (const url of ['/ro', '/ro/faq/viniete-prices', '/ro/contact', '/ro/gdpr', '/ro/cookie-policy']) {
      await page.goto(url);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, url).toBeLessThanOrEqual(0);
    }
  });
});

test.describe('cookie notice', () => {
  test('is shown on the first visit; accept stores the flag with 60 and the choice, and it is not shown again', async ({
    page,
    context,
  }) => {
    await page.goto('/ro');
    const banner = page.getByTestId('cookie-banner');
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: message('ro', 'CookieBanner.accept') }).click();
    await expect(banner).toBeHidden();

    const cookies = await context.cookies();
    const flag = cookies.find((cookie) => cookie.name === 'hasCookieRunBefore');
    expect(flag?.value).toBe('60');
    // It lives 60 days.
    expect(flag!.expires * 1000 - Date.now()).toBeGreaterThan(59 * 86_400_000);
    expect(flag!.expires * 1000 - Date.now()).toBeLessThan(61 * 86_400_000);
    expect(cookies.find((cookie) => cookie.name === 'cookieConsent')?.value).toBe('accepted');

    await page.reload();
    await page.goto('/ro/contact');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner).toBeHidden();
  });

  test('reject keeps only the essential cookies and is remembered too', async ({ page, context }) => {
    await page.goto('/de');
    const banner = page.getByTestId('cookie-banner');
    await banner.getByRole('button', { name: message('de', 'CookieBanner.reject') }).click();
    await expect(banner).toBeHidden();
    expect((await context.cookies()).find((cookie) => cookie.name === 'cookieConsent')?.value).toBe(
      'rejected',
    );
    await page.goto('/de/faq');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner).toBeHidden();
  });

  test('the footer reopens it to change the choice', async ({ page, context }) => {
    await page.goto('/en');
    await page
      .getByTestId('cookie-banner')
      .getByRole('button', { name: message('en', 'CookieBanner.reject') })
      .click();
    await page
      .getByRole('contentinfo')
      .getByRole('button', { name: message('en', 'Footer.cookieSettings') })
      .click();
    await page
      .getByTestId('cookie-banner')
      .getByRole('button', { name: message('en', 'CookieBanner.accept') })
      .click();
    expect((await context.cookies()).find((cookie) => cookie.name === 'cookieConsent')?.value).toBe(
      'accepted',
    );
  });

  test('sends no analytics at all without a configured provider, even after consent', async ({ page }) => {
    const beacons: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'ping' || request.method() === 'POST') beacons.push(request.url());
    });
    await page.goto('/en');
    await page
      .getByTestId('cookie-banner')
      .getByRole('button', { name: message('en', 'CookieBanner.accept') })
      .click();
    await page.goto('/en/contact');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(beacons).toEqual([]);
  });
});

test.describe('mobile-app mode', () => {
  test('?app=1 hides the header, footer and cookie notice, and is remembered for the visit', async ({
    page,
  }) => {
    await page.goto('/ro/faq?app=1');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('header')).toBeHidden();
    await expect(page.getByRole('contentinfo')).toBeHidden();
    await expect(page.getByTestId('cookie-banner')).toHaveCount(0);

    await page.goto('/ro/contact');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('header')).toBeHidden();
    await expect(page.getByTestId('cookie-banner')).toHaveCount(0);
  });

  test.describe("with the app's user agent", () => {
    test.use({ userAgent: 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 RoadPartnersApp/2.1' });
    test('hides the shell without any query flag', async ({ page }) => {
      await page.goto('/hu');
      await expect(page.getByRole('heading', { level: 1 })).toBeAttached();
      await expect(page.locator('header')).toBeHidden();
      await expect(page.getByRole('contentinfo')).toBeHidden();
      await expect(page.getByTestId('cookie-banner')).toHaveCount(0);
    });
  });

  test('a normal visit shows the header and footer', async ({ page }) => {
    await page.goto('/ro');
    await expect(page.locator('header')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
  });
});
