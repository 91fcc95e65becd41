/**
 * Anchored alignment of two long token sequences in linear time per level (decision D7.11's
 * over-budget path, and the inline diff of huge rows).
 *
 * Anchors are k-grams (k consecutive tokens) that occur exactly once on each side of a range,
 * kept along the longest chain increasing on both sides (patience diff over k-grams). Runs of
 * consecutive anchors on one diagonal become one matched run; the gaps between runs are handed to
 * a sink that aligns them exactly when that is cheap, or are anchored again with k-grams unique
 * within the gap and a smaller k. k-grams rather than words, so that text without spaces (CJK,
 * Thai, a transcript stripped of spaces) anchors as well as spaced text.
 *
 * Every match is a real equality of tokens and matches never cross, so the alignment is valid: its
 * cost is never below the true edit distance. Work: O(n + m) per level, with at most MAX_DEPTH
 * levels; no Map, no string per token.
 */
import { commonTokenPrefix, commonTokenSuffix } from '../text/common-affixes';
import { longestIncreasing } from '../util/longest-increasing';
import { createStampedTable, grownInt32, nextStamp } from '../util/scratch';

/** Receives the alignment, in order of increasing positions on both sides. */
export interface AlignmentSink {
  /** a[aLo, aLo + length) equals b[bLo, bLo + length), aligned token for token. */
  match(aLo: number, bLo: number, length: number): void;
  /**
   * Aligns a[aLo, aHi) with b[bLo, bHi) (both non-empty, no common first or last token) and
   * returns true, or returns false when that would cost more than the sink allows, so the walk
   * anchors inside the gap first. With `final` set no anchor is left: the sink must align it.
   */
  gap(aLo: number, aHi: number, bLo: number, bHi: number, final: boolean): boolean;
}

/** Levels of anchoring: k halves at each level (down to 1), and past the last the gap is final. */
export const MAX_DEPTH = 6;

// Open-addressing table of k-gram hashes, reused across calls, one slot = SLOT consecutive Int32
// (stamp, hash, counts, position in b) so a probe touches one cache line. A stamp marks the live
// slots, so a call clears nothing. Counts saturate at 2 (only "exactly once" matters): a's count
// in bits 0–1, b's in bits 2–3.
const SLOT = 4;
const kgrams = createStampedTable(1024 * SLOT);
let keptPos: Int32Array = new Int32Array(256);
let keptSlot: Int32Array = new Int32Array(256);
let candA: Int32Array = new Int32Array(256);
let candB: Int32Array = new Int32Array(256);

// Polynomial rolling hash mod 2^32 (odd multiplier), scattered by a murmur-style finaliser for the
// slot index because the low bits of a polynomial hash depend on the low bits of the tokens only.
const HASH_BASE = 0x5bd1e995 | 0;

function slotHash(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h;
}

/**
 * Ranges with more k-grams than this anchor on a content-defined sample of them (those whose
 * scattered hash has its top SAMPLE_BITS bits zero, the same k-grams on both sides): a sixteenth
 * of the table traffic, while 5 %-edited text still keeps an anchor every ~40 tokens, and the
 * equal text between sampled anchors is matched by the gaps' prefix and suffix scans.
 */
const SAMPLE_ABOVE = 8192;
const SAMPLE_BITS = 4;

/**
 * Matched runs of a[aLo, aHi) and b[bLo, bHi) from unique k-grams, as consecutive triples
 * (aStart, bStart, length) in increasing order on both sides; null when there is no anchor.
 */
export function anchorRuns(
  a: ArrayLike<number>, aLo: number, aHi: number,
  b: ArrayLike<number>, bLo: number, bHi: number,
  k: number,
): number[] | null {
  const na = aHi - aLo - k + 1;
  const nb = bHi - bLo - k + 1;
  if (na <= 0 || nb <= 0) return null;
  const sampled = na > SAMPLE_ABOVE;
  // The top SAMPLE_BITS bits of the scattered hash (none when every k-gram is used).
  const skipBits = sampled ? -1 << (32 - SAMPLE_BITS) : 0;
  let size = 16;
  while (size < (sampled ? (2 * na) >> SAMPLE_BITS : 2 * na)) size *= 2;
  const stamp = nextStamp(kgrams, size * SLOT);
  keptPos = grownInt32(keptPos, na);
  keptSlot = grownInt32(keptSlot, na);
  candA = grownInt32(candA, na);
  candB = grownInt32(candB, na);
  const mask = size - 1;
  let lead = 1; // HASH_BASE^(k − 1): the weight of the k-gram's first token.
  for (let i = 1; i < k; i++) lead = Math.imul(lead, HASH_BASE);

  // The k-grams of a into the table (a's count), those of b looked up (b's count, the position of
  // its last sighting). The k-grams of a kept by the sample: their positions and slots, in order.
  const t = kgrams.slots;
  let kept = 0;
  for (let side = 0; side < 2; side++) {
    const tokens = side === 0 ? a : b;
    const lo = side === 0 ? aLo : bLo;
    const grams = side === 0 ? na : nb;
    let h = 0;
    for (let i = 0; i < k - 1; i++) h = (Math.imul(h, HASH_BASE) + tokens[lo + i]) | 0;
    for (let i = 0; i < grams; i++) {
      h = (Math.imul(h, HASH_BASE) + tokens[lo + i + k - 1]) | 0;
      const x = slotHash(h);
      if ((x & skipBits) === 0) {
        let slot = x & mask;
        while (t[slot * SLOT] === stamp && t[slot * SLOT + 1] !== h) slot = (slot + 1) & mask;
        const at = slot * SLOT;
        if (side === 0) {
          if (t[at] === stamp) t[at + 2] = 2;
          else {
            t[at] = stamp;
            t[at + 1] = h;
            t[at + 2] = 1;
          }
          keptPos[kept] = i;
          keptSlot[kept] = slot;
          kept++;
        } else if (t[at] === stamp) {
          // +4 per sighting in b, saturating at 8 (= 2 in bits 2–3).
          if (t[at + 2] < 8) t[at + 2] += 4;
          t[at + 3] = i;
        }
      }
      h = (h - Math.imul(tokens[lo + i], lead)) | 0;
    }
  }

  // Candidates in a's order, checked token by token (a hash match is not an equality). A candidate
  // one step down the diagonal of the previous one only needs its last token checked.
  let count = 0;
  let prevI = -2;
  let prevJ = -2;
  for (let e = 0; e < kept; e++) {
    const slot = keptSlot[e];
    // Exactly once on each side: a's count 1 and b's count 1 (bits 2–3).
    if (t[slot * SLOT + 2] !== 5) continue;
    const i = keptPos[e];
    const j = t[slot * SLOT + 3];
    let equal: boolean;
    if (i === prevI + 1 && j === prevJ + 1) {
      equal = a[aLo + i + k - 1] === b[bLo + j + k - 1];
    } else {
      let t = 0;
      while (t < k && a[aLo + i + t] === b[bLo + j + t]) t++;
      equal = t === k;
    }
    if (!equal) continue;
    candA[count] = i;
    candB[count] = j;
    count++;
    prevI = i;
    prevJ = j;
  }
  if (count === 0) return null;

  const chain = longestIncreasing(candB, count);
  const len = chain.length;
  const tails = chain.indices;

  // Merge the chain into runs. An anchor on the current run's diagonal extends it; one that
  // overlaps the run on another diagonal keeps only its part past the run's end on both sides.
  const runs: number[] = [];
  let runA = -1;
  let runB = -1;
  let runEndA = 0;
  let runEndB = 0;
  for (let t = 0; t < len; t++) {
    const c = tails[t];
    const i = candA[c];
    const j = candB[c];
    if (runA >= 0 && i - j === runA - runB && i <= runEndA) {
      if (i + k > runEndA) {
        runEndA = i + k;
        runEndB = j + k;
      }
      continue;
    }
    let skip = 0;
    if (runA >= 0) {
      if (runEndA - i > skip) skip = runEndA - i;
      if (runEndB - j > skip) skip = runEndB - j;
    }
    if (skip >= k) continue;
    if (runA >= 0) runs.push(aLo + runA, bLo + runB, runEndA - runA);
    runA = i + skip;
    runB = j + skip;
    runEndA = i + k;
    runEndB = j + k;
  }
  runs.push(aLo + runA, bLo + runB, runEndA - runA);
  return runs;
}

/**
 * Aligns a[aLo, aHi) with b[bLo, bHi) into `sink`: common prefix and suffix as matches, the rest
 * offered to the sink as one gap, or anchored on unique k-grams (k = k0 at depth 0, halved per
 * level, at least 1) with every gap between anchors walked again one level deeper.
 */
export function walkAnchored(
  a: ArrayLike<number>, aLo: number, aHi: number,
  b: ArrayLike<number>, bLo: number, bHi: number,
  k0: number,
  sink: AlignmentSink,
  depth = 0,
): void {
  const minLen = aHi - aLo < bHi - bLo ? aHi - aLo : bHi - bLo;
  const lo = commonTokenPrefix(a, aLo, b, bLo, minLen);
  const hi = commonTokenSuffix(a, aHi, b, bHi, minLen - lo);
  if (lo > 0) sink.match(aLo, bLo, lo);
  walkMiddle(a, aLo + lo, aHi - hi, b, bLo + lo, bHi - hi, k0, sink, depth);
  if (hi > 0) sink.match(aHi - hi, bHi - hi, hi);
}

function walkMiddle(
  a: ArrayLike<number>, aLo: number, aHi: number,
  b: ArrayLike<number>, bLo: number, bHi: number,
  k0: number,
  sink: AlignmentSink,
  depth: number,
): void {
  if (aLo === aHi && bLo === bHi) return;
  if (aLo === aHi || bLo === bHi) {
    sink.gap(aLo, aHi, bLo, bHi, true);
    return;
  }
  if (sink.gap(aLo, aHi, bLo, bHi, false)) return;
  for (let level = depth; level < MAX_DEPTH; level++) {
    const k = Math.max(1, k0 >> level);
    const runs = anchorRuns(a, aLo, aHi, b, bLo, bHi, k);
    if (runs === null) {
      if (k === 1) break;
      continue;
    }
    let pa = aLo;
    let pb = bLo;
    for (let r = 0; r < runs.length; r += 3) {
      const ra = runs[r];
      const rb = runs[r + 1];
      const rl = runs[r + 2];
      walkAnchored(a, pa, ra, b, pb, rb, k0, sink, level + 1);
      sink.match(ra, rb, rl);
      pa = ra + rl;
      pb = rb + rl;
    }
    walkAnchored(a, pa, aHi, b, pb, bHi, k0, sink, level + 1);
    return;
  }
  sink.gap(aLo, aHi, bLo, bHi, true);
}
