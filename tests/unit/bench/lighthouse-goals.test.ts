import {
  allGoalsHold,
  LATE_PAINT_MS,
  latePaints,
  LIGHTHOUSE_GOALS,
  pageGoals,
  verdict,
} from '../../../bench/lighthouse-goals.mjs';

const bare = { median: { performance: 90, fcp: 1000, lcp: 2000, tbt: 300 } };
const byMetric = (goals: ReturnType<typeof pageGoals>) =>
  Object.fromEntries(goals.map((goal) => [goal.metric, goal]));

describe('the Lighthouse goals against bare Next', () => {
  it('holds at the limits: bare − 3 points, 1.15 × FCP and LCP, 1.3 × TBT on a purchase page', () => {
    const goals = byMetric(
      pageGoals({ kind: 'purchase', median: { performance: 87, fcp: 1150, lcp: 2300, tbt: 390 } }, bare),
    );
    expect(goals.performance).toEqual({
      metric: 'performance',
      value: 87,
      baseline: 90,
      limit: 87,
      ratio: null,
      holds: true,
    });
    expect(goals.fcp).toMatchObject({ ratio: 1.15, limit: LIGHTHOUSE_GOALS.fcpRatio, holds: true });
    expect(goals.lcp).toMatchObject({ ratio: 1.15, holds: true });
    expect(goals.tbt).toMatchObject({ ratio: 1.3, limit: 1.3, holds: true });
  });

  it('does not hold just past each limit', () => {
    const goals = pageGoals(
      { kind: 'purchase', median: { performance: 86, fcp: 1151, lcp: 2301, tbt: 391 } },
      bare,
    );
    expect(goals.map((goal) => [goal.metric, verdict(goal)])).toEqual([
      ['performance', 'does not hold'],
      ['fcp', 'does not hold'],
      ['lcp', 'does not hold'],
      ['tbt', 'does not hold'],
    ]);
  });

  it('holds a content page to performance, FCP and LCP only: its TBT is not a goal', () => {
    const goals = pageGoals(
      { kind: 'content', median: { performance: 95, fcp: 900, lcp: 1800, tbt: 5000 } },
      bare,
    );
    expect(goals.map((goal) => goal.metric)).toEqual(['performance', 'fcp', 'lcp']);
    expect(allGoalsHold([{ goals }])).toBe(true);
  });

  it('says "not measured" when every run of either side failed, and then not every goal holds', () => {
    const goals = pageGoals(
      { kind: 'purchase', median: { performance: null, fcp: null, lcp: null, tbt: null } },
      bare,
    );
    expect(goals.every((goal) => verdict(goal) === 'not measured')).toBe(true);
    expect(allGoalsHold([{ goals }])).toBe(false);
  });

  it('compares with a bare TBT of 0 ms: only 0 holds', () => {
    const quiet = { median: { ...bare.median, tbt: 0 } };
    const tbt = (value: number) =>
      byMetric(pageGoals({ kind: 'purchase', median: { ...bare.median, tbt: value } }, quiet)).tbt;
    expect(tbt(0)).toMatchObject({ ratio: 1, holds: true });
    expect(tbt(10)).toMatchObject({ ratio: null, holds: false });
  });
});

describe('the runs whose first frame was presented late', () => {
  it('counts the runs painted a whole second or more after the navigation', () => {
    // One page's observed first paints in a bench run: three at the first whole second, one at the second, one early.
    const runs = [1323, 275, 1300, 2254, 1342].map((observedPaint) => ({ observedPaint }));
    expect(latePaints(runs)).toBe(4);
  });

  it('counts a paint at exactly the limit as late and one just under it as early', () => {
    expect(latePaints([{ observedPaint: LATE_PAINT_MS }, { observedPaint: LATE_PAINT_MS - 1 }])).toBe(1);
  });

  it('leaves out a run without an observed paint (Lighthouse found none, or the run failed)', () => {
    expect(
      latePaints([{ observedPaint: null }, {}, { observedPaint: Number.NaN }, { observedPaint: 1200 }]),
    ).toBe(1);
  });
});
