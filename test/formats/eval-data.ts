/**
 * The real files under shared/eval-data, found as the evaluation scripts find them. A missing
 * file fails the test that needs it: these facts must be checked, never skipped.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EVAL_DATA_DIR } from '../../scripts/lib/sources';

export function evalDataBytes(...parts: string[]): Uint8Array {
  const path = join(EVAL_DATA_DIR, ...parts);
  if (!existsSync(path)) throw new Error(`eval data missing: ${path} (shared/eval-data must sit beside the repository, or set EVAL_DATA_DIR)`);
  return new Uint8Array(readFileSync(path));
}

/** UTF-8 bytes of a file written in a test. */
export function utf8(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}
