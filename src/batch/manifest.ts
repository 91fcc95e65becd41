/**
 * The batch manifest: one pair of files a line, as CSV (a header line, then one pair a record) or
 * JSONL (one object a line). Columns `id`, `original`, `reworked` (paths relative to the
 * manifest), optional `format` (both sides) or `original_format`/`reworked_format`; every other
 * column is a group tag (annotator, provider, ...). A problem with the manifest itself is a
 * CliError `manifest:line: problem` (exit 2); a problem with a pair's files is that pair's error
 * row, found later.
 */
import { readFileSync } from 'node:fs';
import { dirname, extname } from 'node:path';
import { parse } from 'csv-parse/sync';
import { CliError } from '../compare/cli-error';

export interface ManifestPair {
  id: string;
  /** The 1-based line of the manifest the pair is on. */
  line: number;
  /** Paths as the manifest writes them: relative to `Manifest.dir` unless absolute. */
  original: string;
  reworked: string;
  /** Format names as given (checked when the pair is read: an unknown one makes an error row). */
  originalFormat?: string;
  reworkedFormat?: string;
  /** Group tags: column → value; an empty cell is no tag. */
  tags: Record<string, string>;
}

export interface Manifest {
  path: string;
  /** The folder the pairs' paths are relative to. */
  dir: string;
  pairs: ManifestPair[];
  /** Tag columns, sorted. */
  tagColumns: string[];
}

const REQUIRED = ['id', 'original', 'reworked'] as const;
const FORMAT_COLUMNS = ['format', 'original_format', 'reworked_format'];

type Cells = Record<string, unknown>;

function problem(path: string, line: number, message: string): CliError {
  return new CliError(`${path}:${line}: ${message}`);
}

function csvRecords(path: string, text: string): Array<{ line: number; cells: Cells }> {
  const delimiter = extname(path).toLowerCase() === '.tsv' ? '\t' : ',';
  const raw: Array<{ line: number; cells: string[] }> = [];
  let lastLine = 0;
  try {
    parse(text, {
      delimiter,
      bom: true,
      skip_empty_lines: true,
      on_record: (cells: string[], context: { lines: number }) => {
        // A record's line is the one after the previous record's end, past blank lines.
        raw.push({ line: context.lines, cells });
        lastLine = context.lines;
        return null;
      },
    });
  } catch (error) {
    const { lines } = error as { lines?: number };
    const message = error instanceof Error ? error.message.replace(/ (?:at|on) line \d+/, '') : String(error);
    throw problem(path, lines ?? lastLine + 1, `not valid CSV: ${message}`);
  }
  if (raw.length === 0) throw problem(path, 1, 'the manifest is empty: expected a header line with id, original, reworked');
  const [head, ...body] = raw;
  const header = head!.cells.map((h) => h.trim());
  const seen = new Set<string>();
  for (const name of header) {
    if (name === '') throw problem(path, head!.line, 'a header cell is empty: every column needs a name');
    if (seen.has(name)) throw problem(path, head!.line, `the column "${name}" appears twice`);
    seen.add(name);
  }
  for (const name of REQUIRED) {
    if (!seen.has(name)) throw problem(path, head!.line, `no "${name}" column: the header needs id, original, reworked`);
  }
  return body.map(({ line, cells }) => {
    const record: Cells = {};
    header.forEach((name, i) => {
      record[name] = cells[i];
    });
    return { line, cells: record };
  });
}

function jsonlRecords(path: string, text: string): Array<{ line: number; cells: Cells }> {
  const out: Array<{ line: number; cells: Cells }> = [];
  text.replace(/^\uFEFF/, '').split('\n').forEach((raw, i) => {
    const lineText = raw.trim();
    if (lineText === '') return;
    let value: unknown;
    try {
      value = JSON.parse(lineText);
    } catch (error) {
      throw problem(path, i + 1, `not valid JSON (${(error as Error).message})`);
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw problem(path, i + 1, 'expected a JSON object with id, original, reworked');
    out.push({ line: i + 1, cells: value as Cells });
  });
  return out;
}

function isJsonl(path: string, text: string): boolean {
  const ext = extname(path).toLowerCase();
  if (ext === '.jsonl' || ext === '.ndjson' || ext === '.json') return true;
  if (ext === '.csv' || ext === '.tsv') return false;
  return /^\uFEFF?\s*\{/.test(text);
}

/** A cell as text: strings as they are, numbers and booleans spelled out; null/absent → undefined. */
function cellText(path: string, line: number, column: string, value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value.trim() === '' ? undefined : value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw problem(path, line, `"${column}" must be a string, not ${Array.isArray(value) ? 'an array' : 'an object'}`);
}

export function readManifest(path: string): Manifest {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new CliError(`${path}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory, not a manifest file' : `cannot be read (${String(code ?? error)})`}`);
  }
  text = text.replace(/\r\n?/g, '\n');
  const records = isJsonl(path, text) ? jsonlRecords(path, text) : csvRecords(path, text);
  if (records.length === 0) throw problem(path, 1, 'the manifest lists no pairs');

  const pairs: ManifestPair[] = [];
  const lineOfId = new Map<string, number>();
  const tagColumns = new Set<string>();
  for (const { line, cells } of records) {
    const value = (column: string) => cellText(path, line, column, cells[column]);
    const required: Record<string, string> = {};
    for (const column of REQUIRED) {
      const v = value(column);
      if (v === undefined) throw problem(path, line, `"${column}" is missing or empty`);
      required[column] = v;
    }
    const id = required['id']!;
    const first = lineOfId.get(id);
    if (first !== undefined) throw problem(path, line, `the id "${id}" is already used on line ${first}`);
    lineOfId.set(id, line);
    const both = value('format');
    const originalFormat = value('original_format') ?? both;
    const reworkedFormat = value('reworked_format') ?? both;
    const tags: Record<string, string> = {};
    for (const column of Object.keys(cells).sort()) {
      if ((REQUIRED as readonly string[]).includes(column) || FORMAT_COLUMNS.includes(column)) continue;
      const v = value(column);
      if (v !== undefined) {
        tags[column] = v;
        tagColumns.add(column);
      }
    }
    const pair: ManifestPair = { id, line, original: required['original']!, reworked: required['reworked']!, tags };
    if (originalFormat !== undefined) pair.originalFormat = originalFormat;
    if (reworkedFormat !== undefined) pair.reworkedFormat = reworkedFormat;
    pairs.push(pair);
  }
  return { path, dir: dirname(path), pairs, tagColumns: [...tagColumns].sort() };
}
