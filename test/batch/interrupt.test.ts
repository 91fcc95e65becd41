/**
 * Ctrl-C during `transcript-diff batch`: a real SIGINT to a real child process, sent when the
 * child reports its first pair done (an event, never a sleep). The run stops, says how many pairs
 * are done and the command that resumes it, exits 130, and leaves only whole lines that
 * `--resume` goes on from.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runTool as run } from '../support/cli-run';
import { manifestCsv, records, writePairs } from './corpus';

jest.setTimeout(180_000);

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'td-interrupt-'));
  // Enough pairs that the run is still going when the signal arrives after the first one.
  writeFileSync(join(dir, 'manifest.csv'), manifestCsv(writePairs(dir, 1000, 20)));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Exit {
  code: number | null;
  stderr: string;
}

/** Runs the CLI from its TypeScript sources in a child; sends SIGINT once stderr shows the first progress line. */
function interruptedBatch(args: string[]): Promise<Exit> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', resolve('src/cli/main.ts'), ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    let sent = false;
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr += chunk;
      if (!sent && /\d+\/\d+ pairs/.test(stderr)) {
        sent = true;
        child.kill('SIGINT');
      }
    });
    child.on('error', fail);
    child.on('exit', (code) => done({ code, stderr }));
  });
}

describe('batch interrupted by Ctrl-C', () => {
  it('says how many pairs are done and how to resume, exits 130, and --resume finishes the run', async () => {
    const manifest = join(dir, 'manifest.csv');
    const out = join(dir, 'out');
    const interrupted = await interruptedBatch(['batch', manifest, '--out', out, '--jobs', '1', '--bootstrap', '0']);
    expect(interrupted.code).toBe(130);
    const said = /interrupted: (\d+) of 1000 pairs done \(in (.*)\); no summary written\. To go on with the rest: (.*)$/m.exec(interrupted.stderr);
    expect(said).not.toBeNull();
    const [, count, pairsFile, resume] = said as RegExpExecArray;
    expect(pairsFile).toBe(join(out, 'pairs.jsonl'));
    expect(resume).toBe(`transcript-diff batch ${manifest} --out ${out} --jobs 1 --bootstrap 0 --resume`);
    // Only whole lines, one per pair said to be done, and fewer than all.
    const lines = readFileSync(join(out, 'pairs.jsonl'), 'utf8');
    expect(lines.endsWith('\n')).toBe(true);
    expect(records(out)).toHaveLength(Number(count));
    expect(Number(count)).toBeLessThan(1000);

    const resumed = await run('batch', manifest, '--out', out, '--jobs', '1', '--bootstrap', '0', '--resume', '--quiet');
    expect(resumed.status).toBe(0);
    expect(new Set(records(out).map((record) => record.id)).size).toBe(1000);
  });
});
