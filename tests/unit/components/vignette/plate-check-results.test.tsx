/** @jest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import { createTranslator } from 'next-intl';
import { PlateCheckResults } from '@/components/vignette/plate-check-results';
import type { CheckedVignette } from '@/lib/orders/vignettes-by-plate';
import hu from '@/messages/hu.json';
import ro from '@/messages/ro.json';

const MESSAGES = { ro, hu } as const;

jest.mock('next-intl/server', () => ({
  getTranslations: async ({ locale, namespace }: { locale: 'ro' | 'hu'; namespace: string }) =>
    createTranslator({ locale, messages: MESSAGES[locale], namespace: namespace as never }),
  getMessages: async ({ locale }: { locale: 'ro' | 'hu' }) => MESSAGES[locale],
}));
jest.mock('next/navigation', () => ({
  usePathname: () => '/ro/vignette/check',
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), prefetch: jest.fn() }),
}));

const row = (status: CheckedVignette['status'], extra: Partial<CheckedVignette> = {}): CheckedVignette => ({
  categoryCode: 'CAR',
  categoryTitle: 'D1',
  type: 'WEEK',
  county: null,
  firstDay: '2026-07-10',
  lastDay: '2026-07-19',
  status,
  ...extra,
});

// What app/[locale]/vignette/check/page.tsx shows under its form for a plate (the page is an async server component).
const show = async (props: Partial<Parameters<typeof PlateCheckResults>[0]> = {}) =>
  render(
    await PlateCheckResults({
      locale: 'ro',
      plate: 'B100XYZ',
      country: 'RO',
      vignettes: [],
      warnings: [],
      ...props,
    }),
  );

describe('PlateCheckResults', () => {
  it('says each status in words with its day, and the county of a county vignette', async () => {
    await show({
      vignettes: [
        row('ACTIVE'),
        row('UPCOMING', {
          type: 'COUNTY_YEAR',
          county: 'baranya',
          firstDay: '2027-01-01',
          lastDay: '2028-01-31',
        }),
        row('ENDED', { type: 'DAY', firstDay: '2026-03-02', lastDay: '2026-03-02' }),
        row('REFUNDED', { type: 'MONTH' }),
      ],
    });
    const items = screen.getAllByTestId('plate-check-vignette');
    expect(items.map((item) => item.dataset.status)).toEqual(['ACTIVE', 'UPCOMING', 'ENDED', 'REFUNDED']);
    expect(items[0]).toHaveTextContent(ro.VignetteCheckPage.status.ACTIVE);
    expect(items[1]).toHaveTextContent('Începe pe 1 ianuarie 2027');
    expect(items[1]).toHaveTextContent('Baranya');
    expect(items[2]).toHaveTextContent('A expirat pe 2 martie 2026');
    expect(items[3]).toHaveTextContent(ro.VignetteCheckPage.status.REFUNDED);
    expect(items[0]).toHaveTextContent(`${ro.OrderEmail.types.WEEK}`);
  });

  it('heads the answer with the plate, its zeros slashed, and the country sign', async () => {
    await show({ vignettes: [row('ACTIVE')] });
    const heading = screen.getByRole('heading', { level: 2 });
    expect(heading).toHaveTextContent('Viniete pentru B100XYZ (RO)');
    expect(heading.querySelectorAll('[data-slashed-zero]')).toHaveLength(2);
  });

  it('says plainly when nothing was bought here for the plate, in Hungarian too', async () => {
    await show({ locale: 'hu', plate: 'ABC123', country: 'HU' });
    expect(screen.getByTestId('plate-check-none')).toHaveTextContent(
      'Ebben a webáruházban nem vásároltak e-matricát erre a rendszámra: ABC123 (H).',
    );
    // The link's language is the page's (the test's navigation mock says Romanian).
    expect(screen.getByRole('link', { name: hu.VignetteCheckPage.buyLink })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/[a-z]{2}\/vignette$/),
    );
  });

  it('offers the other reading of a character that could be an O or a 0, as a search of its own', async () => {
    await show({
      plate: 'MAB1O23',
      country: 'DE',
      warnings: [{ kind: 'LETTER_O_OR_DIGIT_0', index: 4, char: 'O' }],
    });
    const warning = within(screen.getByTestId('plate-check-warnings')).getByRole('listitem');
    expect(warning).toHaveTextContent('poziția 5 este litera O');
    expect(within(warning).getByRole('link')).toHaveAttribute(
      'href',
      '/ro/vignette/check?plate=MAB1023&country=DE',
    );
  });
});
