/**
 * Exact anchors, patience style: rows whose id occurs exactly once in each side of a range are
 * matched along a longest increasing subsequence, equal neighbours are absorbed by trimming, and
 * the gaps between anchors are searched again with ids unique within the gap. Cost is linear per
 * level; a work cap stops the recursion on pathological inputs and leaves the rest as gaps.
 */

export interface Range {
  aLo: number;
  aHi: number;
  bLo: number;
  bHi: number;
}

/** Matched row pairs in increasing order: `a[k]` on the original side with `b[k]` on the reworked. */
export interface Matches {
  a: Int32Array;
  b: Int32Array;
}

/** Counting buffers indexed by id, reused across calls (they are left zeroed after each range). */
export interface AnchorScratch {
  countA: Int32Array;
  countB: Int32Array;
  posB: Int32Array;
}

export function createAnchorScratch(idCount: number): AnchorScratch {
  return { countA: new Int32Array(idCount), countB: new Int32Array(idCount), posB: new Int32Array(idCount) };
}

/**
 * Matches rows with equal ids between `a[range]` and `b[range]`. Returns the matched pairs in
 * increasing order (i strictly increasing, j strictly increasing).
 */
export function anchorMatches(a: Int32Array, b: Int32Array, scratch: AnchorScratch, range: Range): Matches {
  const { countA, countB, posB } = scratch;
  // The match of each original row of the range (−1: none). Matches never cross, so reading it in
  // order of i gives them in order on both sides: no sort.
  const matchOf = new Int32Array(range.aHi - range.aLo).fill(-1);
  let matched = 0;
  const base = range.aLo;
  let work = 0;
  const workCap = 64 * (range.aHi - range.aLo + range.bHi - range.bLo) + 1024;
  const stack: Range[] = [range];
  while (stack.length > 0) {
    let { aLo, aHi, bLo, bHi } = stack.pop() as Range;
    while (aLo < aHi && bLo < bHi && a[aLo] === b[bLo]) {
      matchOf[aLo++ - base] = bLo++;
      matched++;
    }
    while (aLo < aHi && bLo < bHi && a[aHi - 1] === b[bHi - 1]) {
      matchOf[--aHi - base] = --bHi;
      matched++;
    }
    if (aLo >= aHi || bLo >= bHi) continue;
    work += aHi - aLo + bHi - bLo;
    if (work > workCap) continue;

    for (let i = aLo; i < aHi; i++) countA[a[i]]++;
    for (let j = bLo; j < bHi; j++) {
      countB[b[j]]++;
      posB[b[j]] = j;
    }
    const candI: number[] = [];
    const candJ: number[] = [];
    for (let i = aLo; i < aHi; i++) {
      const id = a[i];
      if (countA[id] === 1 && countB[id] === 1) {
        candI.push(i);
        candJ.push(posB[id]);
      }
    }
    for (let i = aLo; i < aHi; i++) countA[a[i]] = 0;
    for (let j = bLo; j < bHi; j++) countB[b[j]] = 0;
    if (candI.length === 0) continue;

    const chosen = longestIncreasing(candJ);
    let prevA = aLo;
    let prevB = bLo;
    for (const k of chosen) {
      const i = candI[k];
      const j = candJ[k];
      stack.push({ aLo: prevA, aHi: i, bLo: prevB, bHi: j });
      matchOf[i - base] = j;
      matched++;
      prevA = i + 1;
      prevB = j + 1;
    }
    stack.push({ aLo: prevA, aHi, bLo: prevB, bHi });
  }
  const out: Matches = { a: new Int32Array(matched), b: new Int32Array(matched) };
  let k = 0;
  for (let i = 0; i < matchOf.length; i++) {
    if (matchOf[i] < 0) continue;
    out.a[k] = base + i;
    out.b[k++] = matchOf[i];
  }
  return out;
}

/** Indices of a longest strictly increasing subsequence of `values` (patience sorting, O(n log n)). */
export function longestIncreasing(values: readonly number[]): number[] {
  const tails: number[] = [];
  const prev = new Int32Array(values.length).fill(-1);
  for (let k = 0; k < values.length; k++) {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (values[tails[mid]] < values[k]) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) prev[k] = tails[lo - 1];
    tails[lo] = k;
  }
  const out: number[] = [];
  for (let k = tails.length ? tails[tails.length - 1] : -1; k >= 0; k = prev[k]) out.push(k);
  return out.reverse();
}

/** The gaps left between consecutive matches (and before the first, after the last) of a range. */
export function gapsBetween(matches: Matches, range: Range): Range[] {
  const gaps: Range[] = [];
  let aLo = range.aLo;
  let bLo = range.bLo;
  for (let k = 0; k < matches.a.length; k++) {
    const i = matches.a[k];
    const j = matches.b[k];
    if (i > aLo || j > bLo) gaps.push({ aLo, aHi: i, bLo, bHi: j });
    aLo = i + 1;
    bLo = j + 1;
  }
  if (range.aHi > aLo || range.bHi > bLo) gaps.push({ aLo, aHi: range.aHi, bLo, bHi: range.bHi });
  return gaps;
}
