import fc from 'fast-check';
import { countUnits, createWorkBudget, diffHalf, finishDiff, runDiff, type DiffRequest, type DiffShare, type Tally } from '../../src/engine';
import type { WorkBudget } from '../../src/engine/edit-distance';
import { realisticFamily } from '../../scripts/bench/bodies';

// A diff done in two halves (two worker threads, engine-pool.ts) must give exactly the one-pass
// answer: half 0's results then half 1's, and scores from the sum of the two tallies, with half 1
// counting on the work budget half 0 left (D7.11).

/** The one-pass answer with a budget of `units`, as JSON. */
function whole(request: DiffRequest, units?: number): string {
  const share = diffHalf(request);
  const tally = countUnits(share.prep, share.units, share.config, createWorkBudget(units));
  return JSON.stringify({ results: share.results, ...finishDiff(share.facts, [tally]) });
}

let kept = 0;
let recounted = 0;

/**
 * The two-half answer, as the pool assembles it, with the entries of each half. Half 1 counts as
 * the worker does: first from a whole budget, kept when its slack covers what half 0 spent
 * (WorkBudget.slack), and that rule is checked against counting from what half 0 left.
 */
function halves(request: DiffRequest, units?: number): { json: string; sizes: [number, number] } {
  const budget = createWorkBudget(units);
  const first = diffHalf(request, 0);
  const second = diffHalf(request, 1);
  const count = (share: DiffShare, from: WorkBudget): Tally => countUnits(share.prep, share.units, share.config, from, share.items);
  const tallies = [count(first, budget)];
  const left = budget.remaining;
  const guess = createWorkBudget(units);
  const guessed = count(second, guess);
  const exact = count(second, { total: guess.total, remaining: left, slack: Infinity });
  if (guess.total - left <= guess.slack) {
    expect(guessed).toEqual(exact);
    kept++;
  } else recounted++;
  tallies.push(exact);
  const json = JSON.stringify({ results: first.results.concat(second.results), ...finishDiff(first.facts, tallies) });
  return { json, sizes: [first.results.length, second.results.length] };
}

const realistic = (rows: number, maxWords: number, times: boolean, seed: number): DiffRequest =>
  JSON.parse(realisticFamily({ family: 'realistic-test', description: 'test', rows, maxWords, times }, [rows], seed)[0]!.json);

describe('a diff in two halves', () => {
  it('gives the one-pass answer on realistic post-edits, and both halves hold about half of it', () => {
    for (const request of [realistic(1500, 8, false, 1), realistic(800, 20, true, 2)]) {
      const split = halves(request);
      expect(split.json).toBe(JSON.stringify(runDiff(request)));
      const [a, b] = split.sizes;
      expect(Math.min(a, b) / (a + b)).toBeGreaterThan(0.35);
    }
  });

  it('spends the work budget in document order: half 1 gets what half 0 left', () => {
    const request = realistic(600, 8, false, 3);
    const full = JSON.parse(whole(request)) as { meta: { approximateEntries: number } };
    expect(full.meta.approximateEntries).toBe(0);
    // Half 0 spends 1,371 units: budgets that run out in half 0, in half 1 only (42 approximate
    // entries; a fresh 2,000 for half 1 would leave 13), and not at all.
    const results: number[] = [];
    for (const units of [1_000, 2_000, 10_000_000]) {
      const split = halves(request, units);
      expect(split.json).toBe(whole(request, units));
      results.push((JSON.parse(split.json) as { meta: { approximateEntries: number } }).meta.approximateEntries);
    }
    // The small budgets really ran out (else this test would not see the order of spending).
    expect(results[0]).toBeGreaterThan(results[1]!);
    expect(results[1]).toBeGreaterThan(0);
    expect(results[2]).toBe(0);
  });

  it('cuts the counting of a document of a few long rows, also inside a row, budget and all', () => {
    const prose = (seed: number, edited: boolean) =>
      Array.from({ length: 300 }, (_, i) => {
        const word = `word${(i * seed) % 97}`;
        return edited && (i * seed) % 17 === 0 ? word.replace('o', 'u') : word;
      }).join(' ');
    const row = (edited: boolean) => Object.fromEntries(['transcript', 'a', 'b', 'c', 'd', 'e'].map((column, c) => [column, prose(c + 3, edited)]));
    const request: DiffRequest = { original: [row(true), row(true)], reworked: [row(false), row(false)] };
    const full = JSON.parse(whole(request)) as { meta: { approximateEntries: number } };
    expect(full.meta.approximateEntries).toBe(0);
    const approximate: number[] = [];
    // The two rows spend ~70,000 units each: budgets that run out early, in the first row, in the
    // second, and not at all.
    for (const units of [0, 30_000, 50_000, 80_000, 100_000, 10_000_000]) {
      const split = halves(request, units);
      expect(split.sizes).toEqual([2, 0]); // every entry from half 0; half 1 counts only
      expect(split.json).toBe(whole(request, units));
      approximate.push((JSON.parse(split.json) as { meta: { approximateEntries: number } }).meta.approximateEntries);
    }
    expect(approximate[0]).toBe(2);
    expect(approximate).toContain(1);
    expect(approximate[approximate.length - 1]).toBe(0);
  });

  it('gives the one-pass answer on random documents and configurations', () => {
    const text = fc.constantFrom('yes', 'no', 'the cat sat', 'okay then.', 'café au lait', 'كتب', 'so we went home', '');
    const row = fc.record({ transcript: text, speaker: fc.constantFrom('A', 'B'), start_time: fc.integer({ min: 0, max: 9 }) });
    // Documents of 256 rows or more are cut (HALF_MIN_ROWS); the reworked side is the original
    // with rows kept, dropped, edited or replaced, so that exact anchors exist to cut at.
    const document = fc.array(row, { minLength: 100, maxLength: 180 }).chain((original) =>
      fc
        .array(fc.tuple(fc.constantFrom('keep', 'keep', 'drop', 'edit', 'new'), row), { minLength: original.length, maxLength: original.length })
        .map((ops) => ({
          original,
          reworked: ops.flatMap(([op, fresh], i) => {
            const kept = original[i]!;
            if (op === 'keep') return [kept];
            if (op === 'edit') return [{ ...kept, transcript: `${kept.transcript} yes` }];
            return op === 'new' ? [fresh, kept] : [];
          }),
        })),
    );
    const config = fc.record(
      {
        positionalMode: fc.boolean(),
        simpleMode: fc.boolean(),
        enableSplits: fc.boolean(),
        enableMerges: fc.boolean(),
        ignoreColNames: fc.subarray(['speaker', 'start_time']),
      },
      { requiredKeys: [] },
    );
    let cut = 0;
    kept = recounted = 0;
    fc.assert(
      fc.property(document, config, fc.integer({ min: 0, max: 2_000 }), ({ original, reworked }, cfg, units) => {
        const request: DiffRequest = { original, reworked, config: cfg };
        const split = halves(request, units);
        expect(split.json).toBe(whole(request, units));
        if (split.sizes[1] > 0) cut++;
      }),
      { seed: 20261126, numRuns: 150 },
    );
    // Most generated documents were really cut in two, and both of half 1's ways were taken.
    expect(cut).toBeGreaterThan(75);
    expect(kept).toBeGreaterThan(10);
    expect(recounted).toBeGreaterThan(10);
  });

  it('gives the one-pass answer on random documents of a few rows, the counting cut', () => {
    const text = fc.constantFrom('yes', 'no', 'the cat sat on the mat', 'okay then.', 'café au lait', 'so we went home', '');
    const row = fc.record({ transcript: text, a: text, b: text, speaker: fc.constantFrom('A', 'B') });
    kept = recounted = 0;
    fc.assert(
      fc.property(fc.array(row, { maxLength: 6 }), fc.array(row, { maxLength: 6 }), fc.integer({ min: 0, max: 300 }), (original, reworked, units) => {
        const request: DiffRequest = { original, reworked };
        expect(halves(request, units).json).toBe(whole(request, units));
      }),
      { seed: 20261127, numRuns: 300 },
    );
    expect(kept).toBeGreaterThan(10);
    expect(recounted).toBeGreaterThan(10);
  });

  it('gives every entry of a document of a few rows to half 0', () => {
    const request: DiffRequest = { original: [{ transcript: 'a long row '.repeat(1000) }], reworked: [{ transcript: 'a long row!' }] };
    const split = halves(request);
    expect(split.sizes).toEqual([2, 0]); // deleted and added: too different to pair
    expect(split.json).toBe(JSON.stringify(runDiff(request)));
  });
});
