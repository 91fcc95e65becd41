/**
 * `describe` for tests that need a program of the machine's own (redis-server, Chromium): a
 * machine with only Node and npm still passes `npm test`, while CI, which installs the program
 * and sets the named variable, cannot pass by skipping them.
 */
import { relative } from 'node:path';

export interface RequiredTool {
  /** What is missing, e.g. "redis-server is not on the PATH". */
  missing: string;
  /** How to get it, e.g. "apt-get install redis-server". */
  install: string;
  /** The variable that turns a skip into a failure (set by .ci/run). */
  requireVariable: string;
}

const required = (value: string | undefined) => value !== undefined && value !== '' && value !== '0';

/**
 * When `found`, a plain `describe`. Otherwise the block is skipped with one line on stderr naming
 * it and the install command; with `tool.requireVariable` set, the block fails instead.
 */
export function describeWithTool(found: boolean, tool: RequiredTool, title: string, body: () => void): void {
  if (found) {
    describe(title, body);
    return;
  }
  const testPath = expect.getState().testPath;
  const where = testPath ? `${relative(process.cwd(), testPath)} › ${title}` : title;
  if (required(process.env[tool.requireVariable])) {
    describe(title, () => {
      it(`finds what it needs (${tool.requireVariable} is set)`, () => {
        throw new Error(`${tool.requireVariable} is set but ${tool.missing}: ${tool.install}`);
      });
    });
    return;
  }
  // Straight to stderr: jest's console capture would bury it in a stack-framed block, or drop it under --silent.
  process.stderr.write(`\nSKIPPED ${where}: ${tool.missing}. To run these tests: ${tool.install}; set ${tool.requireVariable}=1 to fail instead of skipping.\n`);
  describe.skip(title, body);
}
