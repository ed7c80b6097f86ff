import { currentVersion, formatVersionDate, LEGAL_VERSIONS, versionInForce } from '@/lib/legal/versions';

describe('the legal texts’ versions', () => {
  it('gives every text at least one version, dated, oldest first', () => {
    for (const versions of Object.values(LEGAL_VERSIONS)) {
      expect(versions.length).toBeGreaterThan(0);
      for (const entry of versions) expect(entry.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const dates = versions.map((entry) => entry.date);
      expect([...dates].sort()).toEqual(dates);
    }
  });

  it('shows the latest version on the page', () => {
    expect(currentVersion('TermsPage')).toBe(LEGAL_VERSIONS.TermsPage.at(-1));
  });

  it('names the version in force on the order’s day in Romania, none before the first', () => {
    const first = LEGAL_VERSIONS.TermsPage[0]!;
    // 00:30 in Bucharest on the publication day is still the evening before in UTC.
    const justAfterMidnight = new Date(`${first.date}T00:30:00+02:00`);
    expect(versionInForce('TermsPage', justAfterMidnight)).toEqual(first);
    expect(versionInForce('TermsPage', new Date(`${first.date}T23:59:00+02:00`))).toEqual(first);
    const dayBefore = new Date(new Date(`${first.date}T00:00:00+02:00`).getTime() - 60_000);
    expect(versionInForce('TermsPage', dayBefore)).toBeUndefined();
  });

  it('writes the date as each language does', () => {
    expect(formatVersionDate('2026-11-26', 'ro')).toBe('26 noiembrie 2026');
    expect(formatVersionDate('2026-11-26', 'en')).toBe('November 26, 2026');
    expect(formatVersionDate('2026-11-26', 'de')).toBe('26. November 2026');
    expect(formatVersionDate('2026-11-26', 'hu')).toBe('2026. november 26.');
  });
});
