/**
 * The report's "Export CSV": one line per drawn entry (the rows the filters leave visible), for
 * a reviewer's spreadsheet. Columns: start, end, speaker, original, reworked, status, notes,
 * comment (left empty for the reviewer). The pieces of a SPLIT or MERGED entry are joined with
 * ` | ` in their cell.
 *
 * RFC 4180: every field quoted, quotes doubled, lines end with CRLF. Quoted even without a comma:
 * a spreadsheet whose list separator is `;` (most European locales) splits an unquoted field at
 * each `;`, and a piece after one would start a cell of its own, past the formula guard. A cell a
 * spreadsheet would run as a formula (it starts with = + - @, or a tab or CR, OWASP's list) gets
 * a leading apostrophe, which spreadsheets read as "this is text": the transcript's own
 * characters all stay in the cell, after that one added mark.
 */
import { formatTime } from './format';
import { entrySpan, type DrawnEntry, type Piece } from './report-entries';

export const CSV_COLUMNS = ['start', 'end', 'speaker', 'original', 'reworked', 'status', 'notes', 'comment'] as const;

/** Joins the pieces of a split or merge in one cell. */
export const PIECE_SEPARATOR = ' | ';

/** Milliseconds: the precision of the formats' times, where the page shows tenths. */
const CSV_TIME_DECIMALS = 3;

const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell as a spreadsheet must take it: text, never a formula. */
export function inertCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** One RFC 4180 field, quoted. */
export function csvField(value: string): string {
  return `"${value.replace(/"/g, '""')}"`;
}

function distinct(values: string[]): string[] {
  return [...new Set(values.filter((v) => v !== ''))];
}

/** The speaker cell: the reworked side's (the reference), and `A → B` when the original said otherwise. */
function speakerCell(entry: DrawnEntry): string {
  const before = distinct(entry.original.map((p) => p.speaker)).join(PIECE_SEPARATOR);
  const after = distinct(entry.reworked.map((p) => p.speaker)).join(PIECE_SEPARATOR);
  if (after === '') return before;
  if (before === '' || before === after) return after;
  return `${before} → ${after}`;
}

const texts = (side: Piece[]) => side.map((p) => p.text).join(PIECE_SEPARATOR);

/** The cells of one entry's line, in CSV_COLUMNS order, before quoting. */
export function csvCells(entry: DrawnEntry): string[] {
  const span = entrySpan(entry);
  return [
    formatTime(span.start, CSV_TIME_DECIMALS),
    formatTime(span.end, CSV_TIME_DECIMALS),
    speakerCell(entry),
    texts(entry.original),
    texts(entry.reworked),
    entry.status,
    entry.notes,
    '',
  ];
}

/** The CSV text of these entries: a header line, then one line per entry. */
export function entriesCsv(entries: Iterable<DrawnEntry>): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const entry of entries) lines.push(csvCells(entry).map((cell) => csvField(inertCell(cell))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
