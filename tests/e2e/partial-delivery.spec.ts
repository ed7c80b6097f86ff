import { expect, test } from '@playwright/test';
import { DateTime } from 'luxon';
import { VIGNETTE_TIME_ZONE } from '@/lib/time-zones';
import { payWithAcceptedCard } from './support/checkout';
import { answerCookieNotice } from './support/consent';
import { message } from './support/messages';
import { receivedMail } from './support/smtp-sink';
import { XSRF_HEADERS } from './support/xsrf';

/*
 * Two vignettes, one of them refused by the issuer (the sandbox refuses plates `REFUSE…` for good): the buyer gets
 * the confirmation of the issued one at once, valid to drive on, and the failure e-mail and the order page name only
 * the refused one, promising back only its price. On a 390 px phone.
 */

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });
test.beforeEach(async ({ context, baseURL }) => answerCookieNotice(context, baseURL));

const SUFFIX = String(Date.now()).slice(-3);
const tomorrow = () => DateTime.now().setZone(VIGNETTE_TIME_ZONE).plus({ days: 1 }).toISODate()!;

test('ro: a partly delivered order confirms the issued vignette and names only the refused one', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const [refused, valid] = [`REFUSE${SUFFIX}`, `B${SUFFIX}PRT`];
  const response = await page.request.post('/api/nmps/orders/order', {
    headers: XSRF_HEADERS,
    data: {
      items: [refused, valid].map((plate) => ({
        categoryCode: 'CAR',
        type: 'WEEK',
        startDate: tomorrow(),
        plate,
        country: 'DE',
      })),
      email: 'partial@example.ro',
      locale: 'ro',
      acceptTerms: true,
    },
  });
  expect(response.status()).toBe(201);
  const { orderId, paymentUrl } = (await response.json()) as { orderId: string; paymentUrl: string };
  await page.goto(paymentUrl);
  await payWithAcceptedCard(page);
  // The success page, or already the order page it sends the buyer on to once the payment is applied.
  await expect(page).toHaveURL(/\/payment\/successful|\/order\//);

  // Asked of the API: the order's page, while it waits, reloads itself every 3 s, and a load that reload aborts would
  // end the poll. Settled, the page stays still.
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/orders/${orderId}`)).json()) as { status: string }).status,
      { timeout: 60_000, intervals: [2_000] },
    )
    .toBe('FULFILLMENT_FAILED');
  await page.goto(`/ro/order/${orderId}`);
  const status = page.getByTestId('order-status');
  await expect(status).toContainText('o vinietă este emisă: este valabilă, puteți circula cu ea');
  await expect(status).toContainText(`Vinieta pentru ${refused} nu a putut fi emisă încă`);
  await expect(status).not.toContainText(valid);
  await expect(status).not.toContainText('integral');
  await expect(page.getByTestId('issued-id').nth(1)).toHaveText(/\S/);
  await expect(page.getByTestId('issued-id').first()).toHaveText(message('ro', 'OrderPage.notIssued'));

  const mails = async () =>
    (await receivedMail(process.env.E2E_MAIL_DIR!)).filter((mail) => mail.text?.includes(orderId));
  await expect.poll(async () => (await mails()).length, { timeout: 30_000 }).toBe(2);
  const all = await mails();
  const confirmation = all.find((mail) => mail.subject?.startsWith('Confirmarea comenzii'));
  const failure = all.find((mail) => mail.subject?.includes('livrarea a întârziat'));
  expect(confirmation?.text).toContain(valid);
  expect(confirmation?.text).toContain('Vinieta de mai jos este emisă și valabilă: puteți circula cu ea');
  expect(failure?.text).toContain(refused);
  expect(failure?.text).not.toContain(valid);
  expect(failure?.text).not.toMatch(/rambursăm integral/);
});
