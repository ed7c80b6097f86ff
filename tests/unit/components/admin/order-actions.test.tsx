/** @jest-environment jsdom */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TransactionDetailsDialog } from '@/components/admin/transactions/transaction-details-dialog';

import { formatRon } from '@/lib/admin-client/format';
import type { OrderDetails, Refund } from '@/lib/admin-client/order-actions-api';
import { logout } from '@/lib/admin-client/session';
import { ROLE_PERMISSIONS } from '@/lib/auth/permissions';
import { callsTo, on, resetFakeApi, type FakeAnswer } from './fake-api';
import { ORDER_CREATED, rowOf, TOP_UP_LINE, VIGNETTE_LINE, VIGNETTE_ORDER } from './order-fixtures';
import { renderAdmin, signInAs, t, validation } from './render-admin';

jest.mock('@/lib/client/api', () => jest.requireActual('./fake-api'));

const a = t.actions;
const ADMIN = ['PAYMENT_READ', 'PAYMENT_WRITE', 'PAYMENT_REFUND', 'ORDER_SUPPORT', 'INVOICE_READ'];
/** A role that only reads. */
const READER = ['PAYMENT_READ', 'INVOICE_READ'];
const OPERATOR = [...ROLE_PERMISSIONS.OPERATOR];
const DETAILS_PATH = '/api/nmps/utils/transaction/details';

/** A message with its values, as accessible names and descriptions have it (amounts with their no-break space). */
const fill = (template: string, values: Record<string, string | number> = {}) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));
/** A text as the queries by text read the page: every run of spaces, no-break ones too, as one space. */
const shown = (text: string) => text.replace(/\s+/g, ' ');
const lei = (bani: number) => formatRon(bani, 'ro');

/** What the issuer client stores when the issuer answers 503 (lib/issuers/issuer-api/client.ts). */
const ISSUER_UNAVAILABLE = 'issue of order-1:0: the issuer is unavailable: HTTP 503';

const LINE = { ...VIGNETTE_LINE, id: 11, reference: null, attempts: 5, lastError: ISSUER_UNAVAILABLE };

/** A vignette order whose delivery failed for good: every action but "cancel" and "re-send" applies. */
const FAILED: OrderDetails = {
  ...VIGNETTE_ORDER,
  status: 'FULFILLMENT_FAILED',
  items: [LINE],
  events: [
    ORDER_CREATED,
    {
      from: 'PENDING_PAYMENT',
      to: 'PAID',
      reason: 'provider status 3',
      actor: 'provider',
      at: '2026-11-20T10:01:00.000Z',
      code: null,
      params: null,
    },
    {
      from: 'PAID',
      to: 'FULFILLMENT_FAILED',
      reason: `delivery failed 5 times: ${ISSUER_UNAVAILABLE}`,
      actor: 'issuer',
      at: '2026-11-20T10:05:00.000Z',
      code: 'delivery.failed',
      params: { attempts: 5, error: ISSUER_UNAVAILABLE },
    },
  ],
  needsAttention: true,
  attentionReasons: ['FULFILLMENT_FAILED'],
};

const FULFILLED: OrderDetails = {
  ...FAILED,
  status: 'FULFILLED',
  items: [{ ...LINE, reference: 'HU-E-123456', attempts: 1, lastError: null }],
  needsAttention: false,
  attentionReasons: [],
};

const PENDING: OrderDetails = {
  ...FAILED,
  status: 'PENDING_PAYMENT',
  invoiceNumber: null,
  items: [{ ...LINE, attempts: 0, lastError: null }],
  needsAttention: false,
  attentionReasons: [],
  refundableRon: 0,
};

/** What the details call answers now; an action's route changes it as the server would. */
let current: OrderDetails;
const serve = (order: OrderDetails) => {
  current = order;
};

const errorAnswer = (status: number, code: string, message: string, issues?: object[]): FakeAnswer => ({
  status,
  body: { error: { code, message, ...(issues ? { issues } : {}) } },
});

beforeEach(() => {
  resetFakeApi();
  localStorage.clear();
  logout();
  on('GET', DETAILS_PATH, () => ({ body: current }));
});

afterEach(() => jest.restoreAllMocks());

async function openDetails(order: OrderDetails, authorities = ADMIN) {
  signInAs(authorities);
  serve(order);
  renderAdmin(<TransactionDetailsDialog payment={rowOf(order)} onClose={() => {}} />);
  const dialog = await screen.findByRole('dialog', { name: fill(t.details.title, { id: order.id }) });
  await within(dialog).findByRole('heading', { name: t.details.items });
  return within(dialog);
}

const actionDialog = (name: string) => screen.findByRole('dialog', { name });
const detailsCalls = () => callsTo('GET', DETAILS_PATH).length;

/** The polite live region where an action's outcome is said. */
async function announced(text: string) {
  const message = await screen.findByText(shown(text));
  expect(message.closest('[role="status"]')).not.toBeNull();
}

/** A failure said at once (the alert regions are always there, empty until something fails). */
async function alerted(scope: ReturnType<typeof within>, text: string) {
  const message = await scope.findByText(shown(text));
  expect(message.closest('[role="alert"]')).not.toBeNull();
}

/** A conflict said in the reader's words, the server's English folded behind "Technical details". */
async function conflicted(scope: ReturnType<typeof within>, serverText: string, text = a.conflict) {
  await alerted(scope, text);
  const raw = scope.getByText(serverText);
  expect(raw).not.toBeVisible();
  expect(raw.closest('details')).not.toBeNull();
}

describe('what the details show of an order that went wrong', () => {
  it('say why it needs attention, translate coded events, and show the reason of uncoded ones', async () => {
    const details = await openDetails({
      ...FAILED,
      events: [
        ...FAILED.events,
        {
          from: 'FULFILLMENT_FAILED',
          to: 'FULFILLMENT_FAILED',
          reason: 'plate corrected',
          actor: 'ana',
          at: '2026-11-21T09:00:00.000Z',
          code: 'item.corrected',
          params: { position: 0, plate: 'B123ABD', country: 'RO' },
        },
        {
          from: 'FULFILLMENT_FAILED',
          to: 'FULFILLMENT_FAILED',
          reason: 'refund confirmed',
          actor: 'provider',
          at: '2026-11-21T09:10:00.000Z',
          code: 'refund.partial',
          params: { amount: 4500, creditNote: 'RPVS-2026-000001' },
        },
        {
          from: 'FULFILLMENT_FAILED',
          to: 'FULFILLMENT_FAILED',
          reason: 'payment failed',
          actor: 'provider',
          at: '2026-11-21T09:20:00.000Z',
          code: 'payment.failed',
          params: null,
        },
        {
          from: 'FULFILLMENT_FAILED',
          to: 'FULFILLMENT_FAILED',
          reason: 'something new',
          actor: 'system',
          at: '2026-11-21T09:30:00.000Z',
          code: 'future.code',
          params: null,
        },
      ],
    });
    const attention = within(details.getByRole('region', { name: t.attention.title }));
    expect(attention.getByText(t.attention.reasons.FULFILLMENT_FAILED)).toBeInTheDocument();

    const actors = t.details.actors;
    expect(details.getByText(`${t.events.order.created} · ${actors.buyer}`)).toBeInTheDocument();
    // An event older than codes: said to be one this screen cannot describe, its English reason folded away.
    const uncoded = details.getByText(`${t.events.unknown} · ${actors.provider}`);
    const uncodedRaw = within(uncoded.parentElement!).getByText('provider status 3');
    expect(uncodedRaw).not.toBeVisible();
    expect(uncodedRaw.closest('details')).not.toBeNull();
    // The issuer's English error in the staff member's words, its own words folded away.
    const failed = details.getByText(
      `Livrarea a eșuat după 5 încercări: ${t.providerAnswers.delivery.issuerUnavailable} · ${actors.issuer}`,
    );
    expect(within(failed.parentElement!).getByText(ISSUER_UNAVAILABLE)).not.toBeVisible();
    expect(details.getByText('Vinieta 1 a fost corectată: B123ABD (RO) · de ana')).toBeInTheDocument();
    expect(
      details.getByText(
        shown(
          `${fill(t.events.refund.partial, { amount: lei(4500), creditNote: 'RPVS-2026-000001' })} · ${actors.provider}`,
        ),
      ),
    ).toBeInTheDocument();
    expect(details.getByText(`Plata a eșuat · ${actors.provider}`)).toBeInTheDocument();
    expect(details.getByText(`${t.events.unknown} · ${actors.system}`)).toBeInTheDocument();
    expect(details.queryByText(/de (buyer|provider|issuer|system)\b/)).toBeNull();
    expect(details.getByText(t.refunds.refundable).nextElementSibling).toHaveTextContent(shown(lei(8976)));
  });

  it('list the refunds, each credit note downloadable with INVOICE_READ', async () => {
    URL.createObjectURL = jest.fn(() => 'blob:pdf');
    URL.revokeObjectURL = jest.fn();
    const saved: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    on('GET', '/api/invoice', { body: '%PDF' });
    const refund: Refund = {
      id: 3,
      amountRon: 4500,
      reason: 'Vehicul vândut',
      origin: 'STAFF',
      status: 'CONFIRMED',
      requestedBy: 'ana',
      createdAt: '2026-11-21T09:00:00.000Z',
      settledAt: '2026-11-21T09:05:00.000Z',
      providerAnswer: null,
      creditNote: { id: 7, number: 'RPVS-2026-000001' },
    };
    const details = await openDetails({ ...FULFILLED, refundableRon: 4476, refunds: [refund] });
    const refunds = within(details.getByRole('region', { name: t.refunds.title }));
    const heading = refunds.getByRole('heading', { name: fill(t.refunds.item, { amount: lei(4500) }) });
    expect(heading.parentElement).toHaveTextContent(t.refunds.statuses.CONFIRMED);
    expect(refunds.getByText('Vehicul vândut')).toBeInTheDocument();
    expect(refunds.getByText(t.refunds.origins.STAFF)).toBeInTheDocument();

    fireEvent.click(
      refunds.getByRole('button', { name: `${t.refunds.downloadCreditNote} RPVS-2026-000001` }),
    );
    await waitFor(() => expect(saved).toEqual(['RPVS-2026-000001.pdf']));
    expect(callsTo('GET', '/api/invoice')[0]!.params).toEqual({
      orderId: 'order-1',
      type: 'credit-note',
      creditNoteId: '7',
    });
  });

  /** The text that names an action as an administrator's. */
  const adminOnly = (action: string) => fill(a.adminOnly, { action });

  it('offer no action to a reader, and say which the order awaits from an administrator', async () => {
    const reader = await openDetails({ ...FAILED, refunds: [] }, READER);
    expect(reader.queryByRole('button', { name: a.refund.button })).not.toBeInTheDocument();
    expect(reader.queryByRole('button', { name: a.retry.button })).not.toBeInTheDocument();
    expect(reader.queryByRole('button', { name: /Corectează/ })).not.toBeInTheDocument();
    expect(reader.getByText(adminOnly(a.refund.button))).toBeInTheDocument();
  });

  it('offer the refund without the call-centre actions to PAYMENT_REFUND alone', async () => {
    const details = await openDetails(FAILED, ['PAYMENT_READ', 'PAYMENT_REFUND']);
    expect(details.getByRole('button', { name: a.refund.button })).toBeInTheDocument();
    expect(details.queryByRole('button', { name: a.retry.button })).not.toBeInTheDocument();
    expect(details.queryByRole('button', { name: a.email.button })).not.toBeInTheDocument();
    expect(details.queryByRole('button', { name: /^Corectează (vinieta|numărul)/ })).not.toBeInTheDocument();
  });

  it('give an operator the call-centre actions on a failed delivery, and say the refund is an administrator’s', async () => {
    const details = await openDetails(FAILED, OPERATOR);
    expect(details.getByRole('button', { name: a.retry.button })).toBeInTheDocument();
    expect(details.getByRole('button', { name: a.email.button })).toBeInTheDocument();
    expect(
      details.getByRole('button', { name: fill(a.correct.buttonLabel, { plate: 'B123ABC' }) }),
    ).toBeInTheDocument();
    expect(details.queryByRole('button', { name: a.refund.button })).not.toBeInTheDocument();
    expect(details.getByText(adminOnly(a.refund.button))).toBeInTheDocument();
  });

  it('let an operator re-send a delivered order, and say that correcting an issued vignette is an administrator’s', async () => {
    const details = await openDetails(FULFILLED, OPERATOR);
    expect(details.getByRole('button', { name: a.resend.button })).toBeInTheDocument();
    expect(details.queryByRole('button', { name: /^Corectează (vinieta|numărul)/ })).not.toBeInTheDocument();
    expect(details.getByText(adminOnly(a.correct.button))).toBeInTheDocument();
    expect(details.getByText(adminOnly(a.refund.button))).toBeInTheDocument();
  });

  it('say to an operator that cancelling a pending order is an administrator’s', async () => {
    const details = await openDetails(PENDING, OPERATOR);
    expect(details.queryByRole('button', { name: a.cancelOrder.button })).not.toBeInTheDocument();
    expect(details.getByText(adminOnly(a.cancelOrder.button))).toBeInTheDocument();
  });

  it('offer no call-centre action to PAYMENT_WRITE alone', async () => {
    const details = await openDetails(FAILED, ['PAYMENT_READ', 'PAYMENT_WRITE']);
    expect(details.queryByRole('button', { name: a.refund.button })).not.toBeInTheDocument();
    expect(details.queryByRole('button', { name: a.retry.button })).not.toBeInTheDocument();
    expect(details.queryByRole('button', { name: /^Corectează (vinieta|numărul)/ })).not.toBeInTheDocument();
  });

  it('offer cancelling a pending order to PAYMENT_WRITE alone', async () => {
    const pending = await openDetails(PENDING, ['PAYMENT_READ', 'PAYMENT_WRITE']);
    expect(pending.getByRole('button', { name: a.cancelOrder.button })).toBeInTheDocument();
  });

  it('follow the order’s state: cancel only while pending, re-send only once fulfilled, no refund of nothing', async () => {
    const pending = await openDetails(PENDING);
    expect(pending.getByRole('button', { name: a.cancelOrder.button })).toBeInTheDocument();
    expect(pending.queryByRole('button', { name: a.refund.button })).not.toBeInTheDocument();
    expect(pending.queryByRole('button', { name: a.resend.button })).not.toBeInTheDocument();
    expect(pending.queryByRole('button', { name: a.retry.button })).not.toBeInTheDocument();
    expect(pending.queryByRole('button', { name: /^Corectează (vinieta|numărul)/ })).not.toBeInTheDocument();
  });
});

/** Asks for a refund of the whole failed order with this reason, through both steps; the dialog, once sent. */
async function refundInFull(reason: string) {
  const details = await openDetails(FAILED);
  fireEvent.click(details.getByRole('button', { name: a.refund.button }));
  const dialog = within(await actionDialog(fill(a.refund.title, { id: 'order-1' })));
  fireEvent.change(dialog.getByLabelText(a.refund.reason), { target: { value: reason } });
  fireEvent.click(dialog.getByRole('button', { name: a.refund.next }));
  fireEvent.click(dialog.getByRole('button', { name: fill(a.refund.confirm, { amount: lei(8976) }) }));
  return dialog;
}

describe('a refund', () => {
  it('asks for a reason, then confirms the whole amount and the buyer before it sends anything', async () => {
    on('POST', '/api/admin/payment/refund', ({ json }) => {
      const refund: Refund = {
        id: 4,
        amountRon: 8976,
        reason: (json as { reason: string }).reason,
        origin: 'STAFF',
        status: 'PENDING',
        requestedBy: 'ana',
        createdAt: '2026-11-21T10:00:00.000Z',
        settledAt: null,
        providerAnswer: null,
        creditNote: null,
      };
      serve({ ...FAILED, status: 'REFUND_PENDING', refundableRon: 0, refunds: [refund] });
      return { body: { status: 'REFUND_PENDING', refund } };
    });
    const details = await openDetails(FAILED);
    fireEvent.click(details.getByRole('button', { name: a.refund.button }));
    const dialog = within(await actionDialog(fill(a.refund.title, { id: 'order-1' })));

    fireEvent.click(dialog.getByRole('button', { name: a.refund.next }));
    expect(dialog.getByLabelText(a.refund.reason)).toHaveAccessibleDescription(
      expect.stringContaining(validation.required),
    );
    expect(dialog.getByLabelText(a.refund.reason)).toHaveFocus();

    fireEvent.change(dialog.getByLabelText(a.refund.reason), {
      target: { value: '  Vinieta nu a putut fi emisă ' },
    });
    fireEvent.click(dialog.getByRole('button', { name: a.refund.next }));
    expect(
      dialog.getByText(shown(fill(a.refund.question, { amount: lei(8976), email: 'buyer@example.com' }))),
    ).toHaveFocus();
    expect(callsTo('POST', '/api/admin/payment/refund')).toHaveLength(0);

    const before = detailsCalls();
    fireEvent.click(dialog.getByRole('button', { name: fill(a.refund.confirm, { amount: lei(8976) }) }));
    await announced(fill(a.refund.pending, { amount: lei(8976) }));
    expect(callsTo('POST', '/api/admin/payment/refund')[0]!.json).toEqual({
      id: 'order-1',
      reason: 'Vinieta nu a putut fi emisă',
    });
    expect(detailsCalls()).toBeGreaterThan(before);
    expect(
      screen.queryByRole('dialog', { name: fill(a.refund.title, { id: 'order-1' }) }),
    ).not.toBeInTheDocument();
    // The refund button went with the refundable amount: focus stays in the actions rather than on the page.
    expect(details.queryByRole('button', { name: a.refund.button })).not.toBeInTheDocument();
    await waitFor(() => expect(details.getByRole('heading', { name: a.title })).toHaveFocus());
    expect(details.getByText(t.refunds.statuses.PENDING)).toBeInTheDocument();
  });

  it('sends part of it in bani, after checking the amount in lei against what is refundable', async () => {
    on('POST', '/api/admin/payment/refund', {
      body: {
        status: 'FULFILLMENT_FAILED',
        refund: {
          id: 5,
          amountRon: 4500,
          reason: 'Parțial',
          origin: 'STAFF',
          status: 'CONFIRMED',
          requestedBy: 'ana',
          createdAt: '2026-11-21T10:00:00.000Z',
          settledAt: '2026-11-21T10:00:01.000Z',
          providerAnswer: null,
          creditNote: { id: 8, number: 'RPVS-2026-000002' },
        },
      },
    });
    const details = await openDetails(FAILED);
    fireEvent.click(details.getByRole('button', { name: a.refund.button }));
    const dialog = within(await actionDialog(fill(a.refund.title, { id: 'order-1' })));
    fireEvent.change(dialog.getByLabelText(a.refund.reason), { target: { value: 'Parțial' } });
    fireEvent.click(dialog.getByLabelText(a.refund.partial));

    const amount = dialog.getByLabelText(a.refund.amount);
    fireEvent.change(amount, { target: { value: 'patruzeci' } });
    fireEvent.click(dialog.getByRole('button', { name: a.refund.next }));
    expect(amount).toHaveAccessibleDescription(expect.stringContaining(a.issues.amountInvalid));

    fireEvent.change(amount, { target: { value: '90' } });
    fireEvent.click(dialog.getByRole('button', { name: a.refund.next }));
    expect(amount).toHaveAccessibleDescription(
      expect.stringContaining(fill(a.refund.amountTooLarge, { max: lei(8976) })),
    );

    fireEvent.change(amount, { target: { value: '45,00' } });
    fireEvent.click(dialog.getByRole('button', { name: a.refund.next }));
    expect(
      dialog.getByText(shown(fill(a.refund.question, { amount: lei(4500), email: 'buyer@example.com' }))),
    ).toBeInTheDocument();
    fireEvent.click(dialog.getByRole('button', { name: fill(a.refund.confirm, { amount: lei(4500) }) }));

    await announced(fill(a.refund.confirmed, { amount: lei(4500) }));
    expect(callsTo('POST', '/api/admin/payment/refund')).toHaveLength(1);
    expect(callsTo('POST', '/api/admin/payment/refund')[0]!.json).toEqual({
      id: 'order-1',
      reason: 'Parțial',
      amountRon: 4500,
    });
  });

  it('goes back to the form with the server’s reason next to the amount it refused', async () => {
    on(
      'POST',
      '/api/admin/payment/refund',
      errorAnswer(422, 'VALIDATION', 'Invalid input', [
        { path: 'amountRon', code: 'invalid', message: 'too large' },
      ]),
    );
    const details = await openDetails(FAILED);
    fireEvent.click(details.getByRole('button', { name: a.refund.button }));
    const dialog = within(await actionDialog(fill(a.refund.title, { id: 'order-1' })));
    fireEvent.change(dialog.getByLabelText(a.refund.reason), { target: { value: 'Parțial' } });
    fireEvent.click(dialog.getByLabelText(a.refund.partial));
    fireEvent.change(dialog.getByLabelText(a.refund.amount), { target: { value: '10' } });
    fireEvent.click(dialog.getByRole('button', { name: a.refund.next }));
    fireEvent.click(dialog.getByRole('button', { name: fill(a.refund.confirm, { amount: lei(1000) }) }));

    await waitFor(() =>
      expect(dialog.getByLabelText(a.refund.amount)).toHaveAccessibleDescription(
        expect.stringContaining(validation.invalid),
      ),
    );
    await waitFor(() => expect(dialog.getByLabelText(a.refund.amount)).toHaveFocus());
  });

  it('says when the order’s state no longer allows it, the server’s word folded, and keeps the dialog', async () => {
    on(
      'POST',
      '/api/admin/payment/refund',
      errorAnswer(409, 'CONFLICT', 'A refund of this order is already waiting for the provider.'),
    );
    const dialog = await refundInFull('Dublă');

    await conflicted(dialog, 'A refund of this order is already waiting for the provider.');
  });

  it('says plainly when the role may not refund', async () => {
    on('POST', '/api/admin/payment/refund', errorAnswer(403, 'FORBIDDEN', 'Forbidden'));
    const dialog = await refundInFull('Test');
    await alerted(dialog, t.errors.forbidden);
  });

  it('says when the provider refused it', async () => {
    on('POST', '/api/admin/payment/refund', {
      body: {
        status: 'FULFILLMENT_FAILED',
        refund: {
          id: 6,
          amountRon: 8976,
          reason: 'Test',
          origin: 'STAFF',
          status: 'REFUSED',
          requestedBy: 'ana',
          createdAt: '2026-11-21T10:00:00.000Z',
          settledAt: '2026-11-21T10:00:01.000Z',
          providerAnswer: '05: Card closed',
          creditNote: null,
        },
      },
    });
    await refundInFull('Test');
    await announced(fill(a.refund.refused, { amount: lei(8976), answer: t.providerAnswers.refund.refused }));
  });

  it('says in words when the provider refused it at once, its answer folded', async () => {
    on(
      'POST',
      '/api/admin/payment/refund',
      errorAnswer(409, 'CONFLICT', 'The payment provider refused the refund (51: Insufficient funds)'),
    );
    const dialog = await refundInFull('Test');
    await conflicted(
      dialog,
      '51: Insufficient funds',
      fill(a.refund.refusedByProvider, { answer: t.providerAnswers.refund.refused }),
    );
  });
});

describe('retrying the delivery', () => {
  it('says the delivery worked, and moves focus to the actions once its button is gone', async () => {
    on('POST', '/api/admin/payment/retry', () => {
      serve(FULFILLED);
      return { body: { status: 'FULFILLED' } };
    });
    const details = await openDetails(FAILED);
    fireEvent.click(details.getByRole('button', { name: a.retry.button }));
    await announced(a.retry.FULFILLED);
    expect(callsTo('POST', '/api/admin/payment/retry')[0]!.json).toEqual({ id: 'order-1' });
    await waitFor(() =>
      expect(details.queryByRole('button', { name: a.retry.button })).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(details.getByRole('heading', { name: a.title })).toHaveFocus());
  });

  it('says when it failed again or is still being tried', async () => {
    on('POST', '/api/admin/payment/retry', { body: { status: 'FULFILLMENT_FAILED' } });
    const details = await openDetails(FAILED);
    fireEvent.click(details.getByRole('button', { name: a.retry.button }));
    await announced(a.retry.FULFILLMENT_FAILED);

    on('POST', '/api/admin/payment/retry', { body: { status: 'PAID' } });
    fireEvent.click(await details.findByRole('button', { name: a.retry.button }));
    await announced(a.retry.PAID);
  });

  it('says a conflict in words, the server’s folded, and the usual text when the order is gone', async () => {
    on('POST', '/api/admin/payment/retry', errorAnswer(409, 'CONFLICT', 'The order is no longer failed.'));
    const details = await openDetails(FAILED);
    fireEvent.click(details.getByRole('button', { name: a.retry.button }));
    await conflicted(details, 'The order is no longer failed.');

    on('POST', '/api/admin/payment/retry', errorAnswer(404, 'NOT_FOUND', 'No such order'));
    fireEvent.click(await details.findByRole('button', { name: a.retry.button }));
    await alerted(details, t.errors.notFound);
  });
});

describe('correcting a vignette', () => {
  const openCorrection = async (order = FAILED) => {
    const details = await openDetails(order);
    fireEvent.click(details.getByRole('button', { name: fill(a.correct.buttonLabel, { plate: 'B123ABC' }) }));
    const dialog = within(await actionDialog(fill(a.correct.title, { plate: 'B123ABC' })));
    return { details, dialog };
  };

  it('states the issuer’s rule, checks the plate, and sends only what changed', async () => {
    on('PATCH', '/api/admin/payment/item', () => {
      serve({ ...FAILED, items: [{ ...LINE, plate: 'B123ABD', revision: 1 }] });
      return { body: { item: { id: 11, plate: 'B123ABD', country: 'RO', revision: 1, reference: null } } };
    });
    const { details, dialog } = await openCorrection();
    expect(dialog.getByText(a.correct.rule)).toBeInTheDocument();
    const plate = dialog.getByLabelText(a.correct.plate);

    fireEvent.click(dialog.getByRole('button', { name: a.correct.save }));
    expect(plate).toHaveAccessibleDescription(expect.stringContaining(a.issues.nothingChanged));

    fireEvent.change(plate, { target: { value: 'B 12 QQQ' } });
    fireEvent.click(dialog.getByRole('button', { name: a.correct.save }));
    expect(plate).toHaveAccessibleDescription(expect.stringContaining(a.issues.plateInvalid));
    expect(callsTo('PATCH', '/api/admin/payment/item')).toHaveLength(0);

    fireEvent.change(plate, { target: { value: 'b-123-abd' } });
    expect(plate).toHaveValue('B123ABD');
    fireEvent.click(dialog.getByRole('button', { name: a.correct.save }));

    await announced(fill(a.correct.done, { plate: 'B123ABD', country: 'RO' }));
    expect(callsTo('PATCH', '/api/admin/payment/item')[0]!.json).toEqual({
      orderId: 'order-1',
      itemId: 11,
      plate: 'B123ABD',
    });
    expect(await details.findByText('Corectată o dată')).toBeInTheDocument();
  });

  it('sends a new country alone, and shows each refusal of the issuer’s rules next to its field', async () => {
    const { dialog } = await openCorrection();
    const plate = dialog.getByLabelText(a.correct.plate);
    const country = dialog.getByLabelText(a.correct.country);

    for (const code of ['correctionTooLarge', 'correctionTooLate'] as const) {
      on(
        'PATCH',
        '/api/admin/payment/item',
        errorAnswer(422, 'VALIDATION', 'Invalid input', [{ path: 'plate', code, message: code }]),
      );
      fireEvent.change(plate, { target: { value: 'B999XYZ' } });
      fireEvent.click(dialog.getByRole('button', { name: a.correct.save }));
      await waitFor(() => expect(plate).toHaveAccessibleDescription(expect.stringContaining(a.issues[code])));
    }

    on(
      'PATCH',
      '/api/admin/payment/item',
      errorAnswer(422, 'VALIDATION', 'Invalid input', [
        { path: 'country', code: 'countryInvalid', message: 'country' },
      ]),
    );
    fireEvent.change(plate, { target: { value: 'B123ABC' } });
    fireEvent.change(country, { target: { value: 'MD' } });
    fireEvent.click(dialog.getByRole('button', { name: a.correct.save }));
    await waitFor(() =>
      expect(country).toHaveAccessibleDescription(expect.stringContaining(a.issues.countryInvalid)),
    );
    expect(callsTo('PATCH', '/api/admin/payment/item').at(-1)!.json).toEqual({
      orderId: 'order-1',
      itemId: 11,
      country: 'MD',
    });
  });

  it('says when the order’s state no longer allows it, the server’s word folded', async () => {
    on('PATCH', '/api/admin/payment/item', errorAnswer(409, 'CONFLICT', 'The order was refunded.'));
    const { dialog } = await openCorrection(FULFILLED);
    fireEvent.change(dialog.getByLabelText(a.correct.plate), { target: { value: 'B123ABD' } });
    fireEvent.click(dialog.getByRole('button', { name: a.correct.save }));
    await conflicted(dialog, 'The order was refunded.');
  });
});

describe("the buyer's e-mail", () => {
  it('changes it, with the address checked first and the server’s refusal next to the field', async () => {
    const details = await openDetails(FULFILLED);
    fireEvent.click(details.getByRole('button', { name: a.email.button }));
    const dialog = within(await actionDialog(a.email.title));
    const field = dialog.getByLabelText(a.email.label);
    expect(field).toHaveValue('buyer@example.com');

    fireEvent.click(dialog.getByRole('button', { name: a.email.save }));
    expect(field).toHaveAccessibleDescription(expect.stringContaining(a.email.same));
    fireEvent.change(field, { target: { value: 'not-an-address' } });
    fireEvent.click(dialog.getByRole('button', { name: a.email.save }));
    expect(field).toHaveAccessibleDescription(expect.stringContaining(validation.emailInvalid));
    expect(callsTo('PATCH', '/api/admin/payment/email')).toHaveLength(0);

    on(
      'PATCH',
      '/api/admin/payment/email',
      errorAnswer(422, 'VALIDATION', 'Invalid input', [
        { path: 'email', code: 'emailInvalid', message: 'bad' },
      ]),
    );
    fireEvent.change(field, { target: { value: 'new@example' } });
    fireEvent.click(dialog.getByRole('button', { name: a.email.save }));
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(expect.stringContaining(validation.emailInvalid)),
    );

    on('PATCH', '/api/admin/payment/email', ({ json }) => {
      serve({ ...FULFILLED, email: 'new@example.com' });
      return { body: { email: (json as { email: string }).email } };
    });
    fireEvent.change(field, { target: { value: ' new@example.com ' } });
    fireEvent.click(dialog.getByRole('button', { name: a.email.save }));
    await announced(fill(a.email.done, { email: 'new@example.com' }));
    expect(callsTo('PATCH', '/api/admin/payment/email').at(-1)!.json).toEqual({
      id: 'order-1',
      email: 'new@example.com',
    });
    // The dialog's button is still there: focus goes back to it.
    await waitFor(() => expect(details.getByRole('button', { name: a.email.button })).toHaveFocus());
  });
});

describe('re-sending the confirmation', () => {
  it('sends it to the buyer, or to another address when one is given', async () => {
    on('POST', '/api/admin/payment/resend', ({ json }) => ({
      status: 202,
      body: { queued: true, to: (json as { to?: string }).to ?? 'buyer@example.com' },
    }));
    const details = await openDetails(FULFILLED);
    fireEvent.click(details.getByRole('button', { name: a.resend.button }));
    let dialog = within(await actionDialog(a.resend.title));
    expect(dialog.getByText(fill(a.resend.text, { email: 'buyer@example.com' }))).toBeInTheDocument();
    fireEvent.click(dialog.getByRole('button', { name: a.resend.send }));
    await announced(fill(a.resend.done, { to: 'buyer@example.com' }));
    expect(callsTo('POST', '/api/admin/payment/resend')[0]!.json).toEqual({ id: 'order-1' });

    fireEvent.click(details.getByRole('button', { name: a.resend.button }));
    dialog = within(await actionDialog(a.resend.title));
    fireEvent.change(dialog.getByLabelText(a.resend.to), { target: { value: 'wrong' } });
    fireEvent.click(dialog.getByRole('button', { name: a.resend.send }));
    expect(dialog.getByLabelText(a.resend.to)).toHaveAccessibleDescription(
      expect.stringContaining(validation.emailInvalid),
    );
    fireEvent.change(dialog.getByLabelText(a.resend.to), { target: { value: 'other@example.com' } });
    fireEvent.click(dialog.getByRole('button', { name: a.resend.send }));
    await announced(fill(a.resend.done, { to: 'other@example.com' }));
    expect(callsTo('POST', '/api/admin/payment/resend')).toHaveLength(2);
    expect(callsTo('POST', '/api/admin/payment/resend')[1]!.json).toEqual({
      id: 'order-1',
      to: 'other@example.com',
    });
  });

  it('says when the order is not fulfilled after all, the server’s word folded', async () => {
    on('POST', '/api/admin/payment/resend', errorAnswer(409, 'CONFLICT', 'Only a fulfilled order has one.'));
    const details = await openDetails(FULFILLED);
    fireEvent.click(details.getByRole('button', { name: a.resend.button }));
    const dialog = within(await actionDialog(a.resend.title));
    fireEvent.click(dialog.getByRole('button', { name: a.resend.send }));
    await conflicted(dialog, 'Only a fulfilled order has one.');
  });
});

describe('retrying e-mails given up after every retry', () => {
  it('offers the re-send on an order in any state, saying what it does', async () => {
    on('POST', '/api/admin/payment/resend', () => ({
      status: 202,
      body: { queued: true, to: 'buyer@example.com', requeued: 1 },
    }));
    const details = await openDetails({
      ...FAILED,
      status: 'REFUNDED',
      attentionReasons: ['MAIL_UNDELIVERED'],
      refundableRon: 0,
    });
    fireEvent.click(details.getByRole('button', { name: a.resend.button }));
    const dialog = within(await actionDialog(a.resend.title));
    expect(dialog.getByText(a.resend.undelivered)).toBeInTheDocument();
    fireEvent.click(dialog.getByRole('button', { name: a.resend.send }));
    await announced(fill(a.resend.done, { to: 'buyer@example.com' }));
    expect(callsTo('POST', '/api/admin/payment/resend')[0]!.json).toEqual({ id: 'order-1' });
  });
});

describe('cancelling a pending order', () => {
  it('asks first, then cancels it and says so', async () => {
    on('POST', '/api/admin/payment/cancel', () => {
      serve({ ...PENDING, status: 'CANCELED' });
      return { body: { status: 'CANCELED' } };
    });
    const details = await openDetails(PENDING);
    fireEvent.click(details.getByRole('button', { name: a.cancelOrder.button }));
    const dialog = within(await actionDialog(fill(a.cancelOrder.title, { id: 'order-1' })));
    expect(dialog.getByText(a.cancelOrder.text)).toBeInTheDocument();
    expect(callsTo('POST', '/api/admin/payment/cancel')).toHaveLength(0);

    fireEvent.click(dialog.getByRole('button', { name: a.cancelOrder.confirm }));
    await announced(a.cancelOrder.done);
    expect(callsTo('POST', '/api/admin/payment/cancel')[0]!.json).toEqual({ id: 'order-1' });
    await waitFor(() => expect(details.getByRole('heading', { name: a.title })).toHaveFocus());
  });

  it('keeps the order when staff change their mind, and says a conflict, the server’s word folded', async () => {
    const details = await openDetails(PENDING);
    fireEvent.click(details.getByRole('button', { name: a.cancelOrder.button }));
    let dialog = within(await actionDialog(fill(a.cancelOrder.title, { id: 'order-1' })));
    fireEvent.click(dialog.getByRole('button', { name: a.cancelOrder.keep }));
    await waitFor(() => expect(details.getByRole('button', { name: a.cancelOrder.button })).toHaveFocus());
    expect(callsTo('POST', '/api/admin/payment/cancel')).toHaveLength(0);

    on(
      'POST',
      '/api/admin/payment/cancel',
      errorAnswer(409, 'CONFLICT', 'The order has been paid meanwhile.'),
    );
    fireEvent.click(details.getByRole('button', { name: a.cancelOrder.button }));
    dialog = within(await actionDialog(fill(a.cancelOrder.title, { id: 'order-1' })));
    fireEvent.click(dialog.getByRole('button', { name: a.cancelOrder.confirm }));
    await conflicted(dialog, 'The order has been paid meanwhile.');
  });
});

describe('"active"', () => {
  it('can be undone by PAYMENT_WRITE where it shows who marked it, and focus goes to "mark" again', async () => {
    const marked = { ...FULFILLED, active: true, activeBy: 'bogdan', activeAt: '2026-11-21T09:30:00.000Z' };
    on('PATCH', '/api/admin/payment', () => {
      serve(FULFILLED);
      return { body: { ...rowOf(FULFILLED), active: false } };
    });
    const details = await openDetails(marked);
    expect(details.getByText(/^Marcată activă de bogdan/)).toBeInTheDocument();
    fireEvent.click(details.getByRole('button', { name: a.unmark.button }));

    expect(await details.findByText(a.unmark.done)).toBeInTheDocument();
    expect(callsTo('PATCH', '/api/admin/payment')[0]!.json).toEqual({ id: 'order-1', active: false });
    await waitFor(() => expect(details.getByRole('button', { name: t.details.active.mark })).toHaveFocus());
  });

  it('cannot be undone without PAYMENT_WRITE', async () => {
    const marked = { ...FULFILLED, active: true, activeBy: 'bogdan', activeAt: '2026-11-21T09:30:00.000Z' };
    const details = await openDetails(marked, OPERATOR);
    expect(details.queryByRole('button', { name: a.unmark.button })).not.toBeInTheDocument();
    expect(details.getByText(fill(a.adminOnly, { action: a.unmark.button }))).toBeInTheDocument();
  });
});

describe('correcting a failed top-up’s number', () => {
  const TOP_UP_DETAILS = '/api/eps/utils/transaction/details';
  const TOP_UP_FAILED = {
    ...FAILED,
    kind: 'TOPUP',
    items: [{ ...TOP_UP_LINE, lastError: 'invalid number' }],
  } as unknown as OrderDetails;

  it('lets an operator give the right number, and says to retry the delivery', async () => {
    on('GET', TOP_UP_DETAILS, () => ({ body: current }));
    on('PATCH', '/api/admin/payment/item', () => ({
      body: { item: { id: 21, phone: '+40722123456', revision: 1, reference: null } },
    }));
    const details = await openDetails(TOP_UP_FAILED, OPERATOR);
    const p = a.correctPhone;
    fireEvent.click(details.getByRole('button', { name: fill(p.buttonLabel, { phone: '0799 980 001' }) }));
    const dialog = within(await actionDialog(fill(p.title, { phone: '0799 980 001' })));
    const field = dialog.getByLabelText(p.phone);
    fireEvent.change(field, { target: { value: '021 123 4567' } });
    fireEvent.click(dialog.getByRole('button', { name: p.save }));
    expect(await dialog.findByText(validation.phoneNotMobile)).toBeInTheDocument();
    expect(callsTo('PATCH', '/api/admin/payment/item')).toHaveLength(0);

    fireEvent.change(field, { target: { value: '0722 123 456' } });
    fireEvent.click(dialog.getByRole('button', { name: p.save }));
    await announced(fill(p.done, { phone: '0722 123 456' }));
    expect(callsTo('PATCH', '/api/admin/payment/item')[0]!.json).toEqual({
      orderId: 'order-1',
      itemId: 21,
      phone: '+40722123456',
    });
  });

  it('offers no number correction on a delivered top-up', async () => {
    on('GET', TOP_UP_DETAILS, () => ({ body: current }));
    const delivered = {
      ...TOP_UP_FAILED,
      status: 'FULFILLED',
      items: [{ ...(TOP_UP_FAILED.items[0] as object), reference: '12345678' }],
    } as unknown as OrderDetails;
    const details = await openDetails(delivered, OPERATOR);
    expect(details.queryByRole('button', { name: /0799 980 001/ })).not.toBeInTheDocument();
  });
});
