/**
 * `transcriptDiff` (decisions D6.6): a character diff of the callers' raw transcripts for a
 * MODIFIED row. `delete` = only in the original (text the annotator removed), `insert` = only in
 * the reworked; equal+delete joins to the original exactly, equal+insert to the reworked.
 *
 * Bounded: the common prefix and suffix are stripped here, the remaining distance d is measured
 * first with the edit-distance kernel under a small linear allowance, and jsdiff's Myers search is
 * capped at 2d + 2 insert/delete steps (a substitution is one delete plus one insert, so it never
 * needs more). Past the allowance the middle becomes one delete and one insert: still complete and
 * exact, only less detailed. A long middle (a huge row) is first cut at anchors, character
 * k-grams unique to both sides (anchored-alignment.ts), so its cost stays linear and each edit
 * still gets its own small part. Characters are code points, so no part ever holds half a
 * surrogate pair.
 */
import { diffChars } from 'diff';
import { AlignmentSink, walkAnchored } from './anchored-alignment';
import { CHAR_ANCHOR_K, WorkBudget, createWorkBudget, editCounts, toCodePoints } from './edit-distance';
import { DiffPart } from './types';

/** Kernel work a single inline diff may spend, per UTF-16 unit of its differing middle, plus a floor. */
const UNITS_PER_CHAR = 16;
const UNITS_FLOOR = 4096;
/** Middles longer than this (UTF-16 units, both sides) are cut at anchors first. */
const ANCHOR_ABOVE = 4096;
/** Table cells a gap between anchors may use, per code point of the gap, plus a floor. */
const GAP_CELLS_PER_CHAR = 16;
const GAP_CELLS_FLOOR = 256;

/**
 * The inline diff of one transcript pair. `budget` defaults to a per-call allowance linear in the
 * texts' length, so a whole request stays linear however different its rows are; with an explicit
 * budget the middle is never cut at anchors.
 */
export function inlineDiff(original: string, reworked: string, budget?: WorkBudget): DiffPart[] {
  if (original === reworked) return original === '' ? [] : [{ type: 'equal', text: original }];
  const n = original.length;
  const m = reworked.length;
  const minLen = n < m ? n : m;
  let p = 0;
  while (p < minLen && original.charCodeAt(p) === reworked.charCodeAt(p)) p++;
  if (p > 0 && isHigh(original.charCodeAt(p - 1))) p--;
  let q = 0;
  while (q < minLen - p && original.charCodeAt(n - 1 - q) === reworked.charCodeAt(m - 1 - q)) q++;
  if (q > 0 && isLow(original.charCodeAt(n - q))) q--;
  const oldMid = original.slice(p, n - q);
  const newMid = reworked.slice(p, m - q);
  const parts: DiffPart[] = [];
  push(parts, 'equal', original.slice(0, p));
  if (budget === undefined && oldMid.length + newMid.length > ANCHOR_ABOVE) {
    anchoredParts(parts, oldMid, newMid);
  } else {
    const allowance = budget ?? createWorkBudget(UNITS_PER_CHAR * (oldMid.length + newMid.length) + UNITS_FLOOR);
    for (const part of middleParts(oldMid, newMid, allowance) ?? whole(oldMid, newMid)) push(parts, part.type, part.text);
  }
  push(parts, 'equal', original.slice(n - q));
  return parts;
}

function whole(oldMid: string, newMid: string): DiffPart[] {
  return [
    { type: 'delete', text: oldMid },
    { type: 'insert', text: newMid },
  ];
}

/** A minimal diff of two texts, or null when measuring their distance exceeds `budget`. */
function middleParts(oldMid: string, newMid: string, budget: WorkBudget): DiffPart[] | null {
  if (oldMid === '' || newMid === '') return whole(oldMid, newMid);
  const a = toCodePoints(oldMid);
  const b = toCodePoints(newMid);
  const exact = editCounts(a.points, b.points, budget, 0, a.length, 0, b.length);
  if (exact === null) return null;
  const changes = diffChars(oldMid, newMid, { maxEditLength: 2 * exact.distance + 2 });
  if (changes === undefined) return null;
  return changes.map((c) => ({ type: c.added ? 'insert' : c.removed ? 'delete' : 'equal', text: c.value }));
}

/**
 * Parts of a long middle: runs of an anchored alignment over code points are `equal`, and each gap
 * between them gets a minimal diff from a small table (or from jsdiff under an allowance when no
 * anchor is left inside it), else one delete and one insert.
 */
function anchoredParts(parts: DiffPart[], oldMid: string, newMid: string): void {
  const a = toCodePoints(oldMid);
  const b = toCodePoints(newMid);
  const offA = a.length === oldMid.length ? null : unitOffsets(oldMid, a.length);
  const offB = b.length === newMid.length ? null : unitOffsets(newMid, b.length);
  const oldText = (lo: number, hi: number) => oldMid.slice(offA === null ? lo : offA[lo], offA === null ? hi : offA[hi]);
  const newText = (lo: number, hi: number) => newMid.slice(offB === null ? lo : offB[lo], offB === null ? hi : offB[hi]);
  const sink: AlignmentSink = {
    match(aLo: number, _bLo: number, length: number): void {
      push(parts, 'equal', oldText(aLo, aLo + length));
    },
    gap(aLo: number, aHi: number, bLo: number, bHi: number, final: boolean): boolean {
      const ga = aHi - aLo;
      const gb = bHi - bLo;
      const allowance = GAP_CELLS_PER_CHAR * (ga + gb) + GAP_CELLS_FLOOR;
      if (ga > 0 && gb > 0 && (ga + 1) * (gb + 1) <= allowance) {
        tableParts(parts, a.points, aLo, aHi, b.points, bLo, bHi, oldText, newText);
        return true;
      }
      if (!final && ga > 0 && gb > 0) return false;
      const oldGap = oldText(aLo, aHi);
      const newGap = newText(bLo, bHi);
      for (const part of middleParts(oldGap, newGap, createWorkBudget(allowance)) ?? whole(oldGap, newGap)) push(parts, part.type, part.text);
      return true;
    },
  };
  walkAnchored(a.points, 0, a.length, b.points, 0, b.length, CHAR_ANCHOR_K, sink);
}

/** UTF-16 offset of every code point of `text` (and of its end). */
function unitOffsets(text: string, points: number): Int32Array {
  const out = new Int32Array(points + 1);
  let k = 0;
  for (let i = 0; i < text.length; i++) {
    out[k++] = i;
    if (isHigh(text.charCodeAt(i)) && i + 1 < text.length && isLow(text.charCodeAt(i + 1))) i++;
  }
  out[k] = text.length;
  return out;
}

// The LCS table of `tableParts`, reused: a huge row has thousands of gaps.
let lcsTable = new Int32Array(1024);

/**
 * A minimal insert/delete diff of a[aLo, aHi) and b[bLo, bHi) from a full LCS table (the caller
 * keeps it small); between two equal characters the deleted text comes before the inserted text.
 */
function tableParts(
  parts: DiffPart[],
  a: Int32Array,
  aLo: number,
  aHi: number,
  b: Int32Array,
  bLo: number,
  bHi: number,
  oldText: (lo: number, hi: number) => string,
  newText: (lo: number, hi: number) => string,
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
    const j0 = j;
    // Leave the equal run first, then collect deletions and insertions up to the next match.
    while (i < n && j < m && a[aLo + i] === b[bLo + j] && lcs[i * w + j] === lcs[(i + 1) * w + j + 1] + 1) {
      i++;
      j++;
    }
    if (i > i0) push(parts, 'equal', oldText(aLo + i0, aLo + i));
    const di = i;
    const dj = j;
    while (i < n || j < m) {
      if (i < n && j < m && a[aLo + i] === b[bLo + j] && lcs[i * w + j] === lcs[(i + 1) * w + j + 1] + 1) break;
      if (j >= m || (i < n && lcs[(i + 1) * w + j] >= lcs[i * w + j + 1])) i++;
      else j++;
    }
    if (i > di) push(parts, 'delete', oldText(aLo + di, aLo + i));
    if (j > dj) push(parts, 'insert', newText(bLo + dj, bLo + j));
  }
}

/** Appends a part, merging it into the previous one of the same type; empty texts are dropped. */
function push(parts: DiffPart[], type: DiffPart['type'], text: string): void {
  if (text === '') return;
  const last = parts[parts.length - 1];
  if (last !== undefined && last.type === type) last.text += text;
  else parts.push({ type, text });
}

function isHigh(c: number): boolean {
  return c >= 0xd800 && c <= 0xdbff;
}

function isLow(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}
