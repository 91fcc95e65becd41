/**
 * `describe` for tests that need something the repository does not hold: a program of the
 * machine (redis-server, Chromium) or the evaluation corpus. A clone on a machine with only Node
 * and npm still passes `npm test`, while CI, which provides them and sets the named variable,
 * cannot pass by skipping them.
 */
import { relative } from 'node:path';

export interface Requirement {
  /** What is missing, e.g. "redis-server is not on the PATH". */
  missing: string;
  /** How to provide it, e.g. "apt-get install redis-server". */
  provide: string;
  /** The variable that turns a skip into a failure (set by .ci/run). */
  requireVariable: string;
}

const required = (value: string | undefined) => value !== undefined && value !== '' && value !== '0';

/**
 * When `found`, a plain `describe`. Otherwise the block is skipped with one line on stderr naming
 * it and how to provide what it needs; with `need.requireVariable` set, the block fails instead.
 * A skipped block's body still runs, to collect its tests (their snapshots then count as skipped,
 * not obsolete): blocks read what they need in their hooks and tests, not while being collected.
 */
export function describeWithRequirement(found: boolean, need: Requirement, title: string, body: () => void): void {
  if (found) {
    describe(title, body);
    return;
  }
  const testPath = expect.getState().testPath;
  const where = testPath ? `${relative(process.cwd(), testPath)} › ${title}` : title;
  if (required(process.env[need.requireVariable])) {
    describe(title, () => {
      it(`finds what it needs (${need.requireVariable} is set)`, () => {
        throw new Error(`${need.requireVariable} is set but ${need.missing}: ${need.provide}`);
      });
    });
    return;
  }
  // Straight to stderr: jest's console capture would bury it in a stack-framed block, or drop it under --silent.
  process.stderr.write(`\nSKIPPED ${where}: ${need.missing}. To run these tests: ${need.provide}; set ${need.requireVariable}=1 to fail instead of skipping.\n`);
  describe.skip(title, body);
}
