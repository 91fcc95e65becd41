/**
 * Content ids for spans (words, sentences) of one pair of texts: equal spans get equal ids,
 * different spans different ids, numbered from 0 in order of first appearance, the reference's
 * spans before the hypothesis's. An exact comparison only ever compares the spans of one pair, so
 * each pair gets a fresh table over its own two strings: no growing vocabulary to probe, and every
 * comparison reads text already in cache. Nothing is allocated per span: a span is its text's
 * start and end, found again by its hash and compared unit by unit on every hash hit. Spans are
 * numbered a text at a time (`numberSpans`), so the table's state stays in one loop.
 *
 * A slot is (stamp, id) and a span (hash, start, length), side by side, so a probe touches one
 * cache line of each. The table holds distinct spans, and a long text repeats its vocabulary: it
 * starts at most SLOTS_START slots (fewer for a short pair) and doubles when half full.
 */
import { createStampedTable, grownInt32, grownInt32Keeping, nextStamp } from '../util/scratch';

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

/** Spans of one text, [0, count): where each starts and ends, and its spanHash. */
export interface Spans {
  starts: Int32Array;
  ends: Int32Array;
  hashes: Int32Array;
  count: number;
}

export function createSpans(): Spans {
  return { starts: new Int32Array(64), ends: new Int32Array(64), hashes: new Int32Array(64), count: 0 };
}

/** `spans` with room for `size` spans (what it held is not kept). */
export function spansWithRoom(spans: Spans, size: number): Spans {
  spans.starts = grownInt32(spans.starts, size);
  spans.ends = grownInt32(spans.ends, size);
  spans.hashes = grownInt32(spans.hashes, size);
  return spans;
}

const SLOTS_START = 1 << 14;
const table = createStampedTable(512);
// Per id: its span's hash, start and length.
let entries: Int32Array = new Int32Array(3 * 128);
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
  entries = grownInt32(entries, 3 * spanBound);
}

/** From now on, spans are the hypothesis's. */
export function startHypothesisSpans(): void {
  firstHypothesisId = count;
}

/** The ids of `found`, spans of `text` (the reference or the hypothesis), into ids[0, found.count). */
export function numberSpans(text: string, found: Spans, ids: Int32Array): void {
  const { starts, ends, hashes } = found;
  // The table's state in locals for the loop; `grow` changes it.
  let slots = table.slots;
  let m = mask;
  let stamp = live;
  let e = entries;
  let next = count;
  const fromReference = firstHypothesisId;
  const src0 = reference;
  const src1 = hypothesis;
  const spanCount = found.count;
  for (let k = 0; k < spanCount; k++) {
    const start = starts[k];
    const len = ends[k] - start;
    const hash = hashes[k];
    let slot = (hash ^ (hash >>> 15)) & m;
    let id = -1;
    while (slots[2 * slot] === stamp) {
      const cand = slots[2 * slot + 1];
      if (e[3 * cand] === hash && e[3 * cand + 2] === len) {
        const src = cand < fromReference ? src0 : src1;
        const s0 = e[3 * cand + 1];
        let q = 0;
        while (q < len && src.charCodeAt(s0 + q) === text.charCodeAt(start + q)) q++;
        if (q === len) {
          id = cand;
          break;
        }
      }
      slot = (slot + 1) & m;
    }
    if (id < 0) {
      id = next++;
      if (3 * next > e.length) e = entries = grownInt32Keeping(e, 3 * next, 3 * id);
      e[3 * id] = hash;
      e[3 * id + 1] = start;
      e[3 * id + 2] = len;
      slots[2 * slot] = stamp;
      slots[2 * slot + 1] = id;
      if (2 * next > size) {
        count = next;
        grow();
        slots = table.slots;
        m = mask;
        stamp = live;
      }
    }
    ids[k] = id;
  }
  count = next;
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
    const h = entries[3 * k];
    let at = (h ^ (h >>> 15)) & mask;
    while (slots[2 * at] === live) at = (at + 1) & mask;
    slots[2 * at] = live;
    slots[2 * at + 1] = k;
  }
}
