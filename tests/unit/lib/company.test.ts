import { COMPANY, companyPlaceholders, fillPlaceholders, officeHours } from '@/lib/company';
import { isValidCui } from '@/lib/billing/cui';

describe('company details', () => {
  it("keeps the spec's constants", () => {
    expect(COMPANY.shareCapital).toBe('202.000 lei');
    expect(COMPANY.city).toBe('Deva');
    expect(COMPANY.foundingYear).toBe(2019);
    expect(officeHours).toBe('08:00 - 16:00');
  });

  it("fills the legal texts' placeholders and leaves unknown ones visible", () => {
    const values = companyPlaceholders('https://shop.example.ro');
    expect(fillPlaceholders('{companyName}, CUI {taxId}, {siteUrl}', values)).toBe(
      `${COMPANY.name}, CUI ${COMPANY.taxId}, https://shop.example.ro`,
    );
    expect(fillPlaceholders('{nope}', values)).toBe('{nope}');
  });
});

describe("the seller's tax id", () => {
  it('is a valid CUI, control digit included', () => {
    expect(isValidCui(COMPANY.taxId)).toBe(true);
  });
});
