/**
 * Why the server runs with --single-threaded-gc (docs/operations.md, Sizing): how long a thread
 * that wakes every 10 ms, as the event loop does for a health probe, waits for a CPU while one
 * low-priority process per core allocates and drops memory the way the engine does: with V8's
 * parallel garbage collection, with --single-threaded-gc, and with the cores spinning without
 * allocating.
 *
 * The wait is the thread's run_delay from /proc/thread-self/schedstat: the time it spent runnable
 * but not running, so timer slack and the event loop's own work do not count. Linux only.
 *
 * Usage: npm run bench:wakeups [-- --rounds=N --wakeups=N]. Rounds alternate the three loads, so
 * each sees the machine of the same minutes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { quantile } from '../bench/stats';
import { table } from '../bench/report';

/** What the engine's allocation looks like to the collector: many small objects, kept a while. */
const CHURN = `let keep = []; for (;;) { for (let i = 0; i < 20000; i++) keep.push({ a: i, b: 'x' + i, c: [i, i + 1] }); if (keep.length > 300000) keep = []; }`;
const SPIN = 'let x = 0; for (;;) x++;';

const LOADS: Array<{ name: string; flags: string[]; code: string }> = [
  { name: 'allocating, parallel GC (V8 default)', flags: [], code: CHURN },
  { name: 'allocating, --single-threaded-gc', flags: ['--single-threaded-gc'], code: CHURN },
  { name: 'spinning, no allocation', flags: [], code: SPIN },
];

function runDelayNs(): number {
  // "<on-CPU ns> <runnable-but-waiting ns> <timeslices>"
  return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[1]);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** run_delay added by each of `count` wake-ups 10 ms apart, in ms. */
async function wakeups(count: number): Promise<number[]> {
  const waits: number[] = [];
  for (let i = 0; i < count; i++) {
    const before = runDelayNs();
    await sleep(10);
    waits.push((runDelayNs() - before) / 1e6);
  }
  return waits;
}

async function main(): Promise<void> {
  const value = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const rounds = Number(value('rounds') ?? 3);
  const count = Number(value('wakeups') ?? 300);
  try {
    runDelayNs();
  } catch {
    throw new Error('needs /proc/thread-self/schedstat (Linux with schedstats)');
  }
  const waits = new Map<string, number[]>(LOADS.map((l) => [l.name, []]));
  const idle: number[] = [];
  for (let round = 0; round < rounds; round++) {
    idle.push(...(await wakeups(count)));
    for (const load of LOADS) {
      // nice 19, as the engine threads run; one process per core keeps every core busy.
      const children: ChildProcess[] = Array.from({ length: availableParallelism() }, () =>
        spawn('nice', ['-n', '19', process.execPath, ...load.flags, '-e', load.code], { stdio: 'ignore' }),
      );
      await sleep(300);
      waits.get(load.name)!.push(...(await wakeups(count)));
      for (const child of children) child.kill('SIGKILL');
      await Promise.all(children.map((child) => new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once('exit', resolve)))));
      await sleep(300);
    }
    process.stderr.write(`round ${round + 1} of ${rounds}\n`);
  }
  const row = (name: string, w: number[]) => [name, w.length, quantile(w, 0.5).toFixed(2), quantile(w, 0.99).toFixed(2), Math.max(...w).toFixed(2)];
  process.stdout.write(
    `Wait for a CPU per wake-up (run_delay, ms), a thread waking every 10 ms, ${availableParallelism()} cores each running one nice-19 process:\n\n` +
      table(['load on every core', 'wake-ups', 'p50', 'p99', 'max'], [row('none (idle)', idle), ...LOADS.map((l) => row(l.name, waits.get(l.name)!))], ['l', 'r', 'r', 'r', 'r']) +
      '\n',
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
