/**
 * Unit-cost Levenshtein distance with substitution / deletion / insertion counts (decisions D7.2,
 * D7.4, D7.11), over code points or word ids.
 *
 * Conventions (ASR, D7.2): `reference` is the reworked text, `hypothesis` the original. A
 * *deletion* is a reference token missing from the hypothesis, an *insertion* a hypothesis token
 * absent from the reference.
 *
 * Tie-break: S/D/I are not unique for a given distance. The kernel reports, among all
 * minimum-cost alignments, one with the FEWEST SUBSTITUTIONS (equivalently the most hits). The
 * split is then fully determined: with n reference and m hypothesis tokens and distance d,
 *   D − I = n − m and S + D + I = d, so I = (d − S − (n − m)) / 2, D = I + n − m, hits = n − S − D.
 * This matches every published vector in shared/fixtures whose split is ambiguous (jiwer,
 * texterrors), and it does not depend on the traversal order of any particular implementation.
 *
 * Algorithms:
 * - Common prefix and suffix are stripped first (they are hits in some optimal alignment).
 * - Near-identical inputs: a diagonal-transition (Ukkonen / wavefront) search over the
 *   lexicographic cost (distance, substitutions). R(s, t, k) is the furthest row reachable on
 *   diagonal k with cost ≤lex (s, t); (distance, substitutions) never decreases along a diagonal,
 *   which is what makes "furthest reaching" exact for the pair as well as for the distance alone.
 *   Cost O(n + d³) cell updates with a small constant (the substitution axis adds the factor d;
 *   parity and |k| bounds halve it twice), typically well under a microsecond for a 100-character
 *   row with a handful of edits.
 * - Past about sqrt(n + m) levels, or earlier when the search's progress projects d past that
 *   (rows rewritten at distances of 16–64 are common in real post-edits), the distances G of all
 *   suffix pairs are computed bit-parallel (bit-parallel.ts: ⌈shorter / 32⌉ word steps per token
 *   of the longer side), which gives d; then the dynamic programme over (distance D,
 *   substitutions) from the start visits only the cells of some minimum alignment (D + G = d), a
 *   few per cent of the band of width d, with integer keys and branch-free cells.
 * - A pair known to be at most U apart (from its approximation, below) runs the wavefront to U
 *   when U is within the hand-over level, else one band of width U: the cost is known up front.
 * - A pair whose exact search would exceed the request's work budget, or whose estimated cost is
 *   out of proportion to its length, is scored from an anchored alignment (`addPairCounts`,
 *   anchored-alignment.ts): a valid alignment, so never below the true distance.
 */

import { AlignmentSink, walkAnchored } from './anchored-alignment';
import { columns, popcount, suffixDistances, suffixDistancesCost } from './bit-parallel';
import type { EditCounts } from './types';

/**
 * Work units a request may spend on exact distances; one unit ≈ one cell update, or one 32-cell
 * word step of the bit-parallel suffix distances (≈ 1–7 ns). Sized on real post-edits: 5 MiB of
 * human drafts against their expert corrections (kallaama, Wolof/Pulaar/Sereer, CER 6.6 %,
 * WER 17.7 %) spent 36.4 M units with the kernel of the time, so the former 30 M left 1,303 of its
 * entries approximate; it spends 10.9 M now, a ninth of the budget. A request built to exhaust
 * the budget (1,844 paired 1,400-character rows of shuffled words) spends its metric pass about
 * 0.65 s, the approximation of the rest included.
 */
export const DEFAULT_WORK_BUDGET_UNITS = 100_000_000;

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
 * Allowance of the approximation for an exact comparison of one gap between anchors, per token of
 * the gap plus a floor: linear, and not charged to the request (it is what keeps an
 * approximated pair close to the truth).
 */
const GAP_UNITS_PER_TOKEN = 32;
const GAP_FLOOR_UNITS = 256;

/**
 * k of the k-grams that anchor the approximation at its first level (halved per level). 16
 * characters are unique in long natural text yet 44 % of them survive 5 % random edits; 4 words
 * play the same part for word ids.
 */
export const CHAR_ANCHOR_K = 16;
const WORD_ANCHOR_K = 4;

/**
 * A per-request allowance of exact-distance work, in cell updates. Deterministic (work, not
 * time), so the same request always gets the same answer (D6.9).
 */
export interface WorkBudget {
  readonly total: number;
  remaining: number;
}

/** A fresh budget of `units` cell updates (D7.11). */
export function createWorkBudget(units: number = DEFAULT_WORK_BUDGET_UNITS): WorkBudget {
  return { total: units, remaining: units };
}

/** True when `budget` cannot afford `charge` (the caller then approximates). */
export function lacks(budget: WorkBudget, charge: number): boolean {
  return budget.remaining < charge;
}

/** Exact result of one comparison. */
export interface EditResult {
  distance: number;
  substitutions: number;
  deletions: number;
  insertions: number;
  hits: number;
}

const NEG = -0x40000000;
const HIGH_SURROGATE_MIN = 0xd800;
const HIGH_SURROGATE_MAX = 0xdbff;
const LOW_SURROGATE_MIN = 0xdc00;
const LOW_SURROGATE_MAX = 0xdfff;
const ANY_SURROGATE = /[\uD800-\uDFFF]/;
const SPACE = 0x20;

let scratchPrev: Int32Array = new Int32Array(256);
let scratchCur: Int32Array = new Int32Array(256);
let bandRowA: Int32Array = new Int32Array(256);
let bandRowB: Int32Array = new Int32Array(256);
let bandLimits: Int32Array = new Int32Array(256);
let cpRef: Int32Array = new Int32Array(256);
let cpHyp: Int32Array = new Int32Array(256);
let idRef: Int32Array = new Int32Array(64);
let idHyp: Int32Array = new Int32Array(64);

function growInt32(buf: Int32Array, size: number): Int32Array {
  if (buf.length >= size) return buf;
  let n = buf.length;
  while (n < size) n *= 2;
  return new Int32Array(n);
}

/** Number of Unicode code points in `text` (a lone surrogate counts as one, like codePointAt). */
export function codePointLength(text: string): number {
  if (!ANY_SURROGATE.test(text)) return text.length;
  return codePointCount(text, 0, text.length);
}

function codePointCount(text: string, start: number, end: number): number {
  let count = 0;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c >= HIGH_SURROGATE_MIN && c <= HIGH_SURROGATE_MAX && i + 1 < end) {
      const d = text.charCodeAt(i + 1);
      if (d >= LOW_SURROGATE_MIN && d <= LOW_SURROGATE_MAX) i++;
    }
    count++;
  }
  return count;
}

/**
 * Writes the code points of text[start, end) into `out` (grown when too small) and returns the
 * buffer and the count. `end` must not split a surrogate pair.
 */
export function toCodePoints(
  text: string,
  start = 0,
  end = text.length,
  out: Int32Array = new Int32Array(end - start),
): { points: Int32Array; length: number } {
  const points = growInt32(out, end - start);
  let n = 0;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c >= HIGH_SURROGATE_MIN && c <= HIGH_SURROGATE_MAX && i + 1 < end) {
      const d = text.charCodeAt(i + 1);
      if (d >= LOW_SURROGATE_MIN && d <= LOW_SURROGATE_MAX) {
        points[n++] = ((c - HIGH_SURROGATE_MIN) << 10) + (d - LOW_SURROGATE_MIN) + 0x10000;
        i++;
        continue;
      }
    }
    points[n++] = c;
  }
  return { points, length: n };
}

/** Number of space-separated words in text[start, end) (runs of spaces count as one separator). */
export function wordCount(text: string, start = 0, end = text.length): number {
  // Counts word starts (a non-space after a space or at `start`) without a branch per character:
  // ((c ^ 0x20) - 1) >>> 31 is 1 exactly for a space (c < 2^16), and spaces vs letters are too
  // irregular for the branch predictor.
  let count = 0;
  let afterSpace = 1;
  for (let i = start; i < end; i++) {
    const space = ((text.charCodeAt(i) ^ SPACE) - 1) >>> 31;
    count += afterSpace & (space ^ 1);
    afterSpace = space;
  }
  return count;
}

const FNV_OFFSET = 0x811c9dc5 | 0;
const FNV_PRIME = 0x01000193;

/**
 * Maps words (substrings between spaces) to small integer ids without allocating substrings:
 * FNV-1a over UTF-16 units into an open-addressing table, with an exact character comparison on
 * every hash hit, so two different words never share an id.
 */
export class WordInterner {
  private slots: Int32Array = new Int32Array(1024).fill(-1);
  private hashes: Int32Array = new Int32Array(256);
  private sources: string[] = [];
  private starts: Int32Array = new Int32Array(256);
  private ends: Int32Array = new Int32Array(256);
  private count = 0;

  /** Number of distinct words interned so far. */
  get size(): number {
    return this.count;
  }

  /** The id of text[start, end). */
  intern(text: string, start: number, end: number): number {
    let h = FNV_OFFSET;
    for (let i = start; i < end; i++) h = Math.imul(h ^ text.charCodeAt(i), FNV_PRIME);
    return this.internHashed(text, start, end, h);
  }

  /** The id of text[start, end) whose FNV-1a hash (FNV_OFFSET, FNV_PRIME) the caller computed. */
  internHashed(text: string, start: number, end: number, h: number): number {
    const mask = this.slots.length - 1;
    let slot = h & mask;
    for (;;) {
      const id = this.slots[slot];
      if (id < 0) break;
      if (this.hashes[id] === h && this.sameWord(id, text, start, end)) return id;
      slot = (slot + 1) & mask;
    }
    const id = this.count++;
    if (id >= this.starts.length) this.growEntries();
    this.hashes[id] = h;
    this.sources[id] = text;
    this.starts[id] = start;
    this.ends[id] = end;
    this.slots[slot] = id;
    if (this.count * 2 > this.slots.length) this.rehash();
    return id;
  }

  private sameWord(id: number, text: string, start: number, end: number): boolean {
    const s = this.starts[id];
    if (this.ends[id] - s !== end - start) return false;
    const src = this.sources[id];
    for (let i = 0; i < end - start; i++) {
      if (src.charCodeAt(s + i) !== text.charCodeAt(start + i)) return false;
    }
    return true;
  }

  private growEntries(): void {
    const n = this.starts.length * 2;
    const hashes = new Int32Array(n);
    hashes.set(this.hashes);
    const starts = new Int32Array(n);
    starts.set(this.starts);
    const ends = new Int32Array(n);
    ends.set(this.ends);
    this.hashes = hashes;
    this.starts = starts;
    this.ends = ends;
  }

  private rehash(): void {
    const slots = new Int32Array(this.slots.length * 2).fill(-1);
    const mask = slots.length - 1;
    for (let id = 0; id < this.count; id++) {
      let slot = this.hashes[id] & mask;
      while (slots[slot] >= 0) slot = (slot + 1) & mask;
      slots[slot] = id;
    }
    this.slots = slots;
  }
}

/**
 * Word ids of text[start, end) appended to `out` (grown when needed); returns buffer and count.
 */
export function toWordIds(
  text: string,
  interner: WordInterner,
  start = 0,
  end = text.length,
  out: Int32Array = new Int32Array(8),
): { ids: Int32Array; length: number } {
  let ids = out;
  let n = 0;
  let i = start;
  while (i < end) {
    let c = text.charCodeAt(i);
    while (c === SPACE && ++i < end) c = text.charCodeAt(i);
    if (i >= end) break;
    const w = i;
    // Hash while scanning: one pass over the word's characters.
    let h = FNV_OFFSET;
    while (c !== SPACE) {
      h = Math.imul(h ^ c, FNV_PRIME);
      if (++i >= end) break;
      c = text.charCodeAt(i);
    }
    if (n >= ids.length) {
      const bigger = growInt32(ids, n + 1);
      bigger.set(ids.subarray(0, n));
      ids = bigger;
    }
    ids[n++] = interner.internHashed(text, w, i, h);
  }
  return { ids, length: n };
}

/** Splits (d, S) into the full count set; see the tie-break note at the top of this file. */
function splitCounts(n: number, m: number, distance: number, substitutions: number): EditResult {
  const indels = distance - substitutions;
  const insertions = (indels - (n - m)) / 2;
  const deletions = insertions + n - m;
  return { distance, substitutions, deletions, insertions, hits: n - substitutions - deletions };
}

// The kernel returns the distance as a number and leaves the substitutions of that result here,
// so a pair costs no tuple or result object (the metric pass scores tens of thousands of pairs).
let coreSubs = 0;
/** Kernel return value: the work budget would be exceeded. */
const OVER_BUDGET = -1;
/** Wavefront return value: d is past the levels it was given. */
const GAVE_UP = -2;

/**
 * Exact unit-cost edit distance between two token sequences (reference a, hypothesis b) with the
 * fewest-substitutions split. Returns null when the work would exceed `budget` (nothing is
 * charged beyond what was spent), and, budget or not, for a pair too large for the kernel's
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
  let lo = 0;
  const minLen = n0 < m0 ? n0 : m0;
  while (lo < minLen && a[aStart + lo] === b[bStart + lo]) lo++;
  let hi = 0;
  while (hi < minLen - lo && a[aEnd - 1 - hi] === b[bEnd - 1 - hi]) hi++;
  const n = n0 - lo - hi;
  const m = m0 - lo - hi;
  const d = coreDistance(a, aStart + lo, n, b, bStart + lo, m, budget);
  if (d === OVER_BUDGET) return null;
  const result = splitCounts(n, m, d, coreSubs);
  result.hits += lo + hi;
  return result;
}

/**
 * Counts of a[0, n0) against b[0, m0) added into `into`, with `sameHits` more hits and reference
 * tokens (the common prefix and suffix its caller stripped); true when they come from the
 * anchored approximation (D7.11). The policy:
 * - a middle (what is left once the common prefix and suffix are stripped) whose full table fits
 *   PAIR_FLOOR_UNITS is compared exactly, charged to `budget` as it goes, and approximated only
 *   when the budget runs out;
 * - a larger middle is approximated first (linear work, not charged). Its distance U bounds the
 *   true one, so the exact cost is known before any is spent: a wavefront to level U, or one band
 *   of width U. The exact comparison runs only when that cost fits both the pair's cap,
 *   max(PAIR_FLOOR_UNITS, PAIR_UNITS_PER_TOKEN × (n + m)), and the request's remaining budget;
 *   otherwise the approximation stands. When U = |n − m| it is exact already.
 */
function addPairCounts(
  into: EditCounts,
  a: Int32Array,
  n0: number,
  b: Int32Array,
  m0: number,
  budget: WorkBudget,
  sameHits: number,
  anchorK: number,
): boolean {
  let lo = 0;
  const minLen = n0 < m0 ? n0 : m0;
  while (lo < minLen && a[lo] === b[lo]) lo++;
  let hi = 0;
  while (hi < minLen - lo && a[n0 - 1 - hi] === b[m0 - 1 - hi]) hi++;
  const n = n0 - lo - hi;
  const m = m0 - lo - hi;
  let d: number;
  if (2 * (n + 1) * (m + 1) <= PAIR_FLOOR_UNITS) {
    d = coreDistance(a, lo, n, b, lo, m, budget);
    if (d === OVER_BUDGET) approximateInto(a, lo, lo + n, b, lo, lo + m, anchorK);
  } else {
    approximateInto(a, lo, lo + n, b, lo, lo + m, anchorK);
    const upper = accS + accD + accI;
    d = OVER_BUDGET;
    if (upper === (n > m ? n - m : m - n)) {
      d = upper;
      coreSubs = 0;
    } else {
      const cost = exactCostBound(n, m, upper);
      const cap = PAIR_UNITS_PER_TOKEN * (n + m);
      if (cost <= (cap > PAIR_FLOOR_UNITS ? cap : PAIR_FLOOR_UNITS) && !lacks(budget, cost)) {
        d = coreDistance(a, lo, n, b, lo, m, budget, upper);
      }
    }
  }
  into.referenceLength += n0 + sameHits;
  if (d === OVER_BUDGET) {
    into.substitutions += accS;
    into.deletions += accD;
    into.insertions += accI;
    into.hits += accH + lo + hi + sameHits;
    return true;
  }
  const s = coreSubs;
  const insertions = (d - s - (n - m)) / 2;
  const deletions = insertions + n - m;
  into.substitutions += s;
  into.deletions += deletions;
  into.insertions += insertions;
  into.hits += n - s - deletions + lo + hi + sameHits;
  return false;
}

/**
 * Level past which the wavefront hands over to the bit-parallel distance and one band (the cubic
 * search costs more than they do).
 */
function switchLevelOf(n: number, m: number): number {
  return Math.max(8, Math.ceil(Math.sqrt(n + m)));
}

/**
 * Upper bound of the cell updates `coreDistance` spends on two middles of n and m tokens whose
 * distance is at most `upper`: the wavefront's levels up to `upper` plus its slides (≤ n), or one
 * band wide enough for `upper`.
 */
function exactCostBound(n: number, m: number, upper: number): number {
  if (upper <= switchLevelOf(n, m)) {
    // Σ_{s=1..U} (s + 1)(2s + 1) = U(U + 1)(2U + 1)/3 + 3U(U + 1)/2 + U
    const u = upper;
    return (u * (u + 1) * (2 * u + 1)) / 3 + (3 * u * (u + 1)) / 2 + u + n;
  }
  return bandCost(n, m, upper);
}

function bandCost(n: number, m: number, limit: number): number {
  const kEnd = n - m;
  const absEnd = kEnd < 0 ? -kEnd : kEnd;
  const full = limit >= n + m;
  const extra = full ? n + m : Math.floor((limit - absEnd) / 2);
  const width = Math.max(0, kEnd) - Math.min(0, kEnd) + 2 * extra + 1;
  return (n + 1) * Math.min(width, m + 1);
}

/**
 * Distance (substitutions in `coreSubs`) or OVER_BUDGET. Inputs have no common prefix/suffix.
 * `upper`, when given, is a known upper bound of d (from the approximation): the wavefront then
 * runs to it if it is within the hand-over level, else one band of that width decides, so the
 * cost is what `exactCostBound` said. Without it, the wavefront runs until the hand-over level
 * (or until its progress projects d past it), then d is learnt bit-parallel and one band exactly
 * that wide gives the fewest substitutions.
 */
function coreDistance(
  a: ArrayLike<number>,
  aLo: number,
  n: number,
  b: ArrayLike<number>,
  bLo: number,
  m: number,
  budget: WorkBudget | undefined,
  upper = -1,
): number {
  if (n === 0 || m === 0) {
    coreSubs = 0;
    return n + m;
  }
  if (n === 1 && m === 1) {
    // One token each side (a one-word or one-character edit, a fifth of real pairs): a
    // substitution, charged exactly as the wavefront's first level (2 × 3 cells) would be.
    coreSubs = a[aLo] === b[bLo] ? 0 : 1;
    if (coreSubs === 0) return 0;
    if (budget !== undefined) {
      if (lacks(budget, 6)) return OVER_BUDGET;
      budget.remaining -= 6;
    }
    return 1;
  }
  const level = switchLevelOf(n, m);
  if (upper > level) return bandDistance(a, aLo, n, b, bLo, m, upper, budget);
  const w = wavefront(a, aLo, n, b, bLo, m, budget, upper < 0 ? level : upper, upper < 0);
  if (w !== GAVE_UP) return w;
  // (distance, substitutions) is symmetric: the shorter side goes across the bit-vectors.
  return m <= n ? optimalPathsDistance(a, aLo, n, b, bLo, m, budget) : optimalPathsDistance(b, bLo, m, a, aLo, n, budget);
}

/**
 * d and the fewest substitutions (in `coreSubs`) of two middles, m ≤ n, or OVER_BUDGET: the
 * distances of all suffix pairs bit-parallel (`suffixDistances`, charged up front), then the
 * dynamic programme over (distance D, substitutions) from the start, visiting only cells that lie
 * on some optimal path (D + G = d, G the suffix distance), a few per cent of the band on real
 * post-edits; it is charged the cells it visits plus the words it reads to find G at each row's
 * first cell, after checking that the whole band (its bound) would fit the budget.
 */
function optimalPathsDistance(
  a: ArrayLike<number>,
  aLo: number,
  n: number,
  b: ArrayLike<number>,
  bLo: number,
  m: number,
  budget: WorkBudget | undefined,
): number {
  const prepare = suffixDistancesCost(n, m);
  if (budget !== undefined) {
    if (lacks(budget, prepare)) return OVER_BUDGET;
    budget.remaining -= prepare;
  }
  const d = suffixDistances(a, aLo, n, b, bLo, m);
  const words = columns.words;
  const shortest = m < d ? m : d;
  const scale = shortest + 1;
  const dead = (d + 2) * scale;
  // Keys and rooms (down to −(n + m) · scale) stay within 2^30, so every cell is int32 arithmetic
  // and its sign tests hold. Only a pair far past any budget (two sides of some 19,000 tokens
  // about as far apart) misses that; the plain band, whose keys stay smaller, then decides.
  if ((n + m + d + 3) * scale >= 2 ** 30) return bandDistance(a, aLo, n, b, bLo, m, d, budget);
  if (budget !== undefined && lacks(budget, bandCost(n, m, d) + (n + 1) * words)) return OVER_BUDGET;
  const kEnd = n - m;
  const extra = (d - kEnd) >> 1;
  const kLo = -extra < -m ? -m : -extra;
  const kHi = kEnd + extra > n ? n : kEnd + extra;
  const width = kHi - kLo + 1;
  let prev = (bandRowA = growInt32(bandRowA, width + 2));
  let cur = (bandRowB = growInt32(bandRowB, width + 2));
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
  const sub = scale + 1;
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
      const del = prev[x - 1];
      let key = (right < del ? right : del) + scale;
      const differ = ai ^ b[bLo + j - 1];
      const diag = prev[x] + (sub & ((differ | -differ) >> 31));
      let t = diag - key;
      key += t & (t >> 31);
      t = room - key;
      key += (dead - key) & (t >> 31);
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
  coreSubs = key - d * scale;
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

/**
 * Diagonal-transition search over the lexicographic cost (distance, substitutions), up to level
 * `lastLevel`. Returns d (S in `coreSubs`), OVER_BUDGET, or GAVE_UP when d > lastLevel, or when
 * `project` is set and the progress made projects d past lastLevel (`projectedDistance`): a row
 * rewritten at distance 40 is then recognised after 3 levels instead of paying 15.
 */
function wavefront(
  a: ArrayLike<number>,
  aLo: number,
  n: number,
  b: ArrayLike<number>,
  bLo: number,
  m: number,
  budget: WorkBudget | undefined,
  lastLevel: number,
  project: boolean,
): number {
  const kEnd = n - m;
  // Bounds are written 0 − x and 1 − s, never −x: −0 is a double, and one reaching a diagonal
  // index turns the loops into float arithmetic (about 20 % slower per pair).
  let r = 0;
  while (r < n && r < m && a[aLo + r] === b[bLo + r]) r++;
  if (kEnd === 0 && r >= n) {
    coreSubs = 0;
    return 0;
  }
  let prev = growInt32(scratchPrev, 1);
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
    if (budget !== undefined) {
      if (lacks(budget, levelCost + slid)) {
        scratchPrev = prev;
        return OVER_BUDGET;
      }
      budget.remaining -= levelCost + slid;
      slid = 0;
    }
    const cur = (scratchCur = growInt32(scratchCur, levelCost));
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
          coreSubs = t;
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

/**
 * Dynamic programme over the lexicographic cost (distance, substitutions) restricted to what a
 * path of cost ≤ `limit` (an upper bound of d) can visit, so its result is exact: the diagonals k
 * with |k| + |kEnd − k| ≤ limit (one band, charged `bandCost`), and in them only the cells whose
 * distance D plus the least cost left, |kEnd − k|, stays within `limit` (below, "live"). Returns
 * d (S in `coreSubs`) or OVER_BUDGET.
 *
 * Why it is fast: a cell's key is D · scale + S in an Int32Array (scale > any S), so one integer
 * comparison orders two costs; cells are updated without a data-dependent branch (mins and the
 * live test as sign masks), because on heavily rewritten rows every such branch mispredicts; and
 * a row is only scanned over the diagonals its predecessor row left live (about half the band on
 * real post-edits), since a cell none of whose predecessors is live is not live either.
 */
function bandDistance(
  a: ArrayLike<number>,
  aLo: number,
  n: number,
  b: ArrayLike<number>,
  bLo: number,
  m: number,
  limit: number,
  budget: WorkBudget | undefined,
): number {
  const shortest = n < m ? n : m;
  const scale = (shortest < limit ? shortest : limit) + 1;
  const dead = (limit + 2) * scale;
  // Keys must stay within 2^30 (int32 arithmetic), which fails only for pairs of some 32,000
  // tokens a side about as far apart, 10^9 cells: far past any budget, so such a pair counts as
  // over budget even when none is given.
  if (dead + scale + 1 >= 2 ** 30) return OVER_BUDGET;
  const cost = bandCost(n, m, limit);
  if (budget !== undefined) {
    if (lacks(budget, cost)) return OVER_BUDGET;
    budget.remaining -= cost;
  }
  const kEnd = n - m;
  const absEnd = kEnd < 0 ? -kEnd : kEnd;
  const extra = (limit - absEnd) >> 1;
  let kLo = (kEnd < 0 ? kEnd : 0) - extra;
  let kHi = (kEnd > 0 ? kEnd : 0) + extra;
  if (kLo < -m) kLo = -m;
  if (kHi > n) kHi = n;
  // Rows are indexed by diagonal: x = k − kLo + 1, with a dead sentinel either side.
  const width = kHi - kLo + 1;
  let prev = (bandRowA = growInt32(bandRowA, width + 2));
  let cur = (bandRowB = growInt32(bandRowB, width + 2));
  // liveMax[x]: the largest live key on diagonal x, (limit − |kEnd − k|) · scale + scale − 1.
  const liveMax = (bandLimits = growInt32(bandLimits, width + 2));
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
  const sub = scale + 1;
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
      const del = prev[x - 1];
      let key = (right < del ? right : del) + scale;
      const differ = ai ^ b[jBase - x];
      const diag = prev[x] + (sub & ((differ | -differ) >> 31));
      let t = diag - key;
      key += t & (t >> 31);
      t = liveMax[x] - key;
      key += (dead - key) & (t >> 31);
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
  coreSubs = key - d * scale;
  return d;
}

/** A zeroed count record. */
export function emptyCounts(): EditCounts {
  return { substitutions: 0, deletions: 0, insertions: 0, hits: 0, referenceLength: 0 };
}

// Lengths of the last text given to `addEqualCounts`: a column such as the speaker repeats one
// value over many rows.
let equalText = '';
let equalCodePoints = 0;
let equalWords = 0;

/**
 * The counts of a text compared with itself, added to `chars` and `words` (either may be null):
 * every code point and every word is a hit. One pass gives both lengths.
 */
export function addEqualCounts(chars: EditCounts | null, words: EditCounts | null, text: string): void {
  if (text !== equalText) {
    let count = 0;
    let afterSpace = 1;
    let surrogates = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      // Branch-free, as in wordCount; the second test is 1 exactly for a surrogate (D800–DFFF).
      const space = ((c ^ SPACE) - 1) >>> 31;
      count += afterSpace & (space ^ 1);
      afterSpace = space;
      surrogates |= (((c & 0xf800) ^ 0xd800) - 1) >>> 31;
    }
    equalText = text;
    equalWords = count;
    equalCodePoints = surrogates === 0 ? text.length : codePointCount(text, 0, text.length);
  }
  if (chars !== null) {
    chars.hits += equalCodePoints;
    chars.referenceLength += equalCodePoints;
  }
  if (words !== null) {
    words.hits += equalWords;
    words.referenceLength += equalWords;
  }
}

/**
 * Character counts of one (reference, hypothesis) text pair, added to `into`. Exact under the
 * policy of `addPairCounts`, else anchored on character k-grams; returns true when the
 * approximation was used.
 */
export function addCharCounts(into: EditCounts, reference: string, hypothesis: string, budget: WorkBudget): boolean {
  if (reference === hypothesis) {
    const len = codePointLength(reference);
    into.hits += len;
    into.referenceLength += len;
    return false;
  }
  const n = reference.length;
  const m = hypothesis.length;
  const minLen = n < m ? n : m;
  let p = 0;
  while (p < minLen && reference.charCodeAt(p) === hypothesis.charCodeAt(p)) p++;
  if (!ANY_SURROGATE.test(reference) && !ANY_SURROGATE.test(hypothesis)) {
    let q = 0;
    while (q < minLen - p && reference.charCodeAt(n - 1 - q) === hypothesis.charCodeAt(m - 1 - q)) q++;
    return charsOfMiddle(into, reference, hypothesis, p, q, budget);
  }
  // Never cut between the halves of a surrogate pair: the next units differ, so the pair does.
  if (p > 0 && isHigh(reference.charCodeAt(p - 1))) p--;
  let q = 0;
  while (q < minLen - p && reference.charCodeAt(n - 1 - q) === hypothesis.charCodeAt(m - 1 - q)) q++;
  if (q > 0 && isLow(reference.charCodeAt(n - q))) q--;
  const same = codePointCount(reference, 0, p) + codePointCount(reference, n - q, n);
  const ra = toCodePoints(reference, p, n - q, cpRef);
  cpRef = ra.points;
  const hb = toCodePoints(hypothesis, p, m - q, cpHyp);
  cpHyp = hb.points;
  return addPairCounts(into, cpRef, ra.length, cpHyp, hb.length, budget, same, CHAR_ANCHOR_K);
}

/**
 * Character counts of two different surrogate-free texts with common prefix p and suffix q (UTF-16
 * units, which are then code points): the middles are copied as they are.
 */
function charsOfMiddle(into: EditCounts, reference: string, hypothesis: string, p: number, q: number, budget: WorkBudget): boolean {
  const nMid = reference.length - q - p;
  const mMid = hypothesis.length - q - p;
  const ra = (cpRef = growInt32(cpRef, nMid));
  const hb = (cpHyp = growInt32(cpHyp, mMid));
  for (let i = 0; i < nMid; i++) ra[i] = reference.charCodeAt(p + i);
  for (let i = 0; i < mMid; i++) hb[i] = hypothesis.charCodeAt(p + i);
  return addPairCounts(into, ra, nMid, hb, mMid, budget, p + q, CHAR_ANCHOR_K);
}

/**
 * Word counts of one text pair (words = runs between spaces, D7.4), added to `into`. Exact under
 * the policy of `addPairCounts`, else anchored on word k-grams; returns true when the
 * approximation was used. Words are numbered per pair (`pairWordIds`).
 */
export function addWordCounts(
  into: EditCounts,
  reference: string,
  hypothesis: string,
  budget: WorkBudget,
): boolean {
  if (reference === hypothesis) {
    const len = wordCount(reference);
    into.hits += len;
    into.referenceLength += len;
    return false;
  }
  const n = reference.length;
  const m = hypothesis.length;
  const minLen = n < m ? n : m;
  let p = 0;
  while (p < minLen && reference.charCodeAt(p) === hypothesis.charCodeAt(p)) p++;
  let q = 0;
  while (q < minLen - p && reference.charCodeAt(n - 1 - q) === hypothesis.charCodeAt(m - 1 - q)) q++;
  return wordsOfMiddle(into, reference, hypothesis, p, q, budget);
}

/**
 * Word counts of two different texts whose common prefix is p units long and whose common suffix,
 * scanned no further back than p, is q units long. `referenceWords`, when the caller has counted
 * them already, spares a count of the words outside the middle: the middle is cut at word
 * boundaries of the reference (see `wordCutPoints`), so they are the total less those inside.
 */
function wordsOfMiddle(
  into: EditCounts,
  reference: string,
  hypothesis: string,
  prefix: number,
  suffix: number,
  budget: WorkBudget,
  referenceWords = -1,
): boolean {
  wordCutPoints(reference, hypothesis, prefix, suffix);
  const n = reference.length;
  const m = hypothesis.length;
  const p = cutPrefix;
  const q = cutSuffix;
  pairWordIds(reference, p, n - q, hypothesis, p, m - q);
  const same = referenceWords >= 0 ? referenceWords - pairRefWords : wordCount(reference, 0, p) + wordCount(reference, n - q, n);
  return addPairCounts(into, idRef, pairRefWords, idHyp, pairHypWords, budget, same, WORD_ANCHOR_K);
}

// Results of `wordCutPoints`.
let cutPrefix = 0;
let cutSuffix = 0;

/**
 * The common prefix and suffix of two different texts cut back to whole words (into cutPrefix and
 * cutSuffix), from the character-level ones (prefix units, and a suffix scanned no further back
 * than the prefix). Both cuts are word boundaries of both texts: neither splits a word.
 */
function wordCutPoints(reference: string, hypothesis: string, prefix: number, suffix: number): void {
  const n = reference.length;
  const m = hypothesis.length;
  const minLen = n < m ? n : m;
  let p = prefix;
  // Keep only whole words of the common prefix: those followed by a space (or the end) on both sides.
  if (!(boundaryAt(reference, p) && boundaryAt(hypothesis, p))) {
    while (p > 0 && reference.charCodeAt(p - 1) !== SPACE) p--;
  }
  // A shorter prefix leaves more room for the suffix: extend it when it stopped at the old bound.
  let q = suffix;
  if (p < prefix && q === minLen - prefix) {
    while (q < minLen - p && reference.charCodeAt(n - 1 - q) === hypothesis.charCodeAt(m - 1 - q)) q++;
  }
  if (!(boundaryAt(reference, n - q - 1) && boundaryAt(hypothesis, m - q - 1))) {
    while (q > 0 && reference.charCodeAt(n - q) !== SPACE) q--;
  }
  cutPrefix = p;
  cutSuffix = q;
}

/**
 * `addCharCounts` into `chars` then `addWordCounts` into `words` (either may be null) for one
 * text pair, scanning the common prefix and suffix once for both. Returns true when either used
 * the approximation.
 */
export function addTextCounts(
  chars: EditCounts | null,
  words: EditCounts | null,
  reference: string,
  hypothesis: string,
  budget: WorkBudget,
): boolean {
  if (reference === hypothesis) {
    addEqualCounts(chars, words, reference);
    return false;
  }
  if (chars === null) return words !== null && addWordCounts(words, reference, hypothesis, budget);
  if (words === null) return addCharCounts(chars, reference, hypothesis, budget);
  if (ANY_SURROGATE.test(reference) || ANY_SURROGATE.test(hypothesis)) {
    const approximateChars = addCharCounts(chars, reference, hypothesis, budget);
    return addWordCounts(words, reference, hypothesis, budget) || approximateChars;
  }
  const n = reference.length;
  const m = hypothesis.length;
  const minLen = n < m ? n : m;
  let p = 0;
  while (p < minLen && reference.charCodeAt(p) === hypothesis.charCodeAt(p)) p++;
  let q = 0;
  while (q < minLen - p && reference.charCodeAt(n - 1 - q) === hypothesis.charCodeAt(m - 1 - q)) q++;
  const approximateChars = charsOfMiddle(chars, reference, hypothesis, p, q, budget);
  return wordsOfMiddle(words, reference, hypothesis, p, q, budget) || approximateChars;
}

/**
 * `addTextCounts` for a text pair already known to be surrogate-free (say, from a scan of known
 * character classes), with the reference's word count already counted (`referenceWords`): the
 * common prefix and suffix are scanned once for both levels and never again for words.
 */
export function addPlainTextCounts(
  chars: EditCounts | null,
  words: EditCounts | null,
  reference: string,
  hypothesis: string,
  budget: WorkBudget,
  referenceWords: number,
): boolean {
  if (reference === hypothesis) {
    if (chars !== null) {
      chars.hits += reference.length;
      chars.referenceLength += reference.length;
    }
    if (words !== null) {
      words.hits += referenceWords;
      words.referenceLength += referenceWords;
    }
    return false;
  }
  const n = reference.length;
  const m = hypothesis.length;
  const minLen = n < m ? n : m;
  let p = 0;
  while (p < minLen && reference.charCodeAt(p) === hypothesis.charCodeAt(p)) p++;
  let q = 0;
  while (q < minLen - p && reference.charCodeAt(n - 1 - q) === hypothesis.charCodeAt(m - 1 - q)) q++;
  const approximateChars = chars !== null && charsOfMiddle(chars, reference, hypothesis, p, q, budget);
  if (words === null) return approximateChars;
  if (oneWordApart(words, reference, hypothesis, p, q, budget, referenceWords)) return approximateChars;
  return wordsOfMiddle(words, reference, hypothesis, p, q, budget, referenceWords) || approximateChars;
}

/**
 * Word counts of two different texts whose character middles (common prefix p, suffix q) hold no
 * space on either side, added to `into`; false (nothing added) when they do, or when the budget
 * cannot pay the substitution. Such texts are X w Y and X w' Y as word sequences, w and w' the
 * runs of non-spaces around the middles (either may be empty, not both, and they differ): one
 * substitution, deletion or insertion, charged as the kernel charges its 1 × 1 and 1 × 0 middles.
 */
function oneWordApart(
  into: EditCounts,
  reference: string,
  hypothesis: string,
  p: number,
  q: number,
  budget: WorkBudget,
  referenceWords: number,
): boolean {
  const refEnd = reference.length - q;
  const hypEnd = hypothesis.length - q;
  const refSpace = reference.indexOf(' ', p);
  if (refSpace >= 0 && refSpace < refEnd) return false;
  const hypSpace = hypothesis.indexOf(' ', p);
  if (hypSpace >= 0 && hypSpace < hypEnd) return false;
  // The characters either side of the middles are common to both texts.
  const joined = (p > 0 && reference.charCodeAt(p - 1) !== SPACE) || (q > 0 && reference.charCodeAt(refEnd) !== SPACE);
  const refWord = joined || refEnd > p;
  const hypWord = joined || hypEnd > p;
  if (refWord && hypWord) {
    // The wavefront's first level: 2 × 3 cells.
    if (lacks(budget, 6)) return false;
    budget.remaining -= 6;
    into.substitutions += 1;
    into.hits += referenceWords - 1;
  } else if (refWord) {
    into.deletions += 1;
    into.hits += referenceWords - 1;
  } else {
    into.insertions += 1;
    into.hits += referenceWords;
  }
  into.referenceLength += referenceWords;
  return true;
}

// Pair-local word numbering. An exact distance only compares the words of one pair, so each pair
// gets a fresh open-addressing table over its own two strings: no growing vocabulary to probe,
// and every comparison reads text already in cache. A stamp marks the live slots, so starting a
// pair clears nothing. A slot is (stamp, id) and a word (hash, start, length), side by side, so a
// probe touches one cache line of each. The table holds distinct words, and a long text repeats
// its vocabulary: sized for every word, a pair of 100,000-character cells (34,000 words, ~8,000
// distinct) got 65,536 slots, 512 KiB of probes; it now starts at WORD_SLOTS_START slots (or
// fewer for a short pair) and doubles as the distinct words need.
const WORD_SLOTS_START = 1 << 14;
let slots = new Int32Array(512);
let stamp = 0;
let wordInfo = new Int32Array(3 * 128);
/** Words written to idRef / idHyp by the last `pairWordIds`. */
let pairRefWords = 0;
let pairHypWords = 0;
/** Above this many UTF-16 units a pair's words are counted before the table is sized. */
const COUNT_WORDS_ABOVE = 4096;

/**
 * Numbers the words of ref[rs, re) into idRef and of hyp[hs, he) into idHyp (counts in
 * pairRefWords / pairHypWords): equal words get equal ids, different words different ids.
 */
function pairWordIds(ref: string, rs: number, re: number, hyp: string, hs: number, he: number): void {
  // k words need at least 2k − 1 units, so each side holds at most (length + 1) / 2 words; a
  // long pair counts them instead, so that its table is not several times too sparse for the cache.
  let refMax = (re - rs + 1) >> 1;
  let hypMax = (he - hs + 1) >> 1;
  if (re - rs + (he - hs) > COUNT_WORDS_ABOVE) {
    refMax = wordCount(ref, rs, re);
    hypMax = wordCount(hyp, hs, he);
  }
  const maxWords = refMax + hypMax;
  let size = 16;
  while (size < 2 * maxWords && size < WORD_SLOTS_START) size *= 2;
  if (2 * size > slots.length) {
    slots = new Int32Array(2 * size);
    stamp = 0;
  }
  if (stamp === 0x7fffffff) {
    slots.fill(0);
    stamp = 0;
  }
  stamp++;
  if (3 * maxWords > wordInfo.length) wordInfo = new Int32Array(3 * growInt32(idRef, maxWords).length);
  idRef = growInt32(idRef, refMax);
  idHyp = growInt32(idHyp, hypMax);
  let mask = size - 1;
  let table = slots;
  const info = wordInfo;
  let live = stamp;
  let count = 0;
  for (let side = 0; side < 2; side++) {
    const text = side === 0 ? ref : hyp;
    const end = side === 0 ? re : he;
    const out = side === 0 ? idRef : idHyp;
    // Ids below refIds were numbered in ref, the others in hyp.
    const refIds = side === 0 ? 0x7fffffff : pairRefWords;
    let n = 0;
    let i = side === 0 ? rs : hs;
    while (i < end) {
      let c = text.charCodeAt(i);
      while (c === SPACE && ++i < end) c = text.charCodeAt(i);
      if (i >= end) break;
      const w = i;
      let h = FNV_OFFSET;
      while (c !== SPACE) {
        h = Math.imul(h ^ c, FNV_PRIME);
        if (++i >= end) break;
        c = text.charCodeAt(i);
      }
      const len = i - w;
      let slot = (h ^ (h >>> 15)) & mask;
      let id = -1;
      while (table[2 * slot] === live) {
        const cand = table[2 * slot + 1];
        if (info[3 * cand] === h && info[3 * cand + 2] === len) {
          const src = cand < refIds ? ref : hyp;
          const s0 = info[3 * cand + 1];
          let k = 0;
          while (k < len && src.charCodeAt(s0 + k) === text.charCodeAt(w + k)) k++;
          if (k === len) {
            id = cand;
            break;
          }
        }
        slot = (slot + 1) & mask;
      }
      if (id < 0) {
        id = count++;
        info[3 * id] = h;
        info[3 * id + 1] = w;
        info[3 * id + 2] = len;
        table[2 * slot] = live;
        table[2 * slot + 1] = id;
        if (2 * count > size) {
          // Half full: twice the slots, every distinct word placed again from its stored hash.
          size *= 2;
          mask = size - 1;
          // All of it cleared: the stamps restart, and no slot may keep an older pair's stamp.
          if (2 * size > slots.length) slots = new Int32Array(2 * size);
          else slots.fill(0);
          table = slots;
          stamp = live = 1;
          for (let k = 0; k < count; k++) {
            const hk = info[3 * k];
            let at = (hk ^ (hk >>> 15)) & mask;
            while (table[2 * at] === live) at = (at + 1) & mask;
            table[2 * at] = live;
            table[2 * at + 1] = k;
          }
        }
      }
      out[n++] = id;
    }
    if (side === 0) pairRefWords = n;
    else pairHypWords = n;
  }
}

/** True when index i is outside the text or a space: a word boundary. */
function boundaryAt(text: string, i: number): boolean {
  return i < 0 || i >= text.length || text.charCodeAt(i) === SPACE;
}

function isHigh(c: number): boolean {
  return c >= HIGH_SURROGATE_MIN && c <= HIGH_SURROGATE_MAX;
}

function isLow(c: number): boolean {
  return c >= LOW_SURROGATE_MIN && c <= LOW_SURROGATE_MAX;
}

// The approximation's running counts: one pair is approximated at a time and nothing in it
// recurses into another, so module state is enough and a pair costs no result object.
let accS = 0;
let accD = 0;
let accI = 0;
let accH = 0;
let sinkA: ArrayLike<number> = cpRef;
let sinkB: ArrayLike<number> = cpHyp;
const gapBudget: WorkBudget = { total: 0, remaining: 0 };

/**
 * Scores the gaps of an anchored alignment: exactly when that fits a small allowance linear in
 * the gap's length, else (once no anchor is left) as substitutions plus the surplus as deletions
 * or insertions. Gaps too large for their allowance even as a full table are anchored first, so
 * no exact work is spent where it cannot pay.
 */
const countSink: AlignmentSink = {
  match(_aLo: number, _bLo: number, length: number): void {
    accH += length;
  },
  gap(aLo: number, aHi: number, bLo: number, bHi: number, final: boolean): boolean {
    const ga = aHi - aLo;
    const gb = bHi - bLo;
    if (ga === 0 || gb === 0) {
      accD += ga;
      accI += gb;
      return true;
    }
    const allowance = GAP_UNITS_PER_TOKEN * (ga + gb) + GAP_FLOOR_UNITS;
    if (!final && 2 * (ga + 1) * (gb + 1) > allowance) return false;
    gapBudget.remaining = allowance;
    const d = coreDistance(sinkA, aLo, ga, sinkB, bLo, gb, gapBudget);
    if (d !== OVER_BUDGET) {
      const s = coreSubs;
      const insertions = (d - s - (ga - gb)) / 2;
      const deletions = insertions + ga - gb;
      accS += s;
      accD += deletions;
      accI += insertions;
      accH += ga - s - deletions;
      return true;
    }
    if (!final) return false;
    const sub = ga < gb ? ga : gb;
    accS += sub;
    accD += ga - sub;
    accI += gb - sub;
    return true;
  },
};

/** Anchored counts of a[aLo, aHi) against b[bLo, bHi) into accS/accD/accI/accH (reset first). */
function approximateInto(a: ArrayLike<number>, aLo: number, aHi: number, b: ArrayLike<number>, bLo: number, bHi: number, k0: number): void {
  accS = 0;
  accD = 0;
  accI = 0;
  accH = 0;
  sinkA = a;
  sinkB = b;
  walkAnchored(a, aLo, aHi, b, bLo, bHi, k0, countSink);
}

function approximateResult(a: ArrayLike<number>, n: number, b: ArrayLike<number>, m: number, k0: number): EditResult {
  approximateInto(a, 0, n, b, 0, m, k0);
  return { distance: accS + accD + accI, substitutions: accS, deletions: accD, insertions: accI, hits: accH };
}

/** Character counts from a k-gram-anchored alignment of a text pair (the over-budget path of D7.11). */
export function approximateCharCounts(reference: string, hypothesis: string): EditResult {
  const ra = toCodePoints(reference);
  const hb = toCodePoints(hypothesis);
  return approximateResult(ra.points, ra.length, hb.points, hb.length, CHAR_ANCHOR_K);
}

/** Word counts from a word-k-gram-anchored alignment of a text pair (the over-budget path of D7.11). */
export function approximateWordCounts(reference: string, hypothesis: string, interner: WordInterner): EditResult {
  const ra = toWordIds(reference, interner);
  const hb = toWordIds(hypothesis, interner);
  return approximateResult(ra.ids, ra.length, hb.ids, hb.length, WORD_ANCHOR_K);
}
