import { messageKeys, missingKeys } from '@/lib/i18n/message-keys';

describe('messageKeys', () => {
  it('lists nested keys as dotted paths and treats arrays as one value', () => {
    expect(messageKeys({ a: 'x', b: { c: 'y', d: ['p1', 'p2'] } })).toEqual(['a', 'b.c', 'b.d']);
  });
});

describe('missingKeys', () => {
  it('names the key each language lacks', () => {
    const result = missingKeys({
      ro: { Home: { title: 'Acasă', intro: 'Bun venit' } },
      en: { Home: { title: 'Home' } },
      de: { Home: { title: 'Start', intro: 'Willkommen' }, Extra: { x: 'y' } },
    });
    expect(result).toEqual({ ro: ['Extra.x'], en: ['Extra.x', 'Home.intro'], de: [] });
  });

  it('finds nothing missing when the files agree', () => {
    expect(missingKeys({ ro: { a: { b: '1' } }, hu: { a: { b: '2' } } })).toEqual({ ro: [], hu: [] });
  });
});
