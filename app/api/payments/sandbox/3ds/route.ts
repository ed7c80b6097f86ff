import { getDb } from '@/lib/db/client';
import { formFields, redirectAfterPay, sandboxRoute } from '@/lib/payments/sandbox/http';
import { sandboxConfirm3ds } from '@/lib/payments/sandbox/sandbox';

export const dynamic = 'force-dynamic';

/** The sandbox's 3-D Secure step: code 123 pays, any other declines. */
export const POST = sandboxRoute(async (request) => {
  const fields = await formFields(request);
  return redirectAfterPay(
    request,
    await sandboxConfirm3ds(await getDb(), { ntpId: fields.ntpId ?? '', code: fields.code ?? '' }),
  );
});
