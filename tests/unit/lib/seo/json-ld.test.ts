import { faqPageJsonLd, organizationJsonLd, serializeJsonLd } from '@/lib/seo/json-ld';

describe('JSON-LD', () => {
  it('escapes "<" so no text can close the inline script', () => {
    const json = serializeJsonLd({ name: '</script><script>alert(1)</script>' });
    expect(json).not.toContain('</script>');
    expect(JSON.parse(json)).toEqual({ name: '</script><script>alert(1)</script>' });
  });

  it('describes the organisation with its contact point in Deva', () => {
    const organization = organizationJsonLd('https://shop.example.ro');
    expect(organization).toMatchObject({
      '@type': 'Organization',
      url: 'https://shop.example.ro',
      address: { addressLocality: 'Deva', addressCountry: 'RO' },
      contactPoint: { '@type': 'ContactPoint', contactType: 'customer service' },
    });
  });

  it('lists every question with its answer', () => {
    const page = faqPageJsonLd(
      [
        { question: 'Q1?', answer: 'A1', url: 'https://x/ro/faq/a' },
        { question: 'Q2?', answer: 'A2', url: 'https://x/ro/faq/b' },
      ],
      'ro-RO',
    );
    expect(page.mainEntity).toEqual([
      {
        '@type': 'Question',
        name: 'Q1?',
        url: 'https://x/ro/faq/a',
        acceptedAnswer: { '@type': 'Answer', text: 'A1' },
      },
      {
        '@type': 'Question',
        name: 'Q2?',
        url: 'https://x/ro/faq/b',
        acceptedAnswer: { '@type': 'Answer', text: 'A2' },
      },
    ]);
  });
});
