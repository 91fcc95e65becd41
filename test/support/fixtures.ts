/**
 * The small real transcripts kept in the repository (test/fixtures, each listed with its source
 * and licence in test/fixtures/SOURCES.md): what unit tests read instead of the whole corpus.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const FIXTURES_DIR = join(__dirname, '..', 'fixtures');

/** A path under test/fixtures. */
export function fixturePath(...parts: string[]): string {
  return join(FIXTURES_DIR, ...parts);
}

/** The bytes of a file under test/fixtures. */
export function fixtureBytes(...parts: string[]): Uint8Array {
  return new Uint8Array(readFileSync(fixturePath(...parts)));
}
