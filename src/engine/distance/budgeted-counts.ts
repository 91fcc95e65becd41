/**
 * The counts of one pair of token sequences under the request's work budget (decisions D7.11):
 * exact while the budget and the pair's own cap afford it, else from the anchored approximation.
 */
import { approximateInto, approximation } from './approximate-counts';
import { commonTokenPrefix, commonTokenSuffix } from '../text/common-affixes';
import { addAlignmentCounts, exact, exactCostBound, exactDistance } from './edit-distance';
import type { EditCounts } from '../types';
import { OVER_BUDGET, WorkBudget, lacks } from './work-budget';

/**
 * Exact work one pair may spend, whatever the request has left: max(PAIR_FLOOR_UNITS,
 * PAIR_UNITS_PER_TOKEN × tokens of its two middles). Any middle pair whose full table fits the
 * floor (about 1,400 × 1,400 tokens) is compared exactly without estimate; past it, a pair is
 * compared exactly only while its estimated cost stays in proportion to its length, which for
 * long middles means a distance up to about 2 × PAIR_UNITS_PER_TOKEN.
 */
export const PAIR_FLOOR_UNITS = 4_000_000;
export const PAIR_UNITS_PER_TOKEN = 256;

/**
 * Counts of a[0, n0) against b[0, m0) added into `into`, with `sameHits` more hits and reference
 * tokens (the common prefix and suffix its caller stripped); true when they come from the
 * anchored approximation. The policy:
 * - a middle (what is left once the common prefix and suffix are stripped) whose full table fits
 *   PAIR_FLOOR_UNITS is compared exactly, charged to `budget` as it goes, and approximated only
 *   when the budget runs out;
 * - a larger middle is approximated first (linear work, not charged). Its distance U bounds the
 *   true one, so the exact cost is known before any is spent: a wavefront to level U, or one band
 *   of width U. The exact comparison runs only when that cost fits both the pair's cap,
 *   max(PAIR_FLOOR_UNITS, PAIR_UNITS_PER_TOKEN × (n + m)), and the request's remaining budget;
 *   otherwise the approximation stands. When U = |n − m| it is exact already.
 */
export function addPairCounts(
  into: EditCounts,
  a: Int32Array,
  n0: number,
  b: Int32Array,
  m0: number,
  budget: WorkBudget,
  sameHits: number,
  anchorK: number,
): boolean {
  const minLen = n0 < m0 ? n0 : m0;
  const lo = commonTokenPrefix(a, 0, b, 0, minLen);
  const hi = commonTokenSuffix(a, n0, b, m0, minLen - lo);
  const n = n0 - lo - hi;
  const m = m0 - lo - hi;
  let d: number;
  if (2 * (n + 1) * (m + 1) <= PAIR_FLOOR_UNITS) {
    d = exactDistance(a, lo, n, b, lo, m, budget);
    if (d === OVER_BUDGET) approximateInto(a, lo, lo + n, b, lo, lo + m, anchorK);
  } else {
    approximateInto(a, lo, lo + n, b, lo, lo + m, anchorK);
    const upper = approximation.substitutions + approximation.deletions + approximation.insertions;
    d = OVER_BUDGET;
    if (upper === (n > m ? n - m : m - n)) {
      d = upper;
      exact.substitutions = 0;
    } else {
      const cost = exactCostBound(n, m, upper);
      const cap = PAIR_UNITS_PER_TOKEN * (n + m);
      if (cost <= (cap > PAIR_FLOOR_UNITS ? cap : PAIR_FLOOR_UNITS) && !lacks(budget, cost)) {
        d = exactDistance(a, lo, n, b, lo, m, budget, upper);
      }
    }
  }
  into.referenceLength += n0 + sameHits;
  into.hits += lo + hi + sameHits;
  if (d === OVER_BUDGET) {
    into.substitutions += approximation.substitutions;
    into.deletions += approximation.deletions;
    into.insertions += approximation.insertions;
    into.hits += approximation.hits;
    return true;
  }
  addAlignmentCounts(into, n, m, d, exact.substitutions);
  return false;
}
