/**
 * The buyer's billing data as an order stores it (`orders.invoice_data`): declared with the database, whose schema
 * types the column, and checked on the way in by the zod schema of lib/validations/billing.ts.
 */

/** Where the invoice's buyer is, in the parts RO e-Factura names. */
export interface BillingAddress {
  street: string;
  /** For Bucharest (`county` `RO-B`), its sector: `SECTOR1` … `SECTOR6`. */
  city: string;
  /** ISO 3166-2:RO (`RO-CJ`), for a Romanian address only. */
  county?: string;
  postalCode?: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

/** The billing data of an order placed since the address is asked in parts. */
export type StructuredInvoiceData = BillingAddress &
  (
    | { kind: 'PERSON'; name: string }
    | {
        kind: 'COMPANY';
        name: string;
        /** A Romanian CUI (`RO14399840`, `14399840`) or a foreign VAT id, without spaces. */
        taxId: string;
        tradeRegister?: string;
      }
  );

/** The billing data of an order placed before: the address as one free text. Stored orders keep it as it was. */
export interface LegacyInvoiceData {
  kind: 'PERSON' | 'COMPANY';
  name: string;
  address: string;
  taxId?: string;
  tradeRegister?: string;
}

/** An order's stored billing data (`orders.invoice_data`), of either age. */
export type InvoiceData = StructuredInvoiceData | LegacyInvoiceData;

export const isLegacyInvoiceData = (data: InvoiceData): data is LegacyInvoiceData => !('street' in data);
