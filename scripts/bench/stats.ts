/**
 * Small order statistics for the benchmark. Quantiles use the nearest-rank method (the value of
 * an actual sample, never an interpolation), so a p99 over 150 probes is a latency that happened.
 */

/** The q-quantile (0 < q ≤ 1) by nearest rank; NaN for no samples. */
export function quantile(samples: readonly number[], q: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length)));
  return sorted[rank - 1] as number;
}

/** The median: the mean of the two middle samples when their number is even. */
export function median(samples: readonly number[]): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Latency summary in milliseconds. */
export interface LatencySummary {
  n: number;
  median: number;
  p90: number;
  p99: number;
  max: number;
}

export function summarize(samples: readonly number[]): LatencySummary {
  return {
    n: samples.length,
    median: median(samples),
    p90: quantile(samples, 0.9),
    p99: quantile(samples, 0.99),
    max: samples.length === 0 ? NaN : Math.max(...samples),
  };
}

/**
 * Least-squares slope of log(cost) over log(size): 1 is linear growth, 2 quadratic. Needs at
 * least two distinct positive sizes; NaN otherwise.
 */
export function growthExponent(points: ReadonlyArray<{ size: number; cost: number }>): number {
  const usable = points.filter((p) => p.size > 0 && p.cost > 0);
  if (new Set(usable.map((p) => p.size)).size < 2) return NaN;
  const xs = usable.map((p) => Math.log(p.size));
  const ys = usable.map((p) => Math.log(p.cost));
  const mx = xs.reduce((s, x) => s + x, 0) / xs.length;
  const my = ys.reduce((s, y) => s + y, 0) / ys.length;
  let num = 0;
  let den = 0;
  for (let i = 0; i < xs.length; i++) {
    num += ((xs[i] as number) - mx) * ((ys[i] as number) - my);
    den += ((xs[i] as number) - mx) ** 2;
  }
  return num / den;
}
