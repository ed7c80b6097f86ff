import { describeVerdict, judgeRatio, median, type Load } from '../../../bench/page-cache-verdict';

const load = (requestsPerSecond: number, failed = 0, seconds = 10): Load => ({
  requestsPerSecond,
  failed,
  seconds,
});
const names = { measured: 'nginx', baseline: "Next's own path" };

describe('the page cache bench verdicts', () => {
  it('takes the median of the rounds', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });

  it('holds when neither load lost a request and the ratio reaches the goal', () => {
    const verdict = judgeRatio([load(20_000), load(21_000)], [load(1000), load(1000)], 20, {
      strict: false,
    });
    expect(verdict).toMatchObject({ ratio: 20.5, judgedRatio: 20.5, lowerBound: false, holds: true });
    expect(describeVerdict(verdict, 20, names)).toBe('goal ≥ 20×: holds');
  });

  it('counts each request the baseline lost as served, and says it judged a lower bound', () => {
    // 943/s with 10 lost in 10 s: judged against 944/s.
    const verdict = judgeRatio(
      [load(28_800), load(28_900), load(28_700)],
      [load(943, 4), load(943, 10), load(943, 0)],
      20,
      { strict: false },
    );
    expect(verdict.ratio).toBeCloseTo(28_800 / 943);
    expect(verdict.judgedRatio).toBeCloseTo(28_800 / 943.4);
    expect(verdict).toMatchObject({ baselineLost: [4, 10, 0], lowerBound: true, holds: true });
    expect(describeVerdict(verdict, 20, names)).toBe(
      "goal ≥ 20×: holds as a lower bound (Next's own path lost 14 requests, 4 + 10 + 0 by round, each counted " +
        'as served: 30.5×)',
    );
  });

  it('does not hold when the lower bound falls short of the goal, though the ratio as served reaches it', () => {
    const verdict = judgeRatio([load(20_000)], [load(990, 200)], 20, { strict: false });
    expect(verdict.ratio).toBeGreaterThan(20);
    expect(verdict.judgedRatio).toBeCloseTo(20_000 / 1010);
    expect(verdict.holds).toBe(false);
    expect(describeVerdict(verdict, 20, names)).toBe(
      "goal ≥ 20×: does not hold (Next's own path lost 200 requests, 200 by round, each counted as served: 19.8×)",
    );
  });

  it('does not hold when the load measured lost any request, however high its ratio', () => {
    const verdict = judgeRatio([load(30_000, 1), load(30_000)], [load(900), load(900)], 20, {
      strict: false,
    });
    expect(verdict.holds).toBe(false);
    expect(describeVerdict(verdict, 20, names)).toBe(
      'goal ≥ 20×: does not hold (nginx lost 1 request, 1 + 0 by round)',
    );
  });

  it('fails on a lost request of either load when strict', () => {
    const verdict = judgeRatio([load(950)], [load(1000, 3)], 0.9, { strict: true });
    expect(verdict).toMatchObject({ judgedRatio: 0.95, lowerBound: false, holds: false });
    expect(describeVerdict(verdict, 0.9, { measured: 'the server', baseline: 'public/' })).toBe(
      'goal ≥ 0.9×: does not hold (public/ lost 3 requests, 3 by round)',
    );
    expect(judgeRatio([load(950)], [load(1000)], 0.9, { strict: true }).holds).toBe(true);
  });
});
