/**
 * What the report draws, read out of `data`: one drawn entry per non-trace result (D6.5's MERGED
 * trace entries repeat rows their main entry already holds), each with the pieces (rows) of its
 * two sides, and which column of a row is its text, speaker and times.
 *
 * Pure: shared by the page, which draws these, and the CSV export, which writes them.
 */
import { cellText, parseTime, detectSpeakerColumn, type DiffData, type DiffPart, type EditKind, type ResultEntry, type Row, type Status } from '../engine/index';
import type { ReportColumns } from './report-options';

/** Which of `meta.headers` the report shows as a row's text, speaker and times; the rest are `others`. */
export interface ColumnRoles {
  transcript: string;
  speaker: string | null;
  start: string | null;
  end: string | null;
  others: string[];
}

/** One row of one side, as drawn. */
export interface Piece {
  /** 0-based place of the row in its file. */
  row: number;
  /** Seconds; NaN when the row has no time (or one that is not a time). */
  start: number;
  end: number;
  /** '' when the row has no speaker. */
  speaker: string;
  text: string;
  /** The row's other non-empty cells, in header order. */
  others: Array<[column: string, value: string]>;
}

export interface DrawnEntry {
  /** Index of the entry in `data.results` (the URL's `row=`, the page's `data-entry`). */
  index: number;
  status: Status;
  notes: string;
  original: Piece[];
  reworked: Piece[];
  changedColumns: string[];
  transcriptDiff?: DiffPart[];
  /** The entry's kinds of change (`editKinds`, with the analysis): MODIFIED, SPLIT and MERGED entries. */
  editKinds?: readonly EditKind[];
  /** SPLIT and MERGED: the single row's diff against each piece (`config.enableGroupDiff`). */
  pieceDiffs?: DiffPart[][];
  /** Both sides' texts, speakers and other cells, NFC and lower-cased, for the search. */
  haystack: string;
}

/** Time column names guessed for 2-D input whose `columnMapping` the report was not given. */
const START_NAMES = ['start_time', 'start', 'begin'];
const END_NAMES = ['end_time', 'end', 'stop'];

const own = (row: Row, key: string): unknown => (Object.prototype.hasOwnProperty.call(row, key) ? row[key] : undefined);

function firstNamed(headers: readonly string[], names: readonly string[], taken: ReadonlySet<string>): string | null {
  for (const name of names) {
    const found = headers.find((h) => h.toLowerCase() === name && !taken.has(h));
    if (found !== undefined) return found;
  }
  return null;
}

/**
 * The transcript column of a request whose headers do not name one (2-D input with a
 * `columnMapping`): the column whose original text a `transcriptDiff` rebuilds (D6.6: equal and
 * delete parts join to the original transcript exactly).
 */
function columnOfDiff(data: DiffData, headers: readonly string[]): string | null {
  for (const entry of data.results) {
    if (entry.trace || entry.transcriptDiff === undefined || entry.originalRow === undefined) continue;
    const text = entry.transcriptDiff.filter((p) => p.type !== 'insert').map((p) => p.text).join('');
    const row = entry.originalRow;
    return headers.find((h) => cellText(own(row, h)) === text) ?? null;
  }
  return null;
}

/**
 * The roles of `data.meta.headers`, as the engine gives them (prepared-sides.ts, speaker-column.ts):
 * with a `columnMapping`, the mapped headers; for rows with a `transcript` key (objects, and every
 * file the adapters read), `transcript`, `start_time` and `end_time`; the speaker by D7.9
 * (`speakerColName`, the mapping, then the first header with a speaker name). Only for 2-D input
 * whose mapping the report was not given are the transcript and times guessed.
 */
export function columnRoles(data: DiffData, columns: ReportColumns = {}): ColumnRoles {
  const headers = data.meta.headers;
  const mapping = columns.columnMapping;
  const at = (index: number | undefined) => (index === undefined ? null : (headers[index] ?? null));
  const speaker = detectSpeakerColumn(headers, { speakerColName: columns.speakerColName }, mapping);
  const taken = new Set<string>(speaker === null ? [] : [speaker]);
  let transcript: string;
  let start: string | null;
  let end: string | null;
  if (mapping !== undefined) {
    transcript = at(mapping.transcript) ?? 'transcript';
    start = at(mapping.start_time);
    end = at(mapping.end_time);
  } else if (headers.includes('transcript')) {
    transcript = 'transcript';
    start = headers.includes('start_time') ? 'start_time' : null;
    end = headers.includes('end_time') ? 'end_time' : null;
  } else {
    transcript = columnOfDiff(data, headers) ?? firstNamed(headers, ['text'], taken) ?? headers.find((h) => !taken.has(h)) ?? 'transcript';
    taken.add(transcript);
    start = firstNamed(headers, START_NAMES, taken);
    if (start !== null) taken.add(start);
    end = firstNamed(headers, END_NAMES, taken);
  }
  for (const role of [transcript, start, end]) if (role !== null) taken.add(role);
  return { transcript, speaker, start, end, others: headers.filter((h) => !taken.has(h)) };
}

function seconds(row: Row, key: string | null): number {
  if (key === null) return NaN;
  return parseTime(own(row, key)) ?? NaN;
}

function pieceOf(row: Row, index: number | undefined, roles: ColumnRoles): Piece {
  const others: Array<[string, string]> = [];
  for (const column of roles.others) {
    const value = cellText(own(row, column));
    if (value !== '') others.push([column, value]);
  }
  return {
    row: index ?? -1,
    start: seconds(row, roles.start),
    end: seconds(row, roles.end),
    speaker: roles.speaker === null ? '' : cellText(own(row, roles.speaker)),
    text: cellText(own(row, roles.transcript)),
    others,
  };
}

function pieces(rows: Array<Row | undefined>, indices: readonly number[], roles: ColumnRoles): Piece[] {
  const out: Piece[] = [];
  rows.forEach((row, k) => {
    if (row !== null && typeof row === 'object') out.push(pieceOf(row, indices[k], roles));
  });
  return out;
}

/** The original rows of an entry: a MERGED entry's sources, or its one row. */
function originalRows(entry: ResultEntry): Array<Row | undefined> {
  return entry.originalRows ?? (entry.originalRow === undefined ? [] : [entry.originalRow]);
}

function reworkedRows(entry: ResultEntry): Array<Row | undefined> {
  return entry.reworkedRows ?? (entry.reworkedRow === undefined ? [] : [entry.reworkedRow]);
}

/** Text compared by the search: NFC and lower case, so `É` finds `é` whatever its encoding. */
export function searchKey(text: string): string {
  return text.normalize('NFC').toLowerCase();
}

function haystackOf(sides: Piece[][]): string {
  const parts: string[] = [];
  for (const side of sides) {
    for (const piece of side) {
      parts.push(piece.text, piece.speaker);
      for (const [, value] of piece.others) parts.push(value);
    }
  }
  // A character no transcript search holds keeps a match from running across two cells.
  return searchKey(parts.join('\u0000'));
}

/** The entries the report draws, in document order (D6.1), trace entries left out. */
export function drawnEntries(data: DiffData, roles: ColumnRoles = columnRoles(data)): DrawnEntry[] {
  const out: DrawnEntry[] = [];
  data.results.forEach((entry, index) => {
    if (entry.trace) return;
    const original = pieces(originalRows(entry), entry.originalIndices ?? [], roles);
    const reworked = pieces(reworkedRows(entry), entry.reworkedIndices ?? [], roles);
    const drawn: DrawnEntry = {
      index,
      status: entry.status,
      notes: entry.notes ?? '',
      original,
      reworked,
      changedColumns: entry.changedColumns ?? [],
      haystack: haystackOf([original, reworked]),
    };
    if (entry.transcriptDiff !== undefined) drawn.transcriptDiff = entry.transcriptDiff;
    if (Array.isArray(entry.editKinds)) drawn.editKinds = entry.editKinds;
    if (entry.pieceDiffs !== undefined && entry.pieceDiffs.length === Math.max(original.length, reworked.length)) drawn.pieceDiffs = entry.pieceDiffs;
    out.push(drawn);
  });
  return out;
}

/** Earliest start and latest end over an entry's pieces on both sides; NaN where none has a time. */
export function entrySpan(entry: DrawnEntry): { start: number; end: number } {
  let start = NaN;
  let end = NaN;
  for (const piece of [...entry.original, ...entry.reworked]) {
    if (Number.isFinite(piece.start) && !(piece.start >= start)) start = piece.start;
    if (Number.isFinite(piece.end) && !(piece.end <= end)) end = piece.end;
  }
  return { start, end };
}

/**
 * Whether an entry changed the transcript's content: an added or deleted row, or an entry whose
 * `editKinds` holds `content`. A change of case, punctuation or spacing alone, a split or merge
 * that keeps the words, and a change of speaker or times are not.
 */
export function changesContent(entry: DrawnEntry): boolean {
  if (entry.status === 'ADDED' || entry.status === 'DELETED') return true;
  return entry.editKinds !== undefined && entry.editKinds.includes('content');
}

/** Non-trace entries per status, as the report counts them. */
export function statusCounts(entries: readonly DrawnEntry[]): Record<Status, number> {
  const counts: Record<Status, number> = { UNCHANGED: 0, MODIFIED: 0, ADDED: 0, DELETED: 0, SPLIT: 0, MERGED: 0 };
  for (const entry of entries) counts[entry.status]++;
  return counts;
}
