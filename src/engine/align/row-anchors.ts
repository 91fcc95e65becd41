/**
 * Exact anchors, patience style: rows whose id occurs exactly once in each side of a range are
 * matched along a longest increasing subsequence, equal neighbours are absorbed by trimming, and
 * the gaps between anchors are searched again with ids unique within the gap. Cost is linear per
 * level; a work cap stops the recursion on pathological inputs and leaves the rest as gaps.
 */
import { longestIncreasing } from '../util/longest-increasing';
import { grownInt32, grownInt32Keeping } from '../util/scratch';

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

// Scratch of anchorMatches, reused across calls (the engine is single-threaded per worker): the
// ranges still to search as (aLo, aHi, bLo, bHi) quadruples, and the candidate pairs. A large
// document has thousands of gaps, each searched again.
let rangeStack: Int32Array = new Int32Array(256);
let candI: Int32Array = new Int32Array(256);
let candJ: Int32Array = new Int32Array(256);

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
  let top = 0;
  const pushRange = (aLo: number, aHi: number, bLo: number, bHi: number): void => {
    rangeStack = grownInt32Keeping(rangeStack, top + 4, top);
    rangeStack[top++] = aLo;
    rangeStack[top++] = aHi;
    rangeStack[top++] = bLo;
    rangeStack[top++] = bHi;
  };
  pushRange(range.aLo, range.aHi, range.bLo, range.bHi);
  while (top > 0) {
    top -= 4;
    let aLo = rangeStack[top];
    let aHi = rangeStack[top + 1];
    let bLo = rangeStack[top + 2];
    let bHi = rangeStack[top + 3];
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
    candI = grownInt32(candI, aHi - aLo);
    candJ = grownInt32(candJ, aHi - aLo);
    let count = 0;
    for (let i = aLo; i < aHi; i++) {
      const id = a[i];
      if (countA[id] === 1 && countB[id] === 1) {
        candI[count] = i;
        candJ[count++] = posB[id];
      }
    }
    for (let i = aLo; i < aHi; i++) countA[a[i]] = 0;
    for (let j = bLo; j < bHi; j++) countB[b[j]] = 0;
    if (count === 0) continue;

    const chosen = longestIncreasing(candJ, count);
    let prevA = aLo;
    let prevB = bLo;
    for (let t = 0; t < chosen.length; t++) {
      const k = chosen.indices[t];
      const i = candI[k];
      const j = candJ[k];
      pushRange(prevA, i, prevB, j);
      matchOf[i - base] = j;
      matched++;
      prevA = i + 1;
      prevB = j + 1;
    }
    pushRange(prevA, aHi, prevB, bHi);
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
