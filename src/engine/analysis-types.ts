/**
 * The shapes of `data.analysis` (`config.enableAnalysis`): where and what changed, beside the
 * document-level counts. Every count here is a part of a total in `data.counts`, computed from
 * the same alignment and tie-break (decisions D7.2–D7.4, D7.11).
 */
import type { EditCounts, Status } from './types';

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

/** `data.analysis`. */
export interface Analysis {
  speakers: SpeakerAnalysis[];
  columns: ColumnAnalysis[];
  confusions: Confusions;
  /** Null when the request has no speaker column (D7.9). */
  speakerMapping: SpeakerMapping | null;
  /** Null when no paired rows carry times on both sides. */
  timing: TimingAnalysis | null;
}
