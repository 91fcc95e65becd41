/**
 * Unit-cost Levenshtein distance with substitution / deletion / insertion counts (decisions D7.2,
 * D7.4), over code points or word ids: the exact kernels behind one entry point.
 *
 * Conventions (ASR, D7.2): `reference` is the reworked text, `hypothesis` the original. A
 * *deletion* is a reference token missing from the hypothesis, an *insertion* a hypothesis token
 * absent from the reference.
 *
 * Tie-break: S/D/I are not unique for a given distance. The kernels report, among all
 * minimum-cost alignments, one with the FEWEST SUBSTITUTIONS (equivalently the most hits). The
 * split is then fully determined: with n reference and m hypothesis tokens and distance d,
 *   D − I = n − m and S + D + I = d, so I = (d − S − (n − m)) / 2, D = I + n − m, hits = n − S − D.
 * This matches every published vector in shared/fixtures whose split is ambiguous (jiwer,
 * texterrors), and it does not depend on the traversal order of any particular implementation.
 *
 * Kernels, cheapest first (`exactDistance` picks):
 * - the common prefix and suffix are stripped first (they are hits in some optimal alignment);
 * - near-identical inputs: the wavefront (wavefront.ts), O(n + d³) with a small constant;
 * - past about sqrt(n + m) levels, or earlier when the wavefront's progress projects d past that
 *   (heavily rewritten rows are common in real post-edits): d and the fewest
 *   substitutions from the cells of minimum alignments only (optimal-paths.ts, over the
 *   bit-parallel suffix distances of bit-parallel.ts);
 * - a pair known to be at most U apart (from its approximation, budgeted-counts.ts) runs the wavefront
 *   to U when U is within the hand-over level, else one band of width U (band-distance.ts): the
 *   cost is known up front.
 */
import { bandCost, bandDistance } from './band-distance';
import { commonTokenPrefix, commonTokenSuffix } from '../text/common-affixes';
import { optimalPathsDistance } from './optimal-paths';
import type { EditCounts } from '../types';
import { GAVE_UP, wavefront } from './wavefront';
import { OVER_BUDGET, WorkBudget, spend } from './work-budget';

/** Exact result of one comparison. */
export interface EditResult {
  distance: number;
  substitutions: number;
  deletions: number;
  insertions: number;
  hits: number;
}

/**
 * The fewest substitutions of the distance `exactDistance` returned last: the kernels return d as
 * a number and leave S here, so a pair costs no tuple or result object (the metric pass scores
 * tens of thousands of pairs).
 */
export const exact = { substitutions: 0 };

/**
 * Adds to `into` the counts of an alignment of n reference and m hypothesis tokens at distance d
 * with s substitutions (the split of the tie-break above).
 */
export function addAlignmentCounts(into: Omit<EditCounts, 'referenceLength'>, n: number, m: number, d: number, s: number): void {
  const insertions = (d - s - (n - m)) / 2;
  const deletions = insertions + n - m;
  into.substitutions += s;
  into.deletions += deletions;
  into.insertions += insertions;
  into.hits += n - s - deletions;
}

/**
 * Exact unit-cost edit distance between two token sequences (reference a, hypothesis b) with the
 * fewest-substitutions split. Returns null when the work would exceed `budget` (nothing is
 * charged beyond what was spent), and, budget or not, for a pair too large for the kernels'
 * 32-bit keys (two sides of some 32,000 tokens or more about as far apart: 10^9 cells, past any
 * budget).
 */
export function editCounts(
  a: ArrayLike<number>,
  b: ArrayLike<number>,
  budget?: WorkBudget,
  aStart = 0,
  aEnd = a.length,
  bStart = 0,
  bEnd = b.length,
): EditResult | null {
  const n0 = aEnd - aStart;
  const m0 = bEnd - bStart;
  const minLen = n0 < m0 ? n0 : m0;
  const lo = commonTokenPrefix(a, aStart, b, bStart, minLen);
  const hi = commonTokenSuffix(a, aEnd, b, bEnd, minLen - lo);
  const n = n0 - lo - hi;
  const m = m0 - lo - hi;
  const d = exactDistance(a, aStart + lo, n, b, bStart + lo, m, budget);
  if (d === OVER_BUDGET) return null;
  const result = { distance: d, substitutions: 0, deletions: 0, insertions: 0, hits: lo + hi };
  addAlignmentCounts(result, n, m, d, exact.substitutions);
  return result;
}

/**
 * Level past which the wavefront hands over to the bit-parallel distance and one band (the cubic
 * search costs more than they do).
 */
function switchLevelOf(n: number, m: number): number {
  return Math.max(8, Math.ceil(Math.sqrt(n + m)));
}

/**
 * Upper bound of the cell updates `exactDistance` spends on two middles of n and m tokens whose
 * distance is at most `upper`: the wavefront's levels up to `upper` plus its slides (≤ n), or one
 * band wide enough for `upper`.
 */
export function exactCostBound(n: number, m: number, upper: number): number {
  if (upper <= switchLevelOf(n, m)) {
    // Σ_{s=1..U} (s + 1)(2s + 1) = U(U + 1)(2U + 1)/3 + 3U(U + 1)/2 + U
    const u = upper;
    return (u * (u + 1) * (2 * u + 1)) / 3 + (3 * u * (u + 1)) / 2 + u + n;
  }
  return bandCost(n, m, upper);
}

/**
 * The distance of a[aLo, aLo + n) and b[bLo, bLo + m) (its fewest substitutions in `exact`), or
 * OVER_BUDGET. Inputs have no common prefix/suffix.
 * `upper`, when given, is a known upper bound of d (from the approximation): the wavefront then
 * runs to it if it is within the hand-over level, else one band of that width decides, so the
 * cost is what `exactCostBound` said. Without it, the wavefront runs until the hand-over level
 * (or until its progress projects d past it), then d is learnt bit-parallel and one band exactly
 * that wide gives the fewest substitutions.
 */
export function exactDistance(
  a: ArrayLike<number>, aLo: number, n: number,
  b: ArrayLike<number>, bLo: number, m: number,
  budget: WorkBudget | undefined,
  upper = -1,
): number {
  if (n === 0 || m === 0) {
    exact.substitutions = 0;
    return n + m;
  }
  if (n === 1 && m === 1) {
    // One token each side (a one-word or one-character edit, common in real pairs): a
    // substitution, charged exactly as the wavefront's first level (2 × 3 cells) would be.
    exact.substitutions = a[aLo] === b[bLo] ? 0 : 1;
    if (exact.substitutions === 0) return 0;
    return spend(budget, 6) ? 1 : OVER_BUDGET;
  }
  const level = switchLevelOf(n, m);
  if (upper > level) return bandDistance(a, aLo, n, b, bLo, m, upper, budget, exact);
  const w = wavefront(a, aLo, n, b, bLo, m, budget, upper < 0 ? level : upper, upper < 0, exact);
  if (w !== GAVE_UP) return w;
  // (distance, substitutions) is symmetric: the shorter side goes across the bit-vectors.
  return m <= n ? optimalPathsDistance(a, aLo, n, b, bLo, m, budget, exact) : optimalPathsDistance(b, bLo, m, a, aLo, n, budget, exact);
}
