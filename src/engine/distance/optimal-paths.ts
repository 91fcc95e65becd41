/**
 * The edit distance and fewest substitutions of two token sequences rewritten at distances where
 * the wavefront's cubic search costs too much: d and the distances G of all suffix pairs from the
 * bit-parallel kernel (bit-parallel.ts), then the dynamic programme over (distance D,
 * substitutions) from the start over only the cells of some minimum alignment (D + G = d), a small
 * part of the band of width d on real post-edits, with integer keys and branch-free cells.
 */
import { bandCost, bandDistance, cellKey } from './band-distance';
import { columns, popcount, suffixDistances, suffixDistancesCost } from './bit-parallel';
import { grownInt32 } from '../util/scratch';
import { OVER_BUDGET, WorkBudget, lacks, spend } from './work-budget';

let bandRowA: Int32Array = new Int32Array(256);
let bandRowB: Int32Array = new Int32Array(256);

/**
 * d and the fewest substitutions (in `out`) of two middles, m ≤ n, or OVER_BUDGET: the
 * distances of all suffix pairs bit-parallel (`suffixDistances`, charged up front), then the
 * dynamic programme over (distance D, substitutions) from the start, visiting only cells that lie
 * on some optimal path (D + G = d, G the suffix distance), a small part of the band on real
 * post-edits; it is charged the cells it visits plus the words it reads to find G at each row's
 * first cell, after checking that the whole band (its bound) would fit the budget.
 */
export function optimalPathsDistance(
  a: ArrayLike<number>, aLo: number, n: number,
  b: ArrayLike<number>, bLo: number, m: number,
  budget: WorkBudget | undefined,
  out: { substitutions: number },
): number {
  if (!spend(budget, suffixDistancesCost(n, m))) return OVER_BUDGET;
  const d = suffixDistances(a, aLo, n, b, bLo, m);
  const words = columns.words;
  const shortest = m < d ? m : d;
  const scale = shortest + 1;
  const dead = (d + 2) * scale;
  // Keys and rooms (down to −(n + m) · scale) stay within 2^30, so every cell is int32 arithmetic
  // and its sign tests hold. Only a pair far past any budget (two sides of some 19,000 tokens
  // about as far apart) misses that; the plain band, whose keys stay smaller, then decides.
  if ((n + m + d + 3) * scale >= 2 ** 30) return bandDistance(a, aLo, n, b, bLo, m, d, budget, out);
  if (budget !== undefined && lacks(budget, bandCost(n, m, d) + (n + 1) * words)) return OVER_BUDGET;
  const kEnd = n - m;
  const extra = (d - kEnd) >> 1;
  const kLo = -extra < -m ? -m : -extra;
  const kHi = kEnd + extra > n ? n : kEnd + extra;
  const width = kHi - kLo + 1;
  let prev = (bandRowA = grownInt32(bandRowA, width + 2));
  let cur = (bandRowB = grownInt32(bandRowB, width + 2));
  const P = columns.plus;
  const M = columns.minus;
  // A cell (i, j) is live when D + G ≤ d: its key D · scale + S is at most room = top − G · scale.
  const top = (d + 1) * scale - 1;
  // Row 0: cell (0, j) on diagonal −j costs j insertions; G(0, j) from column n.
  let liveHi = 1 - kLo;
  let liveLo = liveHi;
  prev[liveHi] = 0;
  let g = d;
  for (let j = 0; j < m && liveHi - j - 1 >= 1; j++) {
    g -= bitDelta(P, M, n * words, m - j - 1);
    if (j + 1 + g > d) break;
    prev[liveHi - j - 1] = (j + 1) * scale;
    liveLo = liveHi - j - 1;
  }
  let visited = liveHi - liveLo + 1;
  for (let i = 1; i <= n; i++) {
    const xLo = (i - m > kLo ? i - m : kLo) - kLo + 1;
    const xHi = (i < kHi ? i : kHi) - kLo + 1;
    prev[liveLo - 1] = dead;
    prev[liveHi + 1] = dead;
    // Cells right of the previous row's live ones have no live predecessor.
    let x = liveHi + 1 < xHi ? liveHi + 1 : xHi;
    let j = i - (x - 1 + kLo);
    const col = (n - i) * words;
    let room = top - suffixDistanceAt(P, M, col, n - i, m - j) * scale;
    visited += words + x;
    let lo = 0;
    let hi = -1;
    let right = dead; // cur[x + 1]: the insertion predecessor
    if (j === 0) {
      // Cell (i, 0): i deletions.
      const key = prev[x - 1] + scale;
      if (key <= room) {
        right = key;
        lo = hi = x;
      }
      cur[x] = right;
      room += bitDelta(P, M, col, m - 1) * scale;
      x--;
      j++;
    }
    const ai = a[aLo + i - 1];
    const scanLo = liveLo > xLo ? liveLo : xLo;
    for (; x >= scanLo; x--) {
      const key = cellKey(prev[x - 1], right, prev[x], ai ^ b[bLo + j - 1], scale, room, dead);
      cur[x] = key;
      right = key;
      if (key < dead) {
        lo = x;
        if (hi < 0) hi = x;
      }
      if (j < m) room += bitDelta(P, M, col, m - j - 1) * scale;
      j++;
    }
    // Left of the previous row's live cells only insertions from this row can reach.
    for (; x >= xLo; x--) {
      const key = right + scale;
      if (key > room) break;
      cur[x] = right = key;
      lo = x;
      if (j < m) room += bitDelta(P, M, col, m - j - 1) * scale;
      j++;
    }
    visited -= x;
    liveLo = lo;
    liveHi = hi;
    const t = prev;
    prev = cur;
    cur = t;
  }
  if (budget !== undefined) budget.remaining -= visited;
  const key = prev[kEnd - kLo + 1];
  out.substitutions = key - d * scale;
  return d;
}

/**
 * G(i, j) − G(i, j + 1), +1, 0 or −1: bit `bit` (= m − j − 1) of the column at word offset
 * `col`.
 */
function bitDelta(P: Int32Array, M: Int32Array, col: number, bit: number): number {
  const w = col + (bit >>> 5);
  const s = bit & 31;
  return ((P[w] >>> s) & 1) - ((M[w] >>> s) & 1);
}

/**
 * G(i, m − bits) from the column of row i (at word offset `col`): G(i, m) = `base` (= n − i, the
 * deletions left) plus the first `bits` vertical differences.
 */
function suffixDistanceAt(P: Int32Array, M: Int32Array, col: number, base: number, bits: number): number {
  let g = base;
  const full = bits >>> 5;
  for (let w = 0; w < full; w++) g += popcount(P[col + w]) - popcount(M[col + w]);
  const rest = bits & 31;
  if (rest !== 0) {
    const mask = (1 << rest) - 1;
    g += popcount(P[col + full] & mask) - popcount(M[col + full] & mask);
  }
  return g;
}
