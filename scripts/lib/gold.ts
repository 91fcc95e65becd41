/**
 * Gold labels for an original/reworked pair: the set of groups (status, originalIndices,
 * reworkedIndices) that a perfect aligner returns. Every row of both sides is in exactly one
 * group. Synthetic pairs get their groups from the operations that made them
 * (synthetic.ts); real pairs with times get them from the time rule below.
 *
 * The time rule (real post-edits, kallaama and lattifai):
 *  1. Original row o and reworked row r are linked when their time intervals overlap by at least
 *     half the duration of the shorter of the two (`minOverlap`). Half, because a resegmented
 *     neighbour typically shares a sliver of a second at a boundary (times moved by tens of
 *     milliseconds) and must not be linked, while a row cut in two shares all of each piece.
 *  2. The connected components of the links are the groups: 1-0 DELETED, 0-1 ADDED, 1-1
 *     UNCHANGED or MODIFIED (by content, see `rowsEqual`), 1-k SPLIT, k-1 MERGED.
 *  3. A group is *ambiguous*, scored separately and never forced, when
 *     - it is k-to-m (k, m ≥ 2), which no status describes;
 *     - its rows are not contiguous on a side;
 *     - the text contradicts the times: a word-level alignment of the two whole documents
 *       (`textLinks`) links a row of this group with a row of another group (the times of one
 *       side are off, e.g. machine subtitles rounded to whole seconds);
 *     - it is a split or merge with a piece (of at least one word) that shares no aligned word
 *       with the other side: the annotator may have cut the segment and typed new speech into the
 *       new piece, which is a split for the times and an addition for the text.
 */
import { diffArrays } from 'diff';
import { normalizeText, parseTime, stripDiacritics, timesEqual } from '../../src/engine/prepare/normalize';
import type { Status } from '../../src/engine/types';
import type { EvalRow } from './sources';

/** One gold entry. */
export interface GoldGroup {
  status: Status;
  originalIndices: number[];
  reworkedIndices: number[];
  /** Why the time rule cannot decide this group; such groups are scored separately. */
  ambiguous?: string;
}

export interface CompareOptions {
  /** decisions D5.3: strip diacritics before comparing text. */
  stripDiacritics: boolean;
}

const TIME_KEYS = new Set(['start_time', 'end_time']);

/**
 * Whether two rows are equal for the service (D5.2–D5.4): every key present in either row is
 * compared, times as seconds within 1 ms, everything else as normalised text (absent = "").
 */
export function rowsEqual(a: EvalRow, b: EvalRow, options: CompareOptions): boolean {
  const ra = a as unknown as Record<string, unknown>;
  const rb = b as unknown as Record<string, unknown>;
  const keys = new Set([...Object.keys(ra), ...Object.keys(rb)]);
  for (const key of keys) {
    if (TIME_KEYS.has(key)) {
      const ta = parseTime(ra[key]);
      const tb = parseTime(rb[key]);
      if (ta === undefined || tb === undefined || !timesEqual(ta, tb)) return false;
    } else if (normalizeText(ra[key], options.stripDiacritics) !== normalizeText(rb[key], options.stripDiacritics)) {
      return false;
    }
  }
  return true;
}

/** The status of a group from its shape (and, for 1-1, its content). */
export function groupStatus(original: EvalRow[], reworked: EvalRow[], group: Pick<GoldGroup, 'originalIndices' | 'reworkedIndices'>, options: CompareOptions): Status {
  const no = group.originalIndices.length;
  const nr = group.reworkedIndices.length;
  if (no === 0 && nr === 1) return 'ADDED';
  if (no === 1 && nr === 0) return 'DELETED';
  if (no === 1 && nr === 1) {
    const o = original[group.originalIndices[0] as number] as EvalRow;
    const r = reworked[group.reworkedIndices[0] as number] as EvalRow;
    return rowsEqual(o, r, options) ? 'UNCHANGED' : 'MODIFIED';
  }
  if (no === 1 && nr >= 2) return 'SPLIT';
  if (no >= 2 && nr === 1) return 'MERGED';
  throw new Error(`no status for a ${no}-to-${nr} group`);
}

/** The rows with their times dropped: the times-removed variant of an evaluation. */
export function withoutTimes(rows: EvalRow[]): EvalRow[] {
  return rows.map(({ start_time: _s, end_time: _e, ...rest }) => rest);
}

// ---------------------------------------------------------------------------------------------

class UnionFind {
  private readonly parent: Int32Array;
  constructor(n: number) {
    this.parent = new Int32Array(n).map((_, i) => i);
  }
  find(x: number): number {
    while (this.parent[x] !== x) {
      const p = this.parent[x] as number;
      this.parent[x] = this.parent[p] as number;
      x = p;
    }
    return x;
  }
  union(a: number, b: number): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra !== rb) this.parent[Math.max(ra, rb)] = Math.min(ra, rb);
  }
}

function span(row: EvalRow): [number, number] {
  if (row.start_time === undefined || row.end_time === undefined) throw new Error('time rule needs times on every row');
  return [row.start_time, row.end_time];
}

/** Time links (o, r) of rule 1. Rows are assumed roughly time-ordered; a sweep keeps it O(n + links). */
export function timeLinks(original: EvalRow[], reworked: EvalRow[], minOverlap = 0.5): Array<[number, number]> {
  const links: Array<[number, number]> = [];
  const rSorted = reworked.map((r, j) => ({ j, s: span(r) })).sort((a, b) => a.s[0] - b.s[0]);
  original.forEach((o, i) => {
    const [os, oe] = span(o);
    for (const { j, s } of rSorted) {
      if (s[0] > oe) break;
      const overlap = Math.min(oe, s[1]) - Math.max(os, s[0]);
      // Identical spans link even at zero duration (kallaama has 0-s "%hum" rows).
      if (timesEqual(os, s[0]) && timesEqual(oe, s[1])) {
        links.push([i, j]);
        continue;
      }
      if (overlap <= 0) continue;
      const shorter = Math.min(oe - os, s[1] - s[0]);
      if (overlap >= minOverlap * shorter) links.push([i, j]);
    }
  });
  return links;
}

// Matching key of a word for the text check: case, edge punctuation and diacritics do not count.
function wordKey(word: string): string {
  return stripDiacritics(word.normalize('NFC').toLowerCase()).replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
}

function words(rows: EvalRow[]): { keys: string[]; row: Int32Array; perRow: Int32Array } {
  const keys: string[] = [];
  const owner: number[] = [];
  const perRow = new Int32Array(rows.length);
  rows.forEach((r, i) => {
    // Dashes join words in subtitles ("I'm—I'm"): split there too.
    for (const w of r.transcript.split(/[\s\u2013\u2014]+/)) {
      const k = wordKey(w);
      if (k === '') continue;
      keys.push(k);
      owner.push(i);
      perRow[i] = (perRow[i] as number) + 1;
    }
  });
  return { keys, row: Int32Array.from(owner), perRow };
}

/** Words each (original row, reworked row) pair shares in one word-level alignment of the two documents. */
export function sharedWords(original: EvalRow[], reworked: EvalRow[]): { shared: Map<number, Map<number, number>>; originalWords: Int32Array; reworkedWords: Int32Array } {
  const a = words(original);
  const b = words(reworked);
  const shared = new Map<number, Map<number, number>>();
  let i = 0;
  let j = 0;
  for (const change of diffArrays(a.keys, b.keys)) {
    const n = change.count ?? change.value.length;
    if (change.added) j += n;
    else if (change.removed) i += n;
    else {
      for (let k = 0; k < n; k++) {
        const o = a.row[i + k] as number;
        const r = b.row[j + k] as number;
        const m = shared.get(o) ?? new Map<number, number>();
        m.set(r, (m.get(r) ?? 0) + 1);
        shared.set(o, m);
      }
      i += n;
      j += n;
    }
  }
  return { shared, originalWords: a.perRow, reworkedWords: b.perRow };
}

/**
 * Text links: (o, r) share at least half the words of the shorter row in the document-level
 * word alignment. Used only to flag time groups the text contradicts.
 */
export function textLinks(original: EvalRow[], reworked: EvalRow[]): Array<[number, number]> {
  const { shared, originalWords, reworkedWords } = sharedWords(original, reworked);
  const links: Array<[number, number]> = [];
  for (const [o, m] of shared) {
    for (const [r, n] of m) {
      const shorter = Math.min(originalWords[o] as number, reworkedWords[r] as number);
      if (n >= Math.max(1, 0.5 * shorter)) links.push([o, r]);
    }
  }
  return links;
}

function contiguous(indices: number[]): boolean {
  return indices.every((v, k) => k === 0 || v === (indices[k - 1] as number) + 1);
}

/** Gold groups of a real pair with times on both sides, by the time rule (see the file comment). */
export function timeGold(original: EvalRow[], reworked: EvalRow[], options: CompareOptions & { minOverlap?: number }): GoldGroup[] {
  const no = original.length;
  const uf = new UnionFind(no + reworked.length);
  for (const [o, r] of timeLinks(original, reworked, options.minOverlap)) uf.union(o, no + r);
  const byRoot = new Map<number, GoldGroup>();
  const groupOfO: GoldGroup[] = [];
  const groupOfR: GoldGroup[] = [];
  const groupFor = (node: number): GoldGroup => {
    const root = uf.find(node);
    let g = byRoot.get(root);
    if (!g) {
      g = { status: 'UNCHANGED', originalIndices: [], reworkedIndices: [] };
      byRoot.set(root, g);
    }
    return g;
  };
  for (let i = 0; i < no; i++) (groupOfO[i] = groupFor(i)).originalIndices.push(i);
  for (let j = 0; j < reworked.length; j++) (groupOfR[j] = groupFor(no + j)).reworkedIndices.push(j);
  const groups = [...byRoot.values()];

  const { shared, originalWords, reworkedWords } = sharedWords(original, reworked);
  for (const g of groups) {
    const k = g.originalIndices.length;
    const m = g.reworkedIndices.length;
    if (k >= 2 && m >= 2) g.ambiguous = `${k}-to-${m} overlap`;
    else if (!contiguous(g.originalIndices) || !contiguous(g.reworkedIndices)) g.ambiguous = 'rows not contiguous';
    else {
      g.status = groupStatus(original, reworked, g, options);
      if (g.status === 'SPLIT' || g.status === 'MERGED') {
        const o0 = g.originalIndices;
        const r0 = g.reworkedIndices;
        const lonely =
          r0.some((r) => (reworkedWords[r] as number) > 0 && o0.every((o) => !shared.get(o)?.get(r))) ||
          o0.some((o) => (originalWords[o] as number) > 0 && r0.every((r) => !shared.get(o)?.get(r)));
        if (lonely) g.ambiguous = 'a piece shares no word with the other side (split/merge or added/deleted?)';
      }
    }
  }
  for (const [o, r] of textLinks(original, reworked)) {
    const go = groupOfO[o] as GoldGroup;
    const gr = groupOfR[r] as GoldGroup;
    if (go !== gr) {
      go.ambiguous ??= `text links original ${o} to reworked ${r} in another time group`;
      gr.ambiguous ??= `text links reworked ${r} to original ${o} in another time group`;
    }
  }
  return sortGroups(groups);
}

/** A deterministic order for reports: by first original row, then by first reworked row (ADDED last). */
export function sortGroups(groups: GoldGroup[]): GoldGroup[] {
  const first = (indices: number[]) => indices[0] ?? Number.POSITIVE_INFINITY;
  return groups.sort((a, b) => first(a.originalIndices) - first(b.originalIndices) || first(a.reworkedIndices) - first(b.reworkedIndices));
}

/**
 * Gold for the Arabic set: sentence i on both sides, UNCHANGED when the rows are equal under the
 * configured `stripDiacritics`, MODIFIED otherwise (undiacritised vs diacritised text).
 */
export function identityGold(original: EvalRow[], reworked: EvalRow[], options: CompareOptions): GoldGroup[] {
  if (original.length !== reworked.length) throw new Error('identity gold needs equal lengths');
  return original.map((_, i) => {
    const g: GoldGroup = { status: 'UNCHANGED', originalIndices: [i], reworkedIndices: [i] };
    g.status = groupStatus(original, reworked, g, options);
    return g;
  });
}

/**
 * The same correspondence judged on other rows (e.g. with times removed): 1-1 groups are
 * re-classified UNCHANGED/MODIFIED from the given rows; shapes and ambiguity are kept.
 */
export function restatus(groups: GoldGroup[], original: EvalRow[], reworked: EvalRow[], options: CompareOptions): GoldGroup[] {
  return groups.map((g) => (g.ambiguous ? { ...g } : { ...g, status: groupStatus(original, reworked, g, options) }));
}
