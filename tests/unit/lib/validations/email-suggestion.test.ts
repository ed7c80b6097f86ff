import { suggestEmail } from '@/lib/validations/email-suggestion';

describe('suggestEmail', () => {
  it.each([
    ['ana@gmial.com', 'ana@gmail.com'],
    ['ion@yaho.com', 'ion@yahoo.com'],
    ['x@hotmial.com', 'x@hotmail.com'],
    ['y@yahoo.co', 'y@yahoo.com'],
    ['ana@gmai.com', 'ana@gmail.com'],
    ['ana@gnail.com', 'ana@gmail.com'],
    ['ana@gmail.cm', 'ana@gmail.com'],
    ['ana@gmail.com.', 'ana@gmail.com'],
    ['maria@yahooo.ro', 'maria@yahoo.ro'],
    ['b@freemial.hu', 'b@freemail.hu'],
    ['b@citromial.hu', 'b@citromail.hu'],
    ['k@t-onlne.de', 'k@t-online.de'],
    ['k@wed.de', 'k@web.de'],
    ['z@outlok.com', 'z@outlook.com'],
  ])('takes %s for a mistyped provider and suggests %s', (typed, meant) => {
    expect(suggestEmail(typed)).toBe(meant);
  });

  it('sends the Gmail users who believe in a Romanian Gmail to gmail.com', () => {
    expect(suggestEmail('ana@gmail.ro')).toBe('ana@gmail.com');
  });

  it.each([
    ['ion@firma.con', 'ion@firma.com'],
    ['ion@firma.cmo', 'ion@firma.com'],
    ['ion@firma-mea.rp', 'ion@firma-mea.ro'],
    ['ion@firma.co.ukk', 'ion@firma.co.uk'],
  ])('corrects a top-level domain that does not exist: %s → %s', (typed, meant) => {
    expect(suggestEmail(typed)).toBe(meant);
  });

  it.each([
    'ana@gmail.com',
    'x@yahoo.ro',
    'a@firma-mea.ro',
    'b@freemail.hu',
    'c@citromail.hu',
    'd@gmx.de',
    'd@gmx.at',
    'e@web.de',
    'f@t-online.de',
    'g@icloud.com',
    'h@outlook.com',
    'i@aon.at',
    'j@firma.com.ro',
    'k@mail.firma.ro',
    'l@firma.md',
    'm@firma.co',
    'n@gmbh.de',
    'o@email.ro',
    'p@cloud.ro',
  ])('leaves %s alone: a known provider, or a domain no provider is one slip away from', (email) => {
    expect(suggestEmail(email)).toBeNull();
  });

  it('keeps the part before the @ exactly as typed, and ignores the case and the spaces around', () => {
    expect(suggestEmail('  Ana.Pop+rovinieta@Gmial.COM ')).toBe('Ana.Pop+rovinieta@gmail.com');
    expect(suggestEmail('Ana@GMAIL.COM')).toBeNull();
  });

  it.each([
    '',
    'ana',
    'gmial.com',
    '@gmial.com',
    'ana@',
    'ana@gmial',
    'a@b@gmial.com',
    'ana@gm\u0430il.com' /* a Cyrillic a */,
  ])(
    'has nothing to say about %j, which the field validation refuses or which is no plain address',
    (email) => {
      expect(suggestEmail(email)).toBeNull();
    },
  );
});
