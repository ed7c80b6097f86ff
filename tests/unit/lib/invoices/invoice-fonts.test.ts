import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { renderInvoicePdf } from '@/lib/invoices/invoice-pdf';

const invoice = {
  series: 'RPT',
  number: 7,
  year: 2026,
  issuedAt: '2026-03-03T23:30:30.000Z',
  orderId: 'TTTTTTTTTTTTTTTTTTTTT1',
  currency: 'RON' as const,
  buyer: { kind: 'PERSON' as const, name: 'Ștefan Țăranu', email: 'a@b.ro' },
  lines: [
    { description: 'Reîncărcare cartelă preplătită', quantity: 1, unitPriceBani: 6200, vatRatePercent: 21 },
  ],
  paymentMethod: 'Card (Netopia Payments)',
  locale: 'ro' as const,
};

describe('the invoice fonts', () => {
  it('ship beside the PDF module, with their licence', () => {
    const fonts = path.join(process.cwd(), 'lib', 'invoices', 'fonts');
    expect(fs.readdirSync(fonts).sort()).toEqual(['NotoSans-Bold.ttf', 'NotoSans-Regular.ttf', 'OFL.txt']);
  });

  it('are found whatever folder the server was started from', async () => {
    const started = process.cwd();
    process.chdir(os.tmpdir());
    try {
      const pdf = await renderInvoicePdf(invoice);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSans-Bold/);
    } finally {
      process.chdir(started);
    }
  });
});
