/**
 * JSON rows: the contract's own row objects, as an array or as one side of a request body
 * `{original, reworked}`. Rows are passed through as given, extra fields included (they are
 * pass-through columns of the contract); only what every row must have is checked here: an
 * object with a string `transcript`. The API's validation judges the rest.
 */
import { parseJson } from './json-syntax';
import { describeJson, isObject, locationAt, pathTo, sniffJsonObject, type JsonObject } from './json-value';
import { labelStudioFormat } from './labelstudio';
import { seglstFormat } from './seglst';
import { decodeText } from './text';
import { FormatAdapter, FormatError, FormatWarning, ReadOptions, ReadResult, TranscriptRow } from './types';

type Side = 'original' | 'reworked';
const SIDES: readonly Side[] = ['original', 'reworked'];

// Body keys that steer the API, not the rows; a file's copy is not applied, so the reader is told.
const IGNORED_BODY_KEYS = ['config', 'headers', 'columnMapping'];

const hasOwn = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);

function isRequestBody(value: unknown): value is JsonObject {
  return isObject(value) && (hasOwn(value, 'original') || hasOwn(value, 'reworked'));
}

/** The rows of `list` (found at `path`), each checked to be an object with a string transcript. */
function checkedRows(list: unknown, path: string): TranscriptRow[] {
  if (!Array.isArray(list)) throw new FormatError(`expected an array of row objects, found ${describeJson(list)}`, locationAt(path));
  list.forEach((row: unknown, k) => {
    const at = pathTo(path, k);
    if (Array.isArray(row)) {
      throw new FormatError('expected a row object; rows as arrays of cells (2-D input) are read by the API with its headers and columnMapping, not from files', {
        path: at,
      });
    }
    if (!isObject(row)) throw new FormatError(`expected a row object, found ${describeJson(row)}`, { path: at });
    const transcript = pathTo(at, 'transcript');
    if (!hasOwn(row, 'transcript')) throw new FormatError('the row has no transcript: every row needs a transcript string', { path: transcript });
    if (typeof row['transcript'] !== 'string') {
      throw new FormatError(`expected the transcript as a string, found ${describeJson(row['transcript'])}`, { path: transcript });
    }
  });
  return list as TranscriptRow[];
}

function readJson(bytes: Uint8Array, options: ReadOptions = {}): ReadResult {
  const value = parseJson(decodeText(bytes));
  if (Array.isArray(value)) return { rows: checkedRows(value, ''), warnings: [] };
  if (!isRequestBody(value)) {
    const keys = isObject(value) ? `an object with the keys ${Object.keys(value).slice(0, 10).join(', ') || '(none)'}` : describeJson(value);
    throw new FormatError(`expected an array of row objects or a request body {original, reworked}, found ${keys}`, locationAt(''));
  }
  const side = options.side;
  if (side === undefined) {
    throw new FormatError(`a request body holds two transcripts: say which side to read (${SIDES.join(' or ')})`, locationAt(''));
  }
  if (!hasOwn(value, side)) throw new FormatError(`the request body has no ${side} rows`, { path: side });
  const warnings: FormatWarning[] = IGNORED_BODY_KEYS.filter((key) => hasOwn(value, key)).map((key) => ({
    message: `the body's ${key} is not applied when rows are read from a file`,
    location: { path: key },
  }));
  return { rows: checkedRows(value[side], side), warnings };
}

/**
 * True for an array of objects (or an empty one), or a request body. The array is recognised by
 * its start, so that a damaged file still reaches this adapter and its syntax error; an INI-like
 * section header (`[Script Info]`) is not one.
 */
function sniffJson(text: string): boolean {
  const start = /^\uFEFF?\s*([[{])\s*(\S?)/.exec(text);
  if (start === null) return false;
  // Arrays of another format's objects (SegLST segments, Label Studio tasks) are not rows.
  if (start[1] === '[') return (start[2] === '{' && !seglstFormat.sniff(text) && !labelStudioFormat.sniff(text)) || start[2] === ']' || start[2] === '';
  return isRequestBody(sniffJsonObject(text));
}

export const jsonFormat: FormatAdapter = {
  name: 'json',
  title: 'JSON rows: an array of row objects, or a request body {original, reworked} (.json)',
  extensions: ['.json'],
  sniff: sniffJson,
  read: readJson,
};
