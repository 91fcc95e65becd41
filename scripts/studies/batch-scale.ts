/**
 * Corpus scoring at scale: pairs per second of `transcript-diff batch` with --jobs 1 and --jobs 2
 * on the same corpus, beside a calibration measured in the same run (one CPU-bound loop in one
 * thread, then the same loop in two threads at once: the speed-up this machine gives two threads
 * at that moment). Three rounds of calibration, --jobs 1, --jobs 2 (the order of the two batch
 * runs alternating from round to round) so that drift in the machine's load falls on both sides;
 * medians of each. Peak RSS of each batch run (whole process, workers included)
 * from /usr/bin/time. Then the summary alone over a pairs.jsonl of 100,000 lines (the corpus's
 * lines repeated under new ids): the time and memory of the part that grows with the corpus.
 *
 *   npm run build && node dist/scripts/studies/batch-scale.js [DIR=/tmp/batch-scale] [PAIRS=2000]
 *
 * BATCH_NODE_FLAGS="--single-threaded-gc" passes Node flags to the batch runs: V8 collects garbage
 * on helper threads, so a run with one worker also borrows the second core for its collector, and
 * the flag shows the speed-up without that loan.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { writeCorpus } from './batch-corpus';

const ROOT = join(__dirname, '..', '..', '..');
const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');
const NODE_FLAGS = (process.env['BATCH_NODE_FLAGS'] ?? '').split(' ').filter((f) => f !== '');
const LOOP = `
  const { parentPort, workerData } = require('node:worker_threads');
  let h = 0x811c9dc5;
  for (let i = 0; i < workerData; i++) h = Math.imul(h ^ (i & 0xff), 0x01000193) ^ (h >>> 13);
  parentPort.postMessage(h);
`;

/**
 * The engine's own work as a second calibration: the same pairs of the corpus compared over and
 * over in each thread, nothing written, no pool. It shows what two threads of this workload (which
 * allocates, unlike LOOP) get from the machine, apart from anything the batch runner does.
 */
const ENGINE_LOOP = `
  const { parentPort, workerData } = require('node:worker_threads');
  const { compareFiles } = require(workerData.compareFiles);
  const started = Date.now();
  let n = 0;
  while (Date.now() - started < workerData.warmMs) for (const [o, r] of workerData.pairs) compareFiles(o, r, { config: { enableInlineDiff: false } });
  parentPort.postMessage('warm');
  parentPort.once('message', () => {
    for (let k = 0; k < workerData.rounds; k++) for (const [o, r] of workerData.pairs) { compareFiles(o, r, { config: { enableInlineDiff: false } }); n++; }
    parentPort.postMessage(n);
  });
`;

/** Seconds for `threads` threads to each run `source` (with `data`) at once, each warmed up first when it says 'warm'. */
async function threadsSeconds(source: string, data: unknown, threads: number): Promise<number> {
  const workers = Array.from({ length: threads }, () => new Worker(source, { eval: true, workerData: data }));
  const warm = source === ENGINE_LOOP;
  if (warm) await Promise.all(workers.map((w) => new Promise<void>((done) => w.once('message', () => done()))));
  const started = performance.now();
  await Promise.all(
    workers.map((worker) => new Promise<void>((done, fail) => {
      if (warm) worker.postMessage('go');
      worker.once('message', () => void worker.terminate().then(() => done()));
      worker.once('error', fail);
    })),
  );
  return (performance.now() - started) / 1000;
}

async function calibrate(): Promise<number> {
  const iterations = 600_000_000;
  const one = await threadsSeconds(LOOP, iterations, 1);
  const two = await threadsSeconds(LOOP, iterations, 2);
  return (2 * one) / two;
}

/** The engine calibration's speed-up: the first 40 pairs of the manifest, a few rounds a thread. */
async function calibrateEngine(manifest: string): Promise<number> {
  const dir = join(manifest, '..');
  const pairs = readFileSync(manifest, 'utf8').trimEnd().split('\n').slice(1, 41).map((line) => line.split(',').slice(1, 3).map((p) => join(dir, p)));
  const data = { compareFiles: join(ROOT, 'dist', 'src', 'compare', 'compare-files.js'), pairs, rounds: 5, warmMs: 1500 };
  const one = await threadsSeconds(ENGINE_LOOP, data, 1);
  const two = await threadsSeconds(ENGINE_LOOP, data, 2);
  return (2 * one) / two;
}

interface BatchRun {
  jobs: number;
  /** The whole command: start-up, scoring, summary. */
  seconds: number;
  /** Scoring alone, as the command reports it (the pool's start to the last line written). */
  scoringSeconds: number;
  pairsPerSecond: number;
  peakRssMb: number;
  /** CPU time of the whole command over its wall time: how many cores it kept busy. */
  cores: number;
}

function batch(manifest: string, out: string, jobs: number, pairs: number): BatchRun {
  rmSync(out, { recursive: true, force: true });
  const timeFile = `${out}.time`;
  const started = performance.now();
  const run = spawnSync('/usr/bin/time', ['-f', '%M %U %S', '-o', timeFile, process.execPath, ...NODE_FLAGS, CLI, 'batch', manifest, '--out', out, '--jobs', String(jobs)], { encoding: 'utf8', maxBuffer: 64 << 20 });
  const seconds = (performance.now() - started) / 1000;
  if (run.status !== 0 && run.status !== 3) throw new Error(`batch --jobs ${jobs} exited ${run.status}: ${run.stderr}`);
  const scored = /(\d+) pairs run in ([\d.]+) s/.exec(run.stdout);
  if (!scored || Number(scored[1]) !== pairs) throw new Error(`batch --jobs ${jobs} did not report ${pairs} pairs run`);
  const scoringSeconds = Number(scored[2]);
  const [peakKb, user, system] = readFileSync(timeFile, 'utf8').trim().split('\n').pop()!.split(' ').map(Number);
  return { jobs, seconds, scoringSeconds, pairsPerSecond: pairs / scoringSeconds, peakRssMb: peakKb! / 1024, cores: (user! + system!) / seconds };
}

/** The summary over `lines` pairs: the corpus's pairs.jsonl repeated under new ids, read and summarised by `batch --resume`. */
function summaryAtScale(dir: string, source: string, lines: number): { seconds: number; peakRssMb: number } {
  const big = join(dir, 'big');
  rmSync(big, { recursive: true, force: true });
  execFileSync('mkdir', ['-p', big]);
  const records = readFileSync(join(source, 'pairs.jsonl'), 'utf8').trimEnd().split('\n');
  const manifest: string[] = ['id,original,reworked,annotator,week,edits'];
  const parts: string[] = [];
  for (let i = 0; i < lines; i++) {
    const record = JSON.parse(records[i % records.length]!) as { id: string; tags: Record<string, string>; original?: { path: string }; reworked?: { path: string } };
    const id = `q${String(i).padStart(6, '0')}`;
    record.id = id;
    parts.push(JSON.stringify(record));
    manifest.push([id, 'never-read.json', 'never-read.json', record.tags['annotator'], record.tags['week'], record.tags['edits']].join(','));
  }
  writeFileSync(join(big, 'pairs.jsonl'), `${parts.join('\n')}\n`);
  writeFileSync(join(big, 'manifest.csv'), `${manifest.join('\n')}\n`);
  // --resume finds every pair done: what runs is reading pairs.jsonl back and the summary.
  writeFileSync(join(big, 'batch.json'), readFileSync(join(source, 'batch.json'), 'utf8'));
  const timeFile = join(dir, 'big.time');
  const started = performance.now();
  const run = spawnSync('/usr/bin/time', ['-f', '%M', '-o', timeFile, process.execPath, CLI, 'batch', join(big, 'manifest.csv'), '--out', big, '--resume', '--quiet'], { encoding: 'utf8' });
  const seconds = (performance.now() - started) / 1000;
  if (run.status !== 0 && run.status !== 3) throw new Error(`summary at scale exited ${run.status}: ${run.stderr}`);
  return { seconds, peakRssMb: Number(readFileSync(timeFile, 'utf8').trim().split('\n').pop()) / 1024 };
}

async function main(): Promise<void> {
  const dir = process.argv[2] ?? '/tmp/batch-scale';
  const pairs = Number(process.argv[3] ?? 2000);
  const corpus = join(dir, 'corpus');
  if (!existsSync(join(corpus, 'manifest.csv'))) writeCorpus(corpus, pairs, 1);
  const manifest = join(corpus, 'manifest.csv');
  const log = (text: string) => process.stdout.write(`${text}\n`);

  const calibrations: number[] = [];
  const runs: BatchRun[] = [];
  for (let round = 0; round < 3; round++) {
    calibrations.push(await calibrate());
    log(`calibration: two threads ${calibrations[round]!.toFixed(2)}x one`);
    for (const jobs of round % 2 === 0 ? [1, 2] : [2, 1]) {
      const run = batch(manifest, join(dir, `out-j${jobs}`), jobs, pairs);
      runs.push(run);
      log(`--jobs ${jobs}: scoring ${run.scoringSeconds.toFixed(1)} s (${run.pairsPerSecond.toFixed(1)} pairs/s), whole command ${run.seconds.toFixed(1)} s on ${run.cores.toFixed(2)} cores, peak RSS ${run.peakRssMb.toFixed(0)} MB`);
    }
  }

  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const rate = (jobs: number) => median(runs.filter((r) => r.jobs === jobs).map((r) => r.pairsPerSecond));
  // Each round's own ratio: its two batch runs against the calibration measured just before them.
  const shares = calibrations.map((calibration, round) => {
    const [a, b] = runs.slice(2 * round, 2 * round + 2);
    const one = a!.jobs === 1 ? a! : b!;
    const two = a!.jobs === 2 ? a! : b!;
    const speedUp = two.pairsPerSecond / one.pairsPerSecond;
    log(`round ${round + 1}: --jobs 2 speed-up ${speedUp.toFixed(2)}x against the calibration's ${calibration.toFixed(2)}x: ${((100 * speedUp) / calibration).toFixed(0)} %`);
    return speedUp / calibration;
  });
  log(`medians: --jobs 1 ${rate(1).toFixed(1)} pairs/s, --jobs 2 ${rate(2).toFixed(1)} pairs/s; share of the calibration's speed-up ${(100 * median(shares)).toFixed(0)} % (median of the rounds)`);
  log(`peak RSS: --jobs 1 ${median(runs.filter((r) => r.jobs === 1).map((r) => r.peakRssMb)).toFixed(0)} MB, --jobs 2 ${median(runs.filter((r) => r.jobs === 2).map((r) => r.peakRssMb)).toFixed(0)} MB`);
  log(`100,000 pairs at --jobs 2: about ${(100_000 / rate(2) / 60).toFixed(0)} min of scoring`);

  const engine = [await calibrateEngine(manifest), await calibrateEngine(manifest), await calibrateEngine(manifest)];
  log(`engine calibration (compareFiles in a loop, no runner): two threads ${engine.map((x) => `${x.toFixed(2)}x`).join(', ')} one; --jobs 2 reaches ${((100 * (rate(2) / rate(1))) / median(engine)).toFixed(0)} % of its median`);

  const scale = summaryAtScale(dir, join(dir, 'out-j2'), 100_000);
  log(`summary of 100,000 pairs (read back, bootstrap 1000 for the corpus and each group): ${scale.seconds.toFixed(1)} s, peak RSS ${scale.peakRssMb.toFixed(0)} MB`);
}

void main();
