import { eq } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { POST as refundRoute } from '@/app/api/admin/payment/refund/route';
import { POST as postTopUpOrder } from '@/app/api/eps/order/route';
import { GET as invoiceRoute } from '@/app/api/invoice/route';
import { POST as postVignetteOrder } from '@/app/api/nmps/orders/order/route';
import { GET as buyerInvoiceRoute } from '@/app/api/orders/[orderId]/invoice/route';
import type { Db } from '@/lib/db/client';
import { creditNotes, orders } from '@/lib/db/schema';
import { documentXml, documentXmlOf } from '@/lib/efactura/document-xml';
import { ANONYMOUS_CNP, invoiceUbl } from '@/lib/efactura/ubl';
import type { InvoiceBuyer, SalesInvoiceDocument } from '@/lib/db/document-snapshots';
import { formatBani } from '@/lib/invoices/invoice-pdf';
import { orderInvoiceDocument } from '@/lib/invoices/frozen';
import { sandboxDeliverers } from '@/lib/issuers/sandbox-deliverers';
import { fulfilPaidOrders } from '@/lib/orders/fulfilment';
import { documentToken } from '@/lib/orders/document-access';
import { staff } from '../admin/admin-fixtures';
import { compileCiusRoWhenPresent, describeWithCiusRo, expectValidCiusRo } from '../../support/cius-ro';
import { pageTexts } from '../../support/pdf-text';
import { jsonRequest, noParams, useProcessDatabase } from '../../support/process-database';
import { hungarianDay, paidVignetteOrder, payOrder } from '../../support/purchases';

// The acceptance of RO e-Factura's documents: the official validation (EN 16931 + CIUS-RO 1.0.9, what ANAF applies)
// finds no fatal rule in the XML of real orders, bought, paid and refunded through the API; and the XML states the
// lines, VAT and totals its PDF prints.

let env: Awaited<ReturnType<typeof useProcessDatabase>>;
const db = (): Db => env.database.db;
let sef: string;
let admin: string;

beforeAll(async () => {
  // Compiles the validator once (half a minute), or finds it compiled under node_modules/.cache/cius-ro.
  sef = compileCiusRoWhenPresent();
  env = await useProcessDatabase();
  ({ token: admin } = await staff(db(), 'efactura-staff', 'ADMIN'));
}, 120_000);
afterAll(async () => env.cleanup());

const parser = new XMLParser({ ignoreAttributes: false, removeNSPrefix: true, parseTagValue: false });
const asList = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** Validates and fails with every assert printed when one is fatal. */
const expectValid = (xml: string) => expectValidCiusRo(xml, sef);

let plate = 0;
const nextPlate = () => `CJ${String(10 + plate++).padStart(2, '0')}UBL`;

async function invoiceXml(orderId: string): Promise<string> {
  const found = await documentXml(db(), { kind: 'INVOICE', orderId });
  expect(found?.filename).toMatch(/^factura-RP[VT]-\d{4}-\d{6}\.xml$/);
  return found!.xml;
}

async function invoiceDocument(orderId: string): Promise<SalesInvoiceDocument> {
  const document = await orderInvoiceDocument(db(), orderId);
  if (!document) throw new Error(`order ${orderId} has no invoice`);
  return document;
}

/**
 * A vignette order with billing data, paid: its id. `legacy` is the free-text shape of orders placed before billing
 * data was structured: the API no longer takes it, so it is written to the order as such orders hold it.
 */
async function paidOrderWithBilling(
  invoice: Record<string, string>,
  legacy?: Record<string, string>,
): Promise<string> {
  const response = await postVignetteOrder(
    jsonRequest('/api/nmps/orders/order', {
      body: {
        items: [
          {
            categoryCode: 'CAR',
            type: 'WEEK',
            startDate: hungarianDay(1),
            plate: nextPlate(),
            country: 'RO',
          },
        ],
        email: 'firma@example.ro',
        locale: 'ro',
        acceptTerms: true,
        invoice,
      },
    }),
    noParams,
  );
  expect(response.status).toBe(201);
  const { orderId } = (await response.json()) as { orderId: string };
  if (legacy) {
    await db()
      .update(orders)
      .set({ invoiceData: legacy as unknown as typeof orders.$inferInsert.invoiceData })
      .where(eq(orders.id, orderId));
  }
  await payOrder(db(), orderId);
  return orderId;
}

async function paidTopUp(): Promise<string> {
  const response = await postTopUpOrder(
    jsonRequest('/api/eps/order', {
      body: {
        operatorId: 'orange',
        productId: 'orange-10',
        phone: '0722 123 456',
        email: 'buyer@example.ro',
        locale: 'en',
        acceptTerms: true,
      },
    }),
    noParams,
  );
  expect(response.status).toBe(201);
  const { orderId } = (await response.json()) as { orderId: string };
  await payOrder(db(), orderId);
  return orderId;
}

/** The same real invoice, addressed to a buyer with structured billing data (what the checkout now collects). */
const readdressed = (document: SalesInvoiceDocument, buyer: Omit<InvoiceBuyer, 'email'>) =>
  invoiceUbl({ ...document, buyer: { ...buyer, email: document.buyer.email } });

describeWithCiusRo('the official CIUS-RO validation finds no fatal rule', () => {
  it('in a private buyer’s invoice without billing data (13 zeros, address not declared)', async () => {
    const orderId = await paidVignetteOrder(db(), { plates: [nextPlate()] });
    const xml = await invoiceXml(orderId);
    expectValid(xml);
    const party = parser.parse(xml).Invoice.AccountingCustomerParty.Party;
    expect(party.PartyLegalEntity.CompanyID).toBe(ANONYMOUS_CNP);
  });

  it('in a private buyer’s invoice with billing data, structured and legacy free text', async () => {
    const person = {
      kind: 'PERSON',
      name: 'Ioana Popescu & fiul',
      street: 'Str. Horea 12',
      city: 'Cluj-Napoca',
      county: 'RO-CJ',
      country: 'RO',
    };
    expectValid(await invoiceXml(await paidOrderWithBilling(person)));
    const orderId = await paidOrderWithBilling(person, {
      kind: 'PERSON',
      name: 'Ioana Popescu & fiul',
      address: 'Str. Horea 12, Cluj-Napoca, jud. Cluj',
    });
    expectValid(await invoiceXml(orderId));
    const structured = readdressed(await invoiceDocument(orderId), {
      kind: 'PERSON',
      name: 'Ioana Popescu',
      street: 'Str. Horea nr. 12, ap. 3',
      city: 'SECTOR3',
      county: 'RO-B',
      postalCode: '030167',
      country: 'RO',
    });
    expectValid(structured);
  });

  it('in a company’s invoice with its CUI (VAT payer with RO, and not registered for VAT)', async () => {
    const orderId = await paidOrderWithBilling({
      kind: 'COMPANY',
      name: 'Transport <Nord> S.R.L.',
      taxId: 'RO18547290',
      tradeRegister: 'J12/345/2010',
      street: 'Calea Turzii 5',
      city: 'Cluj-Napoca',
      county: 'RO-CJ',
      postalCode: '400193',
      country: 'RO',
    });
    const xml = await invoiceXml(orderId);
    expectValid(xml);
    expect(parser.parse(xml).Invoice.AccountingCustomerParty.Party.PartyTaxScheme.CompanyID).toBe(
      'RO18547290',
    );
    const document = await invoiceDocument(orderId);
    for (const taxId of ['RO18547290', '18547290'])
      expectValid(
        readdressed(document, {
          kind: 'COMPANY',
          name: 'Transport Nord S.R.L.',
          taxId,
          street: 'Calea Turzii 5',
          city: 'Cluj-Napoca',
          county: 'RO-CJ',
          postalCode: '400193',
          country: 'RO',
        }),
      );
  });

  it('in a foreign buyer’s invoice: a company with an EU VAT id, a private person', async () => {
    const document = await invoiceDocument(await paidVignetteOrder(db(), { plates: [nextPlate()] }));
    expectValid(
      readdressed(document, {
        kind: 'COMPANY',
        name: 'Duna Kft.',
        taxId: 'HU12345678',
        street: 'Fő utca 1.',
        city: 'Budapest',
        postalCode: '1011',
        country: 'HU',
      }),
    );
    expectValid(
      readdressed(document, {
        kind: 'PERSON',
        name: 'Hans Müller',
        street: 'Hauptstraße 7',
        city: 'Wien',
        postalCode: '1010',
        country: 'AT',
      }),
    );
  });

  it('in an order of two vignettes', async () => {
    const orderId = await paidVignetteOrder(db(), { plates: [nextPlate(), nextPlate()] });
    const xml = await invoiceXml(orderId);
    expectValid(xml);
    expect(asList(parser.parse(xml).Invoice.InvoiceLine)).toHaveLength(2);
  });

  it('in a top-up invoice at 21 %', async () => {
    const xml = await invoiceXml(await paidTopUp());
    expectValid(xml);
    expect(parser.parse(xml).Invoice.TaxTotal.TaxSubtotal.TaxCategory).toMatchObject({
      ID: 'S',
      Percent: '21',
    });
  });

  it('in credit notes: a full refund of two vignettes and a partial refund of a top-up', async () => {
    const vignettes = await paidVignetteOrder(db(), { plates: [nextPlate(), nextPlate()] });
    const topUp = await paidTopUp();
    await fulfilPaidOrders(db(), sandboxDeliverers);
    const refund = (body: unknown) =>
      refundRoute(
        jsonRequest('/api/admin/payment/refund', { body, headers: { authorization: `Bearer ${admin}` } }),
        noParams,
      );
    expect((await refund({ id: vignettes, reason: 'Vinieta nu mai e necesară' })).status).toBe(200);
    expect((await refund({ id: topUp, amountRon: 1000, reason: 'Parțial <test>' })).status).toBe(200);

    for (const orderId of [vignettes, topUp]) {
      const [note] = await db().select().from(creditNotes).where(eq(creditNotes.orderId, orderId));
      const found = await documentXml(db(), { kind: 'CREDIT_NOTE', creditNoteId: note!.id });
      expect(found?.filename).toMatch(/^factura-stornare-RP[VT]S-\d{4}-\d{6}\.xml$/);
      expectValid(found!.xml);
      const creditNote = parser.parse(found!.xml).CreditNote;
      expect(creditNote.CreditNoteTypeCode).toBe('381');
      expect(creditNote.BillingReference.InvoiceDocumentReference.ID).toMatch(/^RP[VT]-\d{4}-\d{6}$/);
    }
    expect(await documentXml(db(), { kind: 'CREDIT_NOTE', creditNoteId: 2 ** 31 - 1 })).toBeNull();
  });
});

describe('GET /api/invoice?format=xml', () => {
  const get = (url: string, token = admin) =>
    invoiceRoute(jsonRequest(url, { headers: token ? { authorization: `Bearer ${token}` } : {} }), noParams);

  it('gives staff the invoice’s XML as an attachment, 404 without one, 401 without a session, 422 on a bad format', async () => {
    const orderId = await paidVignetteOrder(db(), { plates: [nextPlate()] });
    const response = await get(`/api/invoice?orderId=${orderId}&format=xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="factura-RPV-\d{4}-\d{6}\.xml"$/,
    );
    expect(await response.text()).toBe(await invoiceXml(orderId));
    expect((await get(`/api/invoice?orderId=${orderId}&type=credit-note&format=xml`)).status).toBe(404);
    expect((await get(`/api/invoice?orderId=${orderId}&format=xml`, '')).status).toBe(401);
    expect((await get(`/api/invoice?orderId=${orderId}&format=docx`)).status).toBe(422);
    expect((await get(`/api/invoice?orderId=${orderId}&format=pdf`)).headers.get('content-type')).toBe(
      'application/pdf',
    );
  });

  it('keeps the buyer’s own download a PDF', async () => {
    const orderId = await paidVignetteOrder(db(), { plates: [nextPlate()] });
    const key = await documentToken(db(), orderId);
    const response = await buyerInvoiceRoute(
      jsonRequest(`/api/orders/${orderId}/invoice?format=xml&t=${key}`),
      { params: Promise.resolve({ orderId }) },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
  });
});

describe('the PDF and the XML of the same invoice', () => {
  const lei = (amount: { '#text': string }) => formatBani(Math.round(Number(amount['#text']) * 100));

  it.each([
    ['two vignettes', () => paidVignetteOrder(db(), { plates: [nextPlate(), nextPlate()] })],
    ['a top-up at 21 %', paidTopUp],
  ])('state the same lines, VAT and totals: %s', async (_, order) => {
    const orderId = await order();
    const pdfResponse = await invoiceRoute(
      jsonRequest(`/api/invoice?orderId=${orderId}`, { headers: { authorization: `Bearer ${admin}` } }),
      noParams,
    );
    const pdf = pageTexts(Buffer.from(await pdfResponse.arrayBuffer())).join('\n');
    const document = await invoiceDocument(orderId);
    const invoice = parser.parse(documentXmlOf(document).xml).Invoice;
    const words = (text: string) => text.split(/\s+/).filter(Boolean);

    // The lines: each description, word by word (the PDF wraps it in its cell), and its gross amount.
    const lines = asList(invoice.InvoiceLine) as {
      Item: { Description: string; ClassifiedTaxCategory: { Percent: string } };
      LineExtensionAmount: { '#text': string };
    }[];
    expect(lines).toHaveLength(document.lines.length);
    lines.forEach((line, index) => {
      for (const word of words(line.Item.Description)) expect(pdf).toContain(word);
      expect(line.Item.Description).toBe(document.lines[index]!.description);
      expect(pdf).toContain(`${line.Item.ClassifiedTaxCategory.Percent}%`);
    });

    // The VAT breakdown: one row per rate, with its taxable base and VAT, as the PDF's table has it.
    for (const subtotal of asList(invoice.TaxTotal.TaxSubtotal) as {
      TaxableAmount: { '#text': string };
      TaxAmount: { '#text': string };
      TaxCategory: { Percent: string };
    }[]) {
      expect(pdf).toContain(
        `${subtotal.TaxCategory.Percent}% ${lei(subtotal.TaxableAmount)} ${lei(subtotal.TaxAmount)}`,
      );
    }

    // The totals.
    const totals = invoice.LegalMonetaryTotal;
    expect(pdf).toMatch(new RegExp(`Total fără TVA[^\\n]*${lei(totals.TaxExclusiveAmount)} lei`));
    expect(pdf).toMatch(new RegExp(`Total TVA[^\\n]*${lei(invoice.TaxTotal.TaxAmount)} lei`));
    expect(pdf).toMatch(new RegExp(`Total factură[^\\n]*${lei(totals.TaxInclusiveAmount)} lei`));
    expect(pdf).toContain(invoice.ID);
  });
});
