import { z } from 'zod';
import { NETOPIA_STATUS } from '@/lib/db/netopia-status';

/**
 * The shop's side of the Netopia Payments API v2: start a card payment, ask a payment's status. The transport is
 * the only thing that differs between the real provider (HTTPS with the API key) and the built-in sandbox.
 */
export type NetopiaTransport = (
  path: '/payment/card/start' | '/operation/status' | '/operation/credit',
  body: unknown,
) => Promise<{ status: number; json: unknown }>;

export interface StartPaymentInput {
  posSignature: string;
  orderId: string;
  amountBani: number;
  description: string;
  email: string;
  phone?: string;
  language: string;
  notifyUrl: string;
  redirectUrl: string;
  createdAt: Date;
}

export interface StartedPayment {
  paymentUrl: string;
  ntpId: string;
  status: number;
}

/** A start the provider refused (`temporary`: worth retrying later; otherwise the order cannot be paid). */
export class PaymentStartError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly temporary: boolean,
  ) {
    super(message);
    this.name = 'PaymentStartError';
  }
}

/** The start's answer for an orderID the provider already has a payment for (with the same amount). */
export const DUPLICATE_ORDER_ERROR = '56';

const bani = (amountBani: number) => Number((amountBani / 100).toFixed(2));

/** The request body of `POST /payment/card/start`, in Netopia's v2 shape. */
export function startPaymentBody(input: StartPaymentInput) {
  return {
    config: {
      emailTemplate: '',
      notifyUrl: input.notifyUrl,
      redirectUrl: input.redirectUrl,
      language: input.language,
    },
    payment: { options: { installments: 0, bonus: 0 } },
    order: {
      ntpID: '',
      posSignature: input.posSignature,
      dateTime: input.createdAt.toISOString(),
      description: input.description,
      orderID: input.orderId,
      amount: bani(input.amountBani),
      currency: 'RON',
      billing: {
        email: input.email,
        phone: input.phone ?? '',
        firstName: '',
        lastName: '',
        city: '',
        country: 642,
        state: '',
        postalCode: '',
        details: '',
      },
    },
  };
}

const startAnswer = z.object({
  error: z
    .object({ code: z.union([z.string(), z.number()]).transform(String), message: z.string().default('') })
    .optional(),
  payment: z
    .object({
      ntpID: z.string().optional(),
      status: z.number().optional(),
      paymentURL: z.string().optional(),
    })
    .optional(),
});

/** Netopia answers a start that needs the buyer on its form with error code 101 ("redirect user to payment page"). */
const REDIRECT_CODES = new Set(['0', '00', '100', '101']);

export async function startPayment(
  transport: NetopiaTransport,
  input: StartPaymentInput,
): Promise<StartedPayment> {
  let answer;
  try {
    answer = await transport('/payment/card/start', startPaymentBody(input));
  } catch (error) {
    throw new PaymentStartError('NETWORK', error instanceof Error ? error.message : 'network error', true);
  }
  if (answer.status >= 500)
    throw new PaymentStartError(String(answer.status), 'The payment provider is unavailable', true);
  const parsed = startAnswer.safeParse(answer.json);
  if (!parsed.success)
    throw new PaymentStartError('MALFORMED', 'The payment provider sent an unexpected answer', true);
  const { error, payment } = parsed.data;
  if (error && !REDIRECT_CODES.has(error.code)) throw new PaymentStartError(error.code, error.message, false);
  if (!payment?.paymentURL || !payment.ntpID)
    throw new PaymentStartError(error?.code ?? 'MALFORMED', 'No payment URL in the answer', true);
  return {
    paymentUrl: payment.paymentURL,
    ntpId: payment.ntpID,
    status: payment.status ?? NETOPIA_STATUS.NEW,
  };
}

const statusAnswer = z.object({
  payment: z
    .object({ status: z.number(), amount: z.number().optional(), currency: z.string().optional() })
    .optional(),
  error: z
    .object({ code: z.union([z.string(), z.number()]).transform(String), message: z.string().default('') })
    .optional(),
});

export interface ProviderPaymentState {
  status: number;
  /** The amount and currency the provider holds, when it says (the reconciler compares them with the order). */
  amountBani?: number;
  currency?: string;
}

/** `POST /operation/status`: what the provider knows of a payment now (null: it does not know it). */
export async function paymentStatus(
  transport: NetopiaTransport,
  input: { posSignature: string; ntpId: string; orderId: string },
): Promise<ProviderPaymentState | null> {
  const answer = await transport('/operation/status', {
    posID: input.posSignature,
    ntpID: input.ntpId,
    orderID: input.orderId,
  });
  const parsed = statusAnswer.safeParse(answer.json);
  const payment = parsed.success ? parsed.data.payment : undefined;
  if (!payment) return null;
  return {
    status: payment.status,
    amountBani: payment.amount === undefined ? undefined : Math.round(payment.amount * 100),
    currency: payment.currency,
  };
}

const creditAnswer = z.object({
  error: z
    .object({ code: z.union([z.string(), z.number()]).transform(String), message: z.string().default('') })
    .optional(),
  payment: z.object({ status: z.number().optional(), amount: z.number().optional() }).optional(),
});

/** The provider's word on a refund: done, refused (with its reason), or not known (no answer, a 5xx, garbage). */
export type CreditOutcome =
  | { kind: 'CREDITED' }
  | { kind: 'REFUSED'; code: string; message: string }
  | { kind: 'UNKNOWN'; message: string };

const SUCCESS_CODES = new Set(['0', '00']);

/**
 * `POST /operation/credit`: gives back `amountBani` of a captured payment (Netopia v2; body `ntpID`, `amount` in lei,
 * `split`). Success is error code 0/00 with the payment in status 8 (credited). Netopia takes no idempotency key
 * here: the caller makes sure it asks once per refund (lib/payments/refunds.ts). A timeout or a 5xx is UNKNOWN, not
 * a refusal: the refund may have happened, and the provider's notification or status tells later.
 */
export async function creditPayment(
  transport: NetopiaTransport,
  input: { ntpId: string; amountBani: number },
): Promise<CreditOutcome> {
  let answer;
  try {
    answer = await transport('/operation/credit', {
      ntpID: input.ntpId,
      amount: bani(input.amountBani),
      split: [],
    });
  } catch (error) {
    return { kind: 'UNKNOWN', message: error instanceof Error ? error.message : 'network error' };
  }
  if (answer.status >= 500) return { kind: 'UNKNOWN', message: `provider answered ${answer.status}` };
  const parsed = creditAnswer.safeParse(answer.json);
  if (!parsed.success) return { kind: 'UNKNOWN', message: 'unexpected answer' };
  const { error, payment } = parsed.data;
  if (error && !SUCCESS_CODES.has(error.code))
    return { kind: 'REFUSED', code: error.code, message: error.message || `error ${error.code}` };
  if (payment?.status === NETOPIA_STATUS.CREDIT) return { kind: 'CREDITED' };
  return { kind: 'UNKNOWN', message: `payment status ${payment?.status ?? 'missing'}` };
}

/** The real provider over HTTPS: the API key in `Authorization`, as Netopia's v2 API expects. */
export function httpTransport(
  apiUrl: string,
  apiKey: string,
  fetchImpl: typeof fetch = fetch,
): NetopiaTransport {
  return async (path, body) => {
    const response = await fetchImpl(`${apiUrl.replace(/\/+$/, '')}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: apiKey },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
      // The API key goes with every call: a redirect is refused (an error), never followed with it.
      redirect: 'error',
    });
    return { status: response.status, json: await response.json().catch(() => null) };
  };
}
