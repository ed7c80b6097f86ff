import { XMLParser } from 'fast-xml-parser';
import {
  ANONYMOUS_CNP,
  buyerAddress,
  buyerIdentifiers,
  CIUS_RO_CUSTOMIZATION_ID,
  creditNoteUbl,
  invoiceUbl,
  romanianDay,
  ublFilename,
  UNDECLARED_STREET,
} from '@/lib/efactura/ubl';
import { clip } from '@/lib/efactura/xml';
import { creditNoteDocumentOf } from '@/lib/invoices/credit-note';
import type { InvoiceBuyer, SalesInvoiceDocument } from '@/lib/db/document-snapshots';
import { invoiceDocumentOf } from '@/lib/invoices/order-invoice';
import { toOrderDocument } from '@/lib/orders/order-document';
import { invoiceRow, topUpOrder, vignetteOrder } from '../../../support/loaded-orders';

const parser = new XMLParser({ ignoreAttributes: false, removeNSPrefix: true, parseTagValue: false });
const parse = (xml: string) => parser.parse(xml);

// The fixtures' invoice is number 42 of 2026, issued 2026-03-01T22:30Z: 2 March in Romania.
const vignetteInvoice = () => invoiceDocumentOf(toOrderDocument(vignetteOrder(), invoiceRow('RPV')))!;
const topUpInvoice = () => invoiceDocumentOf(toOrderDocument(topUpOrder(), invoiceRow('RPT')))!;
const withBuyer = (document: SalesInvoiceDocument, buyer: Partial<InvoiceBuyer>): SalesInvoiceDocument => ({
  ...document,
  buyer: { kind: 'PERSON', name: 'x', email: 'x@example.ro', ...buyer },
});

describe('escaped text', () => {
  it('makes a buyer’s name with markup a well-formed document that says the name as typed', () => {
    const name = 'Pop & Fiii <SRL> ]]> "x"';
    const xml = invoiceUbl(withBuyer(vignetteInvoice(), { kind: 'COMPANY', name, taxId: 'RO18547290' }));
    const party = parse(xml).Invoice.AccountingCustomerParty.Party;
    expect(party.PartyLegalEntity.RegistrationName).toBe(name);
    expect(party.PartyName.Name).toBe(name);
  });
});

describe('clip', () => {
  it('keeps a short text, cuts a long one at a space with an ellipsis', () => {
    expect(clip('  a   b ', 10)).toBe('a b');
    const clipped = clip('word '.repeat(40), 100);
    expect([...clipped].length).toBeLessThanOrEqual(100);
    expect(clipped.endsWith('word…')).toBe(true);
  });
});

describe('a private buyer without billing data', () => {
  const buyer: InvoiceBuyer = { kind: 'PERSON', name: 'driver@example.ro', email: 'driver@example.ro' };

  it('is identified by the thirteen zeros as legal registration identifier, never as VAT identifier', () => {
    expect(ANONYMOUS_CNP).toBe('0000000000000');
    expect(buyerIdentifiers(buyer)).toEqual({ legalId: ANONYMOUS_CNP });
    const party = parse(invoiceUbl(vignetteInvoice())).Invoice.AccountingCustomerParty.Party;
    expect(party.PartyLegalEntity.CompanyID).toBe(ANONYMOUS_CNP);
    expect(party.PartyTaxScheme).toBeUndefined();
  });

  it('has an address that says none was given, at the place of sale', () => {
    expect(buyerAddress(buyer)).toEqual({
      street: UNDECLARED_STREET,
      city: 'Deva',
      county: 'RO-HD',
      country: 'RO',
      postalCode: undefined,
    });
  });
});

describe('buyers with data', () => {
  it('takes a company’s CUI with RO as its VAT identifier, without as its legal registration', () => {
    expect(buyerIdentifiers({ kind: 'COMPANY', name: 'A', email: '', taxId: 'ro 18547290' })).toEqual({
      vatId: 'RO18547290',
      legalId: '18547290',
    });
    expect(buyerIdentifiers({ kind: 'COMPANY', name: 'A', email: '', taxId: '18547290' })).toEqual({
      legalId: '18547290',
    });
  });

  it('uses the structured address as it is, and a free-text one whole as the street line', () => {
    expect(
      buyerAddress({
        kind: 'PERSON',
        name: 'Ion',
        email: '',
        street: 'Str. Lungă 3',
        city: 'SECTOR3',
        county: 'RO-B',
        postalCode: '030000',
        country: 'RO',
      }),
    ).toEqual({
      street: 'Str. Lungă 3',
      city: 'SECTOR3',
      county: 'RO-B',
      postalCode: '030000',
      country: 'RO',
    });
    expect(buyerAddress({ kind: 'PERSON', name: 'Ion', email: '', address: 'Cluj, Str. X 1' })).toMatchObject(
      {
        street: 'Cluj, Str. X 1',
        country: 'RO',
      },
    );
    // Abroad there is no Romanian county to give.
    expect(
      buyerAddress({
        kind: 'PERSON',
        name: 'Hans',
        email: '',
        street: 'Hauptstr. 1',
        city: 'Wien',
        country: 'at',
      }),
    ).toEqual({
      street: 'Hauptstr. 1',
      city: 'Wien',
      county: undefined,
      country: 'AT',
      postalCode: undefined,
    });
  });
});

describe('invoiceUbl', () => {
  it('writes a CIUS-RO Invoice 380 in RON, dated on the Romanian calendar day', () => {
    const invoice = parse(invoiceUbl(vignetteInvoice())).Invoice;
    expect(invoice.CustomizationID).toBe(CIUS_RO_CUSTOMIZATION_ID);
    expect(invoice.ID).toBe('RPV-2026-000042');
    expect(invoice.InvoiceTypeCode).toBe('380');
    expect(invoice.IssueDate).toBe('2026-03-02');
    expect(invoice.DocumentCurrencyCode).toBe('RON');
    expect(romanianDay('2026-07-31T21:30:00Z')).toBe('2026-08-01');
  });

  it('puts vignettes in category E, VATEX-EU-79-C, with the PDF’s note', () => {
    const invoice = parse(invoiceUbl(vignetteInvoice())).Invoice;
    const category = invoice.TaxTotal.TaxSubtotal.TaxCategory;
    expect(category.ID).toBe('E');
    expect(category.TaxExemptionReasonCode).toBe('VATEX-EU-79-C');
    expect(invoice.Note).toMatch(/în numele și în contul emitentului maghiar/);
    expect(invoice.LegalMonetaryTotal.TaxInclusiveAmount['#text']).toBe('123.45');
    expect(invoice.LegalMonetaryTotal.PayableAmount['#text']).toBe('0.00');
  });

  it('puts top-ups in category S at 21 %, the VAT included in the price', () => {
    const invoice = parse(invoiceUbl(topUpInvoice())).Invoice;
    const subtotal = invoice.TaxTotal.TaxSubtotal;
    expect(subtotal.TaxCategory.ID).toBe('S');
    expect(subtotal.TaxCategory.Percent).toBe('21');
    // 62,00 lei with 21 % VAT included: 10,76 VAT on 51,24.
    expect(subtotal.TaxableAmount['#text']).toBe('51.24');
    expect(subtotal.TaxAmount['#text']).toBe('10.76');
    expect(invoice.InvoiceLine.LineExtensionAmount['#text']).toBe('51.24');
    expect(invoice.InvoiceLine.Price.PriceAmount['#text']).toBe('51.24');
  });

  it('names the file after the invoice', () => {
    expect(ublFilename(vignetteInvoice())).toBe('factura-RPV-2026-000042.xml');
  });
});

describe('creditNoteUbl', () => {
  const creditNote = () =>
    creditNoteDocumentOf(toOrderDocument(vignetteOrder(), invoiceRow('RPV')), {
      series: 'RPVS',
      year: 2026,
      number: 1,
      issuedAt: new Date('2026-11-24T10:00:00Z'),
      totalBani: 2345,
      reason: 'Rovinieta nu a fost emisă',
    });

  it('writes a CreditNote 381 naming the invoice it corrects, its amounts credited (positive)', () => {
    const note = parse(creditNoteUbl(creditNote())).CreditNote;
    expect(note.CreditNoteTypeCode).toBe('381');
    expect(note.ID).toBe('RPVS-2026-000001');
    expect(note.BillingReference.InvoiceDocumentReference).toEqual({
      ID: 'RPV-2026-000042',
      IssueDate: '2026-03-02',
    });
    expect(note.CreditNoteLine.CreditedQuantity['#text']).toBe('1');
    expect(note.LegalMonetaryTotal.TaxInclusiveAmount['#text']).toBe('23.45');
    expect(note.Note[0]).toBe('Motivul stornării: Rovinieta nu a fost emisă');
    expect(ublFilename(creditNote())).toBe('factura-stornare-RPVS-2026-000001.xml');
  });

  it('refuses a line that would charge instead of credit', () => {
    const document = creditNote();
    expect(() =>
      creditNoteUbl({ ...document, lines: document.lines.map((l) => ({ ...l, quantity: 1 })) }),
    ).toThrow(RangeError);
  });
});
