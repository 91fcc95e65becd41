/**
 * Reading a JSON export: a syntax error at its line and column, and typed access to its values
 * that names the JSON path (`utterances[4].end`) of whatever is missing or of the wrong type.
 */
import { invalidJsonOffset } from './json-syntax';
import { decodeText, positionOf } from './text';
import { FormatError } from './types';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** The value of a JSON file; invalid JSON throws FormatError at the line and column JSON.parse names. */
export function parseJson(bytes: Uint8Array): Json {
  const text = decodeText(bytes);
  try {
    return JSON.parse(text) as Json;
  } catch (error) {
    // JSON.parse's message quotes the text and may lack a position: keep its reason, find the place.
    const reason = (error as Error).message
      .replace(/\s*\(line \d+ column \d+\)/, '')
      .replace(/\s*(?:in JSON )?at position \d+/, '')
      .replace(/,\s*".*" is not valid JSON$/s, '');
    throw new FormatError(`the file is not valid JSON: ${reason}`, positionOf(text, invalidJsonOffset(text) ?? text.length));
  }
}

// Each provider adapter sniffs the same text in turn: parse it once.
let sniffedText: string | undefined;
let sniffedValue: JsonObject | undefined;

/** The top-level object of `text` when it is a JSON object, else undefined (for sniff functions: never throws). */
export function sniffJsonObject(text: string): JsonObject | undefined {
  if (text === sniffedText) return sniffedValue;
  let value: JsonObject | undefined;
  if (/^\s*\{/.test(text)) {
    try {
      const parsed = JSON.parse(text) as Json;
      if (isObject(parsed)) value = parsed;
    } catch {
      value = undefined;
    }
  }
  sniffedText = text;
  sniffedValue = value;
  return value;
}

export function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `path` followed by a key or an index: `results` + `items` → `results.items`, + 3 → `results.items[3]`. */
export function pathTo(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return path === '' ? key : `${path}.${key}`;
}

function describe(value: Json | undefined): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  return `${typeof value === 'number' ? 'the number' : ''} ${String(value)}`.trim();
}

function fail(expected: string, value: Json | undefined, path: string): never {
  const where = path === '' ? 'at the top level' : `at ${path}`;
  throw new FormatError(`expected ${expected} ${where}, found ${describe(value)}`, { path: path === '' ? '(top level)' : path });
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

/** A time in seconds written as a number or a numeric string (AWS Transcribe writes `"4.87"`). */
export function secondsAt(value: Json | undefined, path: string): number {
  const seconds = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
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
