/**
 * Character and word counts of one (reference, hypothesis) text pair (decisions D7.2, D7.4),
 * added into running totals: the texts cut into code points or word ids around what they share
 * at both ends, then counted under the request's work budget (budgeted-counts.ts). Characters are
 * counted before words, so a budget runs out in the same place however a caller asks.
 */
import { CHAR_ANCHOR_K, WORD_ANCHOR_K } from '../distance/approximate-counts';
import { codePointCount, codePointLength, hasSurrogates, toCodePoints } from '../text/code-points';
import { commonCodePointPrefix, commonCodePointSuffix, commonPrefix, commonSuffix } from '../text/common-affixes';
import { addPairCounts } from '../distance/budgeted-counts';
import { grownInt32 } from '../util/scratch';
import type { EditCounts } from '../types';
import { SPACE, isWordBoundary, pairWordIds, spaceBit, wordCount } from '../text/words';
import { WorkBudget, spend } from '../distance/work-budget';

let cpRef: Int32Array = new Int32Array(256);
let cpHyp: Int32Array = new Int32Array(256);

/** A zeroed count record. */
export function emptyCounts(): EditCounts {
  return { substitutions: 0, deletions: 0, insertions: 0, hits: 0, referenceLength: 0 };
}

/** `tokens` reference tokens, every one a hit. */
function addSame(into: EditCounts, tokens: number): void {
  into.hits += tokens;
  into.referenceLength += tokens;
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
      const space = spaceBit(c);
      count += afterSpace & (space ^ 1);
      afterSpace = space;
      // Branch-free as spaceBit: 1 exactly for a surrogate (D800–DFFF).
      surrogates |= (((c & 0xf800) ^ 0xd800) - 1) >>> 31;
    }
    equalText = text;
    equalWords = count;
    equalCodePoints = surrogates === 0 ? text.length : codePointCount(text, 0, text.length);
  }
  if (chars !== null) addSame(chars, equalCodePoints);
  if (words !== null) addSame(words, equalWords);
}

/**
 * Character counts of one text pair, added to `into`. Exact under the policy of
 * `addPairCounts`, else anchored on character k-grams; returns true when the approximation was
 * used.
 */
export function addCharCounts(into: EditCounts, reference: string, hypothesis: string, budget: WorkBudget): boolean {
  if (reference === hypothesis) {
    addSame(into, codePointLength(reference));
    return false;
  }
  if (!hasSurrogates(reference) && !hasSurrogates(hypothesis)) {
    const p = commonPrefix(reference, hypothesis);
    return charsOfMiddle(into, reference, hypothesis, p, commonSuffix(reference, hypothesis, p), budget);
  }
  // Never cut between the halves of a surrogate pair: the next units differ, so the pair does.
  const p = commonCodePointPrefix(reference, hypothesis);
  const q = commonCodePointSuffix(reference, hypothesis, p);
  const n = reference.length;
  const same = codePointCount(reference, 0, p) + codePointCount(reference, n - q, n);
  const ra = toCodePoints(reference, p, n - q, cpRef);
  cpRef = ra.points;
  const hb = toCodePoints(hypothesis, p, hypothesis.length - q, cpHyp);
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
  const ra = (cpRef = grownInt32(cpRef, nMid));
  const hb = (cpHyp = grownInt32(cpHyp, mMid));
  for (let i = 0; i < nMid; i++) ra[i] = reference.charCodeAt(p + i);
  for (let i = 0; i < mMid; i++) hb[i] = hypothesis.charCodeAt(p + i);
  return addPairCounts(into, ra, nMid, hb, mMid, budget, p + q, CHAR_ANCHOR_K);
}

/**
 * Word counts of one text pair, added to `into`. Exact under the policy of `addPairCounts`, else
 * anchored on word k-grams; returns true when the approximation was used. Words are numbered per
 * pair (words.ts `pairWordIds`).
 */
export function addWordCounts(into: EditCounts, reference: string, hypothesis: string, budget: WorkBudget): boolean {
  if (reference === hypothesis) {
    addSame(into, wordCount(reference));
    return false;
  }
  const p = commonPrefix(reference, hypothesis);
  return wordsOfMiddle(into, reference, hypothesis, p, commonSuffix(reference, hypothesis, p), budget);
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
  const p = cutPrefix;
  const q = cutSuffix;
  const words = pairWordIds(reference, p, n - q, hypothesis, p, hypothesis.length - q);
  const same = referenceWords >= 0 ? referenceWords - words.referenceLength : wordCount(reference, 0, p) + wordCount(reference, n - q, n);
  return addPairCounts(into, words.reference, words.referenceLength, words.hypothesis, words.hypothesisLength, budget, same, WORD_ANCHOR_K);
}

/**
 * The common prefix and suffix, in UTF-16 units and cut back to whole words, around the middles
 * whose words `addWordCounts` and `addTextCounts` compare for two different texts: the same cut,
 * so an alignment of those middles (word-confusions.ts) sees the very word sequences they counted.
 */
export function wordMiddleCuts(reference: string, hypothesis: string): { prefix: number; suffix: number } {
  const p = commonPrefix(reference, hypothesis);
  wordCutPoints(reference, hypothesis, p, commonSuffix(reference, hypothesis, p));
  return { prefix: cutPrefix, suffix: cutSuffix };
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
  let p = prefix;
  // Keep only whole words of the common prefix: those followed by a space (or the end) on both sides.
  if (!(isWordBoundary(reference, p) && isWordBoundary(hypothesis, p))) {
    while (p > 0 && reference.charCodeAt(p - 1) !== SPACE) p--;
  }
  // A shorter prefix leaves more room for the suffix: extend it when it stopped at the old bound.
  let q = suffix;
  if (p < prefix && q === (n < m ? n : m) - prefix) q = commonSuffix(reference, hypothesis, p, q);
  if (!(isWordBoundary(reference, n - q - 1) && isWordBoundary(hypothesis, m - q - 1))) {
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
  if (hasSurrogates(reference) || hasSurrogates(hypothesis)) {
    const approximateChars = addCharCounts(chars, reference, hypothesis, budget);
    return addWordCounts(words, reference, hypothesis, budget) || approximateChars;
  }
  const p = commonPrefix(reference, hypothesis);
  const q = commonSuffix(reference, hypothesis, p);
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
    if (chars !== null) addSame(chars, reference.length);
    if (words !== null) addSame(words, referenceWords);
    return false;
  }
  const p = commonPrefix(reference, hypothesis);
  const q = commonSuffix(reference, hypothesis, p);
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
    if (!spend(budget, 6)) return false;
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
