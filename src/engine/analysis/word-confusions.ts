/**
 * Word confusions of the transcript column (`analysis.confusions`): which reference words were
 * replaced with which hypothesis words, and which words were inserted or deleted, from an
 * alignment of each scoring unit whose S, D and I are the unit's own word counts.
 *
 * Per unit, the texts and the word middles are the ones the counts compared (unit-counts.ts,
 * text-counts.ts `wordMiddleCuts`, the same word ids and common-token trim as budgeted-counts.ts):
 * - a unit gets a (distance, substitutions)-minimal alignment (traced-alignment.ts) within the
 *   band its own distance allows, when its S, D and I are those of that alignment (always, when
 *   the unit was counted exactly);
 * - a unit whose word counts came from the approximation (D7.11) gets the same anchored
 *   alignment the approximation walked (kgram-anchors.ts, with approximate-counts.ts's gap
 *   policy), each gap the approximation scored exactly traced with the minimal alignment;
 * - a unit whose band exceeds TRACE_CELL_CAP cells, or the request's TRACE_CELLS_PER_REQUEST,
 *   gets the anchored alignment too.
 * Whenever a unit's alignment does not give exactly its counted S, D and I (the anchored walk of
 * a unit counted exactly, or the rare gap too large to trace), it still contributes and counts in
 * `approximateEntries`: so with approximateEntries 0 the totals equal counts.transcriptWord.
 *
 * Top lists: count descending, then the words in code-unit order (a substitution by reference
 * word, then hypothesis word), TOP_CONFUSIONS of each.
 */
import { AlignmentSink, walkAnchored } from '../distance/kgram-anchors';
import { WORD_ANCHOR_K } from '../distance/approximate-counts';
import type { Confusions, EntryEdits, WordCount, WordSubstitution } from '../types';
import { commonTokenPrefix, commonTokenSuffix } from '../text/common-affixes';
import { exactDistance } from '../distance/edit-distance';
import { DELETION, EditList, INSERTION, SUBSTITUTION, addEdit, appendMinimalAlignment, bandCells, clearEditList, emptyEditList } from '../distance/traced-alignment';
import { wordMiddleCuts } from '../scoring/text-counts';
import { SPACE, pairWordIds } from '../text/words';
import { DEFAULT_WORK_BUDGET_UNITS, OVER_BUDGET, WorkBudget } from '../distance/work-budget';
import type { StyleContentSplit } from './style-content-split';
import { entryEditKinds, type EntryKinds } from './edit-kinds';

export const TOP_CONFUSIONS = 50;

/**
 * Cells of one unit's (or one gap's) traceback band: 2 bits each, so 4 MiB of directions, and
 * time linear in the cells. A fully rewritten row of some 4,000 words on each side still fits.
 */
export const TRACE_CELL_CAP = 16_000_000;

/**
 * Cells all the minimal alignments of one request may fill: twice the request's work budget of
 * exact edit distance (work-budget.ts), so the confusions never cost much more than the counts
 * they explain. Past it, units take their anchored alignment (linear work).
 */
export const TRACE_CELLS_PER_REQUEST = 2 * DEFAULT_WORK_BUDGET_UNITS;

// The gap policy of approximate-counts.ts's sink, which this walk must repeat to reproduce its
// counts: an exact comparison of a gap within this allowance, else anchors or the final split.
const GAP_UNITS_PER_TOKEN = 32;
const GAP_FLOOR_UNITS = 256;

/** Accumulates the confusions of units, one at a time. */
export class ConfusionTally {
  private readonly substitutions = new Map<string, Map<string, number>>();
  private readonly insertions = new Map<string, number>();
  private readonly deletions = new Map<string, number>();
  private substitutionTotal = 0;
  private insertionTotal = 0;
  private deletionTotal = 0;
  private approximateEntries = 0;
  /** Reused for each unit: its minimal alignment and the words of its middles. */
  private readonly minimal = emptyEditList();
  private readonly refWords: string[] = [];
  private readonly hypWords: string[] = [];

  /** Cells the minimal alignments of one request may still fill (TRACE_CELLS_PER_REQUEST). */
  private cellsLeft = TRACE_CELLS_PER_REQUEST;

  /**
   * `top`: the length of each top list (TOP_CONFUSIONS in the answer); `split`: told each unit's
   * alignment, to split its word errors into style and content.
   */
  constructor(
    private readonly top = TOP_CONFUSIONS,
    private readonly split: StyleContentSplit | null = null,
  ) {}

  /**
   * Adds one unit: its reference and hypothesis transcript texts, its counted word S/D/I and
   * whether its transcript was counted approximately. With `kinded` (a MODIFIED, SPLIT or MERGED
   * entry), returns its kinds of change (edit-kinds.ts), read off the words between the equal words
   * at both ends: the views compared there are those of the whole texts (equal words have equal
   * views, and the cuts fall between words), for a fraction of the characters. Null otherwise.
   */
  addUnit(reference: string, hypothesis: string, counted: EntryEdits, approximate: boolean, kinded = false): EntryKinds | null {
    const [substitutions, deletions, insertions] = counted;
    if (reference === hypothesis) return null;
    const { prefix, suffix } = wordMiddleCuts(reference, hypothesis);
    const refEnd = reference.length - suffix;
    const hypEnd = hypothesis.length - suffix;
    const refWords = splitWords(reference, prefix, refEnd, this.refWords);
    const hypWords = splitWords(hypothesis, prefix, hypEnd, this.hypWords);
    const matches = (edits: EditList): boolean =>
      edits.substitutions === substitutions && edits.deletions === deletions && edits.insertions === insertions;

    // Equal words at both ends are hits in some minimal alignment, as the kernels take them.
    const n0 = refWords.length;
    const m0 = hypWords.length;
    const minLen = n0 < m0 ? n0 : m0;
    let lo = 0;
    while (lo < minLen && refWords[lo] === hypWords[lo]) lo++;
    let hi = 0;
    while (hi < minLen - lo && refWords[n0 - 1 - hi] === hypWords[m0 - 1 - hi]) hi++;
    const n = n0 - lo - hi;
    const m = m0 - lo - hi;
    const kinds = kinded ? entryEditKinds(joinedWords(refWords, lo, n), joinedWords(hypWords, lo, m)) : null;
    const distance = substitutions + deletions + insertions;
    const cells = bandCells(n, m, distance);
    const traceable = cells <= TRACE_CELL_CAP && cells <= this.cellsLeft;

    // A unit counted approximately (either level) may still have exact word counts: an
    // approximate count is never below the minimum, so when the minimal alignment within its
    // distance gives the same S, D and I, they were exact. Otherwise its anchored alignment.
    let edits: EditList | null = null;
    let fromAnchors = false;
    if (traceable) {
      const minimal = this.minimal;
      clearEditList(minimal);
      if (appendMinimalAlignment(refWords, lo, n, hypWords, lo, m, distance, TRACE_CELL_CAP, minimal)) {
        this.cellsLeft -= cells;
        if (!approximate || matches(minimal)) edits = minimal;
      }
    }
    if (edits === null) {
      edits = anchoredEdits(reference, prefix, refEnd, hypothesis, hypEnd);
      fromAnchors = true;
    }
    if (fromAnchors || !matches(edits)) this.approximateEntries++;
    this.addEdits(edits, refWords, hypWords);
    this.split?.addUnit(edits, refWords, hypWords, counted, kinds?.sameWords ?? false);
    return kinds;
  }

  private addEdits(edits: EditList, refWords: string[], hypWords: string[]): void {
    for (let e = 0; e < edits.kinds.length; e++) {
      const kind = edits.kinds[e];
      if (kind === SUBSTITUTION) {
        const ref = refWords[edits.refIndex[e]];
        let row = this.substitutions.get(ref);
        if (row === undefined) this.substitutions.set(ref, (row = new Map()));
        const hyp = hypWords[edits.hypIndex[e]];
        row.set(hyp, (row.get(hyp) ?? 0) + 1);
        this.substitutionTotal++;
      } else if (kind === DELETION) {
        const ref = refWords[edits.refIndex[e]];
        this.deletions.set(ref, (this.deletions.get(ref) ?? 0) + 1);
        this.deletionTotal++;
      } else {
        const hyp = hypWords[edits.hypIndex[e]];
        this.insertions.set(hyp, (this.insertions.get(hyp) ?? 0) + 1);
        this.insertionTotal++;
      }
    }
  }

  result(): Confusions {
    const substitutions: WordSubstitution[] = [];
    for (const [reference, row] of this.substitutions) {
      for (const [hypothesis, count] of row) substitutions.push({ reference, hypothesis, count });
    }
    substitutions.sort((x, y) => y.count - x.count || byCodeUnits(x.reference, y.reference) || byCodeUnits(x.hypothesis, y.hypothesis));
    return {
      substitutions: { total: this.substitutionTotal, top: substitutions.slice(0, this.top) },
      insertions: { total: this.insertionTotal, top: topWords(this.insertions, this.top) },
      deletions: { total: this.deletionTotal, top: topWords(this.deletions, this.top) },
      approximateEntries: this.approximateEntries,
    };
  }
}

/** Code-unit order: the same in every locale and runtime, unlike localeCompare. */
function byCodeUnits(x: string, y: string): number {
  return x < y ? -1 : x > y ? 1 : 0;
}

function topWords(counts: Map<string, number>, top: number): WordCount[] {
  const words = [...counts].map(([word, count]) => ({ word, count }));
  words.sort((x, y) => y.count - x.count || byCodeUnits(x.word, y.word));
  return words.slice(0, top);
}

/** words[from, from + count) joined with single spaces; one word (the commonest middle) without a copy. */
function joinedWords(words: readonly string[], from: number, count: number): string {
  return count === 1 ? words[from]! : words.slice(from, from + count).join(' ');
}

/**
 * The words of text[start, end) (words.ts: runs between spaces) into `into` (emptied first), in
 * order: index i is word id i of pairWordIds.
 */
function splitWords(text: string, start: number, end: number, into: string[]): string[] {
  into.length = 0;
  let i = start;
  while (i < end) {
    while (i < end && text.charCodeAt(i) === SPACE) i++;
    if (i >= end) break;
    const first = i;
    while (i < end && text.charCodeAt(i) !== SPACE) i++;
    into.push(text.slice(first, i));
  }
  return into;
}

/**
 * The edits of the anchored alignment approximate-counts.ts walks over the word middles of a pair
 * (the same word ids, the same common-token trim as budgeted-counts.ts), with its gap policy: a gap within its allowance, or a final one, compared
 * exactly when the allowance affords it (and then traced), else split as substitutions plus
 * the surplus as deletions or insertions.
 */
function anchoredEdits(reference: string, start: number, refEnd: number, hypothesis: string, hypEnd: number): EditList {
  const ids = pairWordIds(reference, start, refEnd, hypothesis, start, hypEnd);
  const a = ids.reference.slice(0, ids.referenceLength);
  const b = ids.hypothesis.slice(0, ids.hypothesisLength);
  const minLen = a.length < b.length ? a.length : b.length;
  const lo = commonTokenPrefix(a, 0, b, 0, minLen);
  const hi = commonTokenSuffix(a, a.length, b, b.length, minLen - lo);
  const n = a.length - lo - hi;
  const m = b.length - lo - hi;
  const edits = emptyEditList();
  const gapBudget: WorkBudget = { total: 0, remaining: 0 };
  const sink: AlignmentSink = {
    match(): void {},
    gap(aLo: number, aHi: number, bLo: number, bHi: number, final: boolean): boolean {
      const ga = aHi - aLo;
      const gb = bHi - bLo;
      if (ga === 0 || gb === 0) {
        for (let i = aLo; i < aHi; i++) addEdit(edits, DELETION, i, -1);
        for (let j = bLo; j < bHi; j++) addEdit(edits, INSERTION, -1, j);
        return true;
      }
      const allowance = GAP_UNITS_PER_TOKEN * (ga + gb) + GAP_FLOOR_UNITS;
      if (!final && 2 * (ga + 1) * (gb + 1) > allowance) return false;
      gapBudget.remaining = allowance;
      const d = exactDistance(a, aLo, ga, b, bLo, gb, gapBudget);
      if (d !== OVER_BUDGET) {
        // A gap too wide to trace is split instead: its counts may then differ (see addUnit).
        return appendMinimalAlignment(a, aLo, ga, b, bLo, gb, d, TRACE_CELL_CAP, edits) || splitGap(edits, aLo, ga, bLo, gb);
      }
      return final && splitGap(edits, aLo, ga, bLo, gb);
    },
  };
  walkAnchored(a, lo, lo + n, b, lo, lo + m, WORD_ANCHOR_K, sink);
  return edits;
}

/** A gap as approximate-counts.ts scores it when it cannot align it: pairs in order, then the surplus. */
function splitGap(edits: EditList, aLo: number, ga: number, bLo: number, gb: number): boolean {
  const sub = ga < gb ? ga : gb;
  for (let t = 0; t < sub; t++) addEdit(edits, SUBSTITUTION, aLo + t, bLo + t);
  for (let t = sub; t < ga; t++) addEdit(edits, DELETION, aLo + t, -1);
  for (let t = sub; t < gb; t++) addEdit(edits, INSERTION, -1, bLo + t);
  return true;
}
