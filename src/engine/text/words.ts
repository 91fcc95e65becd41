/**
 * Words (decisions D7.4): the runs of a text between spaces (U+0020; a run of spaces is one
 * break). The one place that finds them: counting them (`wordCount`), scanning them (`scanWords`)
 * and numbering the words of a text pair for the edit distance (`pairWordIds`).
 */
import { grownInt32 } from '../util/scratch';
import { FNV_OFFSET, FNV_PRIME, Spans, createSpans, numberSpans, spansWithRoom, startHypothesisSpans, startSpanIds } from './span-ids';

// A module constant rather than the global `Math`: a global read in the inner loop is slow where
// the code runs in another V8 context (jest's vm sandbox), and costs nothing here.
const imul = Math.imul;

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

/**
 * The words of text[start, end) into `into` (reused; its arrays grow as needed): where each
 * starts and ends, and its hash (span-ids.ts spanHash), taken in the same pass as the scan.
 */
export function scanWords(text: string, start: number, end: number, into: Spans): Spans {
  // k words need at least 2k − 1 units.
  const room = (end - start + 1) >> 1;
  const found = room > into.starts.length ? spansWithRoom(into, room) : into;
  const { starts, ends, hashes } = found;
  let n = 0;
  let i = start;
  while (i < end) {
    let c = text.charCodeAt(i);
    while (c === SPACE && ++i < end) c = text.charCodeAt(i);
    if (i >= end) break;
    starts[n] = i;
    let h = FNV_OFFSET;
    while (c !== SPACE) {
      h = imul(h ^ c, FNV_PRIME);
      if (++i >= end) break;
      c = text.charCodeAt(i);
    }
    ends[n] = i;
    hashes[n++] = h;
  }
  found.count = n;
  return found;
}

/** The word ids of the last `pairWordIds`: `reference[0, referenceLength)` and the like. */
export interface PairWords {
  reference: Int32Array;
  referenceLength: number;
  hypothesis: Int32Array;
  hypothesisLength: number;
}

const pairWords: PairWords = { reference: new Int32Array(64), referenceLength: 0, hypothesis: new Int32Array(64), hypothesisLength: 0 };
const referenceWords = createSpans();
/** UTF-16 units (both sides) up to which a pair's id table is sized by its length (pairWordIds). */
const SHORT_PAIR = 4096;
const hypothesisWords = createSpans();

/**
 * Numbers the words of ref[rs, re) and of hyp[hs, he): equal words get equal ids, different
 * words different ids (span-ids.ts). The result is reused by the next call.
 */
export function pairWordIds(ref: string, rs: number, re: number, hyp: string, hs: number, he: number): PairWords {
  const a = scanWords(ref, rs, re, referenceWords);
  const b = scanWords(hyp, hs, he, hypothesisWords);
  const out = pairWords;
  out.reference = grownInt32(out.reference, a.count);
  out.hypothesis = grownInt32(out.hypothesis, b.count);
  // A short pair's table is sized for the most words its length allows, (length + 1) / 2 a side:
  // sparse enough that a probe seldom meets another word. A long pair repeats its vocabulary, and
  // a table sized for every word would be too sparse for the cache.
  const short = re - rs + (he - hs) <= SHORT_PAIR;
  startSpanIds(ref, hyp, short ? ((re - rs + 1) >> 1) + ((he - hs + 1) >> 1) : a.count + b.count);
  numberSpans(ref, a, out.reference);
  startHypothesisSpans();
  numberSpans(hyp, b, out.hypothesis);
  out.referenceLength = a.count;
  out.hypothesisLength = b.count;
  return out;
}
