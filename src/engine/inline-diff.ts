/**
 * `transcriptDiff` (decisions D6.6): a character diff of the callers' raw transcripts for a
 * MODIFIED row. `delete` = only in the original (text the annotator removed), `insert` = only in
 * the reworked; equal+delete joins to the original exactly, equal+insert to the reworked.
 *
 * Bounded: the common prefix and suffix are stripped here, the remaining distance d is measured
 * first with the edit-distance kernel under a small linear allowance, and jsdiff's Myers search is
 * capped at 2d + 2 insert/delete steps (a substitution is one delete plus one insert, so it never
 * needs more). Past the allowance the middle becomes one delete and one insert: still complete and
 * exact, only less detailed. Characters are code points, so no part ever holds half a surrogate
 * pair.
 */
import { diffChars } from 'diff';
import { WorkBudget, createWorkBudget, editCounts, toCodePoints } from './edit-distance';
import { DiffPart } from './types';

/** Kernel work a single inline diff may spend, per UTF-16 unit of its differing middle, plus a floor. */
const UNITS_PER_CHAR = 16;
const UNITS_FLOOR = 4096;

/**
 * The inline diff of one transcript pair. `budget` defaults to a per-call allowance linear in the
 * texts' length, so a whole request stays linear however different its rows are.
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
  const before = original.slice(0, p);
  const after = original.slice(n - q);
  const oldMid = original.slice(p, n - q);
  const newMid = reworked.slice(p, m - q);
  const parts: DiffPart[] = [];
  push(parts, 'equal', before);
  for (const part of middleParts(oldMid, newMid, budget ?? createWorkBudget(UNITS_PER_CHAR * (oldMid.length + newMid.length) + UNITS_FLOOR))) {
    push(parts, part.type, part.text);
  }
  push(parts, 'equal', after);
  return parts;
}

function middleParts(oldMid: string, newMid: string, budget: WorkBudget): DiffPart[] {
  const whole: DiffPart[] = [
    { type: 'delete', text: oldMid },
    { type: 'insert', text: newMid },
  ];
  if (oldMid === '' || newMid === '') return whole;
  const a = toCodePoints(oldMid);
  const b = toCodePoints(newMid);
  const exact = editCounts(a.points, b.points, budget, 0, a.length, 0, b.length);
  if (exact === null) return whole;
  const changes = diffChars(oldMid, newMid, { maxEditLength: 2 * exact.distance + 2 });
  if (changes === undefined) return whole;
  return changes.map((c) => ({ type: c.added ? 'insert' : c.removed ? 'delete' : 'equal', text: c.value }));
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
