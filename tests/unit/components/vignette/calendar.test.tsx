/** @jest-environment jsdom */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Calendar } from '@/components/vignette/calendar';
import { DatePicker, POPUP_HEIGHT, POPUP_WIDTH } from '@/components/vignette/date-picker';
import ro from '@/messages/ro.json';

const labels = ro.VignetteForm.calendar;
const MIN = '2026-11-22';
const MAX = '2026-12-22';

const day = (date: string) => document.querySelector<HTMLButtonElement>(`button[data-date="${date}"]`)!;
const focusedDate = () => (document.activeElement as HTMLElement | null)?.dataset.date;
const grid = () => screen.getByRole('grid');

function renderCalendar(props: Partial<Parameters<typeof Calendar>[0]> = {}) {
  const onSelect = jest.fn();
  render(
    <Calendar
      locale="ro"
      min={MIN}
      max={MAX}
      today={MIN}
      labels={labels}
      onSelect={onSelect}
      autoFocus
      {...props}
    />,
  );
  return { onSelect };
}

describe('Calendar: the month view', () => {
  it('has 7 weekday columns, Monday first, named in the page language', () => {
    renderCalendar();
    const headers = within(grid()).getAllByRole('columnheader');
    expect(headers).toHaveLength(7);
    expect(headers[0]).toHaveAttribute('abbr', 'luni');
    expect(headers[6]).toHaveAttribute('abbr', 'duminică');
    expect(screen.getByTestId('calendar-period')).toHaveTextContent('Noiembrie 2026');
    // 1 November 2026 is a Sunday: the last column of the first week.
    const firstWeek = within(grid()).getAllByRole('row')[1]!;
    expect(within(firstWeek).getAllByRole('gridcell')[6]).toContainElement(day('2026-11-01'));
  });

  it('names the days in full, marks today and the chosen day', () => {
    renderCalendar({ value: '2026-11-25' });
    expect(day('2026-11-25')).toHaveAccessibleName('miercuri, 25 noiembrie 2026');
    expect(day('2026-11-22')).toHaveAttribute('aria-current', 'date');
    expect(day('2026-11-25').closest('td')).toHaveAttribute('aria-selected', 'true');
    expect(day('2026-11-24').closest('td')).toHaveAttribute('aria-selected', 'false');
  });

  it('disables the days outside the bounds and the arrows that would leave them', () => {
    const { onSelect } = renderCalendar();
    expect(day('2026-11-21')).toBeDisabled();
    expect(day('2026-11-22')).toBeEnabled();
    expect(day('2026-11-30')).toBeEnabled();
    expect(screen.getByRole('button', { name: labels.previousMonth })).toBeDisabled();
    fireEvent.click(day('2026-11-21'));
    expect(onSelect).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: labels.nextMonth }));
    expect(screen.getByTestId('calendar-period')).toHaveTextContent('Decembrie 2026');
    expect(day('2026-12-22')).toBeEnabled();
    expect(day('2026-12-23')).toBeDisabled();
    expect(screen.getByRole('button', { name: labels.nextMonth })).toBeDisabled();
    expect(screen.getByRole('button', { name: labels.previousMonth })).toBeEnabled();
  });

  it('chooses a day with a click', () => {
    const { onSelect } = renderCalendar();
    fireEvent.click(day('2026-11-27'));
    expect(onSelect).toHaveBeenCalledWith('2026-11-27');
  });
});

describe('Calendar: the year and multi-year views', () => {
  it('goes from the period button to the years, from a year to its months and from a month to its days', () => {
    renderCalendar();
    fireEvent.click(screen.getByTestId('calendar-period'));
    expect(grid()).toHaveAttribute('data-view', 'multi-year');
    const years = grid().querySelectorAll('button[data-year]');
    expect(years).toHaveLength(24);
    // 4 columns: 6 rows of 4 years.
    expect(within(grid()).getAllByRole('row')).toHaveLength(6);
    expect(within(grid()).getAllByRole('row')[0]!.querySelectorAll('button')).toHaveLength(4);
    expect(grid().querySelector('button[data-year="2026"]')).toBeEnabled();
    expect(grid().querySelector('button[data-year="2027"]')).toBeDisabled();
    expect(document.activeElement).toBe(grid().querySelector('button[data-year="2026"]'));

    fireEvent.click(grid().querySelector('button[data-year="2026"]')!);
    expect(grid()).toHaveAttribute('data-view', 'year');
    expect(grid().querySelectorAll('button[data-month]')).toHaveLength(12);
    expect(within(grid()).getAllByRole('row')).toHaveLength(3);
    expect(grid().querySelector('button[data-month="2026-10"]')).toBeDisabled();
    expect(grid().querySelector('button[data-month="2026-11"]')).toBeEnabled();
    expect(grid().querySelector('button[data-month="2026-12"]')).toHaveAccessibleName('decembrie 2026');

    fireEvent.click(grid().querySelector('button[data-month="2026-12"]')!);
    expect(grid()).toHaveAttribute('data-view', 'month');
    expect(screen.getByTestId('calendar-period')).toHaveTextContent('Decembrie 2026');
    // The focus lands on the same day of the chosen month, within the bounds.
    expect(focusedDate()).toBe('2026-12-22');
  });

  it('goes back from the years to the days with the period button', () => {
    renderCalendar();
    fireEvent.click(screen.getByTestId('calendar-period'));
    fireEvent.click(screen.getByTestId('calendar-period'));
    expect(grid()).toHaveAttribute('data-view', 'month');
  });
});

describe('Calendar: the keyboard', () => {
  it('starts on the chosen day and moves with the arrows, Home/End and Page Up/Down, within the bounds', async () => {
    const user = userEvent.setup();
    renderCalendar({ value: '2026-11-25' });
    expect(focusedDate()).toBe('2026-11-25');
    await user.keyboard('{ArrowRight}');
    expect(focusedDate()).toBe('2026-11-26');
    await user.keyboard('{ArrowDown}');
    expect(focusedDate()).toBe('2026-12-03');
    expect(screen.getByTestId('calendar-period')).toHaveTextContent('Decembrie 2026');
    await user.keyboard('{ArrowUp}');
    expect(focusedDate()).toBe('2026-11-26');
    await user.keyboard('{End}');
    expect(focusedDate()).toBe('2026-11-30');
    await user.keyboard('{Home}');
    // The 1st is before the first possible day: the focus stops there.
    expect(focusedDate()).toBe('2026-11-22');
    await user.keyboard('{ArrowLeft}');
    expect(focusedDate()).toBe('2026-11-22');
    await user.keyboard('{PageDown}');
    expect(focusedDate()).toBe('2026-12-22');
    await user.keyboard('{ArrowRight}');
    expect(focusedDate()).toBe('2026-12-22');
    // Only the focused day is in the tab order.
    expect(grid().querySelectorAll('button[tabindex="0"]')).toHaveLength(1);
  });

  it('chooses the focused day with Enter or Space', async () => {
    const user = userEvent.setup();
    const { onSelect } = renderCalendar();
    await user.keyboard('{ArrowRight}');
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenLastCalledWith('2026-11-23');
    await user.keyboard('{ArrowRight}');
    await user.keyboard(' ');
    expect(onSelect).toHaveBeenLastCalledWith('2026-11-24');
  });

  it('moves and chooses in the year and multi-year views too', async () => {
    const user = userEvent.setup();
    renderCalendar({ min: '2025-03-10', max: '2027-06-30', today: '2026-11-22', value: '2026-11-22' });
    fireEvent.click(screen.getByTestId('calendar-period'));
    expect(document.activeElement).toHaveAttribute('data-year', '2026');
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toHaveAttribute('data-year', '2025');
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toHaveAttribute('data-year', '2025');
    // Held at the first possible day (10 March 2025), the focus keeps that day as it moves on.
    await user.keyboard('{ArrowRight}');
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toHaveAttribute('data-year', '2027');
    await user.keyboard('{Enter}');
    expect(grid()).toHaveAttribute('data-view', 'year');
    expect(document.activeElement).toHaveAttribute('data-month', '2027-03');
    expect(grid().querySelector('button[data-month="2027-07"]')).toBeDisabled();
    await user.keyboard('{ArrowDown}');
    // Four months down would be July, after the last day: the focus stops on the last month that can be chosen.
    expect(document.activeElement).toHaveAttribute('data-month', '2027-06');
    await user.keyboard('{ArrowLeft}');
    await user.keyboard('{Enter}');
    expect(grid()).toHaveAttribute('data-view', 'month');
    expect(screen.getByTestId('calendar-period')).toHaveTextContent('Mai 2027');
  });
});

describe('DatePicker', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  function renderPicker(value?: string) {
    const onChange = jest.fn();
    render(
      <>
        <label htmlFor="start">{ro.VignetteForm.start.label}</label>
        <DatePicker
          id="start"
          locale="ro"
          min={MIN}
          max={MAX}
          today={MIN}
          value={value}
          onChange={onChange}
          labels={labels}
        />
      </>,
    );
    // The dialog opens and closes on timers: the keyboard's pauses run on the same fake clock.
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    return { onChange, user, field: screen.getByLabelText(ro.VignetteForm.start.label) };
  }
  // The popup opens once the calendar's code is there (fetched when the field is reached), then animates for a frame.
  const openFrame = async () => {
    await screen.findByRole('dialog');
    act(() => jest.advanceTimersByTime(20));
  };

  it('opens a 296×354 dialog from the field with the keyboard, focused on the first possible day', async () => {
    const { field, user } = renderPicker();
    expect(field).toHaveValue('');
    await user.tab();
    expect(field).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    await openFrame();
    const dialog = screen.getByRole('dialog', { name: labels.dialog });
    expect(dialog).toHaveStyle({ width: `${POPUP_WIDTH}px`, height: `${POPUP_HEIGHT}px` });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(focusedDate()).toBe(MIN);
  });

  it('closes on Escape without a change and gives the focus back to the field', async () => {
    const { field, onChange, user } = renderPicker();
    fireEvent.click(screen.getByRole('button', { name: labels.open }));
    await openFrame();
    await user.keyboard('{Escape}');
    expect(field).toHaveFocus();
    // The closing animation runs its 100 ms, then the dialog is gone.
    expect(screen.getByRole('dialog')).toHaveAttribute('data-state', 'closing');
    act(() => jest.advanceTimersByTime(100));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('sets the chosen day and shows it in words', async () => {
    const { field, onChange, user } = renderPicker();
    fireEvent.click(field);
    await openFrame();
    await user.keyboard('{ArrowRight}');
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith('2026-11-23');
    expect(field).toHaveFocus();
    act(() => jest.advanceTimersByTime(100));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows a chosen day in full in the page language', () => {
    const { field } = renderPicker('2026-12-01');
    expect(field).toHaveValue('marți, 1 decembrie 2026');
  });

  it('keeps the Tab key inside the open dialog', async () => {
    const { user } = renderPicker();
    fireEvent.click(screen.getByRole('button', { name: labels.open }));
    await openFrame();
    const period = screen.getByTestId('calendar-period');
    period.focus();
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(day(MIN));
    await user.tab();
    expect(document.activeElement).toBe(period);
  });
});
