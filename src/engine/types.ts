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

/**
 * The names of `config.normalization` (normalization-profiles.ts has what each does): `none`
 * leaves the comparison text as D5.3 and the transforms make it.
 */
export const NORMALIZATION_NAMES = ['none', 'case', 'punctuation', 'case+punctuation', 'basic'] as const;
export type NormalizationName = (typeof NORMALIZATION_NAMES)[number];

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
  normalization: NormalizationName;
  enableGroupDiff: boolean;
  /**
   * A column of utterance ids: rows with equal ids are paired 1:1, an id on one side only is
   * ADDED or DELETED, and the column itself is not compared (as sclite pairs utterances).
   */
  pairBy?: string;
}

/** The config fields that have no default: absent means "not set" (D7.9's detection; no id pairing). */
export const OPTIONAL_CONFIG_KEYS = ['speakerColName', 'pairBy'] as const;

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
  normalization: 'none',
  enableGroupDiff: false,
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
  /**
   * SPLIT and MERGED entries, with `config.enableGroupDiff`: the character diff of the single row
   * against its pieces, one list of parts per piece (results/piece-diffs.ts).
   */
  pieceDiffs?: DiffPart[][];
  originalIndices: number[];
  reworkedIndices: number[];
  /** The transcript column's counts of this non-trace entry; only with `config.enableAnalysis`. */
  transcriptCounts?: EntryTranscriptCounts;
  /**
   * What kind of change its transcript had: MODIFIED, SPLIT and MERGED entries, with
   * `config.enableAnalysis`. Entries of the same kinds share one list: read-only.
   */
  editKinds?: readonly EditKind[];
}

/**
 * An entry's kind of change (edit-kinds.ts): style (`case`, `punctuation`, `whitespace`, one or
 * more, in that order) or `content` alone.
 */
export type EditKind = 'case' | 'punctuation' | 'whitespace' | 'content';
export const EDIT_KINDS: readonly EditKind[] = ['case', 'punctuation', 'whitespace', 'content'];

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
  /** The normalisation profile the texts were compared under; only when it is not `none`, and then last. */
  normalization?: NormalizationUsed;
}

/** `meta.normalization`: which profile, and which version of its rules. */
export interface NormalizationUsed {
  profile: NormalizationName;
  version: number;
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

// `data.analysis` (`config.enableAnalysis`): where and what changed, beside the document-level
// counts. Every count there is a part of a total in `data.counts`, computed from the same
// alignment and tie-break (decisions D7.2–D7.4, D7.11).
/** One unit's counts of a text column, characters and words, as the metric pass records them. */
export interface EntryCounts {
  char: EditCounts;
  word: EditCounts;
}

/**
 * A level's counts of one entry, in the answer: [substitutions, deletions, insertions,
 * referenceLength] (hits = referenceLength − substitutions − deletions). Positional, since every
 * non-trace entry carries two: named keys made them a third of a large answer's bytes.
 */
export type EntryEdits = [substitutions: number, deletions: number, insertions: number, referenceLength: number];

/** A non-trace result entry's own counts of the transcript column (the entry's `transcriptCounts`). */
export interface EntryTranscriptCounts {
  char: EntryEdits;
  word: EntryEdits;
}

/** One speaker's share: the transcript column's counts and the entries by status. */
export interface SpeakerAnalysis {
  /** The reworked side's label (a DELETED entry's original label after mapping); null: rows without a speaker. */
  speaker: string | null;
  entries: Record<Status, number>;
  char: EditCounts;
  word: EditCounts;
}

/** One compared text column's counts (times are not text: not listed). */
export interface ColumnAnalysis {
  column: string;
  char: EditCounts;
  word: EditCounts;
}

export interface WordSubstitution {
  /** The reference (reworked) word. */
  reference: string;
  /** The hypothesis (original) word it was replaced with. */
  hypothesis: string;
  count: number;
}

export interface WordCount {
  word: string;
  count: number;
}

/** Word-level confusions of the transcript column; each `total` equals its count in `counts.transcriptWord`. */
export interface Confusions {
  substitutions: { total: number; top: WordSubstitution[] };
  /** Words only in the original (the AI added them). */
  insertions: { total: number; top: WordCount[] };
  /** Words only in the reworked (the AI missed them). */
  deletions: { total: number; top: WordCount[] };
  /** Entries whose confusions come from an approximate alignment (D7.11), not an exact one. */
  approximateEntries: number;
}

export interface SpeakerPair {
  original: string;
  reworked: string;
  /** Reference words of the paired rows that carry this pair of labels. */
  support: number;
}

export interface SpeakerMapping {
  /** The one-to-one mapping of original labels to reworked labels, by support, then labels. */
  pairs: SpeakerPair[];
  /** Labels of either side left without a partner. */
  unmappedOriginal: string[];
  unmappedReworked: string[];
  /** MODIFIED rows whose mapped original speaker differs from the reworked one (SACR's numerator, mapped). */
  mappedSpeakerChanged: number;
  /** MODIFIED rows: SACR's denominator. */
  modifiedRows: number;
  /** mappedSpeakerChanged ÷ modifiedRows (0 when there are none). */
  mappedSACR: number;
}

/** How far one kind of boundary (starts or ends) moved between the paired rows, in seconds. */
export interface BoundaryShifts {
  /** Boundaries compared (both sides carry that time). */
  compared: number;
  /** Boundaries whose time differs at all. */
  moved: number;
  /** Boundaries that moved by more than `timingToleranceSeconds`. */
  beyondTolerance: number;
  /** Mean of |shift| over the compared boundaries; null when none were compared. */
  meanAbsShift: number | null;
  maxAbsShift: number | null;
}

export interface TimingAnalysis {
  toleranceSeconds: number;
  starts: BoundaryShifts;
  ends: BoundaryShifts;
}

/** Word errors of one kind, in the ASR convention of `counts`. */
export interface WordErrors {
  substitutions: number;
  deletions: number;
  insertions: number;
}

/** `analysis.editKinds`: the entries by kind of change, and the transcript's word errors split into style and content. */
export interface EditKindsAnalysis {
  /**
   * MODIFIED, SPLIT and MERGED entries with each kind (an entry of two style kinds counts under
   * both); `styleOnly`: those with no `content`, a changed transcript all the same.
   */
  entries: Record<EditKind, number> & { styleOnly: number };
  /** style + content = the substitutions, deletions and insertions of counts.transcriptWord. */
  transcriptWord: { style: WordErrors; content: WordErrors };
}

/** `data.analysis`. */
export interface Analysis {
  speakers: SpeakerAnalysis[];
  columns: ColumnAnalysis[];
  confusions: Confusions;
  /** Null when the request has no speaker column (D7.9). */
  speakerMapping: SpeakerMapping | null;
  /** Null when no paired rows carry times on both sides. */
  timing: TimingAnalysis | null;
  editKinds: EditKindsAnalysis;
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
