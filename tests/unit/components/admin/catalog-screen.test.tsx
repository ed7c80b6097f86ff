/** @jest-environment jsdom */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CatalogScreen } from '@/components/admin/catalog/catalog-screen';
import { logout } from '@/lib/admin-client/session';
import { VIGNETTE_PRICES } from '@/lib/catalog/seed-data';
import { TOP_UP_OPERATORS, TOP_UP_PRODUCTS } from '@/lib/topups/seed-data';
import { VIGNETTE_TYPES } from '@/lib/vignettes/periods';
import { callsTo, on, resetFakeApi, type FakeRequest } from './fake-api';
import { renderAdmin, signInAs, t, validation } from './render-admin';

jest.mock('@/lib/client/api', () => jest.requireActual('./fake-api'));

const c = t.catalog;
const READER = ['CATALOG_READ'];
const WRITER = ['CATALOG_READ', 'CATALOG_WRITE'];
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));

const CATEGORIES = ['CAR', 'VAN', 'MOTOR', 'TRAIL'] as const;
const sheet2026 = {
  year: 2026,
  prices: CATEGORIES.flatMap((categoryCode) =>
    VIGNETTE_TYPES.map((type) => ({
      categoryCode,
      type,
      priceHuf: VIGNETTE_PRICES[2026]![categoryCode]![type],
    })),
  ),
  missing: [],
  editableYears: [2026, 2027],
};
const sheet2027 = {
  year: 2027,
  prices: [{ categoryCode: 'CAR', type: 'YEAR', priceHuf: 64990 }],
  missing: CATEGORIES.flatMap((categoryCode) =>
    VIGNETTE_TYPES.map((type) => ({ categoryCode, type })),
  ).filter((entry) => !(entry.categoryCode === 'CAR' && entry.type === 'YEAR')),
  editableYears: [2026, 2027],
};
const topUps = {
  operators: TOP_UP_OPERATORS.map((operator, index) => ({
    ...operator,
    active: true,
    sortOrder: index + 1,
    products: TOP_UP_PRODUCTS.filter((product) => product.operatorId === operator.id).map((product) => ({
      ...product,
      active: true,
      sortOrder: TOP_UP_PRODUCTS.indexOf(product) + 1,
    })),
  })),
};
const rateStatus = {
  rate: { RON2HUF: 76.912345, date: '2026-11-20', source: 'BNR', recordedAt: '2026-11-20T12:00:00.000Z' },
  feed: {
    enabled: true,
    lastSuccess: { at: '2026-11-20T12:00:00.000Z', date: '2026-11-20', RON2HUF: 76.912345 },
    lastFailure: {
      at: '2026-11-19T06:00:00.000Z',
      reason: 'TIMEOUT',
      message: 'The BNR feed at https://curs.bnr.ro/nbrfxrates.xml did not answer within 10000 ms',
    },
  },
};

beforeEach(() => {
  resetFakeApi();
  localStorage.clear();
  logout();
  on('GET', '/api/admin/catalog/vignette-prices', ({ params }: FakeRequest) => ({
    body: params.year === '2027' ? sheet2027 : sheet2026,
  }));
  on('GET', '/api/admin/catalog/topup-products', { body: topUps });
  on('GET', '/api/admin/exchange-rate', { body: rateStatus });
});

const priceInput = (category: string, period: string) =>
  screen.findByRole('spinbutton', { name: `${category} ${period}` });

describe('catalog screen', () => {
  it('with CATALOG_READ only shows prices, products and the rate, with nothing to change', async () => {
    signInAs(READER);
    renderAdmin(<CatalogScreen />);
    const table = await screen.findByRole('table', { name: fill(c.prices.caption, { year: 2026 }) });
    const car = within(table).getByRole('row', { name: new RegExp(`^${t.products.CAR}`) });
    expect(car).toHaveTextContent(/61.?760/);
    expect(screen.queryByRole('spinbutton')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: c.prices.save })).not.toBeInTheDocument();

    const orange = await screen.findByRole('table', { name: fill(c.topUps.caption, { operator: 'Orange' }) });
    expect(within(orange).getAllByRole('row')).toHaveLength(7);
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: c.topUps.add.submit })).not.toBeInTheDocument();

    expect(await screen.findByText(fill(c.rate.value, { rate: '76,912345' }))).toBeInTheDocument();
    expect(screen.getByText(c.rate.sources.BNR)).toBeInTheDocument();
    expect(screen.getByText(new RegExp(c.rate.reasons.TIMEOUT))).toBeInTheDocument();
    // The feed's own English words, folded behind "Technical details".
    const technical = screen.getByText(/did not answer within 10000 ms/);
    expect(technical).not.toBeVisible();
    expect(technical.closest('details')).not.toBeNull();
    expect(screen.queryByLabelText(c.rate.form.label)).not.toBeInTheDocument();
  });

  it('saves only the changed prices, after a confirmation that lists them', async () => {
    signInAs(WRITER);
    on('PUT', '/api/admin/catalog/vignette-prices', () => ({
      body: {
        ...sheet2026,
        prices: sheet2026.prices.map((price) =>
          price.categoryCode === 'CAR' && price.type === 'WEEK' ? { ...price, priceHuf: 7200 } : price,
        ),
      },
    }));
    renderAdmin(<CatalogScreen />);
    fireEvent.change(await priceInput(t.products.CAR, t.vignetteTypes.WEEK), { target: { value: '7200' } });
    const save = screen.getByRole('button', { name: c.prices.save });
    save.focus();
    fireEvent.click(save);

    const dialog = within(
      await screen.findByRole('dialog', { name: fill(c.prices.confirmTitle, { year: 2026 }) }),
    );
    expect(dialog.getByRole('listitem')).toHaveTextContent(
      new RegExp(`^${t.products.CAR}, ${t.vignetteTypes.WEEK}: 6.?900\\sHUF → 7.?200\\sHUF$`),
    );
    expect(callsTo('PUT', '/api/admin/catalog/vignette-prices')).toHaveLength(0);
    fireEvent.click(dialog.getByRole('button', { name: c.prices.confirm }));

    expect(await screen.findByText(fill(c.prices.saved, { year: 2026 }))).toBeInTheDocument();
    expect(callsTo('PUT', '/api/admin/catalog/vignette-prices')[0]!.json).toEqual({
      year: 2026,
      prices: [{ categoryCode: 'CAR', type: 'WEEK', priceHuf: 7200 }],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(save).toHaveFocus());
  });

  it('marks a bad price next to its field and sends nothing; a price is never emptied', async () => {
    signInAs(WRITER);
    renderAdmin(<CatalogScreen />);
    const week = await priceInput(t.products.VAN, t.vignetteTypes.WEEK);
    fireEvent.change(week, { target: { value: '10040.5' } });
    const day = await priceInput(t.products.MOTOR, t.vignetteTypes.DAY);
    fireEvent.change(day, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: c.prices.save }));

    expect(week).toHaveAttribute('aria-invalid', 'true');
    expect(week).toHaveAccessibleDescription(validation.priceInvalid);
    expect(day).toHaveAccessibleDescription(validation.required);
    expect(week).toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo('PUT', '/api/admin/catalog/vignette-prices')).toHaveLength(0);
  });

  it('shows the server’s refusal next to the field it names', async () => {
    signInAs(WRITER);
    on('PUT', '/api/admin/catalog/vignette-prices', {
      status: 422,
      body: {
        error: {
          code: 'VALIDATION',
          message: 'The request has invalid fields',
          issues: [{ path: 'prices.0.priceHuf', code: 'priceInvalid', message: '' }],
        },
      },
    });
    renderAdmin(<CatalogScreen />);
    const year = await priceInput(t.products.TRAIL, t.vignetteTypes.YEAR);
    fireEvent.change(year, { target: { value: '999999' } });
    fireEvent.click(screen.getByRole('button', { name: c.prices.save }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: c.prices.confirm }),
    );

    expect(await screen.findByText(c.prices.fixErrors)).toBeInTheDocument();
    expect(year).toHaveAccessibleDescription(validation.priceInvalid);
  });

  it('opens next year’s list and says which prices are missing', async () => {
    signInAs(WRITER);
    renderAdmin(<CatalogScreen />);
    fireEvent.change(await screen.findByLabelText(c.prices.year), { target: { value: '2027' } });
    expect(
      await screen.findByRole('table', { name: fill(c.prices.caption, { year: 2027 }) }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Lipsesc 19 prețuri pentru 2027/)).toBeInTheDocument();
    expect(await priceInput(t.products.CAR, t.vignetteTypes.YEAR)).toHaveValue(64990);
    expect(await priceInput(t.products.CAR, t.vignetteTypes.DAY)).toHaveValue(null);
    expect(callsTo('GET', '/api/admin/catalog/vignette-prices').at(-1)!.params).toEqual({ year: '2027' });
  });

  it('changes a top-up product’s price and state, and adds a product, each after a confirmation', async () => {
    signInAs(WRITER);
    on('PUT', '/api/admin/catalog/topup-products', { body: topUps });
    renderAdmin(<CatalogScreen />);
    fireEvent.change(
      await screen.findByRole('spinbutton', { name: /^Prețul în lei pentru Orange 10,00\sEUR/ }),
      {
        target: { value: '64.5' },
      },
    );
    fireEvent.click(
      screen.getByRole('checkbox', { name: /^Vodafone 5,00\sEUR \(Cod PIN prin e-mail\) în vânzare$/ }),
    );
    fireEvent.click(
      screen.getByRole('checkbox', { name: fill(c.topUps.operatorActive, { operator: 'Digi' }) }),
    );
    fireEvent.click(screen.getByRole('button', { name: c.topUps.save }));

    const dialog = within(await screen.findByRole('dialog', { name: c.topUps.confirmTitle }));
    expect(dialog.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Orange 10,00\sEUR \(Încărcare directă pe număr\): 62,00\sRON → 64,50\sRON$/),
      expect.stringMatching(/^Vodafone 5,00\sEUR \(Cod PIN prin e-mail\): scos din vânzare$/),
      'Digi: scos din vânzare',
    ]);
    fireEvent.click(dialog.getByRole('button', { name: c.topUps.confirm }));
    expect(await screen.findByText(c.topUps.saved)).toBeInTheDocument();
    expect(callsTo('PUT', '/api/admin/catalog/topup-products')[0]!.json).toEqual({
      operators: [{ id: 'digi', active: false }],
      products: [
        {
          id: 'orange-10',
          operatorId: 'orange',
          faceValueCents: 1000,
          delivery: 'DIRECT',
          priceBani: 6450,
          active: true,
        },
        {
          id: 'vodafone-pin-5',
          operatorId: 'vodafone',
          faceValueCents: 500,
          delivery: 'PIN',
          priceBani: 3100,
          active: false,
        },
      ],
    });

    // A new product: the face value in euro and the price in lei become cents and bani.
    fireEvent.click(screen.getByRole('button', { name: c.topUps.add.submit }));
    expect(screen.getByLabelText(c.topUps.add.operator)).toHaveAccessibleDescription(
      validation.operatorUnknown,
    );
    fireEvent.change(screen.getByLabelText(c.topUps.add.operator), { target: { value: 'orange' } });
    fireEvent.change(screen.getByLabelText(c.topUps.add.faceValue), { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText(c.topUps.add.price), { target: { value: '74.50' } });
    fireEvent.change(screen.getByLabelText(c.topUps.add.delivery), { target: { value: 'PIN' } });
    fireEvent.click(screen.getByRole('button', { name: c.topUps.add.submit }));
    const add = within(await screen.findByRole('dialog', { name: c.topUps.add.confirmTitle }));
    expect(
      add.getByText(/^Orange 12,00\sEUR \(Cod PIN prin e-mail\) va fi în vânzare la 74,50\sRON\.$/),
    ).toBeInTheDocument();
    fireEvent.click(add.getByRole('button', { name: c.topUps.add.confirm }));
    expect(await screen.findByText(c.topUps.add.added)).toBeInTheDocument();
    expect(callsTo('PUT', '/api/admin/catalog/topup-products')[1]!.json).toEqual({
      products: [
        { operatorId: 'orange', faceValueCents: 1200, priceBani: 7450, delivery: 'PIN', active: true },
      ],
    });
  });

  it('sets a manual rate after a confirmation, and refuses one out of bounds', async () => {
    signInAs(WRITER);
    const manual = {
      ...rateStatus,
      rate: { RON2HUF: 80.5, date: '2026-11-24', source: 'ADMIN', recordedAt: '2026-11-24T10:00:00.000Z' },
    };
    on('PUT', '/api/admin/exchange-rate', { body: manual });
    renderAdmin(<CatalogScreen />);
    const field = await screen.findByLabelText(c.rate.form.label);
    fireEvent.change(field, { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: c.rate.form.submit }));
    expect(field).toHaveAccessibleDescription(expect.stringContaining(validation.rateInvalid));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    fireEvent.change(field, { target: { value: '80.5' } });
    fireEvent.click(screen.getByRole('button', { name: c.rate.form.submit }));
    const dialog = within(
      await screen.findByRole('dialog', { name: fill(c.rate.confirmTitle, { rate: '80,5' }) }),
    );
    fireEvent.click(dialog.getByRole('button', { name: c.rate.confirm }));
    expect(await screen.findByText(fill(c.rate.saved, { rate: '80,5' }))).toBeInTheDocument();
    expect(callsTo('PUT', '/api/admin/exchange-rate')[0]!.json).toEqual({ RON2HUF: 80.5 });
    expect(screen.getByText(c.rate.sources.ADMIN)).toBeInTheDocument();
  });
});
