import fc from 'fast-check';
import { editCounts } from '../../../src/engine/distance/edit-distance';
import { PAIR_FLOOR_UNITS, PAIR_UNITS_PER_TOKEN } from '../../../src/engine/distance/budgeted-counts';
import { addCharCounts, addTextCounts, emptyCounts } from '../../../src/engine/scoring/text-counts';
import { createWorkBudget } from '../../../src/engine/distance/work-budget';
import { MAX_DEPTH } from '../../../src/engine/distance/kgram-anchors';
import { cps, editText, randomText, referenceCounts, unicodePairArb, xorshift } from '../support/text-pairs';
import { anchoredGapsOf, exactUnitsOf } from '../support/work-counters';

// The policy of budgeted-counts.ts (D7.11), through the text level that applies it.

describe('exact or approximate, within the work budget (D7.11)', () => {
  it('falls back when the budget is spent and reports a valid alignment, never below the true distance', () => {
    fc.assert(
      fc.property(unicodePairArb, ({ reference, hypothesis }) => {
        const exact = referenceCounts(cps(reference), cps(hypothesis));
        const c = emptyCounts();
        const approx = addCharCounts(c, reference, hypothesis, createWorkBudget(0));
        const distance = c.substitutions + c.deletions + c.insertions;
        if (reference !== hypothesis && !approx) expect(distance).toBe(exact.distance);
        expect(distance).toBeGreaterThanOrEqual(exact.distance);
        // A valid alignment covers every token of both sides exactly once.
        expect(c.hits + c.substitutions + c.deletions).toBe(cps(reference).length);
        expect(c.hits + c.substitutions + c.insertions).toBe(cps(hypothesis).length);
      }),
      { numRuns: 800, seed: 5 },
    );
  });

  it('bounds the work of a 100,000-character pair with no spaces (one huge word per side)', () => {
    let x = 12345;
    const rnd = () => {
      x = (Math.imul(x, 1103515245) + 12345) & 0x7fffffff;
      return x >> 16;
    };
    const ref = Array.from({ length: 100000 }, () => 'ab'[rnd() & 1]).join('');
    const hyp = Array.from({ length: 100000 }, () => 'ab'[rnd() & 1]).join('');
    const c = emptyCounts();
    const { result: walk, units } = exactUnitsOf(() => anchoredGapsOf(() => addCharCounts(c, ref, hyp, createWorkBudget(1_000_000))));
    expect(walk.result).toBe(true);
    // Exact work within the request's budget, and an anchored walk of linear size for the rest.
    expect(units).toBeLessThanOrEqual(1_000_000);
    expect(walk.gaps).toBeGreaterThan(0);
    expect(walk.tokens).toBeLessThanOrEqual(MAX_DEPTH * 200_000);
    expect(c.referenceLength).toBe(100000);
    expect(c.substitutions + c.deletions + c.insertions).toBeGreaterThanOrEqual(2);
  });

  it('approximates a 5 %-edited 100,000-character row without spaces up front: no exact work spent, CER near the truth', () => {
    const rnd = xorshift(99);
    const ref = randomText(rnd, 100_000, false);
    const { text: hyp, edits } = editText(rnd, ref, 0.05);
    const budget = createWorkBudget();
    const c = emptyCounts();
    const { result: walk, units } = exactUnitsOf(() => anchoredGapsOf(() => addCharCounts(c, ref, hyp, budget)));
    expect(walk.result).toBe(true);
    expect(budget.remaining).toBe(budget.total);
    // The gaps between anchors are aligned exactly within their own allowance (32 units a token
    // plus 256): linear in the walk, itself linear in the pair.
    expect(walk.tokens).toBeLessThanOrEqual(MAX_DEPTH * (ref.length + hyp.length));
    expect(units).toBeLessThanOrEqual(32 * walk.tokens + 256 * walk.gaps);
    const distance = c.substitutions + c.deletions + c.insertions;
    // `edits` is the cost of the edit script applied, so the true distance is at most that.
    expect(distance).toBeLessThanOrEqual(1.05 * edits);
    expect(distance).toBeGreaterThanOrEqual(Math.abs(ref.length - hyp.length));
    expect(c.hits + c.substitutions + c.deletions).toBe(100_000);
    expect(c.referenceLength).toBe(100_000);
    // The same text with spaces: words and characters both approximated, both close.
    const spaced = randomText(rnd, 100_000, true);
    const edited = editText(rnd, spaced, 0.05);
    const chars = emptyCounts();
    const words = emptyCounts();
    expect(addTextCounts(chars, words, spaced, edited.text, budget)).toBe(true);
    expect(budget.remaining).toBe(budget.total);
    expect(chars.substitutions + chars.deletions + chars.insertions).toBeLessThanOrEqual(1.05 * edited.edits);
    expect(words.substitutions + words.deletions + words.insertions).toBeLessThanOrEqual(1.05 * edited.edits);
  });

  it('keeps long pairs exact while their estimated cost stays in proportion to their length', () => {
    const rnd = xorshift(7);
    // A 3,000-character paragraph at 5 % (full table within the floor) and a 40,000-character one
    // at 0.2 % (estimated from its approximation: a few hundred edits, a narrow band).
    for (const [length, rate] of [
      [3000, 0.05],
      [40_000, 0.002],
    ] as const) {
      const ref = randomText(rnd, length, true);
      const hyp = editText(rnd, ref, rate).text;
      const budget = createWorkBudget();
      const c = emptyCounts();
      expect(addCharCounts(c, ref, hyp, budget)).toBe(false);
      const exact = editCounts(cps(ref), cps(hyp))!;
      expect(c).toEqual({
        substitutions: exact.substitutions,
        deletions: exact.deletions,
        insertions: exact.insertions,
        hits: exact.hits,
        referenceLength: length,
      });
      expect(budget.total - budget.remaining).toBeLessThanOrEqual(Math.max(PAIR_FLOOR_UNITS, PAIR_UNITS_PER_TOKEN * 2 * length));
    }
  });

  it('counts a long pair that only grew (its estimate is |n − m|, so exact) without spending any budget', () => {
    const rnd = xorshift(9);
    const ref = randomText(rnd, 20_000, true);
    // 50 letters inserted 400 characters apart: the middle is far past the floor's table.
    let hyp = '';
    for (let i = 0; i < 20_000; i += 400) hyp += `${ref.slice(i, i + 400)}Z`;
    const budget = createWorkBudget(0);
    const c = emptyCounts();
    expect(addCharCounts(c, ref, hyp, budget)).toBe(false);
    expect(c).toEqual({ substitutions: 0, deletions: 0, insertions: 50, hits: 20_000, referenceLength: 20_000 });
  });

  it('approximates a long pair whose estimated exact cost exceeds what the request has left, spending nothing', () => {
    const rnd = xorshift(8);
    const ref = randomText(rnd, 40_000, true);
    const hyp = editText(rnd, ref, 0.002).text;
    const budget = createWorkBudget(50_000);
    const c = emptyCounts();
    expect(addCharCounts(c, ref, hyp, budget)).toBe(true);
    expect(budget.remaining).toBe(50_000);
    expect(c.substitutions + c.deletions + c.insertions).toBeGreaterThanOrEqual(editCounts(cps(ref), cps(hyp))!.distance);
  });
});
