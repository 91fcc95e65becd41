/**
 * Bootstrap confidence intervals over PAIRS: the rows of one file share a speaker, a recording and
 * an annotator, so they are not independent draws; the pairs of a corpus are closer to it. Each
 * resample draws n pairs with replacement, recomputes the pooled rates from their summed counts
 * and the mean grade, and the interval is the 2.5th and 97.5th percentiles of those values.
 * The generator is seeded, so the same seed gives the same intervals, bit for bit.
 */
import { clampedRate } from '../engine/index';
import { RATES, type PairFigures } from './pooled';

/**
 * sfc32 (Chris Doty-Humphrey's Small Fast Counting generator): 128 bits of state, passes
 * PractRand, and needs nothing but 32-bit integer arithmetic, so it gives the same stream on
 * every platform.
 */
export function seededRandom(seed: string): () => number {
  // The state comes from the seed text through FNV-1a and splitmix-style mixing, so nearby seeds
  // ("1", "2") start far apart.
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 0x01000193);
  const mix = () => {
    h = (h + 0x9e3779b9) | 0;
    let z = h;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = mix();
  let b = mix();
  let c = mix();
  let d = mix();
  const next = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  // The first outputs still echo the seed's mixing: discard them.
  for (let i = 0; i < 12; i++) next();
  return next;
}

/** The q-quantile (0 ≤ q ≤ 1) of sorted values, interpolated between the closest ranks (Hyndman-Fan type 7). */
export function quantile(sorted: ArrayLike<number>, q: number): number {
  const n = sorted.length;
  if (n === 0) return NaN;
  const h = (n - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, n - 1);
  return sorted[lo]! + (h - lo) * (sorted[hi]! - sorted[lo]!);
}

export interface Interval {
  low: number;
  high: number;
}

/** 95 % intervals: the central 95 % of the resampled values. */
export const LOWER_Q = 0.025;
export const UPPER_Q = 0.975;

function interval(values: Float64Array, count: number): Interval | null {
  if (count === 0) return null;
  const sorted = values.slice(0, count).sort();
  return { low: quantile(sorted, LOWER_Q), high: quantile(sorted, UPPER_Q) };
}

export interface CorpusIntervals {
  /** Per rate of RATES; null where no resample had a pair with that rate. */
  rates: Array<Interval | null>;
  meanGrade: Interval | null;
}

/**
 * Per-rate columns of the pairs, so a resample's sums are array reads: errors and reference
 * tokens per pair (NaN when the pair has no such rate), and grades (NaN when none).
 */
interface Columns {
  errors: Float64Array[];
  reference: Float64Array[];
  grades: Float64Array;
}

function columns(pairs: readonly PairFigures[]): Columns {
  const n = pairs.length;
  const errors = RATES.map(() => new Float64Array(n));
  const reference = RATES.map(() => new Float64Array(n));
  const grades = new Float64Array(n);
  pairs.forEach((p, i) => {
    for (let k = 0; k < RATES.length; k++) {
      errors[k]![i] = p.errors[k]!;
      reference[k]![i] = p.reference[k]!;
    }
    grades[i] = p.grade ?? NaN;
  });
  return { errors, reference, grades };
}

/** The statistics of one resample (pairs drawn as `draw`): pooled rates, then the mean grade; NaN where undefined. */
function resampleStats(c: Columns, draw: Uint32Array, out: Float64Array): void {
  for (let k = 0; k < RATES.length; k++) {
    const e = c.errors[k]!;
    const r = c.reference[k]!;
    let errors = 0;
    let reference = 0;
    let pairs = 0;
    for (let j = 0; j < draw.length; j++) {
      const i = draw[j]!;
      const x = e[i]!;
      if (x !== x) continue; // NaN: the pair has no such rate
      errors += x;
      reference += r[i]!;
      pairs++;
    }
    out[k] = pairs === 0 ? NaN : clampedRate(errors, reference);
  }
  let sum = 0;
  let graded = 0;
  for (let j = 0; j < draw.length; j++) {
    const g = c.grades[draw[j]!]!;
    if (g !== g) continue;
    sum += g;
    graded++;
  }
  out[RATES.length] = graded === 0 ? NaN : sum / graded;
}

function collect(stats: Float64Array, into: Float64Array[], counts: number[]): void {
  for (let s = 0; s < stats.length; s++) {
    const v = stats[s]!;
    if (v !== v) continue;
    into[s]![counts[s]!] = v;
    counts[s]! += 1;
  }
}

/** 95 % percentile intervals of the pooled rates and the mean grade, from `resamples` resamples of the pairs. */
export function bootstrapCorpus(pairs: readonly PairFigures[], resamples: number, seed: string): CorpusIntervals {
  const c = columns(pairs);
  const random = seededRandom(seed);
  const n = pairs.length;
  const draw = new Uint32Array(n);
  const stats = new Float64Array(RATES.length + 1);
  const values = Array.from({ length: RATES.length + 1 }, () => new Float64Array(resamples));
  const counts = values.map(() => 0);
  for (let b = 0; b < resamples; b++) {
    for (let j = 0; j < n; j++) draw[j] = Math.floor(random() * n);
    resampleStats(c, draw, stats);
    collect(stats, values, counts);
  }
  return {
    rates: RATES.map((_, k) => interval(values[k]!, counts[k]!)),
    meanGrade: interval(values[RATES.length]!, counts[RATES.length]!),
  };
}

export interface PairedDifference {
  /** B − A on the full common set. */
  difference: number;
  interval: Interval | null;
  /** Share of resamples in which B's value is lower (better) than A's; ties count as not better. */
  bBetter: number | null;
}

export interface PairedIntervals {
  rates: Array<PairedDifference | null>;
  meanGrade: PairedDifference | null;
}

/**
 * The paired bootstrap of two runs on the same pairs (`a[i]` and `b[i]` are the same pair): each
 * resample draws the same pairs for both runs, so what the pairs share (their difficulty) cancels
 * out of the difference. For grades, higher is better, so B is better when its mean grade is higher.
 */
export function pairedBootstrap(a: readonly PairFigures[], b: readonly PairFigures[], resamples: number, seed: string): PairedIntervals {
  const ca = columns(a);
  const cb = columns(b);
  const n = a.length;
  const all = new Uint32Array(n).map((_, i) => i);
  const fullA = new Float64Array(RATES.length + 1);
  const fullB = new Float64Array(RATES.length + 1);
  resampleStats(ca, all, fullA);
  resampleStats(cb, all, fullB);

  const random = seededRandom(seed);
  const draw = new Uint32Array(n);
  const sa = new Float64Array(RATES.length + 1);
  const sb = new Float64Array(RATES.length + 1);
  const diffs = Array.from({ length: RATES.length + 1 }, () => new Float64Array(resamples));
  const counts = diffs.map(() => 0);
  const better = diffs.map(() => 0);
  for (let r = 0; r < resamples; r++) {
    for (let j = 0; j < n; j++) draw[j] = Math.floor(random() * n);
    resampleStats(ca, draw, sa);
    resampleStats(cb, draw, sb);
    for (let s = 0; s <= RATES.length; s++) {
      const d = sb[s]! - sa[s]!;
      if (d !== d) continue;
      diffs[s]![counts[s]!] = d;
      counts[s]! += 1;
      const higherIsBetter = s === RATES.length;
      if (higherIsBetter ? d > 0 : d < 0) better[s]! += 1;
    }
  }
  const result = (s: number): PairedDifference | null => {
    const difference = fullB[s]! - fullA[s]!;
    if (difference !== difference) return null;
    return { difference, interval: interval(diffs[s]!, counts[s]!), bBetter: counts[s] === 0 ? null : better[s]! / counts[s]! };
  };
  return { rates: RATES.map((_, k) => result(k)), meanGrade: result(RATES.length) };
}
