/**
 * Content ids for spans (words, sentences) of one pair of texts: equal spans get equal ids,
 * different spans different ids, numbered from 0 in order of first appearance, the reference's
 * spans before the hypothesis's. An exact comparison only ever compares the spans of one pair, so
 * each pair gets a fresh table over its own two strings: no growing vocabulary to probe, and every
 * comparison reads text already in cache. Nothing is allocated per span: a span is its text's
 * start and end, found again by its hash and compared unit by unit on every hash hit.
 *
 * A slot is (stamp, id) and a span (hash, start, length), side by side, so a probe touches one
 * cache line of each. The table holds distinct spans, and a long text repeats its vocabulary: it
 * starts at most SLOTS_START slots (fewer for a short pair) and doubles when half full.
 */
import { createStampedTable, grownInt32Keeping, nextStamp } from './scratch';

/** FNV-1a's offset basis and prime, for callers that hash while they scan. */
export const FNV_OFFSET = 0x811c9dc5 | 0;
export const FNV_PRIME = 0x01000193;

/** FNV-1a over the UTF-16 units of text[start, end). */
export function spanHash(text: string, start: number, end: number): number {
  let h = FNV_OFFSET;
  for (let i = start; i < end; i++) h = Math.imul(h ^ text.charCodeAt(i), FNV_PRIME);
  return h;
}

/** True when a[as, ae) and b[bs, be) hold the same UTF-16 units. */
export function sameSpan(a: string, as: number, ae: number, b: string, bs: number, be: number): boolean {
  if (ae - as !== be - bs) return false;
  for (let k = 0; k < ae - as; k++) if (a.charCodeAt(as + k) !== b.charCodeAt(bs + k)) return false;
  return true;
}

const SLOTS_START = 1 << 14;
const table = createStampedTable(512);
let spans: Int32Array = new Int32Array(3 * 128);
let mask = 0;
let size = 0;
let live = 0;
let count = 0;
let reference = '';
let hypothesis = '';
/** Ids below this were numbered in the reference. */
let firstHypothesisId = 0x7fffffff;

/** Starts numbering the spans of `ref` (first) and `hyp`; `spanBound` bounds how many there are. */
export function startSpanIds(ref: string, hyp: string, spanBound: number): void {
  reference = ref;
  hypothesis = hyp;
  firstHypothesisId = 0x7fffffff;
  count = 0;
  size = 16;
  while (size < 2 * spanBound && size < SLOTS_START) size *= 2;
  mask = size - 1;
  live = nextStamp(table, 2 * size);
  if (3 * spanBound > spans.length) spans = new Int32Array(3 * Math.max(spanBound, 2 * (spans.length / 3)));
}

/** From now on, spans are the hypothesis's. */
export function startHypothesisSpans(): void {
  firstHypothesisId = count;
}

/** The id of text[start, end) (text: the reference or the hypothesis), `hash` its spanHash. */
export function spanId(text: string, start: number, end: number, hash: number): number {
  const len = end - start;
  const slots = table.slots;
  let slot = (hash ^ (hash >>> 15)) & mask;
  while (slots[2 * slot] === live) {
    const cand = slots[2 * slot + 1];
    if (spans[3 * cand] === hash && spans[3 * cand + 2] === len) {
      const s0 = spans[3 * cand + 1];
      if (sameSpan(cand < firstHypothesisId ? reference : hypothesis, s0, s0 + len, text, start, end)) return cand;
    }
    slot = (slot + 1) & mask;
  }
  const id = count++;
  if (3 * count > spans.length) spans = grownInt32Keeping(spans, 3 * count, 3 * id);
  spans[3 * id] = hash;
  spans[3 * id + 1] = start;
  spans[3 * id + 2] = len;
  slots[2 * slot] = live;
  slots[2 * slot + 1] = id;
  if (2 * count > size) grow();
  return id;
}

/** Distinct spans numbered since `startSpanIds`. */
export function spanIdCount(): number {
  return count;
}

/** Twice the slots, every distinct span placed again from its stored hash. */
function grow(): void {
  size *= 2;
  mask = size - 1;
  live = nextStamp(table, 2 * size);
  const slots = table.slots;
  for (let k = 0; k < count; k++) {
    const h = spans[3 * k];
    let at = (h ^ (h >>> 15)) & mask;
    while (slots[2 * at] === live) at = (at + 1) & mask;
    slots[2 * at] = live;
    slots[2 * at + 1] = k;
  }
}
