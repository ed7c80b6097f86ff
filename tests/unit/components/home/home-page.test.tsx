/** @jest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { HomeIntro } from '@/components/home/home-intro';
import { ProductGrid } from '@/components/home/product-grid';
import ro from '@/messages/ro.json';

jest.mock('next/navigation', () => ({
  usePathname: () => '/ro',
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), prefetch: jest.fn() }),
}));

// What app/[locale]/page.tsx shows below the header (the page itself is an async server component).
const renderHome = (closedLines: ('vignettes' | 'topUps')[] = []) =>
  render(
    <NextIntlClientProvider
      locale="ro"
      messages={{ HomeIntro: ro.HomeIntro, HomePage: ro.HomePage, ProductLineClosed: ro.ProductLineClosed }}
    >
      <HomeIntro />
      <ProductGrid closedLines={closedLines} />
    </NextIntlClientProvider>,
  );

const tiles = () => within(screen.getByRole('list')).getAllByRole('listitem');

describe('the home page', () => {
  it('has one h1, saying what the shop sells, with its one-line subtitle', () => {
    renderHome();
    const headings = screen.getAllByRole('heading', { level: 1 });
    expect(headings).toHaveLength(1);
    expect(headings[0]).toHaveTextContent(ro.HomeIntro.heading);
    expect(screen.getByText(ro.HomeIntro.subtitle)).toBeInTheDocument();
  });

  it('lists the products that can be bought first, then the four to come', () => {
    renderHome();
    expect(tiles().map((tile) => tile.dataset.available)).toEqual([
      'true',
      'true',
      'false',
      'false',
      'false',
      'false',
    ]);
    expect(within(tiles()[0]!).getByRole('link')).toHaveAttribute('href', '/ro/vignette');
    expect(within(tiles()[1]!).getByRole('link')).toHaveAttribute('href', '/ro/prepay');
  });

  it('makes the products to come inert: no link, nothing to focus, each marked with the badge', () => {
    renderHome();
    expect(screen.getAllByRole('link')).toHaveLength(2);
    for (const tile of tiles().slice(2)) {
      expect(tile.querySelector('a, button, [tabindex]')).toBeNull();
      expect(within(tile).getByText(ro.HomePage.soon, { selector: 'span.rounded-full' })).toBeInTheDocument();
    }
  });

  it('dims the products to come by their picture, never by fading their text', () => {
    renderHome();
    for (const tile of tiles().slice(2)) {
      const faded = [...tile.querySelectorAll('[class*="opacity-"]')].map((element) => element.tagName);
      expect(faded).toEqual(['IMG']);
    }
  });

  it('marks a closed product line on its tile, which still leads to its prices and how to buy by phone', () => {
    renderHome(['topUps']);
    expect(within(tiles()[0]!).queryByText(ro.ProductLineClosed.badge)).toBeNull();
    expect(within(tiles()[1]!).getByText(ro.ProductLineClosed.badge)).toBeInTheDocument();
    expect(within(tiles()[1]!).getByRole('link')).toHaveAttribute('href', '/ro/prepay');
  });

  it('keeps every product’s name and description in the page for the wide layout', () => {
    renderHome();
    for (const product of Object.values(ro.HomePage.products)) {
      expect(screen.getAllByText(product.name).length).toBeGreaterThan(0);
      expect(screen.getByText(product.description)).toBeInTheDocument();
    }
  });
});
