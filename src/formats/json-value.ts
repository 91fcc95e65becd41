/**
 * Typed access to the values of a JSON export that names the JSON path (`utterances[4].end`) of
 * whatever is missing or of the wrong type.
 */
import { parseJson } from './json-syntax';
import { unsignedDecimal } from './seconds';
import { decodeText } from './text';
import { FormatError, type SourceLocation } from './types';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** The top-level object of a JSON file; invalid JSON is a FormatError at its line and column, another top-level value one at the top level. */
export function readJsonObject(bytes: Uint8Array): JsonObject {
  return objectAt(parseJson(decodeText(bytes)) as Json, '');
}

// Each JSON adapter sniffs the same text in turn: parse it once.
let sniffedText: string | undefined;
let sniffedValue: JsonObject | undefined;

/** The top-level object of `text` when it is a JSON object, else undefined (for sniff functions: never throws). */
export function sniffJsonObject(text: string): JsonObject | undefined {
  if (text === sniffedText) return sniffedValue;
  let value: JsonObject | undefined;
  if (/^\uFEFF?\s*\{/.test(text)) {
    try {
      const parsed = JSON.parse(text.replace(/^\uFEFF/, '')) as Json;
      if (isObject(parsed)) value = parsed;
    } catch {
      value = undefined;
    }
  }
  sniffedText = text;
  sniffedValue = value;
  return value;
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `path` followed by a key or an index: `results` + `items` → `results.items`, + 3 → `results.items[3]`. */
export function pathTo(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return path === '' ? key : `${path}.${key}`;
}

/** Where the value at `path` is, for a FormatError; the empty path is the whole document. */
export function locationAt(path: string): SourceLocation {
  return { path: path === '' ? '(top level)' : path };
}

/** A JSON value as a message shows it: its kind, and a short string or a number itself. */
export function describeJson(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  return `${typeof value === 'number' ? 'the number' : ''} ${String(value)}`.trim();
}

function fail(expected: string, value: Json | undefined, path: string): never {
  const where = path === '' ? 'at the top level' : `at ${path}`;
  throw new FormatError(`expected ${expected} ${where}, found ${describeJson(value)}`, locationAt(path));
}

export function objectAt(value: Json | undefined, path: string): JsonObject {
  if (!isObject(value)) fail('an object', value, path);
  return value;
}

export function arrayAt(value: Json | undefined, path: string): Json[] {
  if (!Array.isArray(value)) fail('an array', value, path);
  return value;
}

export function stringAt(value: Json | undefined, path: string): string {
  if (typeof value !== 'string') fail('a string', value, path);
  return value;
}

export function numberAt(value: Json | undefined, path: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) fail('a number', value, path);
  return value;
}

/** A time in seconds written as a number or as a decimal in a string (AWS Transcribe writes `"4.87"`). */
export function secondsAt(value: Json | undefined, path: string): number {
  const seconds = typeof value === 'string' ? unsignedDecimal(value.trim()) : value;
  if (typeof seconds !== 'number' || !Number.isFinite(seconds)) fail('a time in seconds', value, path);
  return seconds;
}

/**
 * A speaker label as the provider gives it, as a string: `"A"` stays `"A"`, Deepgram's `0` is
 * `"0"`; null or absent means no speaker.
 */
export function speakerAt(value: Json | undefined, path: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return fail('a speaker (a string or a number)', value, path);
}
