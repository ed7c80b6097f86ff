import { readForm, validate } from '@/lib/api/request';
import { getDb } from '@/lib/db/client';
import {
  redirectAfterPay,
  redirectToShop,
  sandboxPayForm,
  sandboxRoute,
} from '@/lib/payment-provider/sandbox/http';
import { sandboxPay } from '@/lib/payment-provider/sandbox/sandbox';

export const dynamic = 'force-dynamic';

/** The sandbox card form's submission (an HTML form post: it works without JavaScript). */
export const POST = sandboxRoute(async (request) => {
  const fields = validate(sandboxPayForm, await readForm(request));
  return redirectAfterPay(await sandboxPay(await getDb(), fields));
});

/** A form that expired or was settled sends the buyer back to the shop. */
export const GET = sandboxRoute(async (request) => {
  const ntpId = new URL(request.url).searchParams.get('ntpId') ?? '';
  const db = await getDb();
  // Expiry is applied by trying to pay nothing: the sandbox marks the payment expired if its time is up.
  await sandboxPay(db, { ntpId, cardNumber: '', cvv: '', expiry: '' }).then(() => undefined);
  return redirectToShop(ntpId);
});
