import { foldText } from '@/lib/admin/search-fold';

describe('foldText', () => {
  it.each([
    ['Ștefan', 'stefan'],
    ['ŞTEFAN', 'stefan'],
    ['Țărănescu', 'taranescu'],
    ['Ţăranu', 'taranu'],
    ['Îndrăznețul', 'indraznetul'],
    ['Szőlő Ügyfél', 'szolo ugyfel'],
    ['Müller Straße', 'muller strase'],
    ['ana.POP@example.ro', 'ana.pop@example.ro'],
  ])('%s → %s', (text, folded) => {
    expect(foldText(text)).toBe(folded);
  });
});
