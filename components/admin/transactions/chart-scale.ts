/**
 * The arithmetic of the sales chart: a "nice" top for the value axis (1, 2, 2.5 or 5 times a power of ten, so that
 * its ticks are round numbers) and which day labels fit under the bars.
 */

const STEPS = [1, 2, 2.5, 5, 10];

/** The smallest round step such that `ticks` steps reach `max`; the axis then runs 0, step, ..., ticks × step. */
export function niceStep(max: number, ticks: number): number {
  if (!(max > 0)) return 1;
  const raw = max / ticks;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = STEPS.find((candidate) => candidate * power >= raw - 1e-9) ?? 10;
  return step * power;
}

/** The tick values of a value axis from 0 to at least `max`. */
export function axisTicks(max: number, ticks = 4): number[] {
  const step = niceStep(max, ticks);
  return Array.from({ length: ticks + 1 }, (_, index) => Number((step * index).toPrecision(12)));
}

/** Every how many bars a day label is written, so that labels about `labelWidth` wide do not overlap. */
export function labelEvery(bars: number, plotWidth: number, labelWidth = 48): number {
  if (bars <= 0) return 1;
  const fitting = Math.max(Math.floor(plotWidth / labelWidth), 1);
  return Math.max(Math.ceil(bars / fitting), 1);
}
