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
import type { DiffOutcome, DiffTask } from './engine-task';

/**
 * A diff's answer for the HTTP layer: the worker's (the JSON of `data` in its own buffer or at the
 * start of the body's shared buffer), or why the body was refused.
 */
export type EngineOutcome = DiffOutcome;

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
  /** Worker module; defaults to engine-worker next to this file (.ts under ts-node/ts-jest, .js when built). */
  filename?: string;
}

/** Default time budget: the slowest benchmark body took 6.1 s at p90 (adversarial shuffle, 30k rows); 5× that. */
export const DEFAULT_TASK_TIMEOUT_MS = 30_000;

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

/** Starts the worker threads. */
export function createEnginePool(options: EnginePoolOptions): DiffEngine {
  const filename = options.filename ?? join(__dirname, `engine-worker${extname(__filename)}`);
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

  const start = (body: Uint8Array, signal: AbortSignal): Promise<EngineOutcome> => {
    running++;
    const budget = AbortSignal.timeout(budgetMs);
    const task: DiffTask = { body };
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

  const pump = () => {
    while (running < options.workers && waiting.length > 0) {
      const next = waiting.shift() as Waiting;
      next.signal.removeEventListener('abort', next.onAbort);
      start(next.body, next.signal).then(next.resolve, next.reject);
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
      if (running < options.workers) return start(body, signal);
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
