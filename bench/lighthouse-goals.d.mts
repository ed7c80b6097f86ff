export interface LighthouseMedians {
  performance: number | null;
  fcp: number | null;
  lcp: number | null;
  tbt: number | null;
}
export interface Goal {
  metric: 'performance' | 'fcp' | 'lcp' | 'tbt';
  value: number | null;
  baseline: number | null;
  limit: number | null;
  ratio: number | null;
  holds: boolean | null;
}
export const LIGHTHOUSE_GOALS: {
  performanceMargin: number;
  fcpRatio: number;
  lcpRatio: number;
  tbtRatio: number;
};
export function pageGoals(
  page: { kind?: string; median: LighthouseMedians },
  bare: { median: LighthouseMedians },
  goals?: typeof LIGHTHOUSE_GOALS,
): Goal[];
export function verdict(goal: Goal): 'holds' | 'does not hold' | 'not measured';
export function allGoalsHold(pages: { goals: Goal[] }[]): boolean;
export const LATE_PAINT_MS: number;
export function latePaints(runs: { observedPaint?: number | null }[]): number;
