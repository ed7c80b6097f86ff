/** @jest-environment jsdom */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearCart, readCart } from '@/lib/cart/cart-store';
import { ItemForm } from '@/components/vignette/item-form';
import type { Catalog } from '@/lib/client/api';
import ro from '@/messages/ro.json';

const labels = ro.VignetteForm;
const validation: Record<string, string> = ro.Validation;

/** The catalog of 10 December 2026: next year's yearly vignettes are on pre-sale. */
const DECEMBER: Catalog = {
  date: '2026-12-10',
  RON2HUF: 76.87,
  rateDate: '2026-12-09',
  categories: [{ code: 'CAR', title: 'D1', sellable: true, notSoldReason: null }],
  counties: [
    { id: 'fejer', name: 'Fejér' },
    { id: 'pest', name: 'Pest' },
  ],
  products: [
    {
      categoryCode: 'CAR',
      type: 'WEEK',
      year: 2026,
      priceHuf: 6900,
      priceRon: 8976,
      earliestStart: '2026-12-10',
      latestStart: '2027-01-09',
    },
    {
      categoryCode: 'CAR',
      type: 'YEAR',
      year: 2026,
      priceHuf: 61760,
      priceRon: 80343,
      earliestStart: '2026-12-10',
      latestStart: '2026-12-10',
    },
    {
      categoryCode: 'CAR',
      type: 'YEAR',
      year: 2027,
      priceHuf: 64000,
      priceRon: 83257,
      earliestStart: '2027-01-01',
      latestStart: '2027-01-01',
    },
    {
      categoryCode: 'CAR',
      type: 'COUNTY_YEAR',
      year: 2026,
      priceHuf: 7190,
      priceRon: 9353,
      earliestStart: '2026-12-10',
      latestStart: '2026-12-10',
    },
    {
      categoryCode: 'CAR',
      type: 'COUNTY_YEAR',
      year: 2027,
      priceHuf: 7500,
      priceRon: 9757,
      earliestStart: '2027-01-01',
      latestStart: '2027-01-01',
    },
  ],
};

function renderForm() {
  const onAdded = jest.fn();
  render(
    <ItemForm
      categoryCode="CAR"
      catalog={DECEMBER}
      locale="ro"
      cart={[]}
      labels={labels}
      validation={validation}
      validityTexts={ro.VignetteValidity}
      describeItem={(item) => `${item.categoryCode} ${item.type} ${item.plate}`}
      onAdded={onAdded}
    />,
  );
  return { onAdded };
}

const radio = (name: RegExp) => screen.getByRole('radio', { name });
const validity = () => screen.getByTestId('validity').querySelector('[data-first-day]');

async function fillVehicle(plate: string) {
  // At a person's pace: the plate field puts the caret back at the next frame (16 ms).
  const user = userEvent.setup({ delay: 20 });
  await user.type(screen.getByRole('textbox', { name: labels.plate.label }), plate);
  await user.click(screen.getByRole('checkbox', { name: new RegExp(plate.replace(/\s/g, '')) }));
}

beforeEach(() => {
  sessionStorage.clear();
  clearCart();
});

describe('ItemForm', () => {
  it('offers only the periods the catalog sells, each with its price in HUF and RON', () => {
    renderForm();
    expect(screen.getAllByRole('radio')).toHaveLength(3);
    expect(radio(/^De 10 zile/)).toHaveAccessibleName(/^De 10 zile 6\.900\sHUF · 89,76\sRON$/);
    expect(screen.queryByRole('radio', { name: /^Zilnică/ })).not.toBeInTheDocument();
  });

  it('in December offers this year and next for a yearly vignette, and adds the chosen year', async () => {
    const { onAdded } = renderForm();
    fireEvent.click(radio(/^Anuală \(toată Ungaria\)/));
    const thisYear = screen.getByRole('radio', { name: 'Anul 2026' });
    const nextYear = screen.getByRole('radio', { name: 'Anul 2027' });
    expect(thisYear).toBeChecked();
    expect(validity()).toHaveAttribute('data-first-day', '2026-12-10');
    expect(validity()).toHaveAttribute('data-last-day', '2027-01-31');
    // Bought for the current year, it starts today: at the payment, never retroactively at midnight.
    expect(validity()).toHaveTextContent(
      'din momentul plății, pe 10 decembrie 2026, până la 31 ianuarie 2027, ora 24:00 (ora Ungariei)',
    );

    fireEvent.click(nextYear);
    expect(validity()).toHaveAttribute('data-first-day', '2027-01-01');
    expect(validity()).toHaveAttribute('data-last-day', '2028-01-31');
    expect(validity()).toHaveTextContent(
      'de la 1 ianuarie 2027, ora 00:00, până la 31 ianuarie 2028, ora 24:00 (ora Ungariei)',
    );
    expect(radio(/^Anuală \(toată Ungaria\)/)).toHaveAccessibleName(/64\.000\sHUF · 832,57\sRON/);

    await fillVehicle('CJ 22 XYZ');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: labels.add.button })));
    await waitFor(() => expect(onAdded).toHaveBeenCalled());
    expect(readCart()).toEqual([
      expect.objectContaining({
        categoryCode: 'CAR',
        type: 'YEAR',
        startDate: '2027-01-01',
        plate: 'CJ22XYZ',
        country: 'RO',
        firstDay: '2027-01-01',
        lastDay: '2028-01-31',
        priceHuf: 64000,
        priceRon: 83257,
      }),
    ]);
    // The form starts over for the next vignette.
    expect(screen.getByRole('textbox', { name: labels.plate.label })).toHaveValue('');
  });

  it('does not show the confirmation’s error again before a new attempt when a plate change unticks it', async () => {
    renderForm();
    const user = userEvent.setup({ delay: 20 });
    const plateBox = screen.getByRole('textbox', { name: labels.plate.label });
    await user.type(plateBox, 'CJ 22 XYZ');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: labels.add.button })));
    const confirmError = labels.errors.plateConfirm;
    await waitFor(() => expect(screen.getByText(confirmError)).toBeInTheDocument());

    await user.click(screen.getByRole('checkbox', { name: /CJ22XYZ/ }));
    await waitFor(() => expect(screen.queryByText(confirmError)).not.toBeInTheDocument());
    // A corrected plate unticks the confirmation; the buyer is not scolded for it before trying again.
    await user.type(plateBox, 'A');
    expect(screen.getByRole('checkbox', { name: /CJ22XYZA/ })).not.toBeChecked();
    expect(screen.queryByText(confirmError)).not.toBeInTheDocument();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: labels.add.button })));
    await waitFor(() => expect(screen.getByText(confirmError)).toBeInTheDocument());
  });

  it('asks for the county of a county vignette', async () => {
    renderForm();
    fireEvent.click(radio(/^Anuală județeană/));
    await fillVehicle('CJ 22 XYZ');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: labels.add.button })));
    const county = screen.getByRole('combobox', { name: labels.county.label });
    await waitFor(() => expect(county).toHaveAttribute('aria-invalid', 'true'));
    expect(county).toHaveFocus();
    expect(county).toHaveAccessibleDescription(`${labels.county.hint} ${validation.countyRequired}`);
    expect(readCart()).toEqual([]);

    fireEvent.change(county, { target: { value: 'pest' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: labels.add.button })));
    await waitFor(() =>
      expect(readCart()).toEqual([expect.objectContaining({ type: 'COUNTY_YEAR', county: 'pest' })]),
    );
  });

  it('shows the validity of a 10-day vignette across the new year', async () => {
    renderForm();
    fireEvent.click(radio(/^De 10 zile/));
    fireEvent.click(screen.getByRole('button', { name: labels.calendar.open }));
    await act(async () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
    fireEvent.click(document.querySelector('button[data-date="2026-12-28"]')!);
    expect(validity()).toHaveAttribute('data-first-day', '2026-12-28');
    expect(validity()).toHaveAttribute('data-last-day', '2027-01-06');
  });
});
