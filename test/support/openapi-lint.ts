/** Redocly's recommended lint of an OpenAPI document, through redocly-lint.mjs in a child process. */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

export interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  /** JSON pointer into the document. */
  at?: string;
}

const SCRIPT = join(__dirname, 'redocly-lint.mjs');

/** Every error and warning `redocly lint` would report for `document`. */
export function lintOpenApi(document: unknown): Promise<LintProblem[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SCRIPT], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => {
      if (code !== 0) reject(new Error(`redocly-lint.mjs exited ${code}:\n${err}`));
      else resolve(JSON.parse(out) as LintProblem[]);
    });
    child.stdin.end(JSON.stringify(document));
  });
}
