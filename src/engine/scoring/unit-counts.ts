/**
 * The counts behind the document's scores (decisions D7.2–D7.9), unit by unit in document order:
 * each scoring unit's status, then its texts compared column by column (the transcript first,
 * then the other text columns in column order), spending one work budget (D7.11).
 *
 * Reference = reworked (the annotator's text), hypothesis = original (the AI's).
 */
import { addKnownSentenceChanges, addSentenceChanges } from './sentence-changes';
import { countKnownSentences, scannedWords } from '../text/sentence-ends';
import { addPlainTextCounts, addTextCounts, emptyCounts } from './text-counts';
import { addCounts, resetCounts } from './count-records';
import { Counts, DiffConfig, EditCounts, STATUSES, Status } from '../types';
import { Prepared, SparseCells } from '../prepare/prepared-sides';
import type { WorkBudget } from '../distance/work-budget';

/**
 * One scoring unit (D7.3): a non-trace entry with the rows it covers on each side.
 * Metrics read texts through `Prepared`.
 */
export interface ScoringUnit {
  status: Status;
  originalIndices: number[];
  reworkedIndices: number[];
}

/**
 * Receives the parts of the totals while the units are counted (`config.enableAnalysis`): each
 * unit's transcript counts, and each other text column's over all units, counted into the
 * recorder's records instead of the totals, then added to them (integers: the totals stay the
 * same).
 */
export interface UnitRecorder {
  /** Zeroed before each unit; the unit's transcript counts (disabled levels stay 0). */
  transcriptChar: EditCounts;
  transcriptWord: EditCounts;
  /** After the unit's transcript is counted; `approximate`: either level used the approximation. */
  transcript(unit: number, approximate: boolean): void;
  /** The record that sums one other text column's counts over the units. */
  column(column: number): { char: EditCounts; word: EditCounts };
}

/**
 * Each unit's share of the word alignment of the whole text (align/word-grouping.ts): the
 * hypothesis transcript a unit's counts read when words moved into or out of it, by unit index
 * (undefined: its own rows' text), and the units whose share comes from an inexact alignment.
 */
export interface TranscriptShares {
  hypotheses: ReadonlyArray<string | undefined>;
  approximate: Uint8Array;
}

/** The transcripts a unit's counts compare: its reworked rows', and its share of the original's words. */
export function unitTranscripts(prep: Prepared, unit: ScoringUnit, u: number, shares: TranscriptShares | null): { ref: string; hyp: string } {
  return {
    ref: unitText(prep.reworked.transcript, unit.reworkedIndices, false),
    hyp: shares?.hypotheses[u] ?? unitText(prep.original.transcript, unit.originalIndices, false),
  };
}

/**
 * The counts of the scoring units before scoring. The transcript's counts are not yet merged into
 * the overall ones (scores.ts does that when it scores).
 */
export interface Tally {
  counts: Counts;
  /** Entries scored approximately (D7.11). */
  approximateEntries: number;
}

function emptyTallyCounts(): Counts {
  const rows = {} as Record<Status, number>;
  for (const status of STATUSES) rows[status] = 0;
  return {
    char: emptyCounts(),
    word: emptyCounts(),
    transcriptChar: emptyCounts(),
    transcriptWord: emptyCounts(),
    rows,
    segmentEvents: 0,
    sentences: { reference: 0, changed: 0 },
    speakerChanged: 0,
  };
}

/**
 * The text a unit contributes for one column on one side (D7.3). The transcript of a group is its
 * rows' non-empty texts joined with one space; any other column keeps each distinct non-empty
 * value once, in order, so a split that keeps its speaker is not a speaker error.
 */
export function unitText(texts: string[], rows: number[], distinct: boolean): string {
  // The one-row unit, nearly every unit, without a call: small enough to be inlined.
  return rows.length === 1 ? (texts[rows[0]] ?? '') : joinTexts(texts, rows, distinct);
}

function joinTexts(texts: string[], rows: number[], distinct: boolean): string {
  if (rows.length === 1) return texts[rows[0]] ?? '';
  if (rows.length === 0) return '';
  const parts: string[] = [];
  for (const r of rows) {
    const t = texts[r] ?? '';
    if (t !== '' && !(distinct && parts.includes(t))) parts.push(t);
  }
  return parts.join(' ');
}

/** Dense compared text columns other than the transcript: scored by the overall CER and WER only. */
function otherColumnsOf(prep: Prepared): number[] {
  const tc = prep.transcriptCol;
  const otherColumns: number[] = [];
  for (const c of prep.denseCols) if (c !== tc && !prep.timeCols.includes(c)) otherColumns.push(c);
  return otherColumns;
}

/** Whether the request has sparse columns (prepared-sides.ts). */
function hasSparse(prep: Prepared): boolean {
  return prep.original.sparse !== null && prep.reworked.sparse !== null;
}

/** A row's text in sparse column `c` ('' when it lacks it). */
function sparseCell(cells: SparseCells, c: number): string {
  let lo = 0;
  let hi = cells.cols.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cells.cols[mid] < c) lo = mid + 1;
    else hi = mid;
  }
  return lo < cells.cols.length && cells.cols[lo] === c ? cells.texts[lo] : '';
}

/** `unitText` of a sparse column: each distinct non-empty value once, in order. */
function sparseUnitText(cells: readonly SparseCells[], rows: number[], c: number): string {
  if (rows.length === 1) return sparseCell(cells[rows[0]], c);
  const parts: string[] = [];
  for (const r of rows) {
    const t = sparseCell(cells[r], c);
    if (t !== '' && !parts.includes(t)) parts.push(t);
  }
  return parts.join(' ');
}

/** The sparse columns any row of a unit has on either side, ascending. */
function unitSparseColumns(prep: Prepared, hypRows: number[], refRows: number[]): number[] {
  const seen = new Set<number>();
  for (const r of hypRows) for (const c of (prep.original.sparse as SparseCells[])[r].cols) seen.add(c);
  for (const r of refRows) for (const c of (prep.reworked.sparse as SparseCells[])[r].cols) seen.add(c);
  return [...seen].sort((x, y) => x - y);
}

/**
 * The other text columns of a unit of a request with sparse columns: the dense ones (`dense`,
 * ascending) and the sparse ones any row of the unit has, together in column order, so that the
 * work budget is spent as if every column were dense (D7.11). True when a column was counted
 * approximately.
 */
function countSparseColumns(
  prep: Prepared,
  dense: readonly number[],
  hypRows: number[],
  refRows: number[],
  count: (ref: string, hyp: string, column: number) => boolean,
): boolean {
  const refCells = prep.reworked.sparse as SparseCells[];
  const hypCells = prep.original.sparse as SparseCells[];
  const sparseCols = unitSparseColumns(prep, hypRows, refRows);
  let next = 0;
  let approximate = false;
  const sparseBelow = (bound: number): void => {
    for (; next < sparseCols.length && sparseCols[next] < bound; next++) {
      const c = sparseCols[next];
      if (count(sparseUnitText(refCells, refRows, c), sparseUnitText(hypCells, hypRows, c), c)) approximate = true;
    }
  };
  for (const c of dense) {
    sparseBelow(c);
    if (count(unitText(prep.reworked.text[c] as string[], refRows, true), unitText(prep.original.text[c] as string[], hypRows, true), c)) approximate = true;
  }
  sparseBelow(Infinity);
  return approximate;
}

/**
 * The tally of the scoring units, in order, spending `budget`: per unit its status and its
 * transcript, then its other text columns in column order. Only the work an enabled metric needs
 * is done; the counts of a disabled metric stay 0.
 */
export function countUnits(
  prep: Prepared,
  units: readonly ScoringUnit[],
  config: DiffConfig,
  budget: WorkBudget,
  recorder: UnitRecorder | null = null,
  shares: TranscriptShares | null = null,
): Tally {
  const counts = emptyTallyCounts();
  // The transcript is scored once for both its own rates and the overall ones; the overall rates
  // cover it only while it is a compared column (ignoreColNames can exclude it: transcriptCol −1).
  const tc = prep.transcriptCol;
  const otherColumns = otherColumnsOf(prep);
  const sparse = hasSparse(prep);
  const wantTranscriptChar = config.enableTranscriptCER || (config.enableCER && tc >= 0);
  const wantTranscriptWord = config.enableTranscriptWER || (config.enableWER && tc >= 0);
  const wantTranscript = wantTranscriptChar || wantTranscriptWord || config.enableTranscriptSER;
  const transcriptSER = config.enableTranscriptSER;
  const wantCER = config.enableCER;
  const wantWER = config.enableWER;
  const wantOthers = (wantCER || wantWER) && (otherColumns.length > 0 || sparse);
  // With a recorder, each other column is counted into its own record, added to the totals at the end.
  const columnRecords: Array<{ char: EditCounts; word: EditCounts } | undefined> = [];
  const columnRecord = (column: number) => (columnRecords[column] ??= (recorder as UnitRecorder).column(column));
  const countColumn =
    recorder === null
      ? (ref: string, hyp: string): boolean => addTextCounts(wantCER ? counts.char : null, wantWER ? counts.word : null, ref, hyp, budget)
      : (ref: string, hyp: string, column: number): boolean => {
          const record = columnRecord(column);
          return addTextCounts(wantCER ? record.char : null, wantWER ? record.word : null, ref, hyp, budget);
        };
  const speakers = config.enableSACR && prep.original.speaker !== null && prep.reworked.speaker !== null;
  const refTranscripts = prep.reworked.transcript;
  const hypTranscripts = prep.original.transcript;
  // Units per status, indexed in STATUSES order: a store keyed by the status string per unit cost
  // more than the status counting itself.
  const byStatus = new Int32Array(STATUSES.length);
  let approximateEntries = 0;

  for (let u = 0; u < units.length; u++) {
    const unit = units[u];
    const hypRows = unit.originalIndices;
    const refRows = unit.reworkedIndices;
    const status = unit.status;
    let approximate = false;
    let grouped = false;
    switch (status) {
      case 'UNCHANGED':
        byStatus[0]++;
        break;
      case 'MODIFIED':
        byStatus[1]++;
        if (speakers && prep.original.speaker![hypRows[0]] !== prep.reworked.speaker![refRows[0]]) counts.speakerChanged++;
        break;
      case 'ADDED':
        byStatus[2]++;
        counts.segmentEvents += refRows.length;
        break;
      case 'DELETED':
        byStatus[3]++;
        counts.segmentEvents += hypRows.length;
        break;
      case 'SPLIT':
        byStatus[4]++;
        counts.segmentEvents += refRows.length - 1;
        grouped = true;
        break;
      case 'MERGED':
        byStatus[5]++;
        counts.segmentEvents += hypRows.length - 1;
        grouped = true;
        break;
    }

    if (wantTranscript) {
      const ref = unitText(refTranscripts, refRows, false);
      const hyp = shares?.hypotheses[u] ?? unitText(hypTranscripts, hypRows, false);
      let chars = wantTranscriptChar ? counts.transcriptChar : null;
      let words = wantTranscriptWord ? counts.transcriptWord : null;
      if (recorder !== null) {
        resetCounts(recorder.transcriptChar);
        resetCounts(recorder.transcriptWord);
        if (chars !== null) chars = recorder.transcriptChar;
        if (words !== null) words = recorder.transcriptWord;
      }
      if (transcriptSER && (status === 'UNCHANGED' || status === 'MODIFIED' || grouped)) {
        // One pass over each text gives its sentences, its words and the proof that it holds no
        // surrogate; only text with characters the sentence scanner does not know takes the
        // general route.
        if (ref === hyp) {
          const sentences = countKnownSentences(ref);
          if (sentences >= 0) {
            counts.sentences.reference += sentences;
            addPlainTextCounts(chars, words, ref, hyp, budget, scannedWords());
          } else {
            if (addTextCounts(chars, words, ref, hyp, budget)) approximate = true;
            addSentenceChanges(counts.sentences, ref, hyp);
          }
        } else if (addKnownSentenceChanges(counts.sentences, ref, hyp)) {
          if (addPlainTextCounts(chars, words, ref, hyp, budget, scannedWords())) approximate = true;
        } else {
          if (addTextCounts(chars, words, ref, hyp, budget)) approximate = true;
          addSentenceChanges(counts.sentences, ref, hyp);
        }
      } else if (addTextCounts(chars, words, ref, hyp, budget)) approximate = true;
      if (recorder !== null) {
        if (wantTranscriptChar) addCounts(counts.transcriptChar, recorder.transcriptChar);
        if (wantTranscriptWord) addCounts(counts.transcriptWord, recorder.transcriptWord);
        recorder.transcript(u, approximate);
      }
    } else if (recorder !== null) {
      resetCounts(recorder.transcriptChar);
      resetCounts(recorder.transcriptWord);
      recorder.transcript(u, false);
    }
    if (wantOthers) {
      if (sparse) {
        if (countSparseColumns(prep, otherColumns, hypRows, refRows, countColumn)) approximate = true;
      } else {
        for (const c of otherColumns) {
          const ref = unitText(prep.reworked.text[c] as string[], refRows, true);
          const hyp = unitText(prep.original.text[c] as string[], hypRows, true);
          if (recorder !== null) {
            if (countColumn(ref, hyp, c)) approximate = true;
          } else if (addTextCounts(wantCER ? counts.char : null, wantWER ? counts.word : null, ref, hyp, budget)) approximate = true;
        }
      }
    }
    if (approximate || shares?.approximate[u] === 1) approximateEntries++;
  }
  for (const record of columnRecords) {
    if (record === undefined) continue;
    addCounts(counts.char, record.char);
    addCounts(counts.word, record.word);
  }
  const rows = counts.rows;
  for (let i = 0; i < STATUSES.length; i++) rows[STATUSES[i]] = byStatus[i];
  return { counts, approximateEntries };
}
