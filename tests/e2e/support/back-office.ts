import { type Download, type Page } from '@playwright/test';
import { message } from './messages';

/** The first admin of the main end-to-end shop (playwright.config.ts sets it). */
export const E2E_ADMIN = { username: 'e2e-admin', password: 'e2e-admin-password' };

/** A back-office text in Romanian, the back-office's default language, with its `{placeholders}` filled. */
export const adminText = (key: string, values: Record<string, string> = {}) =>
  Object.entries(values).reduce(
    (text, [name, value]) => text.replace(`{${name}}`, value),
    message('ro', `Admin.${key}`),
  );

/**
 * How the back-office names an order: by its short reference, as staff read it out (an order from before references
 * by its id). The reference is asked of the order's API, as the buyer's page does.
 */
export async function orderName(page: Page, orderId: string): Promise<string> {
  const order = (await (await page.request.get(`/api/orders/${orderId}`)).json()) as {
    reference?: string | null;
  };
  return order.reference ?? orderId;
}

/** The list's button that opens an order's details. */
export async function orderDetailsButton(page: Page, orderId: string) {
  return page.getByRole('button', {
    name: adminText('transactions.open', { id: await orderName(page, orderId) }),
  });
}

/** The dialog of an order's details. */
export async function orderDetailsDialog(page: Page, orderId: string) {
  return page.getByRole('dialog', {
    name: adminText('details.title', { id: await orderName(page, orderId) }),
  });
}

/** Signs in on the back-office's sign-in page. */
export async function signIn(page: Page, username = E2E_ADMIN.username, password = E2E_ADMIN.password) {
  await page.goto('/admin');
  await page.getByLabel(adminText('signIn.username')).fill(username);
  await page.getByLabel(adminText('signIn.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: adminText('signIn.submit') }).click();
}

/** A download's bytes. */
export async function bodyOf(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of (await download.createReadStream())!) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
