/**
 * The diagonal-transition (Ukkonen / wavefront) search for the edit distance of two near-identical
 * token sequences, over the lexicographic cost (distance, substitutions). R(s, t, k) is the
 * furthest row reachable on diagonal k with cost ≤lex (s, t); (distance, substitutions) never
 * decreases along a diagonal, which is what makes "furthest reaching" exact for the pair as well
 * as for the distance alone. Cost O(n + d³) cell updates with a small constant (the substitution
 * axis adds the factor d; parity and |k| bounds halve it twice): the cheapest kernel for a row
 * with a handful of edits.
 */
import { commonTokenPrefix } from '../text/common-affixes';
import { grownInt32 } from '../util/scratch';
import { OVER_BUDGET, WorkBudget, spend } from './work-budget';

/** What `wavefront` returns when d is past the levels it was given. */
export const GAVE_UP = -2;

/** A diagonal the search has not reached. */
const NEG = -0x40000000;

let scratchPrev: Int32Array = new Int32Array(256);
let scratchCur: Int32Array = new Int32Array(256);

/**
 * The search on a[aLo, aLo + n) and b[bLo, bLo + m), up to level `lastLevel`. Returns d (its
 * fewest substitutions in `out`), OVER_BUDGET, or GAVE_UP when d > lastLevel, or when `project`
 * is set and the progress made projects d past lastLevel (`projectedDistance`): a row rewritten
 * at distance 40 is then recognised after 3 levels instead of paying 15.
 */
export function wavefront(
  a: ArrayLike<number>, aLo: number, n: number,
  b: ArrayLike<number>, bLo: number, m: number,
  budget: WorkBudget | undefined,
  lastLevel: number,
  project: boolean,
  out: { substitutions: number },
): number {
  const kEnd = n - m;
  // Bounds are written 0 − x and 1 − s, never −x: −0 is a double, and one reaching a diagonal
  // index turns the loops into float arithmetic (measurably slower per pair).
  const r = commonTokenPrefix(a, aLo, b, bLo, n < m ? n : m);
  if (kEnd === 0 && r >= n) {
    out.substitutions = 0;
    return 0;
  }
  let prev = grownInt32(scratchPrev, 1);
  prev[0] = r;
  let slid = 0;
  for (let s = 1; ; s++) {
    if (s > lastLevel || (project && s > PROJECT_FROM && projectedDistance(prev, s - 1, n, m) > lastLevel)) {
      scratchPrev = prev;
      return GAVE_UP;
    }
    const wc = 2 * s + 1;
    const wp = wc - 2;
    const offC = s;
    const offP = s - 1;
    const levelCost = (s + 1) * wc;
    if (!spend(budget, levelCost + slid)) {
      scratchPrev = prev;
      return OVER_BUDGET;
    }
    slid = 0;
    const cur = (scratchCur = grownInt32(scratchCur, levelCost));
    const kMin = -s > -m ? -s : -m;
    const kMax = s < n ? s : n;
    for (let t = 0; t <= s; t++) {
      const row = t * wc + offC;
      // Every cell first inherits R at the next lower cost: the row above, or for t = 0 the
      // previous level's last row (distance s − 1, any substitutions); outside [kMin, kMax] the
      // diagonal leaves the table.
      if (t > 0) {
        for (let idx = row - s; idx <= row + s; idx++) cur[idx] = cur[idx - wc];
      } else {
        const last = (s - 1) * wp + offP;
        for (let k = -s; k <= s; k++) {
          const absK = k < 0 ? -k : k;
          cur[row + k] = k < kMin || k > kMax || absK > s - 1 ? NEG : prev[last + k];
        }
      }
      // A cell with cost exactly (s, t) on diagonal k needs s − t indels, at least |k| of them
      // and of the same parity as k (D − I = k): only those cells can reach further.
      const span = s - t;
      let kLo = 0 - span > kMin ? 0 - span : kMin;
      const kHi = span < kMax ? span : kMax;
      if (((span - kLo) & 1) !== 0) kLo++;
      const tp = t < s - 1 ? t : s - 1;
      for (let k = kLo; k <= kHi; k += 2) {
        const idx = row + k;
        const base = cur[idx];
        let best = base;
        if (k - 1 >= 1 - s) {
          const pr = prev[tp * wp + offP + k - 1];
          if (pr >= 0 && pr + 1 <= n && pr + 1 > best) best = pr + 1;
        }
        if (k + 1 <= s - 1) {
          const pr = prev[tp * wp + offP + k + 1];
          if (pr >= 0 && pr - k <= m && pr > best) best = pr;
        }
        if (t >= 1 && (k < 0 ? -k : k) <= s - 1) {
          const pr = prev[(t - 1) * wp + offP + k];
          if (pr >= 0 && pr + 1 <= n && pr + 1 - k <= m && pr + 1 > best) best = pr + 1;
        }
        if (best > base) {
          const start = best;
          let j = best - k;
          while (best < n && j < m && a[aLo + best] === b[bLo + j]) {
            best++;
            j++;
          }
          slid += best - start;
        }
        cur[idx] = best;
        if (k === kEnd && best >= n) {
          if (budget !== undefined) budget.remaining -= slid;
          scratchPrev = prev;
          out.substitutions = t;
          return s;
        }
      }
    }
    scratchCur = prev;
    prev = cur;
  }
}

/** The wavefront projects d from the levels up to this one on (fewer say too little). */
const PROJECT_FROM = 3;

/**
 * d projected from the wavefront after level s (its table in `prev`): s levels carried it to the
 * furthest anti-diagonal i + j it reaches; the rest of the n + m at the same pace. Deterministic,
 * so the work charged stays a function of the request.
 */
function projectedDistance(prev: Int32Array, s: number, n: number, m: number): number {
  // Row t = s of the level: furthest reach at distance ≤ s, any substitutions.
  const last = s * (2 * s + 1) + s;
  let reach = 1;
  for (let k = -s; k <= s; k++) {
    const r = prev[last + k];
    if (r >= 0 && 2 * r - k > reach) reach = 2 * r - k;
  }
  return (s * (n + m)) / reach;
}
