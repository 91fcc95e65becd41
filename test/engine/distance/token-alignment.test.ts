import fc from 'fast-check';
import { alignTokens, tokenDistance } from '../../../src/engine/distance/token-alignment';
import { createWorkBudget } from '../../../src/engine/distance/work-budget';
import { referenceCounts } from '../support/text-pairs';

/** The textbook table over (distance, crossings): the fewest crossings among minimal alignments. */
function fewestCrossings(ref: number[], hyp: number[], refGroup: number[], hypGroup: number[]): { d: number; c: number } {
  const n = ref.length;
  const m = hyp.length;
  const K = Math.min(n, m) + 1;
  const table: number[][] = [];
  for (let i = 0; i <= n; i++) {
    table.push(new Array(m + 1).fill(Infinity));
    for (let j = 0; j <= m; j++) {
      if (i === 0 || j === 0) table[i][j] = (i + j) * K;
      else {
        const diagonal = table[i - 1][j - 1] + (ref[i - 1] === hyp[j - 1] ? 0 : K) + (refGroup[i - 1] === hypGroup[j - 1] ? 0 : 1);
        table[i][j] = Math.min(diagonal, table[i - 1][j] + K, table[i][j - 1] + K);
      }
    }
  }
  return { d: Math.floor(table[n][m] / K), c: table[n][m] % K };
}

/** The alignment's partners as (distance, crossings), checking that they are a valid alignment. */
function measure(ref: number[], hyp: number[], refGroup: number[], hypGroup: number[], partner: Int32Array, hit: Uint8Array) {
  let last = -1;
  let paired = 0;
  let substituted = 0;
  let crossings = 0;
  for (let j = 0; j < hyp.length; j++) {
    const p = partner[j];
    if (p < 0) continue;
    expect(p).toBeGreaterThan(last);
    expect(hit[j]).toBe(ref[p] === hyp[j] ? 1 : 0);
    last = p;
    paired++;
    if (ref[p] !== hyp[j]) substituted++;
    if (refGroup[p] !== hypGroup[j]) crossings++;
  }
  return { d: substituted + (ref.length - paired) + (hyp.length - paired), c: crossings };
}

const tokens = fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 40 });
/** Non-decreasing group ids for a sequence of `length` tokens. */
const groupsOf = (length: number) =>
  fc.array(fc.boolean(), { minLength: length, maxLength: length }).map((steps) => {
    let g = 0;
    return steps.map((step, i) => (i > 0 && step ? ++g : g));
  });

describe('alignTokens: one alignment of two whole token sequences', () => {
  it('is a minimal alignment, and of the minimal ones has the fewest pairs across groups', () => {
    fc.assert(
      fc.property(
        tokens.chain((ref) => tokens.chain((hyp) => fc.tuple(fc.constant(ref), fc.constant(hyp), groupsOf(ref.length), groupsOf(hyp.length)))),
        ([ref, hyp, refGroup, hypGroup]) => {
          const a = alignTokens(Int32Array.from(ref), ref.length, Int32Array.from(hyp), hyp.length, Int32Array.from(refGroup), Int32Array.from(hypGroup), createWorkBudget());
          const got = measure(ref, hyp, refGroup, hypGroup, a.partner, a.hit);
          expect(got).toEqual(fewestCrossings(ref, hyp, refGroup, hypGroup));
          expect(got.d).toBe(referenceCounts(ref, hyp).distance);
          expect(a.exact).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('matches a repeated phrase as early as it can: the repetition is what is left over', () => {
    // "a b c" against "a b c b c": the second "b c" is the echo.
    const a = alignTokens(Int32Array.of(1, 2, 3), 3, Int32Array.of(1, 2, 3, 2, 3), 5, new Int32Array(3), new Int32Array(5), createWorkBudget());
    expect(Array.from(a.partner.subarray(0, 5))).toEqual([0, 1, 2, -1, -1]);
  });

  it('keeps words in their groups when crossing costs no fewer edits, and crosses when it saves one', () => {
    // ref rows ["A", "."] ["S", "w"], hyp rows ["a"] ["s", "w"]: "." deleted in the first row, or
    // "." for "s" across the boundary and "S" deleted: three edits either way.
    const tie = alignTokens(Int32Array.of(1, 9, 2, 3), 4, Int32Array.of(5, 6, 3), 3, Int32Array.of(0, 0, 1, 1), Int32Array.of(0, 1, 1), createWorkBudget());
    expect(measure([1, 9, 2, 3], [5, 6, 3], [0, 0, 1, 1], [0, 1, 1], tie.partner, tie.hit)).toEqual({ d: 3, c: 0 });
    // ref rows ["x", "y", "."] ["z", "w"], hyp rows ["x", "y"] ["q", "z", "w"]: "." for "q" is one
    // edit, leaving both alone two: the words cross.
    const saves = alignTokens(Int32Array.of(1, 2, 9, 3, 4), 5, Int32Array.of(1, 2, 8, 3, 4), 5, Int32Array.of(0, 0, 0, 1, 1), Int32Array.of(0, 0, 1, 1, 1), createWorkBudget());
    expect(measure([1, 2, 9, 3, 4], [1, 2, 8, 3, 4], [0, 0, 0, 1, 1], [0, 0, 1, 1, 1], saves.partner, saves.hit)).toEqual({ d: 1, c: 1 });
  });

  it('falls back to an anchored alignment past its budget: still a valid alignment, never below the distance, and marked inexact', () => {
    const n = 3000;
    const ref = Array.from({ length: n }, (_, i) => (i * 7919) % 1000);
    const hyp = ref.map((t, i) => (i % 13 === 0 ? t + 1000 : t));
    const groups = new Int32Array(n);
    const a = alignTokens(Int32Array.from(ref), n, Int32Array.from(hyp), n, groups, groups, createWorkBudget(0));
    const got = measure(ref, hyp, Array.from(groups), Array.from(groups), a.partner, a.hit);
    expect(got.d).toBeGreaterThanOrEqual(tokenDistance(Int32Array.from(ref), 0, n, Int32Array.from(hyp), 0, n, createWorkBudget()));
    expect(a.exact).toBe(false);
  });
});

describe('tokenDistance', () => {
  it('is the word edit distance, or −1 when the budget cannot pay for it', () => {
    fc.assert(
      fc.property(tokens, tokens, (ref, hyp) => {
        expect(tokenDistance(Int32Array.from(ref), 0, ref.length, Int32Array.from(hyp), 0, hyp.length, createWorkBudget())).toBe(referenceCounts(ref, hyp).distance);
      }),
      { numRuns: 200 },
    );
    const long = Int32Array.from({ length: 2000 }, (_, i) => i);
    const other = Int32Array.from({ length: 2000 }, (_, i) => i + 5000);
    expect(tokenDistance(long, 0, 2000, other, 0, 2000, createWorkBudget(10))).toBe(-1);
  });
});
