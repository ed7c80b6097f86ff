/** @jest-environment jsdom */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { AuditScreen } from '@/components/admin/audit/audit-screen';
import { ShopStatusBanner } from '@/components/admin/shop-status-banner';
import { TransactionDetailsDialog } from '@/components/admin/transactions/transaction-details-dialog';
import type { AuditEntry, ShopStatus } from '@/lib/admin-client/admin-api';
import { formatRon } from '@/lib/admin-client/format';
import { setAdminLocale } from '@/lib/admin-client/locale';
import type { OrderDetails, Refund } from '@/lib/admin-client/order-actions-api';
import { logout } from '@/lib/admin-client/session';
import { AUDIT_ACTIONS, type AuditAction } from '@/lib/auth/audit-actions';
import { locales } from '@/lib/i18n/routing';
import de from '@/messages/de.json';
import en from '@/messages/en.json';
import hu from '@/messages/hu.json';
import ro from '@/messages/ro.json';
import { on, resetFakeApi } from './fake-api';
import { ORDER_CREATED, rowOf, TOP_UP_LINE, VIGNETTE_ORDER } from './order-fixtures';
import { renderAdmin, signInAs, t } from './render-admin';

jest.mock('@/lib/client/api', () => jest.requireActual('./fake-api'));

/*
 * What staff read is in their language; the value a provider, the database or the configuration gave stays in the
 * page, folded behind "Technical details": not shown until asked for, opened with the keyboard.
 */

const MESSAGES = { ro, en, de, hu };
const p = t.providerAnswers;
/** A fragment of a sentence as a sentence: the screen writes it with a capital. */
const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The raw value: in the page, inside a closed <details>, not visible. */
function expectFolded(scope: ReturnType<typeof within>, raw: string | RegExp) {
  const element = scope.getByText(raw);
  expect(element).not.toBeVisible();
  const details = element.closest('details');
  expect(details).not.toBeNull();
  expect(details!.open).toBe(false);
  return details!;
}

const INSUFFICIENT = 'Insufficient funds';
const RELOADLY_BALANCE =
  'Reloadly: the Reloadly account has too little balance: top it up, the delivery is retried (INSUFFICIENT_BALANCE: Balance too low)';

const ORDER: OrderDetails = {
  ...VIGNETTE_ORDER,
  locale: 'en',
  events: [
    ORDER_CREATED,
    {
      from: 'PENDING_PAYMENT',
      to: 'FAILED',
      reason: `provider status 12 (${INSUFFICIENT})`,
      actor: 'provider',
      at: '2026-11-20T10:01:00.000Z',
      code: 'payment.failed',
      params: { message: INSUFFICIENT, code: '51' },
    },
  ],
  refundableRon: 0,
};

const REFUND: Refund = {
  id: 3,
  amountRon: 8976,
  reason: 'Vehicul vândut',
  origin: 'PROVIDER',
  status: 'CONFIRMED',
  requestedBy: 'provider',
  createdAt: '2026-11-21T09:00:00.000Z',
  settledAt: '2026-11-21T09:05:00.000Z',
  providerAnswer: 'credited',
  creditNote: null,
};

async function openDetails(order: OrderDetails) {
  signInAs(['PAYMENT_READ', 'INVOICE_READ']);
  const path =
    order.kind === 'TOPUP' ? '/api/eps/utils/transaction/details' : '/api/nmps/utils/transaction/details';
  on('GET', path, { body: order });
  renderAdmin(<TransactionDetailsDialog payment={rowOf(order)} onClose={() => {}} />);
  const dialog = await screen.findByRole('dialog', { name: t.details.title.replace('{id}', order.id) });
  await within(dialog).findByRole('heading', { name: t.details.items });
  return within(dialog);
}

beforeEach(() => {
  resetFakeApi();
  localStorage.clear();
  logout();
});

afterEach(() => act(() => setAdminLocale('ro')));

describe('an order’s details', () => {
  it('name the category and the buyer’s language in words, never by their codes', async () => {
    const details = await openDetails(ORDER);
    expect(details.getByText(t.details.category).nextElementSibling).toHaveTextContent(t.products.CAR);
    expect(details.queryByText(/\(CAR\)/)).toBeNull();
    expect(details.getByText(t.details.locale).nextElementSibling).toHaveTextContent(t.languages.en);
    expect(details.queryByText('english')).toBeNull();

    act(() => setAdminLocale('en'));
    expect(await details.findByText(en.Admin.details.locale)).toBeInTheDocument();
    expect(details.getByText(en.Admin.details.locale).nextElementSibling).toHaveTextContent('English');
    expect(details.getByText(en.Admin.details.category).nextElementSibling).toHaveTextContent('D1 – cars');
  });

  it('say who acted and why a payment failed in the reader’s words, the provider’s own words folded away', async () => {
    const details = await openDetails(ORDER);
    expect(details.getByText(`${t.events.order.created} · ${t.details.actors.buyer}`)).toBeInTheDocument();
    const failed = details.getByText(
      `Plata a eșuat: ${p.payment.insufficientFunds} · ${t.details.actors.provider}`,
    );
    expectFolded(within(failed.parentElement!), `51: ${INSUFFICIENT}`);
    expect(details.queryByText(/de (buyer|provider)\b/)).toBeNull();
  });

  it('word the payment provider’s answer to a refund, and who asked for it', async () => {
    const refused: Refund = {
      ...REFUND,
      id: 4,
      origin: 'STAFF',
      status: 'REFUSED',
      requestedBy: 'ana',
      providerAnswer: `51: ${INSUFFICIENT}`,
    };
    const details = await openDetails({ ...ORDER, refunds: [REFUND, refused] });
    const refunds = within(details.getByRole('region', { name: t.refunds.title }));
    expect(refunds.getByText(t.details.actorNames.provider)).toBeInTheDocument();
    expect(refunds.getByText('ana')).toBeInTheDocument();
    expect(refunds.getByText(sentence(p.refund.credited))).toBeVisible();
    expectFolded(refunds, 'credited');
    expect(refunds.getByText(sentence(p.refund.refused))).toBeVisible();
    expectFolded(refunds, `51: ${INSUFFICIENT}`);
  });

  it('word a top-up provider’s error for the item, its own words folded away', async () => {
    const topUp = {
      ...ORDER,
      kind: 'TOPUP',
      status: 'FULFILLMENT_FAILED',
      items: [{ ...TOP_UP_LINE, attempts: 2, lastError: RELOADLY_BALANCE }],
    } as unknown as OrderDetails;
    const details = await openDetails(topUp);
    const error = details.getByText(t.details.lastError).nextElementSibling as HTMLElement;
    expect(within(error).getByText(sentence(p.delivery.topUpBalance))).toBeVisible();
    expectFolded(within(error), RELOADLY_BALANCE);
  });

  it('fold the technical details in a native disclosure, reached with the keyboard', async () => {
    const details = await openDetails(ORDER);
    const failed = details.getByText(
      `Plata a eșuat: ${p.payment.insufficientFunds} · ${t.details.actors.provider}`,
    );
    const folded = expectFolded(within(failed.parentElement!), `51: ${INSUFFICIENT}`);
    // A <summary> first in its <details>: the browser makes it a focusable disclosure button that Enter and Space
    // open, and says "collapsed" or "expanded".
    const summary = within(folded).getByText(t.shell.rawDetails);
    expect(summary.tagName).toBe('SUMMARY');
    expect(folded.firstElementChild).toBe(summary);
    summary.focus();
    expect(summary).toHaveFocus();
    fireEvent.click(summary);
    expect(folded.open).toBe(true);
    expect(within(folded).getByText(`51: ${INSUFFICIENT}`)).toBeVisible();
  });
});

describe('the audit log', () => {
  const ENTRIES: AuditEntry[] = [
    {
      id: 2,
      at: '2026-11-21T09:30:00.000Z',
      actorName: 'ana',
      action: 'payment.refund',
      target: 'order-1',
      details: { amountBani: 4500, reason: 'Vehicul vândut' },
    },
    {
      id: 1,
      at: '2026-11-21T09:00:00.000Z',
      actorName: 'root',
      action: 'future.thing',
      target: null,
      details: { knob: 'turned' },
    },
  ];

  beforeEach(() => {
    signInAs(['AUDIT_READ']);
    on('GET', '/api/admin/audit', {
      body: { items: ENTRIES, total: 2, page: 0, size: 20, actions: ['future.thing', 'payment.refund'] },
    });
  });

  it('says in a sentence what each entry records, its keys and JSON folded away', async () => {
    renderAdmin(<AuditScreen />);
    const table = within(await screen.findByRole('table', { name: t.audit.caption }));
    expect(
      table.getByText(`S-a cerut o rambursare de ${formatRon(4500, 'ro')}. Motivul: Vehicul vândut`, {
        normalizer: (text) => text,
      }),
    ).toBeVisible();
    expectFolded(table, /"amountBani": 4500/);
    expect(table.getByText(t.audit.sentences.unknown)).toBeVisible();
    expectFolded(table, /"knob": "turned"/);
  });
});

describe('the shop-status banner', () => {
  const CLOSED: ShopStatus = {
    live: true,
    lines: [
      { line: 'vignettes', sold: false, variable: 'VIGNETTE_ISSUER' },
      { line: 'topUps', sold: true },
    ],
    efactura: 'off',
    deadLetters: 0,
    failedDeliveries: 0,
    efacturaStuck: 0,
  };

  it('says what a closed line and held-back invoices mean for staff, the variable’s name only in the details', async () => {
    on('GET', '/api/admin/shop-status', { body: CLOSED });
    renderAdmin(<ShopStatusBanner />);
    const banner = within(await screen.findByTestId('shop-status'));
    expect(banner.getByText(t.shopStatus.closedWhy.vignettes)).toBeVisible();
    expect(banner.getByText(t.shopStatus.efacturaOffWhy)).toBeVisible();
    expectFolded(banner, 'VIGNETTE_ISSUER=sandbox');
    expectFolded(banner, 'EFACTURA_PROVIDER=off');
    for (const paragraph of screen.getByTestId('shop-status').querySelectorAll('p'))
      expect(paragraph).not.toHaveTextContent(/[A-Z]+_[A-Z_]+/);
    fireEvent.click(banner.getAllByText(t.shell.rawDetails)[1]!);
    expect(banner.getByText('EFACTURA_PROVIDER=off')).toBeVisible();
  });
});

describe('every audit action', () => {
  /** What each action writes (lib/admin, lib/auth, lib/catalog, lib/orders, lib/payments, lib/efactura). */
  const WRITTEN: Record<AuditAction, { target?: string; details: Record<string, unknown> | null }> = {
    'payment.markActive': { target: 'order-1', details: null },
    'payment.unmarkActive': { target: 'order-1', details: null },
    'payment.refund': {
      target: 'order-1',
      details: { amountBani: 4500, reason: 'Vehicul vândut', duplicatePayment: 'ntp-2' },
    },
    'payment.retryDelivery': { target: 'order-1', details: null },
    'payment.correctItem': {
      target: 'order-1',
      details: { itemId: 11, from: 'B123ABC RO', to: 'B123ABD RO' },
    },
    'payment.correctPhone': {
      target: 'order-1',
      details: { itemId: 21, from: '+40799980001', to: '+40722123456' },
    },
    'payment.correctBilling': { target: 'order-1', details: { from: 'Ana Pop', to: 'Ana Popescu' } },
    'payment.changeEmail': { target: 'order-1', details: { from: 'ana@exmple.ro', to: 'ana@example.ro' } },
    'payment.resend': { target: 'order-1', details: { to: 'ana@example.ro' } },
    'payment.mailRetry': {
      target: 'order-1',
      details: { messages: 'ORDER_CONFIRMATION #12, DELIVERY_FAILED #13' },
    },
    'payment.cancel': { target: 'order-1', details: null },
    'payment.efacturaResend': {
      target: 'order-1',
      details: {
        document: 'CREDIT_NOTE',
        creditNoteId: 7,
        previousStatus: 'REJECTED',
        uploadId: '42',
        messages: [],
      },
    },
    'mail.retryAll': { details: { messages: 'EFACTURA_DIGEST #40' } },
    'user.create': { target: 'u-2', details: { username: 'bogdan', role: 'OPERATOR' } },
    'user.remove': { target: 'u-2', details: { username: 'bogdan' } },
    'user.resetPassword': { target: 'u-2', details: { username: 'bogdan' } },
    'user.changePassword': { target: 'u-1', details: null },
    'export.xml': { details: { from: '2026-11-01', to: '2026-11-20' } },
    'export.excel': { details: { from: '2026-11-01', to: '2026-11-20', status: 'FULFILLED' } },
    'catalog.vignettePrices': {
      target: '2027',
      details: { year: 2027, changes: [{ categoryCode: 'CAR', type: 'YEAR', from: 57260, to: 59900 }] },
    },
    'catalog.topUpProducts': {
      details: {
        operators: [],
        products: [{ id: 'orange-10', priceBani: { from: 6200, to: 6300 } }],
        added: [],
      },
    },
    'catalog.exchangeRate': {
      target: '2026-11-20',
      details: {
        from: { RON2HUF: 76.1, date: '2026-11-19', source: 'BNR' },
        to: { RON2HUF: 76.4, date: '2026-11-20', source: 'ADMIN' },
      },
    },
  };
  const entries: AuditEntry[] = AUDIT_ACTIONS.map((action, index) => ({
    id: index + 1,
    at: '2026-11-21T09:00:00.000Z',
    actorName: 'ana',
    action,
    target: WRITTEN[action].target ?? null,
    details: WRITTEN[action].details,
  }));

  it.each(locales)('has a sentence in %s with every value filled in', async (locale) => {
    act(() => setAdminLocale(locale));
    signInAs(['AUDIT_READ']);
    on('GET', '/api/admin/audit', {
      body: { items: entries, total: entries.length, page: 0, size: 50, actions: [...AUDIT_ACTIONS] },
    });
    renderAdmin(<AuditScreen />);
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(AUDIT_ACTIONS.length);
    const unknown = MESSAGES[locale].Admin.audit.sentences.unknown;
    for (const row of rows) {
      const said = within(row).getAllByRole('cell')[4]!.querySelector('p')!.textContent!;
      expect(said).not.toBe(unknown);
      expect(said).not.toMatch(/[{}]|—|undefined|NaN/);
    }
  });
});
