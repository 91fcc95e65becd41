/**
 * The engine's worker pool (decisions D9.2, D1.8, D9.3, D9.7): piscina threads so that the main
 * thread keeps answering health probes while large diffs run, a bounded queue so overload is a 503
 * rather than unbounded memory, a time budget and a heap limit per task so one pathological diff
 * fails alone, cancellation when the client goes away, and a drain for shutdown.
 *
 * The queue of waiting diffs is kept here, not in piscina: a task is handed to piscina only when a
 * worker is free, so "running" and "waiting" are known exactly. That is what lets the time budget
 * start when the diff starts (not while it waits), and lets a drain refuse the waiting ones while
 * the running ones finish. (Piscina's own maxQueue also let a second task wait with maxQueue 1.)
 */
import { extname, join } from 'node:path';
import { Piscina } from 'piscina';
import { HALF_MIN_ROWS, finishDiff } from '../engine/index';
import { CLAIMS, CONTROL_BYTES, type DiffOutcome, type DiffTask, type HalfOutcome, type HalfTask, type WholeAnswer } from './diff-task';

/**
 * A diff's answer for the HTTP layer: the worker's (the JSON of `data` in its own buffer or at the
 * start of the body's shared buffer), or, for a diff done in two halves, the JSON of `data` as
 * consecutive chunks; or why the body was refused.
 *
 * `lingering`: one half of a split diff did it all while the other had not started (diff-worker.ts
 * `takeWhole`), and that other one may still read the slot's control words until this settles.
 * The body's slot must not be reused before it resolves, nor ever if it rejects (that half's
 * thread was stopped).
 */
export type EngineOutcome =
  | (WholeAnswer & { lingering?: Promise<void> })
  | Extract<DiffOutcome, { ok: false }>
  | { ok: true; chunks: Uint8Array[] };

/** What the HTTP layer needs from the engine. */
export interface DiffEngine {
  /**
   * Judges and diffs a body. Rejects with EngineBusyError when the queue is full or the engine is
   * draining, EngineTimeoutError past the time budget, an AbortError once `signal` aborts, and the
   * worker's error when the task throws or its worker dies.
   */
  run(body: Uint8Array, signal: AbortSignal): Promise<EngineOutcome>;
  /** Tasks waiting for a worker (running ones not counted). */
  readonly queued: number;
  /** Tasks on a worker now. */
  readonly running: number;
  /** True when `run` would be refused now. */
  readonly full: boolean;
  /** True once `drain` was called. */
  readonly draining: boolean;
  /** Refuses new tasks and the waiting ones (EngineBusyError); running ones go on. */
  drain(): void;
  /** Drains, lets running tasks finish, then stops the threads. */
  close(): Promise<void>;
  /** Stops the threads now; running tasks are rejected. */
  destroy(): Promise<void>;
}

/** The queue of waiting diffs is full, or the service is shutting down (answered 503 with Retry-After). */
export class EngineBusyError extends Error {
  /** `draining`: refused because the service is shutting down, not because the queue is full. */
  constructor(readonly draining = false) {
    super(draining ? 'the service is shutting down' : 'engine queue is full');
    this.name = 'EngineBusyError';
  }
}

/** A diff ran past its time budget; its worker was stopped and replaced (answered 500). */
export class EngineTimeoutError extends Error {
  constructor(readonly budgetMs: number) {
    super(`diff exceeded its time budget of ${budgetMs} ms; its worker was replaced`);
    this.name = 'EngineTimeoutError';
  }
}

export interface EnginePoolOptions {
  workers: number;
  /** Diffs that may wait for a worker before new ones are refused. */
  maxQueue: number;
  /** Wall-clock budget of one diff once it runs, in ms; past it the worker is stopped. */
  taskTimeoutMs?: number;
  /** V8 old-generation heap limit of each worker, in MiB; past it that worker dies alone. */
  workerHeapMb?: number;
  /**
   * Called with a worker's error that belongs to no task: a worker that dies after its task was
   * already settled (say, out of memory just as its time budget ran out). Without it the error
   * would be thrown on the main thread.
   */
  onWorkerError?: (error: Error) => void;
  /** Worker module; defaults to diff-worker next to this file (.ts under ts-node/ts-jest, .js when built). */
  filename?: string;
  /**
   * Bodies from this size, in a shared slot, are diffed in two halves on two workers when every
   * worker is idle and nothing waits (default SPLIT_MIN_BYTES, or FEW_ROWS_SPLIT_MIN_BYTES when
   * smaller and the body seems to hold few rows; Infinity never splits).
   */
  splitMinBytes?: number;
}

/** Default time budget: the slowest benchmark body took 6.1 s at p90 (adversarial shuffle, 30k rows); 5× that. */
export const DEFAULT_TASK_TIMEOUT_MS = 30_000;

/**
 * From these sizes a lone diff is done in two halves on two workers (engine/index.ts diffHalf).
 * A body of many rows is cut by rows: both workers parse it and run the whole-document passes,
 * so the halving pays only once those are a small part. Whole requests against the real server,
 * alternating a server that splits from 64 or 128 KiB with one that does not (scratch runs,
 * medians of 90–180): realistic-30k at 600 rows (82 KiB) 1.08× the one-worker time, at 1,000 rows
 * (135 KiB) 0.83–0.96×, typical-500 (204 KiB) 0.85–0.92× (once 1.12×), realistic-15k at 600 rows
 * (169 KiB) 0.90–1.04×, at 1,000 (284 KiB) 0.80–0.87×, realistic-30k 0.75–0.85× of the pool's time.
 * A body of a few long rows is cut in its counting, which is most of its cost: adv-huge-row
 * 0.73×, adv-no-spaces (195 KiB) 0.82×. Which kind a body is, the event loop guesses from the
 * objects and arrays opened in 16 samples of 2 KiB spread over it (~30 µs); the engine then
 * cuts by the real row count, so a wrong guess costs time only.
 */
export const SPLIT_MIN_BYTES = 128 * 1024;
export const FEW_ROWS_SPLIT_MIN_BYTES = 64 * 1024;
const SAMPLES = 16;
const SAMPLE_BYTES = 2048;

/** True when the body seems to hold fewer rows than the engine cuts by rows (HALF_MIN_ROWS). */
function fewRows(body: Uint8Array): boolean {
  const step = Math.floor(body.byteLength / SAMPLES);
  let opened = 0;
  let sampled = 0;
  for (let s = 0; s < SAMPLES; s++) {
    const from = s * step;
    const to = Math.min(from + SAMPLE_BYTES, body.byteLength);
    for (let k = from; k < to; k++) {
      const c = body[k];
      if (c === 0x7b || c === 0x5b) opened++;
    }
    sampled += to - from;
  }
  return opened * (body.byteLength / sampled) < HALF_MIN_ROWS;
}

/** Room a half's answer region must have for the split to be worth it (else one worker). */
const MIN_HALF_ROOM = 1024 * 1024;

interface Waiting {
  body: Uint8Array;
  signal: AbortSignal;
  resolve: (outcome: EngineOutcome) => void;
  reject: (error: unknown) => void;
  onAbort: () => void;
}

const abortError = (signal: AbortSignal): Error =>
  signal.reason instanceof Error ? signal.reason : new DOMException('The operation was aborted', 'AbortError');

const WORKER_YOUNG_GENERATION_MB = 96;

/** Bodies from this size are handed to the worker, not copied (below it a Buffer may share Node's pool). */
export const TRANSFER_MIN_BYTES = 64 * 1024;

/**
 * A large body's own ArrayBuffer, moved to the worker instead of cloned: copying 5 MB on the main
 * thread was one of its longest blocking steps under load (bench --cpu-prof). The route reads
 * the bytes only before handing them over.
 */
function transferable(body: Uint8Array): ArrayBuffer[] | undefined {
  return body.byteLength >= TRANSFER_MIN_BYTES && body.buffer instanceof ArrayBuffer ? [body.buffer] : undefined;
}

/** The whole diff's answer, from a worker that did all of it. */
function isWhole(outcome: DiffOutcome): outcome is WholeAnswer {
  return outcome.ok && ('data' in outcome || 'inBody' in outcome);
}

const RESULTS_OPEN = Buffer.from('{"results":[');
const COMMA = Buffer.from(',');

/**
 * The JSON of `data` from its two halves, byte for byte what one worker gives: `results` is half
 * 0's entries then half 1's, and the rest is scored from the sum of their tallies.
 */
function joinHalves(shared: SharedArrayBuffer, first: HalfOutcome, second: HalfOutcome): EngineOutcome {
  const bytes = (half: HalfOutcome) =>
    half.results instanceof Uint8Array ? half.results : new Uint8Array(shared, half.results.at, half.results.length);
  const [a, b] = [bytes(first), bytes(second)];
  const rest = JSON.stringify(finishDiff(first.facts, [first.tally, second.tally]));
  const chunks = [RESULTS_OPEN, a];
  if (a.byteLength > 0 && b.byteLength > 0) chunks.push(COMMA);
  chunks.push(b, Buffer.from(`],${rest.slice(1)}`));
  return { ok: true, chunks };
}

/** Starts the worker threads. */
export function createEnginePool(options: EnginePoolOptions): DiffEngine {
  const filename = options.filename ?? join(__dirname, `diff-worker${extname(__filename)}`);
  const budgetMs = options.taskTimeoutMs ?? DEFAULT_TASK_TIMEOUT_MS;
  const pool = new Piscina<DiffTask, DiffOutcome>({
    filename,
    minThreads: options.workers,
    maxThreads: options.workers,
    // Threads hold the engine's warmed-up code: never let them idle out.
    idleTimeout: Number.MAX_SAFE_INTEGER,
    // A worker file in TypeScript (tests, `npm run dev`) needs the TypeScript loader in the thread.
    execArgv: filename.endsWith('.ts') ? ['--require', 'ts-node/register/transpile-only'] : [],
    resourceLimits: {
      // A 30,000-row diff keeps every row and entry alive until it is serialised: a larger young
      // generation copies them fewer times (runDiff ~10-15 % faster on realistic-30k, measured
      // with --max-semi-space-size=32 in scripts/bench/profile.ts).
      maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB,
      ...(options.workerHeapMb ? { maxOldGenerationSizeMb: options.workerHeapMb } : {}),
    },
  });

  pool.on('error', (error: Error) => options.onWorkerError?.(error));

  // The main thread is single: these counts have no races.
  let running = 0;
  const waiting: Waiting[] = [];
  let draining = false;
  let idle: (() => void) | null = null;

  const full = () => draining || (running >= options.workers && waiting.length >= options.maxQueue);

  const splitMinBytes = options.splitMinBytes ?? SPLIT_MIN_BYTES;
  const fewRowsSplitMinBytes = Math.min(splitMinBytes, FEW_ROWS_SPLIT_MIN_BYTES);

  const start = (body: Uint8Array, signal: AbortSignal, half?: HalfTask): Promise<DiffOutcome> => {
    running++;
    const budget = AbortSignal.timeout(budgetMs);
    const task: DiffTask = half ? { body, half } : { body };
    // Either signal stops the task; piscina ends a running one by terminating its thread and
    // starting a fresh one (minThreads), which is also how a dead or out-of-memory worker is replaced.
    return pool.run(task, { signal: AbortSignal.any([signal, budget]), transferList: transferable(body) }).then(
      (outcome) => outcome,
      (error: unknown) => {
        if (budget.aborted && !signal.aborted) throw new EngineTimeoutError(budgetMs);
        throw signal.aborted ? abortError(signal) : error;
      },
    ).finally(() => {
      running--;
      pump();
    });
  };

  /** The halves' layout in the body's slot, when this diff is to be split now; else null. */
  const splitLayout = (body: Uint8Array): Omit<HalfTask, 'index'> | null => {
    if (options.workers < 2 || running > 0 || waiting.length > 0) return null;
    if (body.byteLength < fewRowsSplitMinBytes || !(body.buffer instanceof SharedArrayBuffer)) return null;
    if (body.byteLength < splitMinBytes && !fewRows(body)) return null;
    const control = body.buffer.byteLength - CONTROL_BYTES;
    const at = (body.byteOffset + body.byteLength + 7) & ~7;
    const room = Math.floor((control - at) / 16) * 8;
    return room >= MIN_HALF_ROOM ? { at, room, control } : null;
  };

  /** Runs a diff on one worker, or in two halves on two (see SPLIT_MIN_BYTES). */
  const launch = (body: Uint8Array, signal: AbortSignal): Promise<EngineOutcome> => {
    const layout = splitLayout(body);
    return layout ? runHalves(body, signal, layout) : (start(body, signal) as Promise<EngineOutcome>);
  };

  /**
   * Both halves at once. Settles once both have: a half that fails or refuses the body makes the
   * other one give up waiting for its budget, and the first failure is the diff's. Except that a
   * half that did the whole diff (the other had not started) answers at once, with the other
   * half `lingering`.
   */
  const runHalves = (body: Uint8Array, signal: AbortSignal, layout: Omit<HalfTask, 'index'>): Promise<EngineOutcome> => {
    const shared = body.buffer as SharedArrayBuffer;
    const state = new Int32Array(shared, layout.control, 1);
    Atomics.store(state, 0, 0);
    Atomics.store(new Int32Array(shared, layout.control + CLAIMS, 1), 0, 0);
    const giveUp = () => {
      if (Atomics.compareExchange(state, 0, 0, 2) === 0) Atomics.notify(state, 0);
    };
    const halves = [
      start(body, signal, { index: 0, ...layout }),
      start(body, signal, { index: 1, at: layout.at + layout.room, room: layout.room, control: layout.control }),
    ] as const;
    halves[0].then((outcome) => outcome.ok || giveUp(), giveUp);
    return new Promise<EngineOutcome>((resolve, reject) => {
      let failed = false;
      halves.forEach((half, k) =>
        half.then(
          (outcome) => {
            // Unless the other half has already failed: then that failure is the diff's, as below.
            if (isWhole(outcome) && !failed) resolve({ ...outcome, lingering: halves[1 - k]!.then(() => undefined) });
          },
          () => {
            failed = true; // reported below, once both have settled
          },
        ),
      );
      void Promise.allSettled(halves).then(([a, b]) => {
        // A stopped half fails the diff even when the other refused the body: the caller must then
        // never reuse the slot, which a stopped thread might still be reading.
        if (a.status === 'rejected') return reject(a.reason);
        if (b.status === 'rejected') return reject(b.reason);
        if (!a.value.ok) return resolve(a.value);
        if (!b.value.ok) return resolve(b.value);
        if ('results' in a.value && 'results' in b.value) return resolve(joinHalves(shared, a.value, b.value));
        // Otherwise one half did the whole diff and the promise has resolved with it already.
      });
    });
  };

  const pump = () => {
    while (running < options.workers && waiting.length > 0) {
      const next = waiting.shift() as Waiting;
      next.signal.removeEventListener('abort', next.onAbort);
      launch(next.body, next.signal).then(next.resolve, next.reject);
    }
    if (running === 0 && waiting.length === 0 && idle) idle();
  };

  const drain = () => {
    draining = true;
    for (const task of waiting.splice(0)) {
      task.signal.removeEventListener('abort', task.onAbort);
      task.reject(new EngineBusyError(true));
    }
  };

  return {
    run(body, signal) {
      if (signal.aborted) return Promise.reject(abortError(signal));
      if (draining) return Promise.reject(new EngineBusyError(true));
      if (running < options.workers) return launch(body, signal);
      if (waiting.length >= options.maxQueue) return Promise.reject(new EngineBusyError());
      return new Promise<EngineOutcome>((resolve, reject) => {
        const task: Waiting = {
          body,
          signal,
          resolve,
          reject,
          onAbort: () => {
            const at = waiting.indexOf(task);
            if (at >= 0) waiting.splice(at, 1);
            reject(abortError(signal));
          },
        };
        signal.addEventListener('abort', task.onAbort, { once: true });
        waiting.push(task);
      });
    },
    get queued() {
      return waiting.length;
    },
    get running() {
      return running;
    },
    get full() {
      return full();
    },
    get draining() {
      return draining;
    },
    drain,
    async close() {
      drain();
      if (running > 0) await new Promise<void>((resolve) => (idle = resolve));
      await pool.close();
    },
    async destroy() {
      drain();
      await pool.destroy();
    },
  };
}
