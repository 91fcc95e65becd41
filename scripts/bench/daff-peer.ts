/**
 * Runs the peer (daff-child.js) on a body in a separate process under a time limit.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ChildOptions, childArgs } from './daff-child';

export interface PeerResult {
  /** Times of the completed warm-up runs, ms (not counted). */
  warmupMs: number[];
  /** Times of the completed runs after the warm-ups, ms. */
  ms: number[];
  timedOut: boolean;
  error?: string;
}

/** The times of the child's last complete report (a line cut short by a kill is skipped). */
export function lastTimes(out: string): { warm: number[]; ms: number[] } {
  const lines = out.split('\n').filter((l) => l.trim() !== '');
  for (let k = lines.length - 1; k >= 0; k--) {
    try {
      const report = JSON.parse(lines[k] as string) as { warm?: number[]; ms?: number[] };
      return { warm: report.warm ?? [], ms: report.ms ?? [] };
    } catch {
      // cut short: try the report before it
    }
  }
  return { warm: [], ms: [] };
}

/**
 * Runs daff on `json`: at least `warmups` untimed runs and until `leastWarmupMs` have passed in
 * them (our own server is timed warm; daff's JIT settles only after a dozen runs of a small
 * body), then at least `runs` timed ones and until `leastRunMs` have passed in those; stops it
 * after `timeoutMs` and keeps the runs that finished.
 */
export async function runDaff(json: string, options: ChildOptions & { timeoutMs: number; tmpDir: string }): Promise<PeerResult> {
  mkdirSync(options.tmpDir, { recursive: true });
  const file = join(options.tmpDir, `daff-body-${process.pid}.json`);
  writeFileSync(file, json);
  try {
    return await new Promise<PeerResult>((resolve) => {
      const child = spawn(process.execPath, [join(__dirname, 'daff-child.js'), file, ...childArgs(options)], { stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      let err = '';
      let timedOut = false;
      child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
      child.stderr.on('data', (c: Buffer) => (err = (err + c.toString('utf8')).slice(-2000)));
      const timer = setTimeout(() => {
        timedOut = true;
        child.kill('SIGKILL');
      }, options.timeoutMs);
      // 'close', not 'exit': only then has all of its output been read.
      child.on('close', (code) => {
        clearTimeout(timer);
        const times = lastTimes(out);
        const result: PeerResult = { warmupMs: times.warm, ms: times.ms, timedOut };
        if (code !== 0 && !timedOut) result.error = err.trim().split('\n').slice(-3).join(' ') || `exit ${code}`;
        resolve(result);
      });
    });
  } finally {
    rmSync(file, { force: true });
  }
}
