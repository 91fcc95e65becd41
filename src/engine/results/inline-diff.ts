/**
 * `transcriptDiff` (decisions D6.6): a character diff of the callers' raw transcripts for a
 * MODIFIED row. `delete` = only in the original (text the annotator removed), `insert` = only in
 * the reworked; equal+delete joins to the original exactly, equal+insert to the reworked.
 *
 * Minimal: the deleted plus inserted code points number n + m − 2·LCS. The common prefix and
 * suffix are stripped here; the middle gets Myers' greedy O((n + m)·D) shortest edit script over
 * code points (`myersParts`): searched forwards, traced back, written out as parts directly (no
 * object per character, no string per token, scratch arrays reused across calls). The script is
 * fixed: equal text is taken as early as the search reaches it (each path follows equal
 * characters as far as they go, and each diagonal keeps its furthest-reaching path); where the
 * furthest point of a diagonal is reached equally by an insertion and by a deletion, the traceback
 * takes the insertion; inside each changed run the deleted text comes before the inserted text.
 * A short middle against a long one (a few words rewritten as a sentence), whose search would pass
 * |n − m| levels before it could end, gets its minimal diff from a full LCS table instead, with the
 * same order inside changed runs.
 *
 * Bounded: the search may spend an allowance linear in the middle's length (one unit per diagonal
 * visited and per equal character slid over; the table one per cell). Past it the middle becomes
 * one delete and one insert: still complete and exact, only less detailed. A long middle (a huge
 * row) is first cut at anchors, character k-grams unique to both sides (kgram-anchors.ts),
 * so its cost stays linear and each edit still gets its own small part. Characters are code
 * points, so no part ever holds half a surrogate pair.
 */
import { AlignmentSink, walkAnchored } from '../distance/kgram-anchors';
import { CHAR_ANCHOR_K } from '../distance/approximate-counts';
import { isHighSurrogate, isLowSurrogate, toCodePoints } from '../text/code-points';
import { commonCodePointPrefix, commonCodePointSuffix } from '../text/common-affixes';
import { DiffPart } from '../types';
import type { WorkBudget } from '../distance/work-budget';

/**
 * Work a single inline diff may spend, per UTF-16 unit of its differing middle, plus a floor: the
 * values the edit-distance pre-check had, now counted in search units. Two 100-letter middles stay
 * detailed up to about 60 substituted letters, where the pre-check gave up between 30 and 40.
 */
const UNITS_PER_CHAR = 16;
const UNITS_FLOOR = 4096;
/**
 * Ceiling of any one diff's work, whatever the length: the search's trace holds one Int32 per
 * diagonal visited (and the table one per cell), so this caps it at 16 MB. Only a gap of some
 * 2,900 edits with no anchor left inside it reaches the ceiling.
 */
const SEARCH_UNITS_MAX = 1 << 22;
/** Middles longer than this (UTF-16 units, both sides) are cut at anchors first. */
const ANCHOR_ABOVE = 4096;
/** Table cells (or search units) a gap between anchors may use, per code point of the gap, plus a floor. */
const GAP_CELLS_PER_CHAR = 16;
const GAP_CELLS_FLOOR = 256;

/** The texts the code-point indices of a diff refer to, with the UTF-16 offset of every code point (null when the text is all BMP: index = offset). */
interface Sides {
  original: string;
  originalAt: Int32Array | null;
  reworked: string;
  reworkedAt: Int32Array | null;
}

// Scratch reused across calls: code points and UTF-16 offsets of both middles.
let pointsA: Int32Array = new Int32Array(256);
let pointsB: Int32Array = new Int32Array(256);
let offsetsA: Int32Array = new Int32Array(256);
let offsetsB: Int32Array = new Int32Array(256);

/**
 * The inline diff of one transcript pair. `budget` defaults to a per-call allowance linear in the
 * texts' length, so a whole request stays linear however different its rows are; with an explicit
 * budget the middle is never cut at anchors, and what the search spends is charged to it.
 */
export function inlineDiff(original: string, reworked: string, budget?: WorkBudget): DiffPart[] {
  if (original === reworked) return original === '' ? [] : [{ type: 'equal', text: original }];
  const n = original.length;
  const m = reworked.length;
  const p = commonCodePointPrefix(original, reworked);
  const q = commonCodePointSuffix(original, reworked, p);
  const oldMid = original.slice(p, n - q);
  const newMid = reworked.slice(p, m - q);
  const parts: DiffPart[] = [];
  push(parts, 'equal', original.slice(0, p));
  if (oldMid === '' || newMid === '') {
    whole(parts, oldMid, newMid);
  } else {
    const a = toCodePoints(oldMid, 0, oldMid.length, pointsA);
    const b = toCodePoints(newMid, 0, newMid.length, pointsB);
    pointsA = a.points;
    pointsB = b.points;
    const sides: Sides = {
      original: oldMid,
      originalAt: a.length === oldMid.length ? null : (offsetsA = unitOffsets(oldMid, a.length, offsetsA)),
      reworked: newMid,
      reworkedAt: b.length === newMid.length ? null : (offsetsB = unitOffsets(newMid, b.length, offsetsB)),
    };
    if (budget === undefined && oldMid.length + newMid.length > ANCHOR_ABOVE) {
      anchoredParts(parts, a.points, a.length, b.points, b.length, sides);
    } else {
      const limit = budget?.remaining ?? UNITS_PER_CHAR * (oldMid.length + newMid.length) + UNITS_FLOOR;
      const found = middleParts(parts, a.points, a.length, b.points, b.length, limit, sides);
      if (budget !== undefined) budget.remaining = Math.max(0, budget.remaining - searchWork);
      if (!found) whole(parts, oldMid, newMid);
    }
  }
  push(parts, 'equal', original.slice(n - q));
  return parts;
}

function whole(parts: DiffPart[], oldText: string, newText: string): void {
  push(parts, 'delete', oldText);
  push(parts, 'insert', newText);
}

/**
 * A minimal diff of a[0, n) and b[0, m) (both non-empty) pushed as parts, or false (nothing
 * pushed) when it would cost more than `allowance` units in all (what was spent: `searchWork`).
 * The Myers search, unless the lengths differ so much that the levels it must pass before it can
 * end (|n − m| at least) cost more than the full LCS table (a few words against a long rewrite).
 * Then, or when the search runs out, the table if it fits what is left.
 */
function middleParts(parts: DiffPart[], a: Int32Array, n: number, b: Int32Array, m: number, allowance: number, sides: Sides): boolean {
  const limit = allowance < SEARCH_UNITS_MAX ? allowance : SEARCH_UNITS_MAX;
  const cells = (n + 1) * (m + 1);
  let spent = 0;
  if (cells > limit || !searchCostsAtLeast(n, m, cells)) {
    if (myersParts(parts, a, 0, n, b, 0, m, limit, sides)) return true;
    spent = searchWork;
  }
  if (cells > limit - spent) {
    searchWork = spent;
    return false;
  }
  tableParts(parts, a, 0, n, b, 0, m, sides);
  searchWork = spent + cells;
  return true;
}

/**
 * Whether the diagonals the Myers search visits on its levels 0 to |n − m| − 1, which it must pass
 * before it can reach the end, number at least `units` (they depend on n and m only).
 */
function searchCostsAtLeast(n: number, m: number, units: number): boolean {
  const levels = n > m ? n - m : m - n;
  let visited = 0;
  for (let d = 0; d < levels && visited < units; d++) visited += ((highestDiagonal(d, n) - lowestDiagonal(d, m)) >> 1) + 1;
  return visited >= units;
}

/** Lowest diagonal of level d inside the grid (k ≥ −m, of d's parity). */
function lowestDiagonal(d: number, m: number): number {
  return d > m ? -m + ((m + d) & 1) : -d;
}

/** Highest diagonal of level d inside the grid (k ≤ n, of d's parity). */
function highestDiagonal(d: number, n: number): number {
  return d > n ? n - ((n + d) & 1) : d;
}

/**
 * Parts of a long middle: runs of an anchored alignment over code points are `equal`, and each gap
 * between them gets a minimal diff from a small table, or from the Myers search under an allowance
 * when no anchor is left inside it, else one delete and one insert.
 */
function anchoredParts(parts: DiffPart[], a: Int32Array, n: number, b: Int32Array, m: number, sides: Sides): void {
  const sink: AlignmentSink = {
    match(aLo: number, _bLo: number, length: number): void {
      push(parts, 'equal', originalText(sides, aLo, aLo + length));
    },
    gap(aLo: number, aHi: number, bLo: number, bHi: number, final: boolean): boolean {
      const ga = aHi - aLo;
      const gb = bHi - bLo;
      const allowance = GAP_CELLS_PER_CHAR * (ga + gb) + GAP_CELLS_FLOOR;
      if (ga > 0 && gb > 0 && (ga + 1) * (gb + 1) <= allowance) {
        tableParts(parts, a, aLo, aHi, b, bLo, bHi, sides);
        return true;
      }
      if (!final && ga > 0 && gb > 0) return false;
      if (ga === 0 || gb === 0 || !myersParts(parts, a, aLo, aHi, b, bLo, bHi, allowance, sides)) {
        whole(parts, originalText(sides, aLo, aHi), reworkedText(sides, bLo, bHi));
      }
      return true;
    },
  };
  walkAnchored(a, 0, n, b, 0, m, CHAR_ANCHOR_K, sink);
}

function originalText(sides: Sides, lo: number, hi: number): string {
  const at = sides.originalAt;
  return at === null ? sides.original.slice(lo, hi) : sides.original.slice(at[lo], at[hi]);
}

function reworkedText(sides: Sides, lo: number, hi: number): string {
  const at = sides.reworkedAt;
  return at === null ? sides.reworked.slice(lo, hi) : sides.reworked.slice(at[lo], at[hi]);
}

/** UTF-16 offset of every code point of `text` (and of its end), in `out` or a larger array. */
function unitOffsets(text: string, points: number, out: Int32Array): Int32Array {
  if (out.length < points + 1) out = new Int32Array(2 * (points + 1));
  let k = 0;
  for (let i = 0; i < text.length; i++) {
    out[k++] = i;
    if (isHighSurrogate(text.charCodeAt(i)) && i + 1 < text.length && isLowSurrogate(text.charCodeAt(i + 1))) i++;
  }
  out[k] = text.length;
  return out;
}

// The Myers search's scratch, reused. `trace` holds, level after level, the furthest x reached on
// each diagonal the level visits (−1: none); level d starts at traceAt[d] with diagonal traceLow[d]
// and has the parity of d. `route` is the diagonal of each level on the traced path.
let trace: Int32Array = new Int32Array(4096);
let traceAt: Int32Array = new Int32Array(256);
let traceLow: Int32Array = new Int32Array(256);
let traceHigh: Int32Array = new Int32Array(256);
let route: Int32Array = new Int32Array(256);
/** Units the last `myersParts` call spent (successful or not). */
let searchWork = 0;

/**
 * Myers' greedy shortest edit script of a[aLo, aHi) into b[bLo, bHi), both non-empty, pushed as
 * parts; false (nothing pushed) when the search would spend more than `limit` units (one per
 * diagonal visited, one per equal character slid over) or SEARCH_UNITS_MAX. A level is entered
 * only when all its diagonals fit, so the trace never holds more entries than the cap.
 *
 * x indexes a, y indexes b, diagonal k = x − y; a deletion moves right (k + 1), an insertion down
 * (k − 1). Level d keeps, for each diagonal of d's parity inside the grid, the furthest x a path of
 * d edits reaches: from diagonal k + 1 by an insertion or from k − 1 by a deletion, whichever
 * reaches further, then along equal characters. The first level to reach (n, m) is the distance.
 */
function myersParts(
  parts: DiffPart[],
  a: Int32Array, aLo: number, aHi: number,
  b: Int32Array, bLo: number, bHi: number,
  limit: number,
  sides: Sides,
): boolean {
  const n = aHi - aLo;
  const m = bHi - bLo;
  const kEnd = n - m;
  const cap = limit < SEARCH_UNITS_MAX ? limit : SEARCH_UNITS_MAX;
  let x0 = 0;
  while (x0 < n && x0 < m && a[aLo + x0] === b[bLo + x0]) x0++;
  let work = 1 + x0;
  searchWork = work;
  if (work > cap) return false;
  trace[0] = x0;
  traceAt[0] = 0;
  traceLow[0] = 0;
  traceHigh[0] = 0;
  let top = 1;
  let depth = kEnd === 0 && x0 === n ? 0 : -1;
  for (let d = 1; depth < 0; d++) {
    const pAt = traceAt[d - 1];
    const pLow = traceLow[d - 1];
    const pHigh = traceHigh[d - 1];
    const kLow = lowestDiagonal(d, m);
    const kHigh = highestDiagonal(d, n);
    const count = ((kHigh - kLow) >> 1) + 1;
    if (work + count > cap) {
      searchWork = work;
      return false;
    }
    if (top + count > trace.length) trace = grown(trace, top + count, top);
    if (d >= traceAt.length) {
      traceAt = grown(traceAt, d + 1, d);
      traceLow = grown(traceLow, d + 1, d);
      traceHigh = grown(traceHigh, d + 1, d);
    }
    traceAt[d] = top;
    traceLow[d] = kLow;
    traceHigh[d] = kHigh;
    for (let k = kLow; k <= kHigh; k += 2) {
      // Down from k + 1 (an insertion: needs y < m there), right from k − 1 (a deletion: x < n).
      let x = -1;
      if (k + 1 <= pHigh) {
        const v = trace[pAt + ((k + 1 - pLow) >> 1)];
        if (v >= 0 && v - k <= m) x = v;
      }
      if (k - 1 >= pLow) {
        const v = trace[pAt + ((k - 1 - pLow) >> 1)];
        if (v >= 0 && v < n && v + 1 > x) x = v + 1;
      }
      work++;
      if (x >= 0) {
        let y = x - k;
        const from = x;
        while (x < n && y < m && a[aLo + x] === b[bLo + y]) {
          x++;
          y++;
        }
        work += x - from;
      }
      trace[top + ((k - kLow) >> 1)] = x;
      if (work > cap) {
        searchWork = work;
        return false;
      }
      if (k === kEnd && x === n) {
        depth = d;
        break;
      }
    }
    top += count;
  }
  searchWork = work;
  emitScript(parts, aLo, n, bLo, m, depth, sides);
  return true;
}

/** Traces the path found at level `depth` back to (0, 0), then writes it out forwards. */
function emitScript(parts: DiffPart[], aLo: number, n: number, bLo: number, m: number, depth: number, sides: Sides): void {
  if (route.length <= depth) route = new Int32Array(2 * (depth + 1));
  let k = n - m;
  for (let d = depth; d > 0; d--) {
    route[d] = k;
    // The step into this point: the insertion (from k + 1) unless the deletion reaches further.
    const pAt = traceAt[d - 1];
    const pLow = traceLow[d - 1];
    let down = -1;
    if (k + 1 <= traceHigh[d - 1]) {
      const v = trace[pAt + ((k + 1 - pLow) >> 1)];
      if (v >= 0 && v - k <= m) down = v;
    }
    let right = -1;
    if (k - 1 >= pLow) {
      const v = trace[pAt + ((k - 1 - pLow) >> 1)];
      if (v >= 0 && v < n) right = v + 1;
    }
    k = right > down ? k - 1 : k + 1;
  }
  route[0] = 0;
  let x = trace[0];
  let y = x;
  push(parts, 'equal', originalText(sides, aLo, aLo + x));
  // A changed run starts at (runX, runY): its deletions are a[runX, x), its insertions b[runY, y).
  let runX = x;
  let runY = y;
  for (let d = 1; d <= depth; d++) {
    const kd = route[d];
    if (kd < route[d - 1]) y++;
    else x++;
    const end = trace[traceAt[d] + ((kd - traceLow[d]) >> 1)];
    if (end > x) {
      changedRun(parts, sides, aLo + runX, aLo + x, bLo + runY, bLo + y);
      push(parts, 'equal', originalText(sides, aLo + x, aLo + end));
      y += end - x;
      x = end;
      runX = x;
      runY = y;
    }
  }
  changedRun(parts, sides, aLo + runX, aLo + x, bLo + runY, bLo + y);
}

function changedRun(parts: DiffPart[], sides: Sides, aLo: number, aHi: number, bLo: number, bHi: number): void {
  if (aHi > aLo) push(parts, 'delete', originalText(sides, aLo, aHi));
  if (bHi > bLo) push(parts, 'insert', reworkedText(sides, bLo, bHi));
}

/** A copy of buf[0, used) in an array of at least `size` (doubling, up to SEARCH_UNITS_MAX). */
function grown(buf: Int32Array, size: number, used: number): Int32Array {
  let len = buf.length;
  while (len < size) len *= 2;
  if (len > SEARCH_UNITS_MAX && size <= SEARCH_UNITS_MAX) len = SEARCH_UNITS_MAX;
  const out = new Int32Array(len);
  out.set(buf.subarray(0, used));
  return out;
}

// The LCS table of `tableParts`, reused: a huge row has thousands of gaps.
let lcsTable: Int32Array = new Int32Array(1024);

/**
 * A minimal insert/delete diff of a[aLo, aHi) and b[bLo, bHi) from a full LCS table (the caller
 * keeps it small); between two equal characters the deleted text comes before the inserted text.
 */
function tableParts(
  parts: DiffPart[],
  a: Int32Array, aLo: number, aHi: number,
  b: Int32Array, bLo: number, bHi: number,
  sides: Sides,
): void {
  const n = aHi - aLo;
  const m = bHi - bLo;
  const w = m + 1;
  // lcs[i * w + j]: LCS of the suffixes a[aLo + i..) and b[bLo + j..), so the walk runs forwards.
  if (lcsTable.length < (n + 1) * w) lcsTable = new Int32Array(2 * (n + 1) * w);
  const lcs = lcsTable;
  lcs.fill(0, n * w, (n + 1) * w);
  for (let i = n - 1; i >= 0; i--) {
    lcs[i * w + m] = 0;
    const ai = a[aLo + i];
    for (let j = m - 1; j >= 0; j--) {
      const down = lcs[(i + 1) * w + j];
      const right = lcs[i * w + j + 1];
      lcs[i * w + j] = ai === b[bLo + j] ? lcs[(i + 1) * w + j + 1] + 1 : down > right ? down : right;
    }
  }
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    const i0 = i;
    // Leave the equal run first, then collect deletions and insertions up to the next match.
    while (i < n && j < m && a[aLo + i] === b[bLo + j] && lcs[i * w + j] === lcs[(i + 1) * w + j + 1] + 1) {
      i++;
      j++;
    }
    if (i > i0) push(parts, 'equal', originalText(sides, aLo + i0, aLo + i));
    const di = i;
    const dj = j;
    while (i < n || j < m) {
      if (i < n && j < m && a[aLo + i] === b[bLo + j] && lcs[i * w + j] === lcs[(i + 1) * w + j + 1] + 1) break;
      if (j >= m || (i < n && lcs[(i + 1) * w + j] >= lcs[i * w + j + 1])) i++;
      else j++;
    }
    changedRun(parts, sides, aLo + di, aLo + i, bLo + dj, bLo + j);
  }
}

/** Appends a part, merging it into the previous one of the same type; empty texts are dropped. */
function push(parts: DiffPart[], type: DiffPart['type'], text: string): void {
  if (text === '') return;
  const last = parts[parts.length - 1];
  if (last !== undefined && last.type === type) last.text += text;
  else parts.push({ type, text });
}
