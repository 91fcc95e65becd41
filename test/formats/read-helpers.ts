import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EVAL_DATA_DIR } from '../../scripts/lib/sources';
import { FormatError } from '../../src/formats/types';

export const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

/** A file of ../shared/eval-data: a missing file fails the test (these tests assert facts of real files, they never skip). */
export function evalFile(...parts: string[]): Uint8Array {
  return new Uint8Array(readFileSync(join(EVAL_DATA_DIR, ...parts)));
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
