/**
 * The seeded generator, the percentile rule, and the pair bootstraps: same seed, same numbers;
 * intervals around the estimate; a paired difference that sees a consistent improvement.
 */
import { bootstrapCorpus, pairedBootstrap, quantile, seededRandom } from '../../src/batch/bootstrap';
import type { PairFigures } from '../../src/batch/pooled';
import { RATES } from '../../src/batch/pooled';
import { STATUSES, type Status } from '../../src/engine/types';

/** A pair whose every rate is errors/reference (SACR absent). */
function pair(id: string, errors: number, reference: number, grade: number | null = 3): PairFigures {
  const k = RATES.length;
  const e = new Float64Array(k).fill(errors);
  const r = new Float64Array(k).fill(reference);
  const rates = new Float64Array(k).fill(reference === 0 ? (errors === 0 ? 0 : 1) : Math.min(1, errors / reference));
  const sacr = RATES.indexOf('SACR');
  e[sacr] = NaN;
  r[sacr] = NaN;
  rates[sacr] = NaN;
  const rows = Object.fromEntries(STATUSES.map((s) => [s, 0])) as Record<Status, number>;
  return { id, tags: {}, errors: e, reference: r, rates, grade, label: null, rows, raw: new Float64Array(25), warnings: 0 };
}

it('draws the same stream for the same seed, and values in [0, 1)', () => {
  const a = seededRandom('42');
  const b = seededRandom('42');
  const c = seededRandom('43');
  const xs = Array.from({ length: 1000 }, () => a());
  expect(Array.from({ length: 1000 }, () => b())).toEqual(xs);
  expect(Array.from({ length: 1000 }, () => c())).not.toEqual(xs);
  expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
  expect(Math.max(...xs)).toBeLessThan(1);
  const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
  expect(Math.abs(mean - 0.5)).toBeLessThan(0.05);
});

it('interpolates quantiles between the closest ranks', () => {
  expect(quantile([1, 2, 3, 4, 5], 0.5)).toBe(3);
  expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
  expect(quantile([0, 10], 0.025)).toBeCloseTo(0.25, 12);
  expect(quantile([7], 0.975)).toBe(7);
});

it('gives an interval around the pooled rate, none for a rate no pair has, and repeats itself for a seed', () => {
  const pairs = Array.from({ length: 40 }, (_, i) => pair(`p${i}`, i % 7, 20 + (i % 5), 2 + (i % 3)));
  const one = bootstrapCorpus(pairs, 500, 's');
  expect(bootstrapCorpus(pairs, 500, 's')).toEqual(one);
  const wer = one.rates[RATES.indexOf('overallWER')]!;
  const pooled = pairs.reduce((s, p) => s + p.errors[1]!, 0) / pairs.reduce((s, p) => s + p.reference[1]!, 0);
  expect(wer.low).toBeLessThan(pooled);
  expect(wer.high).toBeGreaterThan(pooled);
  expect(one.rates[RATES.indexOf('SACR')]).toBeNull();
  expect(one.meanGrade!.low).toBeLessThan(3);
  expect(one.meanGrade!.high).toBeGreaterThan(2.9);
  // Identical pairs: every resample is the same corpus.
  const same = bootstrapCorpus(Array.from({ length: 12 }, (_, i) => pair(`q${i}`, 2, 10)), 100, 's');
  expect(same.rates[1]).toEqual({ low: 0.2, high: 0.2 });
});

it('sees a consistent improvement of B over A in the paired bootstrap', () => {
  const a = Array.from({ length: 30 }, (_, i) => pair(`p${i}`, 4 + (i % 9), 30, 3));
  const b = a.map((p, i) => pair(p.id, 2 + (i % 9), 30, 3.5));
  const d = pairedBootstrap(a, b, 400, 'x');
  const wer = d.rates[RATES.indexOf('overallWER')]!;
  expect(wer.difference).toBeCloseTo(-60 / 900, 12);
  expect(wer.interval!.high).toBeLessThan(0);
  expect(wer.bBetter).toBe(1);
  expect(d.meanGrade!.difference).toBeCloseTo(0.5, 12);
  expect(d.meanGrade!.bBetter).toBe(1);
  expect(d.rates[RATES.indexOf('SACR')]).toBeNull();
  // No change at all: no resample where B is better.
  const none = pairedBootstrap(a, a, 100, 'x').rates[1]!;
  expect(none).toEqual({ difference: 0, interval: { low: 0, high: 0 }, bBetter: 0 });
});
