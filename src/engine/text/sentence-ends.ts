/**
 * Sentence segmentation for transcriptSER (decisions D7.8): the boundaries of
 * `Intl.Segmenter(granularity: 'sentence')`, computed in linear time.
 *
 * Three tiers, each proved equal to Intl.Segmenter by property tests:
 * 1. Known-class scanner: a text made only of characters whose Sentence_Break class is in
 *    `CLASS_OF` (ASCII, Latin-1, Latin Extended-A/B and IPA letters, curly quotes, dashes) is
 *    segmented by the UAX #29 rules SB6–SB11 directly, in one pass (it gives up at the first other
 *    character).
 * 2. One-sentence fast path for any other text: no possible break character (sentence terminator
 *    or paragraph separator) before its final run of terminators, closers and spaces means one
 *    sentence.
 * 3. Everything else goes to Intl.Segmenter in chunks. Node 20's segmenter is quadratic in the
 *    string length once a string holds many sentences, so long text is segmented window by
 *    window, restarting at a boundary that the window's end cannot have influenced (see
 *    `icuSentenceEnds`).
 */
import { isHighSurrogate } from './code-points';
import { SPACE, spaceBit } from './words';

const enum SB {
  Other,
  Sp,
  Lower,
  Upper,
  OLetter,
  Numeric,
  ATerm,
  STerm,
  Close,
  SContinue,
  Unknown,
}

// Sentence_Break classes (UAX #29) of the characters the scanner handles; any other character
// sends the text to Intl.Segmenter. Verified against Intl.Segmenter by test/engine/sentences.test.ts.
const CLASS_OF = new Uint8Array(0x2030).fill(SB.Unknown);
(() => {
  for (let c = 0x21; c < 0x7f; c++) CLASS_OF[c] = SB.Other;
  CLASS_OF[0x20] = SB.Sp;
  for (let c = 0x61; c <= 0x7a; c++) CLASS_OF[c] = SB.Lower;
  for (let c = 0x41; c <= 0x5a; c++) CLASS_OF[c] = SB.Upper;
  for (let c = 0x30; c <= 0x39; c++) CLASS_OF[c] = SB.Numeric;
  CLASS_OF[0x2e] = SB.ATerm;
  CLASS_OF[0x21] = SB.STerm;
  CLASS_OF[0x3f] = SB.STerm;
  for (const c of [0x22, 0x27, 0x28, 0x29, 0x5b, 0x5d, 0x7b, 0x7d, 0xab, 0xbb, 0x2018, 0x2019, 0x201c, 0x201d]) {
    CLASS_OF[c] = SB.Close;
  }
  for (const c of [0x2c, 0x2d, 0x3a, 0x3b, 0x2013, 0x2014]) CLASS_OF[c] = SB.SContinue;
  // Latin-1 letters (kept when stripDiacritics is off): À–Þ upper except ×, ß–ÿ lower except ÷.
  for (let c = 0xc0; c <= 0xde; c++) CLASS_OF[c] = c === 0xd7 ? SB.Other : SB.Upper;
  for (let c = 0xdf; c <= 0xff; c++) CLASS_OF[c] = c === 0xf7 ? SB.Other : SB.Lower;
  CLASS_OF[0x2026] = SB.Other; // … is not a terminator in UAX #29
  // Latin-1 symbols (currency, ©, °, ¿, superscripts, fractions): Other. Not ª µ º (Lower),
  // U+A0 (Sp), U+AD (Format), « » (Close, above).
  for (let c = 0xa1; c <= 0xbf; c++) {
    if (c !== 0xaa && c !== 0xab && c !== 0xad && c !== 0xb5 && c !== 0xba && c !== 0xbb) CLASS_OF[c] = SB.Other;
  }
  // Latin Extended-A and -B and the IPA letters, U+0100–U+02AF (ŋ ɓ ɗ ƴ of Wolof and Pulaar, the
  // letters of Central European and African orthographies): every one is a letter, classed as
  // UAX #29 classes letters: Upper (Uppercase or titlecase), Lower (Lowercase), else OLetter.
  // Without them, one ɗ sent a whole row to the regular-expression and Intl.Segmenter tiers.
  for (let c = 0x100; c <= 0x2af; c++) {
    const ch = String.fromCharCode(c);
    if (/[\p{Uppercase}\p{Lt}]/u.test(ch)) CLASS_OF[c] = SB.Upper;
    else if (/\p{Lowercase}/u.test(ch)) CLASS_OF[c] = SB.Lower;
    else if (/\p{Alphabetic}/u.test(ch)) CLASS_OF[c] = SB.OLetter;
  }
})();

// 1 for the characters the scanner steps over: known classes other than ATerm and STerm. It covers
// every UTF-16 unit, so the per-character test needs no bound check.
const PLAIN = new Uint8Array(0x10000);
for (let c = 0; c < CLASS_OF.length; c++) {
  const cls = CLASS_OF[c] as SB;
  PLAIN[c] = cls === SB.ATerm || cls === SB.STerm || cls === SB.Unknown ? 0 : 1;
}

function classAt(text: string, i: number): SB {
  const c = text.charCodeAt(i);
  return c < CLASS_OF.length ? (CLASS_OF[c] as SB) : SB.Unknown;
}

// The fast path: no break character, then an optional tail of (SATerm Close* Sp*) groups (SB8a,
// SB9 and SB10 keep such a tail together). Close and Sp here are subsets of the UAX #29 classes.
const ONE_SENTENCE =
  /^[^\p{Sentence_Terminal}.\u2024\uFE52\uFF0E\n\r\u0085\u2028\u2029]*(?:[\p{Sentence_Terminal}.\u2024\uFE52\uFF0E][\p{Ps}\p{Pe}"'«»‘’“”]* *)*$/u;

let segmenter: Intl.Segmenter | undefined;

function icu(): Intl.Segmenter {
  // A fixed locale, so every replica segments alike (D6.9); 'en' uses the root sentence rules.
  segmenter ??= new Intl.Segmenter('en', { granularity: 'sentence' });
  return segmenter;
}

/** True when `text` (non-empty) is certainly one sentence; false means "segment it". */
export function isOneSentence(text: string): boolean {
  return ONE_SENTENCE.test(text);
}

/**
 * A growable list of sentence ends: the metric pass segments two texts per scored row, so the
 * ends go to reused typed arrays instead of a fresh array per text.
 */
export interface EndsSink {
  buf: Int32Array;
  n: number;
}

function push(sink: EndsSink, end: number): void {
  if (sink.n === sink.buf.length) {
    const bigger = new Int32Array(sink.buf.length * 2);
    bigger.set(sink.buf);
    sink.buf = bigger;
  }
  sink.buf[sink.n++] = end;
}

/** Fills `sink` with the sentence ends of `text` (non-empty); see `sentenceEnds`. */
export function endsInto(text: string, sink: EndsSink): void {
  sink.n = 0;
  if (scan(text, sink) >= 0) return;
  sink.n = 0;
  if (isOneSentence(text)) {
    push(sink, text.length);
    return;
  }
  for (const e of icuSentenceEnds(text)) push(sink, e);
}

/**
 * End offsets (UTF-16, exclusive, ascending, the last = text.length) of the sentences of `text`,
 * exactly as Intl.Segmenter's sentence granularity gives them. [] for ''.
 */
export function sentenceEnds(text: string): number[] {
  if (text.length === 0) return [];
  const sink: EndsSink = { buf: new Int32Array(8), n: 0 };
  endsInto(text, sink);
  return Array.from(sink.buf.subarray(0, sink.n));
}

/** Number of sentences of `text` (0 for ''). */
export function countSentences(text: string): number {
  if (text.length === 0) return 0;
  const scanned = scan(text, null);
  if (scanned >= 0) return scanned;
  if (isOneSentence(text)) return 1;
  return icuSentenceEnds(text).length;
}

/** Words (words.ts) of the text `scan` or `countKnownSentences` last read whole. */
export function scannedWords(): number {
  return scanWords;
}

/**
 * Sentences of `text` when it is made only of known-class characters (then it is surrogate-free,
 * and `scannedWords()` gives its words from the same pass), else −1: count it with
 * `countSentences`.
 */
export function countKnownSentences(text: string): number {
  if (text.length === 0) {
    scanWords = 0;
    return 0;
  }
  return scan(text, null);
}

/** The sentences of `text`, each without its trailing spaces (the identity used by D7.8). */
export function sentences(text: string): string[] {
  return slices(text, sentenceEnds(text));
}

function slices(text: string, ends: number[]): string[] {
  const out: string[] = [];
  let start = 0;
  for (const end of ends) {
    out.push(text.slice(start, trimmedEnd(text, start, end)));
    start = end;
  }
  return out;
}

/** End of text[start, end) without its trailing spaces: a sentence's identity (D7.8). */
export function trimmedEnd(text: string, start: number, end: number): number {
  let e = end;
  while (e > start && text.charCodeAt(e - 1) === SPACE) e--;
  return e;
}

/**
 * UAX #29 SB6–SB11 over a text made of known-class characters; null when the text holds any
 * other character.
 */
export function scanKnownClasses(text: string): number[] | null {
  const sink: EndsSink = { buf: new Int32Array(8), n: 0 };
  return scan(text, sink) >= 0 ? Array.from(sink.buf.subarray(0, sink.n)) : null;
}

// Words (words.ts) of the text last given to `scan`,
// counted in the same pass: a scored row needs both, and one pass over it is the cost to beat.
let scanWords = 0;

/**
 * One pass of the rules: returns the number of sentences (pushing their ends into `ends` when
 * given), or −1 when the text holds a character of unknown class (surrogates included, so a text
 * scanned successfully is surrogate-free). Breaks can only follow a run SATerm Close* Sp*; the
 * rules that cancel such a break look at most at the next character, except SB8, which looks
 * ahead to the first letter or terminator. The look-ahead never moves the pass itself: every
 * character is visited once in order, which is what lets it count words too (`scanWords`).
 */
export function scan(text: string, ends: EndsSink | null): number {
  const n = text.length;
  let count = 1;
  let words = 0;
  let afterSpace = 1;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    const space = spaceBit(c);
    words += afterSpace & (space ^ 1);
    afterSpace = space;
    if (PLAIN[c] === 1) continue;
    const cls = c < CLASS_OF.length ? (CLASS_OF[c] as SB) : SB.Unknown;
    if (cls !== SB.ATerm && cls !== SB.STerm) return -1;
    const aTerm = cls === SB.ATerm;
    let j = i + 1;
    if (aTerm && j < n) {
      const next = classAt(text, j);
      // SB6 (3.5) and SB7 (U.S): no break right after the full stop.
      if (next === SB.Numeric) continue;
      if (next === SB.Upper && i > 0) {
        const before = classAt(text, i - 1);
        if (before === SB.Upper || before === SB.Lower) continue;
      }
    }
    // Close and Sp are plain: the pass steps over them after this look-ahead.
    while (j < n && classAt(text, j) === SB.Close) j++;
    while (j < n && classAt(text, j) === SB.Sp) j++;
    if (j >= n) continue;
    const next = classAt(text, j);
    if (next === SB.Unknown) return -1;
    // SB8a: a continuation or another terminator keeps the sentence going.
    if (next === SB.SContinue || next === SB.ATerm || next === SB.STerm) continue;
    if (aTerm) {
      // SB8: after a full stop, a lower-case letter before any other letter or terminator.
      let k = j;
      let kc: SB = next;
      while (k < n && kc !== SB.Lower && kc !== SB.Upper && kc !== SB.OLetter && kc !== SB.ATerm && kc !== SB.STerm) {
        if (kc === SB.Unknown) return -1;
        k++;
        if (k < n) kc = classAt(text, k);
      }
      if (k < n && kc === SB.Lower) continue;
    }
    if (ends !== null) push(ends, j);
    count++;
  }
  if (ends !== null) push(ends, n);
  scanWords = words;
  return count;
}

/** Window of text handed to Intl.Segmenter at once, in UTF-16 units. */
export const ICU_CHUNK = 2000;

// Characters that certainly end SB8's look-ahead (ASCII letters and terminators, CJK ideographs,
// Arabic letters): a boundary followed by one of them inside the window cannot be changed by
// text beyond the window.
const DECISIVE = /[A-Za-z.!?\u4E00-\u9FFF\u0621-\u063A\u0641-\u064A\u3002]/u;

/**
 * Intl.Segmenter sentence ends, computed window by window so the cost stays linear.
 *
 * Why a window's boundary is final: a break decision at position p depends on the text before p
 * back to the previous boundary (never further: a sentence never ends in a letter, so SB7's and
 * SB8's look-behind cannot cross it) and on the text after p up to the next character that ends
 * SB8's look-ahead. So every boundary of the window that has a DECISIVE character after it within
 * the window is a boundary of the whole text, and segmentation restarts exactly there. A window
 * without such a boundary grows until it has one (a long single sentence is cheap for ICU).
 */
export function icuSentenceEnds(text: string, chunk = ICU_CHUNK): number[] {
  const ends: number[] = [];
  let start = 0;
  let size = chunk;
  const n = text.length;
  while (start < n) {
    if (n - start <= size) {
      for (const s of icu().segment(text.slice(start))) ends.push(start + s.index + s.segment.length);
      break;
    }
    let stop = start + size;
    const c = text.charCodeAt(stop - 1);
    if (isHighSurrogate(c)) stop++; // never cut a surrogate pair
    const window = text.slice(start, stop);
    let lastDecisive = -1;
    for (let k = window.length - 1; k >= 0; k--) {
      if (DECISIVE.test(window[k])) {
        lastDecisive = k;
        break;
      }
    }
    let accepted = -1;
    const found: number[] = [];
    for (const s of icu().segment(window)) {
      const end = s.index + s.segment.length;
      if (end >= window.length || end > lastDecisive) break;
      found.push(start + end);
      accepted = end;
    }
    if (accepted <= 0) {
      size *= 2;
      continue;
    }
    for (const e of found) ends.push(e);
    start += accepted;
    size = chunk;
  }
  return ends;
}
