/**
 * The seller's identity: the one place the contact page, the footer, the legal texts, structured data and
 * (later) invoices take it from.
 */
export const COMPANY = {
  name: 'Road Partners S.R.L.',
  brand: 'Road Partners',
  headquarters: 'Str. 1 Decembrie 1918 nr. 5, 330005 Deva, jud. Hunedoara, România',
  street: 'Str. 1 Decembrie 1918 nr. 5',
  postalCode: '330005',
  city: 'Deva',
  county: 'Hunedoara',
  /** ISO 3166-2:RO, as RO e-Factura names the county. */
  countyCode: 'RO-HD',
  countryCode: 'RO',
  tradeRegister: 'J20/1234/2019',
  // A CUI whose last digit is its control digit (lib/billing/cui.ts), as ANAF checks the seller's.
  taxId: 'RO41234564',
  shareCapital: '202.000 lei',
  euid: 'ROONRC.J20/1234/2019',
  phone: '+40 354 400 500',
  email: 'contact@roadpartners.ro',
  openingHours: { days: 'Mo-Fr', opens: '08:00', closes: '16:00' },
  foundingYear: 2019,
  /** Deva city centre, for the map link. */
  geo: { latitude: 45.8771, longitude: 22.9117 },
} as const;

export const phoneHref = `tel:${COMPANY.phone.replace(/\s+/g, '')}`;
export const mapUrl = `https://www.openstreetmap.org/?mlat=${COMPANY.geo.latitude}&mlon=${COMPANY.geo.longitude}#map=16/${COMPANY.geo.latitude}/${COMPANY.geo.longitude}`;

/** The placeholders the legal texts in messages/*.json may use, filled with the company's values. */
export function companyPlaceholders(siteUrl: string): Record<string, string> {
  return {
    companyName: COMPANY.name,
    headquarters: COMPANY.headquarters,
    tradeRegister: COMPANY.tradeRegister,
    taxId: COMPANY.taxId,
    shareCapital: COMPANY.shareCapital,
    euid: COMPANY.euid,
    email: COMPANY.email,
    phone: COMPANY.phone,
    siteUrl,
  };
}

/** Replaces `{name}` placeholders; an unknown name is left as it is, so a typo shows instead of vanishing. */
export function fillPlaceholders(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (match, name: string) => values[name] ?? match);
}

/** The office hours as the spec writes them: "08:00 - 16:00". */
export const officeHours = `${COMPANY.openingHours.opens} - ${COMPANY.openingHours.closes}`;
