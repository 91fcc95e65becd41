/**
 * Changed sentences of a reference and a hypothesis text (decisions D7.8): max(ref, hyp)
 * sentences less the longest common subsequence of exactly equal sentences, each compared without
 * its trailing spaces, in place (no string per sentence).
 */
import { popcount } from '../distance/bit-parallel';
import { commonTokenPrefix, commonTokenSuffix } from '../text/common-affixes';
import { EndsSink, countSentences, endsInto, scan, trimmedEnd } from '../text/sentence-ends';
import { Spans, createSpans, numberSpans, sameSpan, spanHash, spanIdCount, spansWithRoom, startHypothesisSpans, startSpanIds } from '../text/span-ids';
import { SPACE } from '../text/words';

const refEnds: EndsSink = { buf: new Int32Array(16), n: 0 };
const hypEnds: EndsSink = { buf: new Int32Array(16), n: 0 };
let lcsRow = new Int32Array(16);
// Reference sentences of the last `changedSentences` call.
let lastReference = 0;

/**
 * Sentences of a reference and a hypothesis text compared in order (D7.8): returns
 * [reference sentences, changed sentences] where changed = max(ref, hyp) − LCS of exact matches.
 */
export function sentenceChanges(reference: string, hypothesis: string): [number, number] {
  const changed = changedSentences(reference, hypothesis);
  return [lastReference, changed];
}

/** `sentenceChanges` added into `into` (reference sentences, changed sentences). */
export function addSentenceChanges(into: { reference: number; changed: number }, reference: string, hypothesis: string): void {
  const changed = changedSentences(reference, hypothesis);
  into.reference += lastReference;
  into.changed += changed;
}

/**
 * `addSentenceChanges` for two different non-empty texts made only of known-class characters:
 * false (nothing added) when either holds another character, else true with `scannedWords()`
 * (sentence-ends.ts) the reference's words, counted in the same pass as its sentences: the
 * reference is scanned last.
 */
export function addKnownSentenceChanges(into: { reference: number; changed: number }, reference: string, hypothesis: string): boolean {
  if (reference.length === 0 || hypothesis.length === 0) return false;
  hypEnds.n = 0;
  if (scan(hypothesis, hypEnds) < 0) return false;
  refEnds.n = 0;
  if (scan(reference, refEnds) < 0) return false;
  into.reference += refEnds.n;
  into.changed += changedOfEnds(reference, hypothesis);
  return true;
}

/** Changed sentences; the reference's sentence count is left in `lastReference`. */
function changedSentences(reference: string, hypothesis: string): number {
  if (reference === hypothesis) {
    lastReference = countSentences(reference);
    return 0;
  }
  if (reference.length === 0) {
    lastReference = 0;
    return countSentences(hypothesis);
  }
  if (hypothesis.length === 0) {
    lastReference = countSentences(reference);
    return lastReference;
  }
  endsInto(reference, refEnds);
  endsInto(hypothesis, hypEnds);
  lastReference = refEnds.n;
  return changedOfEnds(reference, hypothesis);
}

/** Changed sentences of two different non-empty texts whose ends are in refEnds and hypEnds. */
function changedOfEnds(reference: string, hypothesis: string): number {
  const na = refEnds.n;
  const nb = hypEnds.n;
  // Two different one-sentence texts without trailing spaces: the common case of a MODIFIED row.
  if (na === 1 && nb === 1 && reference.charCodeAt(reference.length - 1) !== SPACE && hypothesis.charCodeAt(hypothesis.length - 1) !== SPACE) {
    return 1;
  }
  return (na > nb ? na : nb) - lcsLength(reference, refEnds, hypothesis, hypEnds);
}

/** Above this many sentence pairs the LCS is computed bit-parallel over sentence ids. */
const PAIRWISE_MAX = 4096;

/**
 * Length of the longest common subsequence of the sentences of a and b, sentences compared
 * without their trailing spaces: pair by pair for rows of a few sentences, else bit-parallel.
 */
function lcsLength(a: string, ae: EndsSink, b: string, be: EndsSink): number {
  return ae.n * be.n <= PAIRWISE_MAX ? pairwiseLcs(a, ae, b, be) : bitParallelLcs(a, ae, b, be);
}

/** O(|a|·|b|) sentence comparisons. */
function pairwiseLcs(a: string, ae: EndsSink, b: string, be: EndsSink): number {
  const na = ae.n;
  const nb = be.n;
  if (lcsRow.length < nb + 1) lcsRow = new Int32Array(2 * (nb + 1));
  const row = lcsRow;
  row.fill(0, 0, nb + 1);
  let aStart = 0;
  for (let i = 1; i <= na; i++) {
    const aEnd = trimmedEnd(a, aStart, ae.buf[i - 1]);
    let diag = 0;
    let bStart = 0;
    for (let j = 1; j <= nb; j++) {
      const bEnd = trimmedEnd(b, bStart, be.buf[j - 1]);
      const up = row[j];
      row[j] = sameSpan(a, aStart, aEnd, b, bStart, bEnd) ? diag + 1 : Math.max(up, row[j - 1]);
      diag = up;
      bStart = be.buf[j - 1];
    }
    aStart = ae.buf[i - 1];
  }
  return row[nb];
}

/**
 * The same LCS for long rows (a 100,000-character row of short sentences holds tens of thousands):
 * sentences numbered by content (equal sentences, equal ids), the common first and last ones
 * stripped, then the bit-parallel LCS of Allison–Dix / Crochemore et al. over the ids,
 * V ← (V + (V & M[x])) | (V & ~M[x]) per sentence x of a, with M[x] the positions of x in b:
 * ⌈|b| / 32⌉ word operations per sentence of a that occurs in b at all. Exact.
 */
function bitParallelLcs(a: string, ae: EndsSink, b: string, be: EndsSink): number {
  const na = ae.n;
  const nb = be.n;
  const ida = new Int32Array(na);
  const idb = new Int32Array(nb);
  const ids = numberSentences(a, ae, ida, b, be, idb);
  const lo = commonTokenPrefix(ida, 0, idb, 0, na < nb ? na : nb);
  const hi = commonTokenSuffix(ida, na, idb, nb, (na < nb ? na : nb) - lo);
  const m = nb - lo - hi;
  if (m === 0 || na - lo - hi === 0) return lo + hi;
  // Positions of each id in b's middle, grouped by id (counting sort).
  const first = new Int32Array(ids + 1);
  for (let j = lo; j < lo + m; j++) first[idb[j] + 1]++;
  for (let id = 0; id < ids; id++) first[id + 1] += first[id];
  const fill = first.slice(0, ids);
  const where = new Int32Array(m);
  for (let j = lo; j < lo + m; j++) where[fill[idb[j]]++] = j - lo;
  const words = (m + 31) >>> 5;
  const v = new Int32Array(words).fill(-1);
  const mask = new Int32Array(words);
  for (let i = lo; i < na - hi; i++) {
    const id = ida[i];
    const from = first[id];
    const to = first[id + 1];
    if (from === to) continue;
    for (let t = from; t < to; t++) mask[where[t] >>> 5] |= 1 << (where[t] & 31);
    let carry = 0;
    for (let w = 0; w < words; w++) {
      const vw = v[w];
      const u = vw & mask[w];
      // 32-bit words added as unsigned numbers; the sum stays exact in a double.
      const sum = (vw >>> 0) + (u >>> 0) + carry;
      carry = sum > 0xffffffff ? 1 : 0;
      v[w] = sum | (vw & ~mask[w]);
    }
    for (let t = from; t < to; t++) mask[where[t] >>> 5] = 0;
  }
  // LCS = the zero bits of V among b's m positions.
  let ones = 0;
  for (let w = 0; w < words; w++) {
    ones += popcount(w === words - 1 && (m & 31) !== 0 ? v[w] & ((1 << (m & 31)) - 1) : v[w]);
  }
  return lo + hi + m - ones;
}

/**
 * Numbers the sentences (without trailing spaces) of a into ida and of b into idb: equal
 * sentences get equal ids (span-ids.ts). Returns the number of distinct sentences.
 */
function numberSentences(a: string, ae: EndsSink, ida: Int32Array, b: string, be: EndsSink, idb: Int32Array): number {
  startSpanIds(a, b, ae.n + be.n);
  numberSpans(a, sentenceSpans(a, ae), ida);
  startHypothesisSpans();
  numberSpans(b, sentenceSpans(b, be), idb);
  return spanIdCount();
}

const sentencesOfText = createSpans();

/** The sentences of `text` whose ends are in `ends`, as spans without their trailing spaces. */
function sentenceSpans(text: string, ends: EndsSink): Spans {
  const spans = spansWithRoom(sentencesOfText, ends.n);
  let start = 0;
  for (let k = 0; k < ends.n; k++) {
    const end = trimmedEnd(text, start, ends.buf[k]);
    spans.starts[k] = start;
    spans.ends[k] = end;
    spans.hashes[k] = spanHash(text, start, end);
    start = ends.buf[k];
  }
  spans.count = ends.n;
  return spans;
}
