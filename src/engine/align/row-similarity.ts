/**
 * How alike two rows are, for deciding which rows correspond (never for what changed: that is the
 * exact comparison of the normalised columns). Pairing must survive the edits annotators make, so
 * it works on a loose key (diacritics stripped, lower case, punctuation dropped) and compares
 * multisets of character bigrams: order-tolerant, cheap, and additive over the pieces of a split.
 */
import { popcount } from '../distance/bit-parallel';
import { stripDiacritics } from '../prepare/normalize';
import { createSpans } from '../text/span-ids';
import { scanWords } from '../text/words';

// A module constant rather than the global `Math`: a global read in the inner loop is slow where
// the code runs in another V8 context (jest's vm sandbox), and costs nothing here.
const imul = Math.imul;

const PUNCTUATION = /[\p{P}\p{S}]/gu;
const SPACES = / {2,}/g;

/** The pairing key of a normalised transcript: `looseUnicode`, in one pass when it can be. */
export function looseText(normalised: string): string {
  return looseOnePass(normalised) ?? looseUnicode(normalised);
}

/** The general definition: diacritics stripped, lower case, no punctuation or symbols, single spaces. */
export function looseUnicode(normalised: string): string {
  return stripDiacritics(normalised).toLowerCase().replace(PUNCTUATION, '').replace(SPACES, ' ').trim();
}

// The key of each non-ASCII code unit below LOOSE_LIMIT whose key does not depend on its
// neighbours, taken from `looseUnicode` itself: DROPPED for punctuation and symbols (’ … £ –),
// else the one Latin-1 character it becomes (é → e, Ø → ø, ß → ß). 0 where the general
// definition must decide: whitespace, marks (they combine with what precedes), keys outside
// Latin-1 or longer than one character, and everything from LOOSE_LIMIT up.
const LOOSE_LIMIT = 0x2200;
const DROPPED = -1;
const LOOSE_KEY = new Int16Array(LOOSE_LIMIT);
for (const [lo, hi] of [[0x80, 0x2ff], [0x2000, LOOSE_LIMIT - 1]] as const) {
  for (let c = lo; c <= hi; c++) {
    const ch = String.fromCharCode(c);
    if (/[\s\p{M}]/u.test(ch)) continue;
    const key = looseUnicode(ch);
    if (key === '') LOOSE_KEY[c] = DROPPED;
    else if (key.length === 1 && key.charCodeAt(0) > 0x20 && key.charCodeAt(0) <= 0xff) LOOSE_KEY[c] = key.charCodeAt(0);
  }
}

let keyBuffer = Buffer.allocUnsafe(1024);

/**
 * `looseUnicode` in one pass over text whose characters are ASCII or in LOOSE_KEY (the regular
 * expressions cost ~100 ns a character on a 100,000-character row): ASCII letters lower-cased,
 * ASCII punctuation and symbols (every printable character but letters, digits and space)
 * dropped, other characters mapped by LOOSE_KEY, spaces collapsed and trimmed. Null at the first
 * character LOOSE_KEY leaves to the general definition.
 */
function looseOnePass(text: string): string | null {
  if (keyBuffer.length < text.length) keyBuffer = Buffer.allocUnsafe(text.length * 2);
  const out = keyBuffer;
  let length = 0;
  let pendingSpace = false;
  for (let k = 0; k < text.length; k++) {
    let c = text.charCodeAt(k);
    if (c === 0x20) {
      pendingSpace = length > 0;
      continue;
    }
    if (c < 0x80) {
      const letterOrDigit = (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
      if (!letterOrDigit && c > 0x20 && c < 0x7f) continue;
      if (c >= 0x41 && c <= 0x5a) c += 0x20;
    } else {
      const key = c < LOOSE_LIMIT ? LOOSE_KEY[c] : 0;
      if (key === 0) return null;
      if (key === DROPPED) continue;
      c = key;
    }
    if (pendingSpace) {
      out[length++] = 0x20;
      pendingSpace = false;
    }
    out[length++] = c;
  }
  return out.toString('latin1', 0, length);
}

/** Texts longer than this are profiled as a fixed-size histogram (linear, no sort). */
const SORTED_LIMIT = 4096;
const BUCKETS = 4096;
// BUCKETS is a power of two: `& BUCKET_MASK` is `>>> 0 % BUCKETS` in integer arithmetic.
const BUCKET_MASK = BUCKETS - 1;

/**
 * A bigram multiset: the bigram hashes (short text) or a bucket histogram (long text, where
 * collisions only ever overstate similarity a little). Hashes are kept unsorted: intersections
 * count through a small hash table, so building a profile is one linear pass.
 */
export interface Profile {
  size: number;
  bigrams: Int32Array | null;
  hist: Int32Array | null;
  /** Hashes of the words: typos break words, so words and bigrams together judge a pair. */
  words: Int32Array;
  /**
   * Presence bits: 256 for the bigram hashes (ints 0–7), 64 for the word hashes (ints 8–9). Then
   * each kind's excess: its items less its set bits (int 10 bigrams, int 11 words).
   */
  sig: Int32Array;
}

// Profiles are small and many (one per row of every multi-row gap): their arrays are views into
// shared slabs, so a profile costs no backing store of its own (a typed array over 64 bytes
// otherwise gets one, allocated outside the heap and swept by the garbage collector).
const SLAB_INTS = 1 << 16;
let slab = new Int32Array(SLAB_INTS);
let slabUsed = 0;

/** A zeroed Int32Array of `length` from the current slab (a slab is never reused, so it is zero). */
function take(length: number): Int32Array {
  if (length > SLAB_INTS >> 4) return new Int32Array(length);
  if (slabUsed + length > slab.length) {
    slab = new Int32Array(SLAB_INTS);
    slabUsed = 0;
  }
  const view = slab.subarray(slabUsed, slabUsed + length);
  slabUsed += length;
  return view;
}

/** Bigrams of `^text$`, so a one-character row still has two. */
export function profile(loose: string): Profile {
  const n = loose.length;
  const size = n + 1;
  const scanned = scanWords(loose, 0, n, profileWords);
  const count = scanned.count;
  const words = take(count);
  const hashes = scanned.hashes;
  for (let k = 0; k < count; k++) words[k] = hashes[k];
  const sig = take(12);
  for (let k = 0; k < words.length; k++) sig[8 + ((words[k] >>> 5) & 1)] |= 1 << (words[k] & 31);
  sig[11] = words.length - popcount(sig[8]) - popcount(sig[9]);
  let previous = 0x5e;
  if (size <= SORTED_LIMIT) {
    const bigrams = take(size);
    for (let k = 0; k < n; k++) {
      const c = loose.charCodeAt(k);
      bigrams[k] = imul(previous, 0x9e3779b1) ^ c;
      previous = c;
    }
    bigrams[n] = imul(previous, 0x9e3779b1) ^ 0x24;
    for (let k = 0; k < size; k++) sig[(bigrams[k] >>> 5) & 7] |= 1 << (bigrams[k] & 31);
    let bits = 0;
    for (let w = 0; w < 8; w++) bits += popcount(sig[w]);
    sig[10] = size - bits;
    return { size, bigrams, hist: null, words, sig };
  }
  const hist = new Int32Array(BUCKETS);
  for (let k = 0; k <= n; k++) {
    const c = k < n ? loose.charCodeAt(k) : 0x24;
    hist[(imul(previous, 0x9e3779b1) ^ c) & BUCKET_MASK]++;
    previous = c;
  }
  return { size, bigrams: null, hist, words, sig };
}

/**
 * An upper bound of textSimilarity (without the short-row edit distance) from the presence bits:
 * an item can only be shared if its bit is set on the other side, so counting those items never
 * undercounts the intersection. Ten times cheaper than the exact intersection, and it rejects most
 * unrelated pairs of a large gap.
 */
export function similarityUpperBound(a: Profile, b: Profile): number {
  let bigrams = 1;
  if (a.bigrams && b.bigrams) {
    const aSmaller = a.bigrams.length <= b.bigrams.length;
    bigrams = (2 * presentIn(aSmaller ? a.bigrams : b.bigrams, aSmaller ? b.sig : a.sig, 0, 7)) / (a.size + b.size);
  }
  const wordTotal = a.words.length + b.words.length;
  let words = 1;
  if (wordTotal > 0) {
    const aSmaller = a.words.length <= b.words.length;
    words = (2 * presentIn(aSmaller ? a.words : b.words, aSmaller ? b.sig : a.sig, 8, 1)) / wordTotal;
  }
  return (bigrams + words) / 2;
}

/**
 * Whether similarityUpperBound(a, b) < threshold. Most unrelated pairs of a large gap are decided
 * from the signatures alone, 32 bits at a time: the items of one side whose bit the other side has
 * set are at most the bits both have set plus that side's excess (its items that share a bit with
 * another of its items). That count bounds the one similarityUpperBound takes, side for side, so
 * when the bound from it falls short, so does similarityUpperBound; otherwise it decides.
 */
export function belowUpperBound(a: Profile, b: Profile, threshold: number): boolean {
  let bigrams = 1;
  if (a.bigrams && b.bigrams) {
    const small = a.bigrams.length <= b.bigrams.length ? a : b;
    let common = small.sig[10];
    for (let w = 0; w < 8; w++) common += popcount(a.sig[w] & b.sig[w]);
    bigrams = (2 * Math.min(common, small.size)) / (a.size + b.size);
  }
  const wordTotal = a.words.length + b.words.length;
  let words = 1;
  if (wordTotal > 0) {
    const small = a.words.length <= b.words.length ? a : b;
    const common = small.sig[11] + popcount(a.sig[8] & b.sig[8]) + popcount(a.sig[9] & b.sig[9]);
    words = (2 * Math.min(common, small.words.length)) / wordTotal;
  }
  return (bigrams + words) / 2 < threshold || similarityUpperBound(a, b) < threshold;
}

/** Items of `items` whose presence bit is set in sig[base + ((item >>> 5) & mask)]. */
function presentIn(items: Int32Array, sig: Int32Array, base: number, mask: number): number {
  let shared = 0;
  for (let k = 0; k < items.length; k++) if ((sig[base + ((items[k] >>> 5) & mask)] >>> (items[k] & 31)) & 1) shared++;
  return shared;
}

// Words of the last key profiled, and of the last two keys compared (`scanWords`).
const profileWords = createSpans();
const firstWords = createSpans();
const secondWords = createSpans();

/**
 * Word Dice of two loose keys without building their profiles: the cheap first question for a
 * one-row gap, where most rows are the same row with a few words fixed.
 */
export function wordDice(a: string, b: string): number {
  const wa = scanWords(a, 0, a.length, firstWords);
  const wb = scanWords(b, 0, b.length, secondWords);
  const total = wa.count + wb.count;
  return total === 0 ? 1 : (2 * multisetIntersection(wa.hashes.subarray(0, wa.count), wb.hashes.subarray(0, wb.count))) / total;
}

/** Word Dice of two profiles: the same value as `wordDice` of their loose keys. */
export function profileWordDice(a: Profile, b: Profile): number {
  const total = a.words.length + b.words.length;
  return total === 0 ? 1 : (2 * multisetIntersection(a.words, b.words)) / total;
}

// Open-addressing table reused by every intersection (the engine is single-threaded per worker);
// a generation stamp clears it in O(1).
const TABLE_SIZE = 2 * SORTED_LIMIT * 2;
const tableKeys = new Int32Array(TABLE_SIZE);
const tableCounts = new Int32Array(TABLE_SIZE);
const tableStamps = new Int32Array(TABLE_SIZE);
let generation = 0;

/** Size of the intersection of two multisets of hashes. */
function multisetIntersection(x: Int32Array, y: Int32Array): number {
  const small = x.length <= y.length ? x : y;
  const large = small === x ? y : x;
  if (small.length === 0) return 0;
  if (small.length > SORTED_LIMIT) return sortedIntersection(Int32Array.from(small).sort(), Int32Array.from(large).sort());
  let mask = 15;
  while (mask + 1 < 2 * small.length) mask = mask * 2 + 1;
  generation = (generation + 1) | 0;
  if (generation === 0) {
    tableStamps.fill(0);
    generation = 1;
  }
  for (let k = 0; k < small.length; k++) {
    const key = small[k];
    let slot = imul(key, 0x27d4eb2d) >>> 0 & mask;
    while (tableStamps[slot] === generation && tableKeys[slot] !== key) slot = (slot + 1) & mask;
    if (tableStamps[slot] === generation) tableCounts[slot]++;
    else {
      tableStamps[slot] = generation;
      tableKeys[slot] = key;
      tableCounts[slot] = 1;
    }
  }
  let common = 0;
  for (let k = 0; k < large.length; k++) {
    const key = large[k];
    let slot = imul(key, 0x27d4eb2d) >>> 0 & mask;
    while (tableStamps[slot] === generation) {
      if (tableKeys[slot] === key) {
        if (tableCounts[slot] > 0) {
          tableCounts[slot]--;
          common++;
        }
        break;
      }
      slot = (slot + 1) & mask;
    }
  }
  return common;
}

/** Size of the intersection of two sorted multisets. */
function sortedIntersection(x: Int32Array, y: Int32Array): number {
  let i = 0;
  let j = 0;
  let common = 0;
  while (i < x.length && j < y.length) {
    if (x[i] === y[j]) {
      common++;
      i++;
      j++;
    } else if (x[i] < y[j]) i++;
    else j++;
  }
  return common;
}

/** Words of `a` found in `b`, as a multiset intersection. */
export function wordIntersection(a: Profile, b: Profile): number {
  return multisetIntersection(a.words, b.words);
}

/** Rows up to this many characters are also compared by edit distance: one typo in "Yes." is 1 of 3 letters. */
export const SHORT_ROW = 24;

/**
 * Text similarity in [0, 1]: the mean of the bigram Dice (robust to typos and re-spacing) and
 * the word Dice (robust to common letter pairs that unrelated sentences share); for two short
 * rows, at least 1 − edit distance / length, since one typo ruins most of a short row's bigrams.
 */
export function textSimilarity(bigramCommon: number, a: Profile, b: Profile, looseA?: string, looseB?: string): number {
  const bigrams = (2 * bigramCommon) / (a.size + b.size);
  const wordTotal = a.words.length + b.words.length;
  const words = wordTotal === 0 ? 1 : (2 * wordIntersection(a, b)) / wordTotal;
  const sim = (bigrams + words) / 2;
  if (looseA === undefined || looseB === undefined) return sim;
  const longest = Math.max(looseA.length, looseB.length);
  if (longest === 0 || longest > SHORT_ROW) return sim;
  return Math.max(sim, 1 - shortDistance(looseA, looseB) / longest);
}

/** Plain Levenshtein distance over UTF-16 units, for strings of at most SHORT_ROW units. */
function shortDistance(a: string, b: string): number {
  const row = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) row[j] = j;
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j];
      row[j] = Math.min(above + 1, row[j - 1] + 1, diagonal + (a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length];
}

function histogramOf(p: Profile): Int32Array {
  if (p.hist) return p.hist;
  const hist = new Int32Array(BUCKETS);
  const bigrams = p.bigrams as Int32Array;
  for (let k = 0; k < bigrams.length; k++) hist[bigrams[k] & BUCKET_MASK]++;
  return hist;
}

/** Size of the multiset intersection. */
export function intersection(a: Profile, b: Profile): number {
  if (a.bigrams && b.bigrams) return multisetIntersection(a.bigrams, b.bigrams);
  const ha = histogramOf(a);
  const hb = histogramOf(b);
  let common = 0;
  for (let k = 0; k < BUCKETS; k++) common += Math.min(ha[k], hb[k]);
  return common;
}

/** The profile of several rows joined with one space (a split's pieces, a merge's sources). */
export function joinProfiles(parts: readonly string[]): Profile {
  return profile(parts.filter((p) => p.length > 0).join(' '));
}


/**
 * Intersection over union of two time spans, 0 when they do not overlap; NaN when either side has
 * no usable span (a missing or reversed time).
 */
export function timeOverlap(aStart: number, aEnd: number, bStart: number, bEnd: number): number {
  if (!(aEnd >= aStart) || !(bEnd >= bStart)) return NaN;
  const inter = Math.min(aEnd, bEnd) - Math.max(aStart, bStart);
  if (inter <= 0) return 0;
  const union = Math.max(aEnd, bEnd) - Math.min(aStart, bStart);
  return union > 0 ? inter / union : 1;
}

/** Share of span `a` that lies inside span `b` (0 when disjoint); NaN without usable spans. */
export function timeContainment(aStart: number, aEnd: number, bStart: number, bEnd: number): number {
  if (!(aEnd >= aStart) || !(bEnd >= bStart)) return NaN;
  const duration = aEnd - aStart;
  const inter = Math.min(aEnd, bEnd) - Math.max(aStart, bStart);
  if (duration <= 0) return aStart >= bStart && aStart <= bEnd ? 1 : 0;
  return inter <= 0 ? 0 : inter / duration;
}
