/**
 * The verdicts of bench/page-cache.ts: a ratio of two loads' median requests per second against its goal, with the
 * requests either load lost (an answer other than 2xx or 3xx, or one of wrk's socket errors, a timeout among them).
 *
 * A lost request of the load measured against the baseline makes its figure say more than was served: the ratio does
 * not hold. One lost by the baseline only makes the baseline look slower, which flatters the ratio: it is judged as
 * a lower bound, each lost request counted as if the baseline had served it within the round (in its favour: wrk
 * counts a request answered late both as served and as a timeout, and a request still waiting at each of its 2 s
 * checks once per check), unless the judgement is strict, when any lost request means it does not hold.
 */

export interface Load {
  requestsPerSecond: number;
  /** Answers other than 2xx or 3xx, and wrk's socket errors (connect, read, write, timeout). */
  failed: number;
  /** How long the load ran, as wrk reports it. */
  seconds: number;
}

export const median = (values: readonly number[]): number => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

export interface RatioVerdict {
  /** Medians of the rounds' requests per second. */
  measuredMedian: number;
  baselineMedian: number;
  /** measuredMedian ÷ baselineMedian, as served. */
  ratio: number;
  /** The ratio judged: as served, or with the baseline's lost requests counted as served. */
  judgedRatio: number;
  /** Requests lost in each round. */
  measuredLost: number[];
  baselineLost: number[];
  /** Whether the baseline's lost requests were counted in its favour (a lower bound) rather than failing it. */
  lowerBound: boolean;
  holds: boolean;
}

/**
 * `measured` against `baseline`, round by round (the same number of rounds, interleaved), against `goal` (at least
 * that many times the baseline). `strict`: a request lost by either load means the ratio does not hold; otherwise
 * only one lost by `measured` does, and the baseline's count for it.
 */
export function judgeRatio(
  measured: readonly Load[],
  baseline: readonly Load[],
  goal: number,
  { strict }: { strict: boolean },
): RatioVerdict {
  const measuredMedian = median(measured.map((load) => load.requestsPerSecond));
  const baselineMedian = median(baseline.map((load) => load.requestsPerSecond));
  const measuredLost = measured.map((load) => load.failed);
  const baselineLost = baseline.map((load) => load.failed);
  const ratio = measuredMedian / baselineMedian;
  const anyLost = (lost: number[]) => lost.some((count) => count > 0);
  if (strict)
    return {
      measuredMedian,
      baselineMedian,
      ratio,
      judgedRatio: ratio,
      measuredLost,
      baselineLost,
      lowerBound: false,
      holds: ratio >= goal && !anyLost(measuredLost) && !anyLost(baselineLost),
    };
  const credited = median(
    baseline.map((load) => load.requestsPerSecond + (load.seconds > 0 ? load.failed / load.seconds : 0)),
  );
  const judgedRatio = measuredMedian / credited;
  return {
    measuredMedian,
    baselineMedian,
    ratio,
    judgedRatio,
    measuredLost,
    baselineLost,
    lowerBound: anyLost(baselineLost),
    holds: judgedRatio >= goal && !anyLost(measuredLost),
  };
}

const total = (counts: readonly number[]) => counts.reduce((sum, count) => sum + count, 0);

/**
 * The verdict in words, after the ratio itself: `goal ≥ 20×: holds`, and what was lost and how it was counted, e.g.
 * `goal ≥ 20×: holds as a lower bound (Next's own path lost 14 requests, 4 + 10 + 0 by round, each counted as
 * served: 29.8×)`.
 */
export function describeVerdict(
  verdict: RatioVerdict,
  goal: number,
  names: { measured: string; baseline: string },
): string {
  const held = verdict.holds ? 'holds' : 'does not hold';
  const losses = (name: string, lost: readonly number[]) =>
    total(lost) > 0
      ? `${name} lost ${total(lost)} request${total(lost) === 1 ? '' : 's'}, ${lost.join(' + ')} by round`
      : undefined;
  const measuredLosses = losses(names.measured, verdict.measuredLost);
  const baselineLosses = losses(names.baseline, verdict.baselineLost);
  const notes = [
    measuredLosses,
    baselineLosses &&
      (verdict.lowerBound
        ? `${baselineLosses}, each counted as served: ${verdict.judgedRatio.toFixed(1)}×`
        : baselineLosses),
  ].filter(Boolean);
  const how = verdict.lowerBound && verdict.holds ? `${held} as a lower bound` : held;
  return `goal ≥ ${goal}×: ${how}${notes.length ? ` (${notes.join('; ')})` : ''}`;
}
