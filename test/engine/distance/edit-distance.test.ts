import fc from 'fast-check';
import { codePointLength, toCodePoints } from '../../../src/engine/text/code-points';
import { editCounts } from '../../../src/engine/distance/edit-distance';
import { createWorkBudget } from '../../../src/engine/distance/work-budget';
import { cps, referenceCounts, unicodePairArb, wordIds } from '../support/text-pairs';

describe('editCounts (exact kernel)', () => {
  it('agrees with the O(nm) reference on distance and the S/D/I split for random Unicode pairs', () => {
    fc.assert(
      fc.property(unicodePairArb, ({ reference, hypothesis }) => {
        const a = cps(reference);
        const b = cps(hypothesis);
        const got = editCounts(a, b);
        expect(got).toEqual(referenceCounts(a, b));
        expect(got!.substitutions + got!.deletions + got!.insertions).toBe(got!.distance);
        expect(got!.hits + got!.substitutions + got!.deletions).toBe(a.length);
        expect(got!.hits + got!.substitutions + got!.insertions).toBe(b.length);
      }),
      { numRuns: 1000, seed: 20251125 },
    );
  });

  it('agrees with the reference on short sequences over a tiny alphabet (many ties)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 2 }), { maxLength: 14 }),
        fc.array(fc.integer({ min: 0, max: 2 }), { maxLength: 14 }),
        (a, b) => {
          expect(editCounts(a, b)).toEqual(referenceCounts(a, b));
        },
      ),
      { numRuns: 3000, seed: 7 },
    );
  });

  it('agrees with the reference when the banded programme takes over (long, very different texts)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 200, maxLength: 900 }),
        fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 200, maxLength: 900 }),
        (a, b) => {
          expect(editCounts(a, b)).toEqual(referenceCounts(a, b));
        },
      ),
      { numRuns: 40, seed: 11 },
    );
  });

  it('reports the fewest-substitutions split among minimum alignments', () => {
    // "this is a test of skill" vs "this was a messy test": 4 edits either as 3S+1D or 1S+1I+2D.
    const [a, b] = wordIds('this is a test of skill', 'this was a messy test');
    expect(editCounts(a, b)).toEqual({
      distance: 4,
      substitutions: 1,
      deletions: 2,
      insertions: 1,
      hits: 3,
    });
  });

  it('counts an astral emoji as one code point', () => {
    expect(editCounts(cps('a😀b'), cps('ab'))).toMatchObject({ distance: 1, deletions: 1, hits: 2 });
  });

  it('stays exact on pairs too large for the optimal-path band keys (the plain band decides)', () => {
    // 20,000 against 19,000 tokens with no token in common: d = 20,000, every shorter-side token
    // substituted. (n + m + d) × (m + 1) passes 2^30, so the split comes from the plain band.
    const a = Array.from({ length: 20_000 }, (_, i) => i % 7);
    const b = Array.from({ length: 19_000 }, (_, i) => 100 + (i % 5));
    expect(editCounts(a, b)).toEqual({ distance: 20_000, substitutions: 19_000, deletions: 1_000, insertions: 0, hits: 0 });
  });

  it('returns null, spending at most the budget, when the budget is too small', () => {
    const a = cps('abcdefghij'.repeat(50));
    const b = cps('jihgfedcba'.repeat(50));
    const budget = createWorkBudget(1000);
    expect(editCounts(a, b, budget)).toBeNull();
    expect(budget.remaining).toBeGreaterThanOrEqual(0);
    expect(budget.remaining).toBeLessThanOrEqual(1000);
  });

  it('charges near-identical pairs little: 30,000 rows of ~90 characters with a few edits cost under 100 units each', () => {
    const budget = createWorkBudget();
    const base = 'the quick brown fox jumps over the lazy dog while the annotator fixes a few words here';
    let unscored = 0;
    for (let i = 0; i < 30000; i++) {
      const hyp = base.slice(0, i % 80) + 'xy' + base.slice((i % 80) + 3) + (i % 7 === 0 ? ' uh' : '');
      if (editCounts(cps(base), cps(hyp), budget) === null) unscored++;
    }
    expect(unscored).toBe(0);
    expect(budget.total - budget.remaining).toBeLessThan(30000 * 100);
  });

  it('keeps the kernel charges of the wavefront, the bit-parallel distances and the band', () => {
    // [reference, hypothesis, distance, substitutions, units charged]. Small distances are found
    // by the wavefront, charged (s + 1)(2s + 1) per level s plus the tokens slid over. Past it,
    // the suffix distances are charged ⌈shorter / 32⌉ per token of the longer side plus one per
    // token, and the band the cells it visits plus, per row, the words it reads to find the row's
    // first suffix distance. The 62 × 76 pair: 3 levels (6 + 15 + 28) project d past the
    // hand-over level 12; then 76 × 2 + 138; then 77 rows of 2 words and about 13 cells each (the
    // diagonals on which D + G = 76). Pinning the charges keeps over-budget requests scored alike.
    const pinned: Array<[string, string, number, number, number]> = [
      ['b', 'x', 1, 1, 6],
      ['ab', 'ba', 2, 0, 23],
      ['the quick brown fox jumped over', 'the quack brown fx jumpedd over', 3, 1, 66],
      ['kitten', 'sitting', 3, 2, 53],
      ['this is a test of skill', 'this was a messy test', 12, 6, 391],
      ['a'.repeat(62), 'b'.repeat(76), 76, 62, 49 + (76 * 2 + 138) + 1159],
      ['abcdefghij', 'jihgfedcba', 10, 8, 49 + (10 * 1 + 20) + 50],
      ['Hello, thank you for calling.', 'Hello thank you four calling', 3, 0, 71],
    ];
    for (const [r, h, distance, substitutions, charged] of pinned) {
      const budget = createWorkBudget();
      const a = toCodePoints(r);
      const b = toCodePoints(h);
      expect(editCounts(a.points, b.points, budget, 0, a.length, 0, b.length)).toMatchObject({ distance, substitutions });
      expect(budget.total - budget.remaining).toBe(charged);
    }
  });

  it('reads ranges of the sequences as the sequences themselves', () => {
    fc.assert(
      fc.property(unicodePairArb, fc.nat(5), fc.nat(5), ({ reference, hypothesis }, x, y) => {
        const a = [...Array(x).fill(-1), ...cps(reference), ...Array(y).fill(-2)];
        const b = [...Array(y).fill(-3), ...cps(hypothesis), ...Array(x).fill(-4)];
        expect(editCounts(a, b, undefined, x, x + codePointLength(reference), y, y + codePointLength(hypothesis))).toEqual(
          referenceCounts(cps(reference), cps(hypothesis)),
        );
      }),
      { numRuns: 300, seed: 17 },
    );
  });
});
