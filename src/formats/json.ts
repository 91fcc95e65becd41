/**
 * JSON rows: the contract's own row objects, as an array or as one side of a request body
 * `{original, reworked}`. Rows are passed through as given, extra fields included (they are
 * pass-through columns of the contract); only what every row must have is checked here: an
 * object with a string `transcript`. The API's validation judges the rest.
 */
import { decodeText, positionOf } from './text';
import { FormatAdapter, FormatError, FormatWarning, ReadOptions, ReadResult, TranscriptRow } from './types';

type Side = 'original' | 'reworked';
const SIDES: readonly Side[] = ['original', 'reworked'];

// Body keys that steer the API, not the rows; a file's copy is not applied, so the reader is told.
const IGNORED_BODY_KEYS = ['config', 'headers', 'columnMapping'];

/**
 * The value of a JSON text. A syntax error is a FormatError at the line and column of the first
 * character that cannot continue a JSON text (JSON.parse's own messages carry a position only
 * on some engines and for some errors).
 */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const fault = firstSyntaxFault(text);
    if (fault === null) throw new FormatError(`the file is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
    const at = positionOf(text, fault.index);
    const found = fault.index >= text.length ? 'the end of the file' : JSON.stringify(text.slice(fault.index, fault.index + 12));
    throw new FormatError(`the file is not valid JSON: expected ${fault.expected}, found ${found}`, at);
  }
}

const A_VALUE = 'a value (a string, number, object, array, true, false or null)';

/** What JSON's grammar expected where `text` first departs from it; null when it does not. */
function firstSyntaxFault(text: string): { index: number; expected: string } | null {
  const n = text.length;
  let i = 0;
  // Containers are tracked on an explicit stack: a recursive scanner would overflow on the deep
  // nesting JSON.parse itself accepts.
  const open: string[] = [];
  const fault = (expected: string) => ({ index: i, expected });
  const isDigit = (k: number) => k < n && text.charCodeAt(k) >= 0x30 && text.charCodeAt(k) <= 0x39;
  const skipSpace = () => {
    while (i < n && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++;
  };
  /** Advances past the string starting at i; false when it is not a valid string. */
  const scanString = (): boolean => {
    i++;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        i++;
        return true;
      }
      if (c < 0x20) return false;
      if (c === 0x5c) {
        const e = text[i + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) return false;
          i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) {
          i += 2;
        } else {
          return false;
        }
      } else {
        i++;
      }
    }
    return false;
  };

  /** Past the number at i: a fault, or null. */
  const scanNumber = () => {
    if (text[i] === '-') i++;
    if (!isDigit(i)) return fault('a digit');
    if (text[i] === '0') i++;
    else while (isDigit(i)) i++;
    if (text[i] === '.') {
      i++;
      if (!isDigit(i)) return fault('a digit after the decimal point');
      while (isDigit(i)) i++;
    }
    if (text[i] === 'e' || text[i] === 'E') {
      i++;
      if (text[i] === '+' || text[i] === '-') i++;
      if (!isDigit(i)) return fault('a digit in the exponent');
      while (isDigit(i)) i++;
    }
    return null;
  };

  /** Past a property name and its colon at i: a fault, or null. */
  const scanKey = () => {
    if (text[i] !== '"') return fault('a property name in double quotes');
    const start = i;
    if (!scanString()) return { index: start, expected: 'a property name in double quotes, closed on its line' };
    skipSpace();
    if (text[i] !== ':') return fault("':' after the property name");
    i++;
    skipSpace();
    return null;
  };

  skipSpace();
  for (;;) {
    // A value starts at i.
    const c = text[i];
    if (c === '{' || c === '[') {
      open.push(c);
      i++;
      skipSpace();
      if (text[i] !== (c === '{' ? '}' : ']')) {
        const keyFault = c === '{' ? scanKey() : null;
        if (keyFault) return keyFault;
        continue;
      }
      open.pop();
      i++;
    } else if (c === '"') {
      const start = i;
      if (!scanString()) return { index: start, expected: 'a string closed on its line, with valid escapes' };
    } else if (c === 't' || c === 'f' || c === 'n') {
      const word = c === 't' ? 'true' : c === 'f' ? 'false' : 'null';
      for (const letter of word) {
        if (text[i] !== letter) return fault(word);
        i++;
      }
    } else if (c === '-' || isDigit(i)) {
      const numberFault = scanNumber();
      if (numberFault) return numberFault;
    } else {
      return fault(A_VALUE);
    }
    // After a value: close containers, then move to the next element.
    skipSpace();
    let top = open[open.length - 1];
    while (top !== undefined && text[i] === (top === '{' ? '}' : ']')) {
      open.pop();
      i++;
      skipSpace();
      top = open[open.length - 1];
    }
    if (top === undefined) return i < n ? fault('nothing after the end of the JSON value') : null;
    if (text[i] !== ',') return fault(`',' or '${top === '{' ? '}' : ']'}'`);
    i++;
    skipSpace();
    const keyFault = top === '{' ? scanKey() : null;
    if (keyFault) return keyFault;
  }
}

/** A short description of a JSON value's kind, for messages. */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const hasOwn = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);

function isRequestBody(value: unknown): value is Record<string, unknown> {
  return isObject(value) && (hasOwn(value, 'original') || hasOwn(value, 'reworked'));
}

/** The rows of `list` (found at `path`), each checked to be an object with a string transcript. */
function checkedRows(list: unknown, path: string): TranscriptRow[] {
  if (!Array.isArray(list)) throw new FormatError(`expected an array of row objects, found ${kindOf(list)}`, { path });
  list.forEach((row: unknown, k) => {
    const at = `${path}[${k}]`;
    if (Array.isArray(row)) {
      throw new FormatError('expected a row object; rows as arrays of cells (2-D input) are read by the API with its headers and columnMapping, not from files', {
        path: at,
      });
    }
    if (!isObject(row)) throw new FormatError(`expected a row object, found ${kindOf(row)}`, { path: at });
    if (!hasOwn(row, 'transcript')) throw new FormatError('the row has no transcript: every row needs a transcript string', { path: `${at}.transcript` });
    if (typeof row['transcript'] !== 'string') {
      throw new FormatError(`expected the transcript as a string, found ${kindOf(row['transcript'])}`, { path: `${at}.transcript` });
    }
  });
  return list as TranscriptRow[];
}

function readJson(bytes: Uint8Array, options: ReadOptions = {}): ReadResult {
  const value = parseJson(decodeText(bytes));
  if (Array.isArray(value)) return { rows: checkedRows(value, ''), warnings: [] };
  if (!isRequestBody(value)) {
    const keys = isObject(value) ? `an object with the keys ${Object.keys(value).slice(0, 10).join(', ') || '(none)'}` : kindOf(value);
    throw new FormatError(`expected an array of row objects or a request body {original, reworked}, found ${keys}`, { path: '' });
  }
  const side = options.side;
  if (side === undefined) {
    throw new FormatError(`a request body holds two transcripts: say which side to read (${SIDES.join(' or ')})`, { path: '' });
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
  if (start[1] === '[') return start[2] === '{' || start[2] === ']' || start[2] === '';
  try {
    return isRequestBody(JSON.parse(text.replace(/^\uFEFF/, '')));
  } catch {
    return false;
  }
}

export const jsonFormat: FormatAdapter = {
  name: 'json',
  title: 'JSON rows: an array of row objects, or a request body {original, reworked} (.json)',
  extensions: ['.json'],
  sniff: sniffJson,
  read: readJson,
};
