import fc from 'fast-check';
import { editCounts } from '../../../src/engine/distance/edit-distance';
import { appendMinimalAlignment, emptyEditList } from '../../../src/engine/distance/traced-alignment';

describe('appendMinimalAlignment', () => {
  it('gives the S, D and I of the kernels (fewest substitutions among minimum alignments)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 16 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 16 }),
        (a, b) => {
          const expected = editCounts(a, b)!;
          const edits = emptyEditList();
          expect(appendMinimalAlignment(a, 0, a.length, b, 0, b.length, expected.distance, 1e6, edits)).toBe(true);
          expect([edits.substitutions, edits.deletions, edits.insertions]).toEqual([expected.substitutions, expected.deletions, expected.insertions]);
          // Each reference and hypothesis token is used at most once, and substitutions pair different tokens.
          const refs = edits.refIndex.filter((i) => i >= 0);
          const hyps = edits.hypIndex.filter((j) => j >= 0);
          expect(new Set(refs).size).toBe(refs.length);
          expect(new Set(hyps).size).toBe(hyps.length);
          edits.kinds.forEach((kind, e) => {
            if (kind === 0) expect(a[edits.refIndex[e]]).not.toBe(b[edits.hypIndex[e]]);
          });
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('refuses a band past its cell cap, or a bound below the distance', () => {
    const a = [1, 2, 3, 4];
    const b = [5, 6, 7, 8];
    expect(appendMinimalAlignment(a, 0, 4, b, 0, 4, 4, 4, emptyEditList())).toBe(false);
    expect(appendMinimalAlignment(a, 0, 4, b, 0, 4, 3, 1e6, emptyEditList())).toBe(false);
    expect(appendMinimalAlignment([1, 2], 0, 2, [1], 0, 1, 0, 1e6, emptyEditList())).toBe(false);
  });

  it('prefers the diagonal, then a deletion, then an insertion, from the end', () => {
    const edits = emptyEditList();
    // "a b" against "b": deleting the first a is the only minimum.
    appendMinimalAlignment([1, 2], 0, 2, [2], 0, 1, 1, 1e6, edits);
    expect(edits.kinds).toEqual([1]);
    expect(edits.refIndex).toEqual([0]);
    const ties = emptyEditList();
    // "x x" against "x": either x may go; traced from the end, the diagonal takes the last.
    appendMinimalAlignment([7, 7], 0, 2, [7], 0, 1, 1, 1e6, ties);
    expect(ties.refIndex).toEqual([0]);
  });
});
