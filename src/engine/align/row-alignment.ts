/**
 * Which rows correspond: the alignment passes (docs/engine.md).
 *
 *  2–3. exact anchors on the whole row (every compared column), patience style;
 *  4.   anchors on the loose transcript key inside each remaining gap (rows that differ only in
 *       case, punctuation or diacritics);
 *  5.   the bead programme (bead-programme.ts) on what is left, with times where both sides have them.
 *
 * positionalMode pairs row i with row i and skips all of it (D6.8); `config.pairBy` pairs rows by
 * their ids instead (key-pairing.ts).
 */
import { keyedPath } from './key-pairing';
import { anchorMatches, createAnchorScratch, gapsBetween, Matches, Range } from './row-anchors';
import { alignGap, Bead, createPairMemo, GapOptions, SideFeatures } from './bead-programme';
import { looseText } from './row-similarity';
import { StringIds } from './string-ids';
import { DiffConfig } from '../types';
import { Prepared, PreparedSide } from '../prepare/prepared-sides';

const EMPTY_MEMO = createPairMemo(0);

/**
 * The whole-row identity of every row on both sides as dense ids: every compared text, and times
 * to the millisecond. Built column by column: each column's values get ids (texts from a
 * StringIds table, times from a Map), and the (row id so far, value id) pairs are numbered through
 * an integer hash table, so no key string or boxed number is allocated per row and nothing is
 * sorted.
 */
function rowIds(prep: Prepared): { a: Int32Array; b: Int32Array; count: number } {
  const n = prep.original.rows.length;
  const total = n + prep.reworked.rows.length;
  // Null until the first column: every row has the same identity so far.
  let ids: Int32Array | null = null;
  let count = 1;
  const combine = (valueIds: Int32Array, distinct: number): void => {
    if (ids === null) {
      ids = valueIds;
      count = distinct;
    } else {
      count = numberPairs(ids, valueIds);
    }
  };
  for (const c of prep.denseCols) {
    if (prep.timeCols.includes(c)) continue;
    const texts = new StringIds(total);
    const valueIds = new Int32Array(total);
    const a = prep.original.text[c] as string[];
    const b = prep.reworked.text[c] as string[];
    for (let k = 0; k < n; k++) valueIds[k] = texts.id(a[k]);
    for (let k = n; k < total; k++) valueIds[k] = texts.id(b[k - n]);
    combine(valueIds, texts.size);
  }
  // The sparse columns (prepared-sides.ts) together, as one more value per row: its cells in them.
  const sparseA = prep.original.sparse;
  const sparseB = prep.reworked.sparse;
  if (sparseA !== null && sparseB !== null) {
    const cells = new StringIds(total);
    const valueIds = new Int32Array(total);
    for (let k = 0; k < total; k++) {
      const { cols, texts } = k < n ? sparseA[k] : sparseB[k - n];
      valueIds[k] = cells.id(cols.length === 0 ? '' : JSON.stringify([cols, texts]));
    }
    combine(valueIds, cells.size);
  }
  if (prep.timeCols.length > 0) {
    for (const timeOf of [(side: PreparedSide) => side.start, (side: PreparedSide) => side.end]) {
      const values = new Map<number, number>();
      const valueIds = new Int32Array(total);
      for (let k = 0; k < total; k++) {
        const value = timeKey(k < n ? timeOf(prep.original)[k] : timeOf(prep.reworked)[k - n]);
        let valueId = values.get(value);
        if (valueId === undefined) values.set(value, (valueId = values.size));
        valueIds[k] = valueId;
      }
      combine(valueIds, values.size);
    }
  }
  const all: Int32Array = ids ?? new Int32Array(total);
  return { a: all.subarray(0, n), b: all.subarray(n), count: Math.max(count, 1) };
}

/**
 * Replaces x[k] by a dense id of the pair (x[k], y[k]), equal pairs getting equal ids, through an
 * open-addressing table of first occurrences; returns the number of distinct pairs.
 */
function numberPairs(x: Int32Array, y: Int32Array): number {
  const total = x.length;
  let size = 16;
  while (size < 2 * total) size *= 2;
  const mask = size - 1;
  // Slot → index of the pair's first occurrence + 1 (0 = empty); that occurrence's new id.
  const slots = new Int32Array(size);
  const firstId = new Int32Array(total);
  let count = 0;
  for (let k = 0; k < total; k++) {
    const xk = x[k];
    const yk = y[k];
    let h = Math.imul(xk, 0x9e3779b1) ^ Math.imul(yk + 0x7f4a7c15, 0x85ebca6b);
    h ^= h >>> 15;
    let slot = h & mask;
    let id = -1;
    for (;;) {
      const first = slots[slot] - 1;
      if (first < 0) break;
      if (x[first] === xk && y[first] === yk) {
        id = firstId[first];
        break;
      }
      slot = (slot + 1) & mask;
    }
    if (id < 0) {
      id = count++;
      slots[slot] = k + 1;
    }
    firstId[k] = id;
  }
  x.set(firstId);
  return count;
}

/** Milliseconds, with a sentinel for "no time". */
function timeKey(seconds: number): number {
  return Number.isNaN(seconds) ? -1 : Math.round(seconds * 1000);
}

function features(side: PreparedSide, gaps: readonly Range[], which: 'a' | 'b', moved: Uint8Array): SideFeatures {
  const loose = new Array<string>(side.rows.length).fill('');
  for (const gap of gaps) {
    const [lo, hi] = which === 'a' ? [gap.aLo, gap.aHi] : [gap.bLo, gap.bHi];
    for (let i = lo; i < hi; i++) loose[i] = looseText(side.transcript[i]);
  }
  return { loose, moved, start: side.start, end: side.end, looseId: new Int32Array(side.rows.length), memo: EMPTY_MEMO };
}

/**
 * Rows left in the gaps whose whole-row id occurs exactly once on each side: their twin is on the
 * other side but outside their gap (the anchors would have matched it otherwise), so the row moved
 * and cannot pair in order. Marking them keeps a shuffled document from filling every gap table.
 */
const MOVED_MIN_CELLS = 1024;

function movedRows(a: Int32Array, b: Int32Array, count: number, gaps: readonly Range[]): [Uint8Array, Uint8Array] {
  const countA = new Int32Array(count);
  const countB = new Int32Array(count);
  const posA = new Int32Array(count);
  const posB = new Int32Array(count);
  for (let i = 0; i < a.length; i++) {
    countA[a[i]]++;
    posA[a[i]] = i;
  }
  for (let j = 0; j < b.length; j++) {
    countB[b[j]]++;
    posB[b[j]] = j;
  }
  const movedA = new Uint8Array(a.length);
  const movedB = new Uint8Array(b.length);
  const unique = (id: number) => countA[id] === 1 && countB[id] === 1;
  for (const gap of gaps) {
    // Small gaps keep every option (a short phrase may recur far away and still be a merge piece
    // here); only gaps big enough to cost something are thinned.
    if ((gap.aHi - gap.aLo + 1) * (gap.bHi - gap.bLo + 1) <= MOVED_MIN_CELLS) continue;
    for (let i = gap.aLo; i < gap.aHi; i++) {
      const twin = posB[a[i]];
      if (unique(a[i]) && (twin < gap.bLo || twin >= gap.bHi)) movedA[i] = 1;
    }
    for (let j = gap.bLo; j < gap.bHi; j++) {
      const twin = posA[b[j]];
      if (unique(b[j]) && (twin < gap.aLo || twin >= gap.aHi)) movedB[j] = 1;
    }
  }
  return [movedA, movedB];
}

function positional(n: number, m: number): Bead[] {
  const beads: Bead[] = [];
  for (let i = 0; i < Math.max(n, m); i++) {
    if (i < n && i < m) beads.push({ kind: 'pair', oi: [i], ri: [i] });
    else if (i < n) beads.push({ kind: 'del', oi: [i], ri: [] });
    else beads.push({ kind: 'add', oi: [], ri: [i] });
  }
  return beads;
}

/**
 * Pushes pair beads for the matches and aligns each gap with `fill`, all in document order.
 * `gaps` are the gaps between the matches (gapsBetween).
 */
function walk(matches: Matches, gaps: readonly Range[], fill: (gap: Range) => Bead[], out: Bead[]): void {
  let g = 0;
  for (let k = 0; k < matches.a.length; k++) {
    const i = matches.a[k];
    const j = matches.b[k];
    while (g < gaps.length && gaps[g].aHi <= i && gaps[g].bHi <= j) append(out, fill(gaps[g++]));
    out.push({ kind: 'pair', oi: [i], ri: [j] });
  }
  while (g < gaps.length) append(out, fill(gaps[g++]));
}

/** push(...items) overflows the stack on very large arrays. */
function append<T>(out: T[], items: readonly T[]): void {
  for (const item of items) out.push(item);
}

/**
 * Rows whose exact twin is a row elsewhere on the other side (a moved row, `movedRows`): left
 * unpaired by the bead programme, and left out of the word alignment too (word-grouping.ts).
 */
export interface MovedRows {
  original: Uint8Array | null;
  reworked: Uint8Array | null;
}

/**
 * The alignment path: beads covering every row of both sides exactly once, in document order.
 * `moved`, when given, receives the rows found to have moved.
 */
export function align(prep: Prepared, config: DiffConfig, moved?: MovedRows): Bead[] {
  const n = prep.original.rows.length;
  const m = prep.reworked.rows.length;
  if (config.positionalMode) return positional(n, m);
  if (prep.pairKeys) return keyedPath(prep.pairKeys.original, prep.pairKeys.reworked);

  const options: GapOptions = {
    splits: !config.simpleMode && config.enableSplits,
    merges: !config.simpleMode && config.enableMerges,
  };
  const { a, b, count } = rowIds(prep);
  const whole: Range = { aLo: 0, aHi: n, bLo: 0, bHi: m };
  const exactMatches = anchorMatches(a, b, createAnchorScratch(count), whole);
  const gaps = gapsBetween(exactMatches, whole);

  // Loose keys only for rows the exact pass left unmatched: on near-identical documents that is few.
  const [movedA, movedB] = movedRows(a, b, count, gaps);
  if (moved !== undefined) {
    moved.original = movedA;
    moved.reworked = movedB;
  }
  const orig = features(prep.original, gaps, 'a', movedA);
  const rew = features(prep.reworked, gaps, 'b', movedB);
  let inGaps = 0;
  for (const gap of gaps) inGaps += gap.aHi - gap.aLo + gap.bHi - gap.bLo;
  const loose = new StringIds(inGaps);
  const la = new Int32Array(n);
  const lb = new Int32Array(m);
  for (const gap of gaps) {
    for (let i = gap.aLo; i < gap.aHi; i++) la[i] = loose.id(orig.loose[i]);
    for (let j = gap.bLo; j < gap.bHi; j++) lb[j] = loose.id(rew.loose[j]);
  }
  orig.looseId = la;
  rew.looseId = lb;
  orig.memo = rew.memo = createPairMemo(loose.size);
  const looseScratch = createAnchorScratch(loose.size);
  const beads: Bead[] = [];
  walk(exactMatches, gaps, (gap) => {
    if (gap.aHi - gap.aLo === 1 && gap.bHi - gap.bLo === 1) {
      // One row each side, the commonest gap: no anchor search needed.
      if (la[gap.aLo] === lb[gap.bLo]) return [{ kind: 'pair', oi: [gap.aLo], ri: [gap.bLo] }];
      return alignGap(orig, rew, gap.aLo, gap.aHi, gap.bLo, gap.bHi, options);
    }
    const inner: Bead[] = [];
    const looseMatches = anchorMatches(la, lb, looseScratch, gap);
    walk(looseMatches, gapsBetween(looseMatches, gap), (g) => alignGap(orig, rew, g.aLo, g.aHi, g.bLo, g.bHi, options), inner);
    return inner;
  }, beads);
  return beads;
}
