import { readForm, validate } from '@/lib/api/request';
import { getDb } from '@/lib/db/client';
import { redirectAfterPay, sandbox3dsForm, sandboxRoute } from '@/lib/payment-provider/sandbox/http';
import { sandboxConfirm3ds } from '@/lib/payment-provider/sandbox/sandbox';

export const dynamic = 'force-dynamic';

/** The sandbox's 3-D Secure step: code 123 pays, any other declines. */
export const POST = sandboxRoute(async (request) => {
  const fields = validate(sandbox3dsForm, await readForm(request));
  return redirectAfterPay(await sandboxConfirm3ds(await getDb(), fields));
});
