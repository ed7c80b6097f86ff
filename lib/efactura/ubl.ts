import { COMPANY } from '@/lib/company';
import type {
  CreditNoteDocument,
  InvoiceBuyer,
  InvoiceDocument,
  InvoiceLine,
  SalesInvoiceDocument,
} from '@/lib/db/document-snapshots';
import { formatInvoiceNumber } from '@/lib/invoices/numbering';
import { SHOP_TIME_ZONE } from '@/lib/time-zones';
import { documentAmounts, ublAmount, unitPrice, type DocumentAmounts } from './amounts';
import { clip, element, group } from './xml';

// An invoice or a credit note as RO e-Factura wants it: UBL 2.1 under the Romanian CIUS-RO (EN 16931 + BR-RO-*),
// made from the same InvoiceDocument the PDF prints, so both state the same parties, lines, VAT and totals. The
// official validation (tests/fixtures/cius-ro, tests/support/cius-ro.ts) is the judge of every choice below; element
// order follows the UBL 2.1 schema, which ANAF also checks.

/** BT-24: the CIUS-RO specification the document follows (BR-RO-001). */
export const CIUS_RO_CUSTOMIZATION_ID =
  'urn:cen.eu:en16931:2017#compliant#urn:efactura.mfinante.ro:CIUS-RO:1.0.1';

/**
 * A private buyer who gave no personal numeric code (CNP) is identified by thirteen zeros: OUG 120/2021 on RO
 * e-Factura, art. 10, as amended by OUG 138/2024 (in force since 1 January 2025; the rule ANAF's technical notes on
 * B2C reporting under Ordinul MF 1366/2021 repeat): "rubrica dedicată codului numeric personal se completează cu
 * 13 cifre de zero". The shop never asks for a CNP, so every private buyer is such a buyer. It goes in the buyer's
 * legal registration identifier (BT-47): the VAT identifier (BT-48) must start with a country prefix (BR-CO-09), and
 * one of the two must be there (BR-RO-120).
 */
export const ANONYMOUS_CNP = '0000000000000';

/**
 * The buyer's street line when the buyer gave no address. The 13-zeros rule covers the identifier only; ANAF
 * publishes no address for an unidentified private buyer, yet CIUS-RO requires a street line, a locality and, in
 * Romania, the county (BR-RO-080, BR-RO-090, BR-RO-110). Decision: the street line says plainly that none was given
 * ("nedeclarată"), and the locality and county are those of the place of sale, the seller's registered office in
 * Deva (RO-HD), where the online sale is made and booked: true facts, where an invented address would not be.
 */
export const UNDECLARED_STREET = 'Adresă nedeclarată';

/**
 * Vignettes are collected in the name and on behalf of the Hungarian issuer and are outside the VAT base (see
 * VIGNETTE_VAT_NOTE in lib/invoices/vat.ts). EN 16931 has no category "outside the base" that a VAT-registered seller may use: category
 * O ("not subject to VAT") forbids the seller's VAT identifier on the whole invoice (BR-O-02), which a Romanian
 * VAT payer must state. The category for amounts excluded from the taxable amount is E with the exemption code
 * VATEX-EU-79-C: Directive 2006/112/EC art. 79 (c), amounts received in the name and on behalf of another, which
 * the Cod fiscal's art. 286 (4) transposes. The PDF prints these lines at 0 % with the same note: both agree.
 */
export const VIGNETTE_VAT_EXEMPTION = {
  code: 'VATEX-EU-79-C',
  /** BT-120, at most 100 characters (BR-RO-L100); the full wording goes in the document's note (BT-22). */
  reason: 'Sume încasate în numele și în contul emitentului maghiar, neincluse în baza de impozitare a TVA',
} as const;

const ROMANIAN_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day in Romania of an ISO timestamp, as YYYY-MM-DD (BR-RO-DT001): the day the PDF prints. */
export function romanianDay(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw new RangeError(`not a valid date: ${iso}`);
  return ROMANIAN_DAY.format(date);
}

// ---------------------------------------------------------------------------------------------------------------
// Parties.

interface Address {
  street: string;
  city: string;
  postalCode?: string;
  county?: string;
  country: string;
}

const PLACE_OF_SALE = { city: COMPANY.city, county: COMPANY.countyCode, country: COMPANY.countryCode };

/**
 * The buyer's address as CIUS-RO needs it. Structured billing data is used as it is; an order from before billing
 * data was structured has one free text, which becomes the street line whole (nothing the buyer wrote is lost);
 * whatever the buyer did not give is filled as for a buyer without an address (UNDECLARED_STREET).
 */
export function buyerAddress(buyer: InvoiceBuyer): Address {
  const country = buyer.country?.trim().toUpperCase() || PLACE_OF_SALE.country;
  const street = buyer.street?.trim() || buyer.address?.trim() || UNDECLARED_STREET;
  const inRomania = country === 'RO';
  const city = buyer.city?.trim() || (inRomania ? PLACE_OF_SALE.city : '-');
  const county = buyer.county?.trim().toUpperCase() || (inRomania ? PLACE_OF_SALE.county : undefined);
  return { street, city, postalCode: buyer.postalCode?.trim() || undefined, county, country };
}

function postalAddress(address: Address): string {
  return group(
    'cac:PostalAddress',
    element('cbc:StreetName', clip(address.street, 150)),
    element('cbc:CityName', clip(address.city, 50)),
    element('cbc:PostalZone', address.postalCode && clip(address.postalCode, 20)),
    element('cbc:CountrySubentity', address.county),
    group('cac:Country', element('cbc:IdentificationCode', address.country)),
  );
}

const vatScheme = group('cac:TaxScheme', element('cbc:ID', 'VAT'));

/** A tax id that starts with a country prefix (RO, HU, EL...) is a VAT identifier (BR-CO-09); digits alone are not. */
const isVatIdentifier = (taxId: string) => /^[A-Z]{2}[0-9A-Z]{2,}$/.test(taxId);

/**
 * The buyer's identification: a company's tax id as its VAT identifier (BT-48) when it carries a country prefix
 * (`RO12345678`, a VAT payer), else as its legal registration identifier (BT-47, a CUI of a company not registered
 * for VAT); a private person's CNP, or the thirteen zeros (ANONYMOUS_CNP), as BT-47.
 */
export function buyerIdentifiers(buyer: InvoiceBuyer): { vatId?: string; legalId: string } {
  const taxId = buyer.taxId?.replace(/\s+/g, '').toUpperCase();
  if (buyer.kind === 'COMPANY' && taxId) {
    return isVatIdentifier(taxId)
      ? { vatId: taxId, legalId: buyer.tradeRegister?.trim() || taxId.replace(/^RO/, '') }
      : { legalId: taxId };
  }
  return { legalId: taxId || ANONYMOUS_CNP };
}

function sellerParty(): string {
  return group(
    'cac:AccountingSupplierParty',
    group(
      'cac:Party',
      group('cac:PartyName', element('cbc:Name', COMPANY.name)),
      postalAddress({
        street: COMPANY.street,
        city: COMPANY.city,
        postalCode: COMPANY.postalCode,
        county: COMPANY.countyCode,
        country: COMPANY.countryCode,
      }),
      group('cac:PartyTaxScheme', element('cbc:CompanyID', COMPANY.taxId), vatScheme),
      group(
        'cac:PartyLegalEntity',
        element('cbc:RegistrationName', COMPANY.name),
        element('cbc:CompanyID', COMPANY.tradeRegister),
        element('cbc:CompanyLegalForm', `Capital social ${COMPANY.shareCapital}`),
      ),
      group(
        'cac:Contact',
        element('cbc:Telephone', COMPANY.phone),
        element('cbc:ElectronicMail', COMPANY.email),
      ),
    ),
  );
}

function buyerParty(buyer: InvoiceBuyer): string {
  const { vatId, legalId } = buyerIdentifiers(buyer);
  const name = clip(buyer.name, 200);
  return group(
    'cac:AccountingCustomerParty',
    group(
      'cac:Party',
      group('cac:PartyName', element('cbc:Name', name)),
      postalAddress(buyerAddress(buyer)),
      vatId ? group('cac:PartyTaxScheme', element('cbc:CompanyID', vatId), vatScheme) : '',
      group('cac:PartyLegalEntity', element('cbc:RegistrationName', name), element('cbc:CompanyID', legalId)),
      group('cac:Contact', element('cbc:ElectronicMail', buyer.email && clip(buyer.email, 100))),
    ),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// VAT and amounts.

interface Category {
  id: 'S' | 'E';
  percent: number;
}

/** The VAT category of a line, as the PDF presents it: its rate, 0 % being the vignettes' amounts outside the base. */
function categoryOf(line: Pick<InvoiceLine, 'vatRatePercent'>): Category {
  return line.vatRatePercent > 0 ? { id: 'S', percent: line.vatRatePercent } : { id: 'E', percent: 0 };
}

function taxCategory(
  tag: 'cac:TaxCategory' | 'cac:ClassifiedTaxCategory',
  category: Category,
  exemption: boolean,
) {
  return group(
    tag,
    element('cbc:ID', category.id),
    element('cbc:Percent', String(category.percent)),
    exemption && category.id === 'E'
      ? element('cbc:TaxExemptionReasonCode', VIGNETTE_VAT_EXEMPTION.code) +
          element('cbc:TaxExemptionReason', VIGNETTE_VAT_EXEMPTION.reason)
      : '',
    vatScheme,
  );
}

const amount = (name: string, bani: number) => element(name, ublAmount(bani), { currencyID: 'RON' });

function taxTotal(amounts: DocumentAmounts): string {
  return group(
    'cac:TaxTotal',
    amount('cbc:TaxAmount', amounts.vatBani),
    ...amounts.byRate.map((rate) =>
      group(
        'cac:TaxSubtotal',
        amount('cbc:TaxableAmount', rate.taxableBani),
        amount('cbc:TaxAmount', rate.vatBani),
        taxCategory('cac:TaxCategory', categoryOf({ vatRatePercent: rate.ratePercent }), true),
      ),
    ),
  );
}

/** Paid by card when the order was: nothing is left to pay (BT-113 = BT-112, BT-115 = 0). */
function monetaryTotal(amounts: DocumentAmounts): string {
  return group(
    'cac:LegalMonetaryTotal',
    amount('cbc:LineExtensionAmount', amounts.netBani),
    amount('cbc:TaxExclusiveAmount', amounts.netBani),
    amount('cbc:TaxInclusiveAmount', amounts.grossBani),
    amount('cbc:PrepaidAmount', amounts.grossBani),
    amount('cbc:PayableAmount', 0),
  );
}

function documentLines(
  kind: 'Invoice' | 'CreditNote',
  lines: readonly InvoiceLine[],
  amounts: DocumentAmounts,
): string {
  const quantityTag = kind === 'Invoice' ? 'cbc:InvoicedQuantity' : 'cbc:CreditedQuantity';
  return lines
    .map((line, index) => {
      const lineAmounts = amounts.lines[index]!;
      const { price, baseQuantity } = unitPrice(lineAmounts);
      const description = clip(line.description, 200);
      return group(
        `cac:${kind}Line`,
        element('cbc:ID', String(index + 1)),
        // H87: piece (UN/ECE rec. 20), one vignette or one top-up.
        element(quantityTag, String(lineAmounts.quantity), { unitCode: 'H87' }),
        amount('cbc:LineExtensionAmount', lineAmounts.netBani),
        group(
          'cac:Item',
          element('cbc:Description', description),
          element('cbc:Name', clip(line.description, 100)),
          taxCategory('cac:ClassifiedTaxCategory', categoryOf(line), false),
        ),
        group(
          'cac:Price',
          element('cbc:PriceAmount', price, { currencyID: 'RON' }),
          baseQuantity === undefined
            ? ''
            : element('cbc:BaseQuantity', String(baseQuantity), { unitCode: 'H87' }),
        ),
      );
    })
    .join('');
}

// ---------------------------------------------------------------------------------------------------------------
// Documents.

const NAMESPACES = {
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
};

function root(kind: 'Invoice' | 'CreditNote', body: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<${kind} xmlns="urn:oasis:names:specification:ubl:schema:xsd:${kind}-2" xmlns:cac="${NAMESPACES.cac}" xmlns:cbc="${NAMESPACES.cbc}">` +
    body +
    `</${kind}>\n`
  );
}

/** The document's notes (BT-22): each distinct VAT note of its lines, as the PDF prints them under the lines. */
function notes(document: InvoiceDocument): string {
  const distinct = [...new Set(document.lines.flatMap((line) => (line.vatNote ? [line.vatNote] : [])))];
  return distinct.map((note) => element('cbc:Note', clip(note, 300))).join('');
}

// Card payments (UNCL 4461 code 48, bank card), as the PDF's payment method says.
const paymentMeans = (document: InvoiceDocument) =>
  group(
    'cac:PaymentMeans',
    element('cbc:PaymentMeansCode', '48', { name: clip(document.paymentMethod, 100) }),
  );

const numberOf = (document: { series: string; year: number; number: number }) =>
  formatInvoiceNumber(document.series, document.year, document.number);

/** The UBL 2.1 Invoice (type 380) of a sales invoice. */
export function invoiceUbl(document: SalesInvoiceDocument): string {
  const amounts = documentAmounts(document.lines);
  if (amounts.grossBani <= 0) throw new RangeError('an invoice charges a positive amount');
  return root(
    'Invoice',
    element('cbc:CustomizationID', CIUS_RO_CUSTOMIZATION_ID) +
      element('cbc:ID', numberOf(document)) +
      element('cbc:IssueDate', romanianDay(document.issuedAt)) +
      element('cbc:InvoiceTypeCode', '380') +
      notes(document) +
      element('cbc:DocumentCurrencyCode', document.currency) +
      group('cac:OrderReference', element('cbc:ID', document.orderId)) +
      sellerParty() +
      buyerParty(document.buyer) +
      paymentMeans(document) +
      taxTotal(amounts) +
      monetaryTotal(amounts) +
      documentLines('Invoice', document.lines, amounts),
  );
}

/**
 * The UBL 2.1 CreditNote (type 381, "notă de creditare", which CIUS-RO accepts: BR-RO-020) of a credit note, naming
 * the invoice it corrects (BG-3: its number and issue date). Why a CreditNote and not an Invoice 380 with negative
 * amounts, which the validator also accepts: a 381 says in its type what the document is, and UBL counts its amounts
 * as credited, so they are written positive: the PDF's -50,00 lei given back is a CreditNote's 50.00 credited. The
 * reason for the refund is a note (BT-22), as the PDF prints it.
 *
 * @throws RangeError when a line would charge instead of credit (the PDF refuses the same document).
 */
export function creditNoteUbl(document: CreditNoteDocument): string {
  if (document.lines.some((line) => line.quantity * line.unitPriceBani >= 0))
    throw new RangeError('every line of a credit note must have a negative amount');
  const credited = document.lines.map((line) => ({ ...line, quantity: -line.quantity }));
  const amounts = documentAmounts(credited);
  const reason = document.reason?.trim();
  return root(
    'CreditNote',
    element('cbc:CustomizationID', CIUS_RO_CUSTOMIZATION_ID) +
      element('cbc:ID', numberOf(document)) +
      element('cbc:IssueDate', romanianDay(document.issuedAt)) +
      element('cbc:CreditNoteTypeCode', '381') +
      (reason ? element('cbc:Note', clip(`Motivul stornării: ${reason}`, 300)) : '') +
      notes(document) +
      element('cbc:DocumentCurrencyCode', document.currency) +
      group('cac:OrderReference', element('cbc:ID', document.orderId)) +
      group(
        'cac:BillingReference',
        group(
          'cac:InvoiceDocumentReference',
          element('cbc:ID', numberOf(document.corrects)),
          element('cbc:IssueDate', romanianDay(document.corrects.issuedAt)),
        ),
      ) +
      sellerParty() +
      buyerParty(document.buyer) +
      paymentMeans(document) +
      taxTotal(amounts) +
      monetaryTotal(amounts) +
      documentLines('CreditNote', credited, amounts),
  );
}

/** The UBL of either kind of document. */
export function documentUbl(document: InvoiceDocument): string {
  return document.type === 'CREDIT_NOTE' ? creditNoteUbl(document) : invoiceUbl(document);
}

/** `factura-RPV-2026-000123.xml`; a credit note's `factura-stornare-RPVS-2026-000001.xml`, as its PDF is named. */
export function ublFilename(document: InvoiceDocument): string {
  return document.type === 'CREDIT_NOTE'
    ? `factura-stornare-${numberOf(document)}.xml`
    : `factura-${numberOf(document)}.xml`;
}
