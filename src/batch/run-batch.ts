/**
 * `transcript-diff batch`: every pair of a manifest scored on a pool of worker threads, each
 * pair's line appended to OUT/pairs.jsonl as it finishes, then the summary built by reading that
 * file back. Nothing of a pair's result is kept in memory beyond its line; the summary keeps a
 * few dozen numbers a pair.
 *
 * A line is appended with one write(2) of the whole line on a file opened O_APPEND, so a kill
 * leaves whole lines and at most one cut last line; `--resume` drops that line, keeps the pairs
 * already written and scores the rest.
 *
 * With `--html` each worker also writes its pair's page before handing back the line, and
 * OUT/index.html is written last, from pairs.jsonl and the summary. --html changes no record, so
 * it is not one of batch.json's settings: a run resumed with --html writes the pages its scored
 * pairs lack (scored by a run without it, or removed), diffing those pairs again for the page alone.
 */
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, extname, join, resolve } from 'node:path';
import { Piscina } from 'piscina';
import { CliError } from '../compare/cli-error';
import type { DiffConfig } from '../engine/index';
import { browserAsset } from '../package-files';
import { writeCorpusIndex } from './corpus-index';
import { corpusTable } from './corpus-table-rows';
import { readManifest, type Manifest, type ManifestPair } from './manifest';
import { collidingIds, INDEX_FILE, PAGES_DIR, pagePath } from './page-names';
import { pairsWithoutPage } from './pair-page';
import { isErrorRecord, recordLine, type ErrorRecord } from './pair-record';
import { completedIds, forEachRecord, PAIRS_FILE } from './pairs-file';
import type { PairOptions, PairOutcome, PairTask } from './pair-worker';
import { pairFigures, type PairFigures } from './pooled';
import { buildSummary, renderSummary, summaryCsv, summaryJson, type AnalysedPair, type Summary } from './summary';

export interface BatchOptions {
  manifest: string;
  out: string;
  /** Worker threads; default the available parallelism. */
  jobs?: number;
  resume: boolean;
  pair: PairOptions;
  seed: string;
  bootstrap: number;
  worst: number;
  failUnder?: number;
  quiet?: boolean;
  /** Write OUT/index.html and a page per scored pair under OUT/pairs. */
  html?: boolean;
}

export interface BatchIo {
  /** The printed summary and timings. */
  write(text: string): void;
  /** Progress and warnings. */
  progress(text: string): void;
  /** Redraw progress in place (a TTY); otherwise plain lines, a few seconds apart. */
  tty: boolean;
  width: number;
  /**
   * Calls `handler` when the user interrupts the run (Ctrl-C); returns the function that stops
   * listening. Without it, a run cannot be interrupted but by its process's death.
   */
  onInterrupt?: (handler: () => void) => () => void;
  /** The command line that resumes this run, for the message an interrupted run ends with. */
  resumeCommand?: string;
}

/** The exit status of a run interrupted by Ctrl-C, as shells report a process ended by SIGINT (128 + 2). */
export const INTERRUPTED_STATUS = 130;

export const SETTINGS_FILE = 'batch.json';

/** Plain progress lines this far apart, so a log is not flooded; a TTY bar redraws more often. */
const PLAIN_PROGRESS_MS = 5000;
const TTY_PROGRESS_MS = 100;

/** What determines the records: a resumed run must use the same, or its lines would mix two runs. */
function settingsText(manifest: Manifest, pair: PairOptions): string {
  return `${JSON.stringify({ manifest: basename(manifest.path), pair }, null, 2)}\n`;
}

/** What --html needs before any pair is scored, rather than failing on every page: distinct page names, the built scripts. */
function checkHtml(manifest: Manifest): void {
  const same = collidingIds(manifest.pairs.map((p) => p.id));
  if (same !== null) throw new CliError(`${manifest.path}: the ids "${same[0]}" and "${same[1]}" would share a page file under --html; rename one`);
  for (const asset of ['report.js', 'report.css', 'corpus.js', 'corpus.css']) {
    try {
      browserAsset(asset);
    } catch (error) {
      throw new CliError(`--html: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

function prepareOut(out: string, manifest: Manifest, options: BatchOptions): void {
  try {
    mkdirSync(out, { recursive: true });
  } catch (error) {
    throw new CliError(`${out}: cannot create the output folder (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  const pairsPath = join(out, PAIRS_FILE);
  const settingsPath = join(out, SETTINGS_FILE);
  const settings = settingsText(manifest, options.pair);
  const started = existsSync(pairsPath) && statSync(pairsPath).size > 0;
  if (!options.resume && started) {
    throw new CliError(`${pairsPath}: already holds pairs: pass --resume to go on with that run, or choose another --out`);
  }
  if (options.resume && started && existsSync(settingsPath) && readFileSync(settingsPath, 'utf8') !== settings) {
    throw new CliError(`${settingsPath}: that run used other options or another manifest; --resume must repeat them (or use another --out)`);
  }
  writeFileSync(settingsPath, settings);
  if (options.html) {
    try {
      mkdirSync(join(out, PAGES_DIR), { recursive: true });
    } catch (error) {
      throw new CliError(`${join(out, PAGES_DIR)}: cannot create the pages folder (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
    }
  }
}

function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, '0')} min`;
}

/** Done/total, pairs per second and time left, as a redrawn bar on a TTY or plain lines a few seconds apart. */
function progressReporter(io: BatchIo, total: number, alreadyDone: number) {
  const started = performance.now();
  // The first pair done is shown at once: a log then says the run is under way.
  let last = Number.NEGATIVE_INFINITY;
  let done = alreadyDone;
  const line = () => {
    const seconds = (performance.now() - started) / 1000;
    const rate = seconds > 0 ? (done - alreadyDone) / seconds : 0;
    const left = rate > 0 ? (total - done) / rate : Infinity;
    return { text: `${done}/${total} pairs, ${rate.toFixed(1)} pairs/s, ${done === total ? 'done' : `${formatDuration(left)} left`}`, fraction: total === 0 ? 1 : done / total };
  };
  const draw = (force: boolean) => {
    const now = performance.now();
    if (!force && now - last < (io.tty ? TTY_PROGRESS_MS : PLAIN_PROGRESS_MS)) return;
    last = now;
    const { text, fraction } = line();
    if (io.tty) {
      const barWidth = Math.max(10, Math.min(40, io.width - text.length - 4));
      const filled = Math.round(fraction * barWidth);
      io.progress(`\r[${'#'.repeat(filled)}${'-'.repeat(barWidth - filled)}] ${text}\u001b[K`);
    } else {
      io.progress(`transcript-diff batch: ${text}\n`);
    }
  };
  return {
    tick() {
      done++;
      draw(done === total);
    },
    finish() {
      if (io.tty) io.progress('\n');
      return (performance.now() - started) / 1000;
    },
  };
}

/** A pair to score, or (`only`) a pair already in pairs.jsonl whose page alone is to be written. */
interface Job {
  pair: ManifestPair;
  only: boolean;
}

/** The first page that could not be written, for the message that ends the run. */
type PageFailure = { id: string; message: string } | null;

/**
 * Scores the pairs not yet in pairs.jsonl, appending each line as it comes, and writes the pages
 * asked for. An interruption stops the pool at once: the pairs in flight write nothing (a resumed
 * run scores them), so pairs.jsonl holds only whole lines of finished pairs.
 */
async function scorePairs(manifest: Manifest, jobsToRun: readonly Job[], fd: number, options: BatchOptions, io: BatchIo, onLine: () => void): Promise<{ failure: PageFailure; interrupted: boolean }> {
  let failure: PageFailure = null;
  let interrupted = false;
  if (jobsToRun.length === 0) return { failure, interrupted };
  const jobs = options.jobs ?? Math.max(1, availableParallelism());
  const filename = join(__dirname, `pair-worker${extname(__filename)}`);
  const pool = new Piscina<PairTask, PairOutcome>({
    filename,
    minThreads: jobs,
    maxThreads: jobs,
    idleTimeout: Number.MAX_SAFE_INTEGER,
    // A second task waits in each thread's own queue, so that a thread never idles for the round
    // trip through the main thread between two pairs (docs/benchmark.md, Corpus scoring).
    concurrentTasksPerWorker: 2,
    // A worker file in TypeScript (tests, ts-node) needs the TypeScript loader in the thread.
    execArgv: filename.endsWith('.ts') ? ['--require', 'ts-node/register/transpile-only'] : [],
  });
  const dir = resolve(manifest.dir);
  // A few tasks a thread in flight keep every thread busy without queueing the whole manifest.
  const inFlight = jobs * 4;
  let next = 0;
  const append = (line: string) => {
    writeSync(fd, Buffer.from(line));
    onLine();
  };
  const pageFailed = (id: string, message: string) => {
    failure ??= { id, message };
  };
  const runOne = async (): Promise<void> => {
    while (next < jobsToRun.length && !interrupted) {
      const { pair, only } = jobsToRun[next++]!;
      const task: PairTask = { pair, dir, options: options.pair };
      if (options.html) task.page = { path: resolve(pagePath(options.out, pair.id)), only };
      let outcome: PairOutcome;
      try {
        outcome = await pool.run(task);
      } catch (error) {
        if (interrupted) return;
        const message = `the worker scoring this pair failed: ${error instanceof Error ? error.message : String(error)}`;
        if (only) {
          pageFailed(pair.id, message);
          continue;
        }
        // A worker that dies (out of memory, a crash) costs its pair, not the run.
        const record: ErrorRecord = { id: pair.id, tags: pair.tags, error: { kind: 'internal', message } };
        outcome = { line: recordLine(record), pageError: null };
      }
      if (outcome.pageError !== null) pageFailed(pair.id, outcome.pageError);
      if (outcome.line !== null) append(outcome.line);
    }
  };
  const stopListening = io.onInterrupt?.(() => {
    interrupted = true;
    void pool.destroy();
  });
  try {
    await Promise.all(Array.from({ length: Math.min(inFlight, jobsToRun.length) }, runOne));
  } finally {
    stopListening?.();
    if (!interrupted) await pool.destroy();
  }
  return { failure, interrupted };
}

/** Reads pairs.jsonl back into the small per-pair figures the summary needs: the first line of each manifest id. */
export async function readRun(pairsPath: string, manifest: Manifest): Promise<{ scored: PairFigures[]; errors: ErrorRecord[]; analysed: AnalysedPair[]; missing: string[] }> {
  const tagsOf = new Map(manifest.pairs.map((p) => [p.id, p.tags]));
  const seen = new Set<string>();
  const scored: PairFigures[] = [];
  const errors: ErrorRecord[] = [];
  const analysed: AnalysedPair[] = [];
  await forEachRecord(pairsPath, (record) => {
    if (seen.has(record.id)) return;
    const tags = tagsOf.get(record.id);
    if (tags === undefined) return;
    seen.add(record.id);
    // The manifest's tags count, so that a corrected tag column takes effect on resume.
    record.tags = tags;
    if (isErrorRecord(record)) {
      errors.push(record);
    } else {
      scored.push(pairFigures(record));
      if (record.analysis) analysed.push({ id: record.id, tags, analysis: record.analysis });
    }
  });
  const missing = manifest.pairs.filter((p) => !seen.has(p.id)).map((p) => p.id);
  return { scored, errors, analysed, missing };
}

function writeAtomically(path: string, text: string): void {
  const temporary = `${path}.partial`;
  writeFileSync(temporary, text);
  renameSync(temporary, path);
}

/**
 * The config the pairs run with, under the user's own: no inline character diffs, since a batch
 * keeps the pairs' counts and never their result entries (the counts do not depend on them; the
 * worker turns them on for a pair's --html page only); and the error analysis on, since the
 * summary's confusions and per-speaker figures come from it. This is the config batch.json and
 * summary.json record, the same with and without --html.
 */
export function pairConfig(config: Partial<DiffConfig>): Partial<DiffConfig> {
  return { enableInlineDiff: false, enableAnalysis: true, ...config };
}

/** Runs a batch; resolves with the exit status (0 all scored, 3 error rows, 1 below --fail-under). */
export async function runBatch(given: BatchOptions, io: BatchIo): Promise<number> {
  const options: BatchOptions = { ...given, pair: { ...given.pair, config: pairConfig(given.pair.config) } };
  const manifest = readManifest(options.manifest);
  if (options.html) checkHtml(manifest);
  prepareOut(options.out, manifest, options);
  const pairsPath = join(options.out, PAIRS_FILE);
  const done = options.resume ? await completedIds(pairsPath, new Set(manifest.pairs.map((p) => p.id))) : new Set<string>();
  const todo = manifest.pairs.filter((p) => !done.has(p.id));
  if (done.size > 0 && !options.quiet) io.progress(`transcript-diff batch: resuming: ${done.size} of ${manifest.pairs.length} pairs already scored\n`);
  const withoutPage = options.html && done.size > 0 ? await pairsWithoutPage(pairsPath, options.out, done) : new Set<string>();
  if (withoutPage.size > 0 && !options.quiet) io.progress(`transcript-diff batch: writing the pages of ${withoutPage.size} pairs scored without one\n`);
  if (!options.html && existsSync(join(options.out, INDEX_FILE))) {
    io.progress(`transcript-diff batch: ${join(options.out, INDEX_FILE)} is left as an earlier run with --html wrote it; pass --html to bring it up to date\n`);
  }
  const jobsToRun: Job[] = [...manifest.pairs.filter((p) => withoutPage.has(p.id)).map((pair) => ({ pair, only: true })), ...todo.map((pair) => ({ pair, only: false }))];

  const progress = progressReporter(io, manifest.pairs.length, done.size);
  const fd = openSync(pairsPath, 'a');
  let pageFailure: PageFailure;
  let interrupted: boolean;
  let scoredNow = 0;
  try {
    ({ failure: pageFailure, interrupted } = await scorePairs(manifest, jobsToRun, fd, options, io, () => {
      scoredNow++;
      if (!options.quiet) progress.tick();
    }));
  } finally {
    closeSync(fd);
  }
  const seconds = progress.finish();
  if (interrupted) {
    // Said even with --quiet: the run stopped short, and how to finish it is not obvious.
    const doneCount = Math.min(done.size + scoredNow, manifest.pairs.length);
    const resume = io.resumeCommand ?? `transcript-diff batch ${options.manifest} --out ${options.out} --resume`;
    io.progress(`\ntranscript-diff batch: interrupted: ${doneCount} of ${manifest.pairs.length} pairs done (in ${pairsPath}); no summary written. To go on with the rest: ${resume}\n`);
    return INTERRUPTED_STATUS;
  }
  const jobs = options.jobs ?? availableParallelism();

  const run = await readRun(pairsPath, manifest);
  if (run.missing.length > 0) throw new CliError(`${pairsPath}: no line for ${run.missing.length} pairs (first: ${run.missing[0]}) after the run`, 2);
  const summary: Summary = buildSummary(run.scored, run.errors, run.analysed, manifest.tagColumns, {
    manifest: basename(manifest.path),
    config: options.pair.config,
    seed: options.seed,
    bootstrap: options.bootstrap,
    worst: options.worst,
  });
  writeAtomically(join(options.out, 'summary.json'), summaryJson(summary));
  writeAtomically(join(options.out, 'summary.csv'), summaryCsv(summary));
  if (!options.quiet) {
    io.write(renderSummary(summary));
    io.write(`\n${todo.length} pairs run in ${seconds.toFixed(1)} s (${(todo.length / Math.max(seconds, 1e-9)).toFixed(1)} pairs/s on ${jobs} thread${jobs === 1 ? '' : 's'}); written to ${options.out}\n`);
  }
  if (options.html) {
    const { table, withoutPage: stillWithout } = corpusTable(manifest, run, options.out);
    const indexPath = join(options.out, INDEX_FILE);
    writeCorpusIndex(indexPath, { summary, table });
    if (!options.quiet) io.write(`report: ${indexPath}\n`);
    if (stillWithout.length > 0) {
      const why = pageFailure !== null ? `; first: ${pageFailure.id}: ${pageFailure.message}` : `; first: ${stillWithout[0]}`;
      throw new CliError(`${join(options.out, PAGES_DIR)}: ${stillWithout.length} scored pairs have no page${why}. ${INDEX_FILE} lists them without a link; --resume --html writes the missing pages`);
    }
  }

  if (summary.errors.count > 0) return 3;
  if (options.failUnder !== undefined) {
    const grade = summary.corpus.pooledComposite?.grade ?? null;
    if (grade === null || grade < options.failUnder) {
      // On stderr even with --quiet: an exit status of 1 must never go without its reason.
      io.progress(`transcript-diff batch: pooled grade ${grade === null ? 'none' : grade.toFixed(2)} is below --fail-under ${options.failUnder}\n`);
      return 1;
    }
  }
  return 0;
}
