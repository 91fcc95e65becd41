/**
 * What one line of `pairs.jsonl` holds: a scored pair (its id, tags, the files as the manifest
 * names them, and the engine's `scores`, `counts`, `composite`, `meta`, plus the analysis summary
 * when the engine gives `data.analysis`), or an error row saying why the pair could not be scored.
 * Every manifest pair has exactly one line; the summary is computed from these lines alone.
 */
import type { Analysis, Confusions, SpeakerAnalysis, Composite, Counts, DiffData, DiffMeta, Scores } from '../engine/index';
import type { FormatName } from '../formats/types';

/** Why a pair is an error row. */
export type ErrorKind =
  /** A file is missing, a directory or not readable. */
  | 'unreadable'
  /** The manifest names a format that does not exist. */
  | 'unknown-format'
  /**
   * The file was read but refused: its format cannot be told, its content is not valid in its
   * format, or its rows fail the API's validation (the message says which, and where).
   */
  | 'rejected'
  /** The engine failed on the pair: a bug, reported rather than aborting the run. */
  | 'internal';

export const ERROR_KINDS: readonly ErrorKind[] = ['unreadable', 'unknown-format', 'rejected', 'internal'];

export interface SideRef {
  /** The path as the manifest gives it (relative to the manifest): no absolute paths in records. */
  path: string;
  format: FormatName;
}

/** The analysis a pair record keeps: the confusions and per-speaker figures, not the per-entry counts. */
export interface PairAnalysis {
  confusions: Confusions;
  speakers: SpeakerAnalysis[];
  /** SACR's numerator after the speaker mapping, and its denominator; null without a speaker column. */
  speakerMapping: { mappedSpeakerChanged: number; modifiedRows: number } | null;
}

export interface ScoredRecord {
  id: string;
  tags: Record<string, string>;
  original: SideRef;
  reworked: SideRef;
  scores: Scores;
  counts: Counts;
  composite: Composite | null;
  meta: DiffMeta;
  /** Null when the engine gave no `data.analysis`. */
  analysis: PairAnalysis | null;
  /** The format adapters' warnings (a doubtful line kept as a row), as `file:line: message`. */
  warnings: string[];
}

export interface ErrorRecord {
  id: string;
  tags: Record<string, string>;
  error: { kind: ErrorKind; message: string };
}

export type PairRecord = ScoredRecord | ErrorRecord;

export function isErrorRecord(record: PairRecord): record is ErrorRecord {
  return 'error' in record;
}

/** The analysis part of a record, from `data.analysis` when the engine filled it in. */
export function pairAnalysis(data: DiffData): PairAnalysis | null {
  const analysis = (data as DiffData & { analysis?: Analysis }).analysis;
  if (analysis === undefined) return null;
  return {
    confusions: analysis.confusions,
    speakers: analysis.speakers,
    speakerMapping: analysis.speakerMapping ? { mappedSpeakerChanged: analysis.speakerMapping.mappedSpeakerChanged, modifiedRows: analysis.speakerMapping.modifiedRows } : null,
  };
}

export function scoredRecord(id: string, tags: Record<string, string>, original: SideRef, reworked: SideRef, data: DiffData, warnings: string[] = []): ScoredRecord {
  return {
    id,
    tags,
    original,
    reworked,
    scores: data.scores,
    counts: data.counts,
    composite: data.composite,
    meta: data.meta,
    analysis: pairAnalysis(data),
    warnings,
  };
}

/** A line of pairs.jsonl: the record's JSON and a newline, written in one piece. */
export function recordLine(record: PairRecord): string {
  // U+2028 and U+2029 are legal raw in JSON text, but line breaks to some readers of JSON lines
  // (Node 24's readline, editors): escaped, a line is a line everywhere, and parses the same.
  return `${JSON.stringify(record).replace(/[\u2028\u2029]/g, (c) => (c === '\u2028' ? '\\u2028' : '\\u2029'))}\n`;
}

/**
 * A line read back: the record, or null when the line is not one (cut short by a kill, or not
 * written by this tool). Only the fields the summary reads are checked.
 */
export function parseRecordLine(line: string): PairRecord | null {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  if (typeof record['id'] !== 'string' || typeof record['tags'] !== 'object' || record['tags'] === null) return null;
  if ('error' in record) {
    const error = record['error'] as Record<string, unknown> | null;
    return error !== null && typeof error === 'object' && typeof error['message'] === 'string' && ERROR_KINDS.includes(error['kind'] as ErrorKind)
      ? (value as ErrorRecord)
      : null;
  }
  return typeof record['scores'] === 'object' && typeof record['counts'] === 'object' && typeof record['meta'] === 'object' ? (value as ScoredRecord) : null;
}
