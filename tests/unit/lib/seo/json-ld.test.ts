import {
  breadcrumbJsonLd,
  faqPageJsonLd,
  organizationJsonLd,
  productJsonLd,
  serializeJsonLd,
} from '@/lib/seo/json-ld';

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

  it('describes a purchase page as a product in stock, priced in lei with bani and in whole forints', () => {
    const product = productJsonLd({
      name: 'Vinietă Ungaria D1: autoturism',
      description: 'Autoturisme </script>',
      url: 'https://x/ro/vignette/car',
      brand: 'Nemzeti Mobilfizetési Zrt.',
      offers: [
        { name: 'De 10 zile', price: 88.4, currency: 'RON' },
        { name: 'De 10 zile', price: 6900, currency: 'HUF' },
      ],
    });
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Vinietă Ungaria D1: autoturism',
      url: 'https://x/ro/vignette/car',
      brand: { '@type': 'Brand', name: 'Nemzeti Mobilfizetési Zrt.' },
    });
    expect(product.offers).toEqual([
      expect.objectContaining({
        '@type': 'Offer',
        name: 'De 10 zile',
        price: '88.40',
        priceCurrency: 'RON',
        availability: 'https://schema.org/InStock',
        url: 'https://x/ro/vignette/car',
        seller: { '@type': 'Organization', name: 'Road Partners S.R.L.' },
      }),
      expect.objectContaining({ price: '6900', priceCurrency: 'HUF' }),
    ]);
    // Escaped as every inline script is: the description cannot end the script element.
    expect(serializeJsonLd(product)).not.toContain('</script>');
  });

  it('numbers the breadcrumb trail from 1, each step with its address', () => {
    expect(
      breadcrumbJsonLd([
        { name: 'Acasă', url: 'https://x/ro' },
        { name: 'Vinieta Ungaria', url: 'https://x/ro/vignette' },
      ]),
    ).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Acasă', item: 'https://x/ro' },
        { '@type': 'ListItem', position: 2, name: 'Vinieta Ungaria', item: 'https://x/ro/vignette' },
      ],
    });
  });
});
