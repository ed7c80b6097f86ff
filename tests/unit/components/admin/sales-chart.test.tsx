/** @jest-environment jsdom */
import { screen, within } from '@testing-library/react';
import { axisTicks, labelEvery, niceStep } from '@/components/admin/transactions/chart-scale';
import { SalesChart } from '@/components/admin/transactions/sales-chart';
import type { DailySales } from '@/lib/admin-client/admin-api';
import { setAdminLocale } from '@/lib/admin-client/locale';
import { renderAdmin, t } from './render-admin';

jest.mock('@/lib/client/api', () => jest.requireActual('./fake-api'));

const DAYS: DailySales[] = [
  { day: '2026-11-18', count: 1, amountRon: 5000 },
  { day: '2026-11-19', count: 0, amountRon: 0 },
  { day: '2026-11-20', count: 4, amountRon: 20000 },
  { day: '2026-11-21', count: 2, amountRon: 10000 },
];

const bars = () => screen.getAllByTestId('sales-bar');
const height = (bar: Element) => Number(bar.getAttribute('height'));

describe('SalesChart', () => {
  it('draws one bar a day, in order, as tall as the day’s amount', () => {
    renderAdmin(<SalesChart days={DAYS} />);
    expect(bars().map((bar) => bar.getAttribute('data-day'))).toEqual(DAYS.map((day) => day.day));
    const [first, empty, best, last] = bars().map(height);
    expect(empty).toBe(0);
    expect(best).toBeGreaterThan(last!);
    expect(last! / best!).toBeCloseTo(0.5, 5);
    expect(first! / best!).toBeCloseTo(0.25, 5);
    // Each bar says its day, amount and orders to a pointer's hover.
    expect(bars()[2]!.querySelector('title')).toHaveTextContent(/20 noiembrie 2026: 200,00\sRON, 4 comenzi/);
  });

  it('is one image to assistive technology, named by a summary of the period', () => {
    renderAdmin(<SalesChart days={DAYS} />);
    const image = screen.getByRole('img');
    expect(image.tagName.toLowerCase()).toBe('svg');
    expect(image).toHaveAccessibleName(
      /^De la 18 noiembrie 2026 până la 21 noiembrie 2026: 7 comenzi, în total 350,00\sRON\. Cea mai bună zi: 20 noiembrie 2026, cu 200,00\sRON\.$/,
    );
  });

  it('has its figures in a table, one row a day', () => {
    renderAdmin(<SalesChart days={DAYS} />);
    const table = screen.getByRole('table', { name: t.chart.tableCaption, hidden: true });
    expect(within(table).getAllByRole('row', { hidden: true })).toHaveLength(DAYS.length + 1);
    const row = within(table)
      .getByRole('rowheader', { name: '20 noiembrie 2026', hidden: true })
      .closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell', { hidden: true })
        .map((cell) => cell.textContent),
    ).toEqual(['4', '200,00\u00a0RON']);
  });

  it('writes the value axis in round steps that reach the highest day', () => {
    renderAdmin(<SalesChart days={DAYS} />);
    const labels = Array.from(screen.getByRole('img').querySelectorAll('text')).map(
      (text) => text.textContent,
    );
    expect(labels).toEqual(expect.arrayContaining(['0', '50', '100', '150', '200']));
  });

  it('counts the orders in the plural forms of the chosen language', () => {
    setAdminLocale('en');
    const view = renderAdmin(<SalesChart days={DAYS} />);
    try {
      const titles = bars().map((bar) => bar.querySelector('title')?.textContent);
      expect(titles[0]).toMatch(/, 1 order$/);
      expect(titles[1]).toMatch(/, 0 orders$/);
      expect(titles[2]).toMatch(/, 4 orders$/);
      expect(screen.getByRole('img')).toHaveAccessibleName(/: 7 orders, /);
    } finally {
      view.unmount();
      setAdminLocale('ro');
    }
  });

  it('says so when nothing was sold, and draws empty bars', () => {
    renderAdmin(<SalesChart days={DAYS.map((day) => ({ ...day, count: 0, amountRon: 0 }))} />);
    expect(screen.getByRole('img')).toHaveAccessibleName(
      'De la 18 noiembrie 2026 până la 21 noiembrie 2026: nicio vânzare.',
    );
    expect(bars().map(height)).toEqual([0, 0, 0, 0]);
  });
});

describe('chart scale', () => {
  it('picks round steps', () => {
    expect(niceStep(200, 4)).toBe(50);
    expect(niceStep(350, 4)).toBe(100);
    expect(niceStep(9, 4)).toBe(2.5);
    expect(niceStep(0, 4)).toBe(1);
    expect(axisTicks(1234)).toEqual([0, 500, 1000, 1500, 2000]);
  });

  it('writes as many day labels as fit', () => {
    expect(labelEvery(7, 700)).toBe(1);
    expect(labelEvery(31, 300)).toBe(6);
    expect(labelEvery(366, 1000)).toBe(19);
  });
});
