import type { Analysis, EntryTranscriptCounts } from './analysis-types';

/**
 * Plain data shapes shared by the engine modules. The engine imports no express, zod, pino or
 * environment: these types are the whole contract between the HTTP layer and the engine.
 */

/** A caller's row, exactly as parsed from JSON. Never copied or rebuilt (a `__proto__` key survives). */
export type Row = Record<string, unknown>;

export type Status = 'UNCHANGED' | 'MODIFIED' | 'ADDED' | 'DELETED' | 'SPLIT' | 'MERGED';

export const STATUSES: readonly Status[] = ['UNCHANGED', 'MODIFIED', 'ADDED', 'DELETED', 'SPLIT', 'MERGED'];

/** decisions D5.5 */
export interface TransformRule {
  find: string;
  replace?: string;
  regex?: boolean;
  caseInsensitive?: boolean;
  columns?: string[];
}

/** spec §2.4, every field resolved to its default. */
export interface DiffConfig {
  simpleMode: boolean;
  enableSplits: boolean;
  enableMerges: boolean;
  enableCER: boolean;
  enableWER: boolean;
  enableSegER: boolean;
  enableSER: boolean;
  stripDiacritics: boolean;
  positionalMode: boolean;
  ignoreColNames: string[];
  enableInlineDiff: boolean;
  structuralTransforms: TransformRule[];
  enableTranscriptCER: boolean;
  enableTranscriptWER: boolean;
  enableTranscriptSER: boolean;
  enableSACR: boolean;
  speakerColName?: string;
  enableComposite: boolean;
  cerInComposite: boolean;
  werInComposite: boolean;
  segerInComposite: boolean;
  serInComposite: boolean;
  enableAnalysis: boolean;
  timingToleranceSeconds: number;
}

export const DEFAULT_CONFIG: Readonly<DiffConfig> = Object.freeze({
  simpleMode: false,
  enableSplits: true,
  enableMerges: true,
  enableCER: true,
  enableWER: true,
  enableSegER: true,
  enableSER: true,
  stripDiacritics: true,
  positionalMode: false,
  ignoreColNames: [],
  enableInlineDiff: true,
  structuralTransforms: [],
  enableTranscriptCER: true,
  enableTranscriptWER: true,
  enableTranscriptSER: true,
  enableSACR: true,
  enableComposite: true,
  cerInComposite: true,
  werInComposite: true,
  segerInComposite: true,
  serInComposite: true,
  enableAnalysis: false,
  timingToleranceSeconds: 0.1,
});

/** spec §2.5 */
export interface ColumnMapping {
  transcript: number;
  speaker?: number;
  start_time?: number;
  end_time?: number;
  nse?: number;
  extraCols?: number[];
}

/** The request body after schema validation (spec §2.1). Rows are objects or arrays of cells. */
export interface DiffRequest {
  original: unknown[];
  reworked: unknown[];
  config?: Partial<DiffConfig>;
  headers?: string[];
  columnMapping?: ColumnMapping;
}

/** decisions D6.6 */
export interface DiffPart {
  type: 'equal' | 'insert' | 'delete';
  text: string;
}

/** One element of `data.results` (decisions D6.3–D6.5). */
export interface ResultEntry {
  status: Status;
  trace?: true;
  originalRow?: Row;
  originalRows?: Row[];
  reworkedRow?: Row;
  reworkedRows?: Row[];
  notes: string;
  changedColumns?: string[];
  transcriptDiff?: DiffPart[];
  originalIndices: number[];
  reworkedIndices: number[];
  /** The transcript column's counts of this non-trace entry; only with `config.enableAnalysis`. */
  transcriptCounts?: EntryTranscriptCounts;
}

/** ASR convention (D7.2): an insertion is a token only in the original (hypothesis). */
export interface EditCounts {
  substitutions: number;
  deletions: number;
  insertions: number;
  hits: number;
  referenceLength: number;
}

export interface Counts {
  char: EditCounts;
  word: EditCounts;
  transcriptChar: EditCounts;
  transcriptWord: EditCounts;
  rows: Record<Status, number>;
  segmentEvents: number;
  sentences: { reference: number; changed: number };
  speakerChanged: number;
}

export interface Scores {
  overallCER: number | null;
  overallWER: number | null;
  SegER: number | null;
  transcriptCER: number | null;
  transcriptWER: number | null;
  SER: number | null;
  transcriptSER: number | null;
  SACR: number | null;
}

export interface Composite {
  grade: number | null;
  label: string | null;
  percent: string | null;
  enabledMetrics: string[];
}

export interface DiffMeta {
  originalRows: number;
  reworkedRows: number;
  headers: string[];
  approximateEntries: number;
}

/** `data` of the success envelope. */
export interface DiffData {
  results: ResultEntry[];
  scores: Scores;
  counts: Counts;
  composite: Composite | null;
  meta: DiffMeta;
  /** Only with `config.enableAnalysis`, and then the last key. */
  analysis?: Analysis;
}

/**
 * A request the schema could not judge alone (an RE2 pattern that does not compile, a transform
 * that amplifies a cell past its bound): the HTTP layer answers 422 with this field and message.
 */
export class EngineInputError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'EngineInputError';
  }
}

/** A row's non-empty normalised texts in the sparse columns (Prepared.denseCols), by ascending column index. */
export interface SparseCells {
  cols: number[];
  texts: string[];
}

/**
 * Which compared columns are kept as one text per row (dense) and which only in the rows that
 * have them (sparse): with thousands of rare keys, one text per row for every key would cost
 * columns × rows (prepare.ts).
 */
export interface ColumnLayout {
  /** Up to this many compared columns, every one is dense. */
  allDenseUpTo: number;
  /** Beyond that, a column is dense when some row of every `denseShare` rows (both sides) has its key. */
  denseShare: number;
}

export const DEFAULT_COLUMN_LAYOUT: ColumnLayout = { allDenseUpTo: 64, denseShare: 16 };

/**
 * Comparison view of one side, produced by the preparation pass and shared by the aligner and the
 * metrics. `text[c][i]` is the normalised text (D5.3, transforms applied) of compared column c in
 * row i, '' when absent; times are seconds, NaN when absent (D5.4).
 */
export interface PreparedSide {
  rows: Row[];
  /** Normalised text per compared column and row; null for a sparse column (see `sparse`). */
  text: Array<string[] | null>;
  /** Per row, its cells in the sparse columns; null when every compared column is dense. */
  sparse: SparseCells[] | null;
  /** Normalised transcript per row, always present (also when the transcript column is ignored). */
  transcript: string[];
  start: Float64Array;
  end: Float64Array;
  /** Normalised speaker value per row for SACR ('' when absent); null when no speaker column. */
  speaker: string[] | null;
}

export interface Prepared {
  /** Compared columns, caller's names (D5.1/D5.2), in meta.headers order. */
  columns: string[];
  /** Index in `columns` of the transcript column; -1 when `ignoreColNames` excludes it. */
  transcriptCol: number;
  /** The transcript column's name (caller's name: the header for 2-D input). */
  transcriptName: string;
  /** Indices in `columns` that are times (compared as seconds, not text, and not in CER/WER). */
  timeCols: number[];
  /**
   * Indices in `columns` with a text per row (PreparedSide.text), ascending: all of them, unless
   * the request has more than ColumnLayout.allDenseUpTo and some are rare. Always the transcript,
   * the speaker and the times.
   */
  denseCols: number[];
  original: PreparedSide;
  reworked: PreparedSide;
  headers: string[];
  /** The speaker column's name (D7.9), detected when SACR or the analysis needs it; null or absent: none. */
  speakerName?: string | null;
}

/**
 * One scoring unit (D7.3): a non-trace entry with the rows it covers on each side.
 * Metrics read texts through `Prepared`.
 */
export interface ScoringUnit {
  status: Status;
  originalIndices: number[];
  reworkedIndices: number[];
}
