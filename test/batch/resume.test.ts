/**
 * `--resume` after a SIGKILL: the command line runs as a child process (the compiled sources,
 * test/support/compiled-sources.ts), is killed once some pairs are written, its pairs.jsonl is given a cut last line as a kill in
 * the middle of a write would leave, and the resumed run must give the summary.json of one
 * uninterrupted run, with every pair on exactly one line.
 */
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runTool } from '../support/cli-run';
import { compiledOf } from '../support/compiled-sources';
import { manifestCsv, writePairs } from './corpus';

const ROOT = resolve(__dirname, '../..');
const PAIRS = 120;
// Three runs, one of them a child process: a safety net for a busy machine, not a bound.
const TIMEOUT_MS = 120_000;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'td-resume-'));
  writeFileSync(join(dir, 'manifest.csv'), manifestCsv(writePairs(dir, PAIRS, 80, 7)));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function lineCount(path: string): number {
  if (!existsSync(path)) return 0;
  return readFileSync(path, 'utf8').split('\n').length - 1;
}

/** Starts the batch in a child and SIGKILLs it once `lines` lines are in pairs.jsonl; resolves with the lines left. */
function killPartWay(out: string, lines: number): Promise<number> {
  const child = spawn(process.execPath, [compiledOf(join(ROOT, 'src', 'cli', 'main.ts')), 'batch', join(dir, 'manifest.csv'), '--out', out, '--jobs', '1', '--quiet', '--bootstrap', '200'], {
    cwd: ROOT,
    stdio: 'ignore',
  });
  const pairsPath = join(out, 'pairs.jsonl');
  return new Promise((done, fail) => {
    const poll = setInterval(() => {
      if (lineCount(pairsPath) >= lines) child.kill('SIGKILL');
    }, 5);
    child.on('exit', (code, signal) => {
      clearInterval(poll);
      if (signal !== 'SIGKILL') fail(new Error(`the run ended (status ${code}) before it could be killed`));
      else done(lineCount(pairsPath));
    });
  });
}

async function quietly(argv: string[]): Promise<number> {
  return (await runTool(...argv)).status;
}

it('resumes a run killed part-way into the summary of an uninterrupted run', async () => {
  const whole = join(dir, 'whole');
  expect(await quietly(['batch', join(dir, 'manifest.csv'), '--out', whole, '--jobs', '2', '--bootstrap', '200'])).toBe(0);

  const killed = join(dir, 'killed');
  const written = await killPartWay(killed, 5);
  expect(written).toBeGreaterThanOrEqual(5);
  expect(written).toBeLessThan(PAIRS);
  // A write cut short: half of a record, no newline.
  const first = readFileSync(join(killed, 'pairs.jsonl'), 'utf8').split('\n')[0]!;
  appendFileSync(join(killed, 'pairs.jsonl'), first.replace('"pair-000"', '"pair-119"').slice(0, first.length >> 1));

  expect(await quietly(['batch', join(dir, 'manifest.csv'), '--out', killed, '--jobs', '2', '--bootstrap', '200', '--resume'])).toBe(0);
  expect(readFileSync(join(killed, 'summary.json'), 'utf8')).toBe(readFileSync(join(whole, 'summary.json'), 'utf8'));
  expect(readFileSync(join(killed, 'summary.csv'), 'utf8')).toBe(readFileSync(join(whole, 'summary.csv'), 'utf8'));
  const ids = readFileSync(join(killed, 'pairs.jsonl'), 'utf8').trimEnd().split('\n').map((l) => (JSON.parse(l) as { id: string }).id);
  expect(ids).toHaveLength(PAIRS);
  expect(new Set(ids).size).toBe(PAIRS);
}, TIMEOUT_MS);

it('refuses to resume with other options', async () => {
  const out = join(dir, 'whole');
  expect(existsSync(join(out, 'pairs.jsonl'))).toBe(true);
  const refused = await runTool('batch', join(dir, 'manifest.csv'), '--out', out, '--resume', '--no-splits', '--quiet');
  expect(refused.status).toBe(2);
  expect(refused.stderr).toMatch(/^[^\n]*batch\.json: that run used other options/);
});
