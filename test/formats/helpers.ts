/**
 * What the format tests share: the bytes of a file written in a test, the bytes of a real file
 * under shared/eval-data (found as the evaluation scripts find it), the FormatError a read
 * throws, and how the formats write text and times.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EVAL_DATA_DIR } from '../../scripts/lib/sources';
import { FormatError } from '../../src/formats/types';

/** UTF-8 bytes of a file written in a test. */
export function utf8(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

/** A file of shared/eval-data. A missing file fails the test: these tests assert facts of real files, they never skip. */
export function evalDataBytes(...parts: string[]): Uint8Array {
  const path = join(EVAL_DATA_DIR, ...parts);
  if (!existsSync(path)) throw new Error(`eval data missing: ${path} (shared/eval-data must sit beside the repository, or set EVAL_DATA_DIR)`);
  return new Uint8Array(readFileSync(path));
}

/** The FormatError `read` throws; the test fails if it returns or throws anything else. */
export function formatErrorOf(read: () => unknown): FormatError {
  try {
    read();
  } catch (error) {
    if (error instanceof FormatError) return error;
    throw new Error(`expected a FormatError, got ${String(error)}`, { cause: error });
  }
  throw new Error('expected a FormatError, but the file was read');
}

/** `text` as XML and WebVTT write it: `&`, `<`, `>` and `"` escaped. */
export function escapeMarkup(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** `hh:mm:ss` and the milliseconds after `separator` (SubRip writes `,`, WebVTT `.`), of a whole number of milliseconds. */
export function clockTime(ms: number, separator: ',' | '.'): string {
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}${separator}${pad(ms % 1000, 3)}`;
}
