/**
 * CSV and TSV: one row per record under a header line (CSV quoted as RFC 4180, TSV unquoted).
 * The transcript, speaker, times and non-speech events are found by their usual header names
 * (case-insensitive) or named with ReadOptions.map. Other columns are not carried: object rows
 * compare every field they have (D5.2), so an id or a confidence column would make rows
 * MODIFIED; a warning names them. Blank lines are not rows.
 */
import { parse } from 'csv-parse/sync';
import { clockSeconds, unsignedDecimal } from './seconds';
import { quoted } from './quote';
import { decodeText, splitLines } from './text';
import { checkSpan } from './time-span';
import { FormatAdapter, FormatError, FormatWarning, ReadOptions, ReadResult, TranscriptRow } from './types';

type Field = keyof TranscriptRow;

/** Header names each field is found by, most specific first, in normalised form (see `headerKey`). */
const HEADER_NAMES: Record<Field, readonly string[]> = {
  transcript: ['transcript', 'text', 'sentence', 'utterance', 'content'],
  speaker: ['speaker', 'spk', 'speaker_name', 'speaker_id', 'speaker_label'],
  start_time: ['start_time', 'start', 'begin', 'begin_time'],
  end_time: ['end_time', 'end', 'stop', 'stop_time'],
  non_speech_events: ['non_speech_events', 'nse'],
  utterance_id: ['utterance_id', 'utt_id'],
};
const FIELDS = Object.keys(HEADER_NAMES) as Field[];
const TIME_FIELDS: ReadonlySet<Field> = new Set<Field>(['start_time', 'end_time']);

/** `Start Time`, `start-time` and `START_TIME` name the same column. */
function headerKey(name: string): string {
  return name.trim().toLowerCase().replace(/[\s-]+/g, '_');
}

// hh:mm:ss(.fff) and mm:ss(.fff); a comma before the fraction is accepted as SubRip writes it.
const CLOCK = /^(?:(\d+):)?(\d{1,2}):(\d{1,2})(?:[.,](\d+))?$/;

/** Seconds from a time cell; undefined for an empty cell, null for one that is not a time. */
export function cellSeconds(cell: string): number | undefined | null {
  const value = cell.trim();
  if (value === '') return undefined;
  const decimal = unsignedDecimal(value);
  if (decimal !== undefined) return decimal;
  const clock = CLOCK.exec(value);
  if (clock === null) return null;
  const [, hours = '0', minutes = '0', seconds = '0', fraction = ''] = clock;
  if (Number(seconds) >= 60 || (clock[1] !== undefined && Number(minutes) >= 60)) return null;
  return clockSeconds(hours, minutes, seconds, fraction);
}

/** Which column (0-based) holds each field, and the columns no field reads. */
interface ColumnChoice {
  columns: Partial<Record<Field, number>>;
  unread: number[];
}

function chooseColumns(header: string[], line: number, map: ReadOptions['map'] = {}): ColumnChoice {
  const keys = header.map(headerKey);
  const listed = `the header has: ${header.map((h) => quoted(h)).join(', ')}`;
  const columns: Partial<Record<Field, number>> = {};
  const taken = new Map<number, Field>();
  const take = (field: Field, column: number) => {
    const other = taken.get(column);
    if (other !== undefined) throw new FormatError(`the column ${quoted(header[column])} cannot be both ${other} and ${field}`, { line });
    columns[field] = column;
    taken.set(column, field);
  };
  for (const [field, name] of Object.entries(map)) {
    if (!FIELDS.includes(field as Field)) {
      throw new FormatError(`cannot map ${JSON.stringify(field)}: the fields are ${FIELDS.join(', ')}`, { line });
    }
    if (name === undefined) continue;
    const column = keys.indexOf(headerKey(name));
    if (column < 0) throw new FormatError(`the map names a column ${quoted(name)} for ${field}, but ${listed}`, { line });
    take(field as Field, column);
  }
  // By the names in order; of two columns with the same name the first is read, and the
  // other is named in the warning about columns not read.
  for (const field of FIELDS) {
    if (columns[field] !== undefined) continue;
    for (const name of HEADER_NAMES[field]) {
      const column = keys.findIndex((key, k) => key === name && !taken.has(k));
      if (column >= 0) {
        take(field, column);
        break;
      }
    }
  }
  if (columns.transcript === undefined) {
    const names = HEADER_NAMES.transcript;
    throw new FormatError(
      `no transcript column: expected a header named ${names[0]} or ${names[1]} (or ${names.slice(2).join(', ')}); ${listed}; name the column with --map transcript=NAME`,
      { line },
    );
  }
  return { columns, unread: header.flatMap((_, column) => (taken.has(column) ? [] : [column])) };
}

/** The record's first line, from the line it ends on and the line breaks inside its quoted cells. */
function firstLine(lastLine: number, cells: readonly string[]): number {
  return lastLine - cells.reduce((breaks, cell) => breaks + (cell.match(/\n/g)?.length ?? 0), 0);
}

interface ParsedRecord {
  cells: string[];
  /** The 1-based line the record ends on. */
  lastLine: number;
}

/**
 * The records of `text` (line breaks already LF), csv-parse's errors turned into FormatErrors at
 * their line. TSV has no quoting (IANA text/tab-separated-values): a `"` cell is text, as in
 * real files that transcribe a quotation mark.
 */
function parseRecords(text: string, delimiter: string): ParsedRecord[] {
  const records: ParsedRecord[] = [];
  let lastLine = 0;
  try {
    parse(text, {
      delimiter,
      quote: delimiter === '\t' ? false : '"',
      bom: true,
      relax_column_count: false,
      // A quote inside an unquoted cell (`He said "hi"`) is text, as spreadsheets write it.
      relax_quotes: true,
      skip_empty_lines: true,
      on_record: (cells, context) => {
        lastLine = context.lines;
        records.push({ cells, lastLine });
        return null;
      },
    });
    return records;
  } catch (error) {
    const { code, lines, record } = error as { code?: string; lines?: number; record?: string[] };
    if (code === 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH' && lines !== undefined && record !== undefined) {
      throw new FormatError(`the row has ${record.length} cells but the header has ${records[0]?.cells.length ?? 0}`, { line: firstLine(lines, record) });
    }
    if (code === 'CSV_QUOTE_NOT_CLOSED') {
      // The open quote belongs to the record after the last complete one.
      const all = splitLines(text);
      let line = lastLine + 1;
      while (line < all.length && all[line - 1].trim() === '') line++;
      throw new FormatError('a quoted cell in the row starting here is never closed', { line });
    }
    const message = error instanceof Error ? error.message.replace(/ (?:at|on) line \d+/, '') : String(error);
    throw new FormatError(`the row cannot be read: ${message}`, lines === undefined ? {} : { line: lines });
  }
}

/** The first line that is not blank: the header. */
function headerLine(text: string): string {
  return (/^.*\S.*$/m.exec(text)?.[0] ?? '').replace(/^\uFEFF/, '');
}

function readDelimited(bytes: Uint8Array, options: ReadOptions, delimiterOf: (headerLine: string) => string): ReadResult {
  const text = decodeText(bytes).replace(/\r\n?/g, '\n');
  if (text.trim() === '') throw new FormatError('the file is empty: expected a header line naming the columns', { line: 1 });
  const delimiter = delimiterOf(headerLine(text));
  const [head, ...body] = parseRecords(text, delimiter);
  const header = head.cells;
  const { columns, unread } = chooseColumns(header, head.lastLine, options.map);
  const warnings: FormatWarning[] = [];
  const rows: TranscriptRow[] = body.map(({ cells, lastLine }) => {
    const row: TranscriptRow = { transcript: cells[columns.transcript as number] };
    for (const field of FIELDS) {
      const column = columns[field];
      if (field === 'transcript' || column === undefined) continue;
      const cell = cells[column];
      if (TIME_FIELDS.has(field)) {
        const seconds = cellSeconds(cell);
        if (seconds === null) {
          throw new FormatError(
            `${quoted(header[column])} is ${quoted(cell)}: expected a time in seconds (12.5), hh:mm:ss(.fff) or mm:ss(.fff)`,
            { line: firstLine(lastLine, cells) },
          );
        }
        if (seconds !== undefined) row[field as 'start_time' | 'end_time'] = seconds;
      } else if (cell.trim() !== '') {
        // An empty speaker or event cell is no value (absent equals "" in the contract, D4.3).
        row[field as 'speaker' | 'non_speech_events'] = cell;
      }
    }
    checkSpan(row.start_time, row.end_time, { line: firstLine(lastLine, cells) }, warnings, 'this row');
    return row;
  });
  if (unread.length > 0) {
    const names = unread.map((column) => (header[column].trim() === '' ? `(unnamed column ${column + 1})` : quoted(header[column])));
    warnings.push({
      message: `columns not read: ${names.join(', ')} (rows carry only ${FIELDS.join(', ')}; every field a row has is compared)`,
      location: { line: head.lastLine },
    });
  }
  return { rows, warnings };
}

/** True when the header, split at `delimiter`, names a transcript column. */
function headerNamesTranscript(text: string, delimiter: string): boolean {
  return headerLine(text)
    .split(delimiter)
    .some((cell) => HEADER_NAMES.transcript.includes(headerKey(cell.replace(/^\s*"|"\s*$/g, ''))));
}

/** A comma, or a semicolon for the CSV that spreadsheets write where the comma is the decimal mark. */
function csvDelimiter(headerLine: string): string {
  return !headerLine.includes(',') && headerLine.includes(';') ? ';' : ',';
}

export const csvFormat: FormatAdapter = {
  name: 'csv',
  title: 'CSV with a header line, comma or semicolon separated (.csv)',
  extensions: ['.csv'],
  sniff: (text) => headerNamesTranscript(text, csvDelimiter(headerLine(text))),
  read: (bytes, options = {}) => readDelimited(bytes, options, csvDelimiter),
};

export const tsvFormat: FormatAdapter = {
  name: 'tsv',
  title: 'Tab-separated values with a header line, unquoted (.tsv)',
  extensions: ['.tsv'],
  sniff: (text) => headerNamesTranscript(text, '\t'),
  read: (bytes, options = {}) => readDelimited(bytes, options, () => '\t'),
};
