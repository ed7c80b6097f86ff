import fs from 'node:fs';
import {
  BUCHAREST_SECTORS,
  countiesInOrder,
  isRoCounty,
  RO_COUNTIES,
  roCountyName,
  sectorCode,
  sectorName,
} from '@/lib/billing/ro-counties';
import { CIUS_RO_XSLT, ciusRoMissing } from '../../../support/cius-ro';
import { rememberPreformatted } from '@/lib/i18n/preformatted';
import { topUpFormPreformatted } from '@/lib/topups/form-preformatted';

/** The official CIUS-RO validation, whose code lists are the judge of what ANAF accepts. */
const VALIDATOR = ciusRoMissing ? '' : fs.readFileSync(CIUS_RO_XSLT, 'utf8');
// The checks against the official code lists skip only where the vendored stylesheet is missing (see
// tests/support/cius-ro.ts, which names it); the county rules themselves are tested either way.
const withValidator = ciusRoMissing ? it.skip : it;

describe('the Romanian counties', () => {
  it('are the 41 counties and Bucharest, each code once', () => {
    expect(RO_COUNTIES).toHaveLength(42);
    expect(new Set(RO_COUNTIES.map((county) => county.code)).size).toBe(42);
    expect(new Set(RO_COUNTIES.map((county) => county.name)).size).toBe(42);
    for (const { code } of RO_COUNTIES) expect(code).toMatch(/^RO-[A-Z]{1,2}$/);
  });

  withValidator(
    `are exactly the ISO 3166-2:RO list of the CIUS-RO validation (BR-RO-110)${ciusRoMissing ? ` (skipped: ${ciusRoMissing})` : ''}`,
    () => {
      const list = /'RO-AB'[^)]*/.exec(VALIDATOR)?.[0] ?? '';
      const official = [...list.matchAll(/'(RO-[A-Z]+)'/g)].map((match) => match[1]).sort();
      expect(official).toHaveLength(42);
      expect(RO_COUNTIES.map((county) => county.code).sort()).toEqual(official);
    },
  );

  it('name each county in Romanian, with its diacritics', () => {
    expect(roCountyName('RO-CJ')).toBe('Cluj');
    expect(roCountyName('RO-BN')).toBe('Bistrița-Năsăud');
    expect(roCountyName('RO-B')).toBe('Municipiul București');
    expect(roCountyName('RO-DB')).toBe('Dâmbovița');
    expect(roCountyName('RO-HD')).toBe('Hunedoara');
    expect(roCountyName('RO-XX')).toBe('RO-XX');
  });

  it('know a code exactly as ISO writes it', () => {
    expect(isRoCounty('RO-CJ')).toBe(true);
    expect(isRoCounty('RO-B')).toBe(true);
    for (const value of ['ro-cj', 'CJ', 'RO-', 'RO-XX', 'HU-BU', '']) expect(isRoCounty(value)).toBe(false);
  });
});

describe("Bucharest's sectors", () => {
  it('are coded as the SECTOR-RO list of BR-RO-100', () => {
    expect(BUCHAREST_SECTORS).toEqual(['SECTOR1', 'SECTOR2', 'SECTOR3', 'SECTOR4', 'SECTOR5', 'SECTOR6']);
    if (!ciusRoMissing)
      expect(VALIDATOR).toContain(
        `select="(${BUCHAREST_SECTORS.map((sector) => `'${sector}'`).join(', ')})"`,
      );
  });

  it('are read however a buyer writes them', () => {
    for (const value of ['Sector 3', 'sector3', 'SECTOR 3', ' 3 ', 'SECTOR3'])
      expect(sectorCode(value)).toBe('SECTOR3');
    for (const value of ['Sector 7', 'Sector 0', 'București', 'Sectorul 3', ''])
      expect(sectorCode(value)).toBeUndefined();
  });

  it('are written for a reader as "Sector N"', () => {
    expect(sectorName('SECTOR6')).toBe('Sector 6');
    expect(sectorName('Cluj-Napoca')).toBe('Cluj-Napoca');
  });
});

describe('countiesInOrder', () => {
  it('lists every county and Bucharest by name as Romanian sorts them', () => {
    const names = countiesInOrder().map((county) => county.name);
    expect(names).toEqual(RO_COUNTIES.map((county) => county.name).sort(new Intl.Collator('ro').compare));
    // Romanian's own letters: ș after s, ă after a.
    expect(names.indexOf('Satu Mare')).toBeLessThan(names.indexOf('Sălaj'));
    expect(names.indexOf('Sălaj')).toBeLessThan(names.indexOf('Sibiu'));
  });

  it('lists them the same from the texts a top-up page brings, with no Intl formatter', () => {
    const expected = countiesInOrder();
    rememberPreformatted(topUpFormPreformatted('de', [{ faceValue: 7.5, priceRon: 3_900 }]));
    const collator = jest.spyOn(Intl, 'Collator').mockImplementation(() => {
      throw new Error('Intl.Collator was made');
    });
    try {
      expect(countiesInOrder()).toEqual(expected);
    } finally {
      collator.mockRestore();
    }
  });
});
