/**
 * Words (decisions D7.4): the runs of a text between spaces (U+0020; a run of spaces is one
 * break). The one place that finds them: counting them (`wordCount`), scanning them (`nextWord`)
 * and numbering the words of a text pair for the edit distance (`pairWordIds`).
 */
import { grownInt32 } from './scratch';
import { FNV_OFFSET, FNV_PRIME, spanId, startHypothesisSpans, startSpanIds } from './span-ids';

export const SPACE = 0x20;

/**
 * 1 when the UTF-16 unit c is a space, else 0, without a branch: ((c ^ 0x20) − 1) >>> 31 is 1
 * exactly for c = 0x20 (c < 2^16). Spaces among letters are too irregular for the branch
 * predictor, so the loops that count words on every row use this.
 */
export function spaceBit(c: number): number {
  return ((c ^ SPACE) - 1) >>> 31;
}

/** Number of words in text[start, end): the non-spaces that follow a space or `start`. */
export function wordCount(text: string, start = 0, end = text.length): number {
  let count = 0;
  let afterSpace = 1;
  for (let i = start; i < end; i++) {
    const space = spaceBit(text.charCodeAt(i));
    count += afterSpace & (space ^ 1);
    afterSpace = space;
  }
  return count;
}

/** True when index i is outside the text or a space: no word goes on across it. */
export function isWordBoundary(text: string, i: number): boolean {
  return i < 0 || i >= text.length || text.charCodeAt(i) === SPACE;
}

/** The word `nextWord` found last: its first unit and its hash (span-ids.ts spanHash). */
export const foundWord = { start: 0, hash: 0 };

/**
 * Finds the first word of text[from, end): returns the index just past it, its start and hash in
 * `foundWord`, or −1 when there is none. The hash is taken in the same pass as the scan.
 */
export function nextWord(text: string, from: number, end: number): number {
  let i = from;
  let c = 0;
  while (i < end && (c = text.charCodeAt(i)) === SPACE) i++;
  if (i >= end) return -1;
  const start = i;
  let h = FNV_OFFSET;
  for (;;) {
    h = Math.imul(h ^ c, FNV_PRIME);
    if (++i >= end) break;
    c = text.charCodeAt(i);
    if (c === SPACE) break;
  }
  foundWord.start = start;
  foundWord.hash = h;
  return i;
}

/** The word ids of the last `pairWordIds`: `reference[0, referenceLength)` and the like. */
export interface PairWords {
  reference: Int32Array;
  referenceLength: number;
  hypothesis: Int32Array;
  hypothesisLength: number;
}

const pairWords: PairWords = { reference: new Int32Array(64), referenceLength: 0, hypothesis: new Int32Array(64), hypothesisLength: 0 };

/** Above this many UTF-16 units a pair's words are counted before its id table is sized. */
const COUNT_WORDS_ABOVE = 4096;

/**
 * Numbers the words of ref[rs, re) and of hyp[hs, he): equal words get equal ids, different
 * words different ids (span-ids.ts). The result is reused by the next call.
 */
export function pairWordIds(ref: string, rs: number, re: number, hyp: string, hs: number, he: number): PairWords {
  // k words need at least 2k − 1 units, so each side holds at most (length + 1) / 2 words; a
  // long pair counts them instead, so that its table is not several times too sparse for the cache.
  let refMax = (re - rs + 1) >> 1;
  let hypMax = (he - hs + 1) >> 1;
  if (re - rs + (he - hs) > COUNT_WORDS_ABOVE) {
    refMax = wordCount(ref, rs, re);
    hypMax = wordCount(hyp, hs, he);
  }
  startSpanIds(ref, hyp, refMax + hypMax);
  const out = pairWords;
  out.reference = grownInt32(out.reference, refMax);
  out.hypothesis = grownInt32(out.hypothesis, hypMax);
  out.referenceLength = numberWords(ref, rs, re, out.reference);
  startHypothesisSpans();
  out.hypothesisLength = numberWords(hyp, hs, he, out.hypothesis);
  return out;
}

function numberWords(text: string, start: number, end: number, ids: Int32Array): number {
  let n = 0;
  for (let i = nextWord(text, start, end); i >= 0; i = nextWord(text, i, end)) ids[n++] = spanId(text, foundWord.start, i, foundWord.hash);
  return n;
}
