/**
 * The edit distance of two token sequences known to be at most `limit` apart, by a dynamic
 * programme over one band of diagonals: the hand-over from the wavefront (edit-distance.ts) when d
 * is too large for its cubic search, and the decider when the optimal-paths keys would not fit
 * 32 bits.
 */
import { grownInt32 } from '../util/scratch';
import { OVER_BUDGET, WorkBudget, spend } from './work-budget';

let bandRowA: Int32Array = new Int32Array(256);
let bandRowB: Int32Array = new Int32Array(256);
let bandLimits: Int32Array = new Int32Array(256);

/** Cells of the band of diagonals that a path of cost ≤ `limit` through an n × m table can use. */
export function bandCost(n: number, m: number, limit: number): number {
  const kEnd = n - m;
  const absEnd = kEnd < 0 ? -kEnd : kEnd;
  const full = limit >= n + m;
  const extra = full ? n + m : Math.floor((limit - absEnd) / 2);
  const width = Math.max(0, kEnd) - Math.min(0, kEnd) + 2 * extra + 1;
  return (n + 1) * Math.min(width, m + 1);
}

/**
 * The key of one band cell, D · scale + S of its cheapest path, or `dead` when that is past
 * `bound` (the cell is not live): the least of the cell above plus a deletion (`up`), the cell to
 * the right plus an insertion (`right`, on the diagonal-indexed row) and the diagonal cell
 * (`diagonal`) plus a substitution when the two tokens differ (`differ` ≠ 0). Keys stay below
 * 2^30, so every step is int32 arithmetic: mins and the live test as sign masks, no
 * data-dependent branch (on heavily rewritten rows every such branch mispredicts).
 */
export function cellKey(up: number, right: number, diagonal: number, differ: number, scale: number, bound: number, dead: number): number {
  let key = (right < up ? right : up) + scale;
  const diag = diagonal + ((scale + 1) & ((differ | -differ) >> 31));
  let t = diag - key;
  key += t & (t >> 31);
  t = bound - key;
  return key + ((dead - key) & (t >> 31));
}

/**
 * Dynamic programme over the lexicographic cost (distance, substitutions) restricted to what a
 * path of cost ≤ `limit` (an upper bound of d) can visit, so its result is exact: the diagonals k
 * with |k| + |kEnd − k| ≤ limit (one band, charged `bandCost`), and in them only the cells whose
 * distance D plus the least cost left, |kEnd − k|, stays within `limit` (below, "live"). Returns
 * d (its fewest substitutions in `out`) or OVER_BUDGET.
 *
 * Why it is fast: a cell's key is D · scale + S in an Int32Array (scale > any S), so one integer
 * comparison orders two costs; cells are updated without a data-dependent branch (`cellKey`); and
 * a row is only scanned over the diagonals its predecessor row left live (on real post-edits a
 * large part of the band is not), since a cell none of whose predecessors is live is not live
 * either.
 */
export function bandDistance(
  a: ArrayLike<number>, aLo: number, n: number,
  b: ArrayLike<number>, bLo: number, m: number,
  limit: number,
  budget: WorkBudget | undefined,
  out: { substitutions: number },
): number {
  const shortest = n < m ? n : m;
  const scale = (shortest < limit ? shortest : limit) + 1;
  const dead = (limit + 2) * scale;
  // Keys must stay within 2^30 (int32 arithmetic), which fails only for pairs of some 32,000
  // tokens a side about as far apart, 10^9 cells: far past any budget, so such a pair counts as
  // over budget even when none is given.
  if (dead + scale + 1 >= 2 ** 30) return OVER_BUDGET;
  if (!spend(budget, bandCost(n, m, limit))) return OVER_BUDGET;
  const kEnd = n - m;
  const absEnd = kEnd < 0 ? -kEnd : kEnd;
  const extra = (limit - absEnd) >> 1;
  let kLo = (kEnd < 0 ? kEnd : 0) - extra;
  let kHi = (kEnd > 0 ? kEnd : 0) + extra;
  if (kLo < -m) kLo = -m;
  if (kHi > n) kHi = n;
  // Rows are indexed by diagonal: x = k − kLo + 1, with a dead sentinel either side.
  const width = kHi - kLo + 1;
  let prev = (bandRowA = grownInt32(bandRowA, width + 2));
  let cur = (bandRowB = grownInt32(bandRowB, width + 2));
  // liveMax[x]: the largest live key on diagonal x, (limit − |kEnd − k|) · scale + scale − 1.
  const liveMax = (bandLimits = grownInt32(bandLimits, width + 2));
  for (let x = 1; x <= width; x++) {
    const left = kEnd - (x - 1 + kLo);
    liveMax[x] = (limit - (left < 0 ? -left : left) + 1) * scale - 1;
  }
  // Row 0: cell (0, j) on diagonal −j costs j insertions.
  let liveHi = 1 - kLo;
  let liveLo = liveHi;
  prev[liveHi] = 0;
  for (let j = 1; j <= m && liveHi - j >= 1 && j * scale <= liveMax[liveHi - j]; j++) {
    prev[liveHi - j] = j * scale;
    liveLo = liveHi - j;
  }
  for (let i = 1; i <= n; i++) {
    const xLo = (i - m > kLo ? i - m : kLo) - kLo + 1;
    const xHi = (i < kHi ? i : kHi) - kLo + 1;
    prev[liveLo - 1] = dead;
    prev[liveHi + 1] = dead;
    // Cells right of the previous row's live ones have no live predecessor.
    let x = liveHi + 1 < xHi ? liveHi + 1 : xHi;
    let lo = 0;
    let hi = -1;
    let right = dead; // cur[x + 1]: the insertion predecessor
    if (x === i - kLo + 1) {
      // Cell (i, 0): i deletions.
      const key = prev[x - 1] + scale;
      if (key <= liveMax[x]) {
        right = key;
        lo = hi = x;
      }
      cur[x] = right;
      x--;
    }
    const ai = a[aLo + i - 1];
    const jBase = bLo + i - kLo; // b index of column j − 1 at x is jBase − x
    const scanLo = liveLo > xLo ? liveLo : xLo;
    for (; x >= scanLo; x--) {
      const key = cellKey(prev[x - 1], right, prev[x], ai ^ b[jBase - x], scale, liveMax[x], dead);
      cur[x] = key;
      right = key;
      if (key < dead) {
        lo = x;
        if (hi < 0) hi = x;
      }
    }
    // Left of the previous row's live cells only insertions from this row can reach.
    for (; x >= xLo; x--) {
      const key = right + scale;
      if (key > liveMax[x]) break;
      cur[x] = right = key;
      lo = x;
    }
    liveLo = lo;
    liveHi = hi;
    const t = prev;
    prev = cur;
    cur = t;
  }
  const key = prev[kEnd - kLo + 1];
  const d = Math.floor(key / scale);
  out.substitutions = key - d * scale;
  return d;
}
