/**
 * The engine's worker pool (decisions D9.2, D1.8, D9.7): piscina threads so that the main thread
 * keeps answering health probes while large diffs run, a bounded queue so overload is a 503
 * rather than unbounded memory, and cancellation when the client goes away.
 */
import { extname, join } from 'node:path';
import { Piscina } from 'piscina';
import type { DiffOutcome, DiffTask } from './diff-task';

/** What the HTTP layer needs from the engine. */
export interface DiffEngine {
  /** Judges and diffs a body; rejects with EngineBusyError when the queue is full. */
  run(body: Uint8Array, signal: AbortSignal): Promise<DiffOutcome>;
  /** Tasks waiting for a worker (running ones not counted). */
  readonly queued: number;
  /** True when `run` would be refused now. */
  readonly full: boolean;
  /** Lets running tasks finish, then stops the threads. */
  close(): Promise<void>;
  /** Stops the threads now; running tasks are rejected. */
  destroy(): Promise<void>;
}

/** The queue of waiting diffs is full (answered 503 with Retry-After). */
export class EngineBusyError extends Error {
  constructor() {
    super('engine queue is full');
    this.name = 'EngineBusyError';
  }
}

export interface EnginePoolOptions {
  workers: number;
  /** Diffs that may wait for a worker before new ones are refused. */
  maxQueue: number;
  /** Worker module; defaults to diff-worker next to this file (.ts under ts-node/ts-jest, .js when built). */
  filename?: string;
}

/** Starts the worker threads. */
export function createEnginePool(options: EnginePoolOptions): DiffEngine {
  const filename = options.filename ?? join(__dirname, `diff-worker${extname(__filename)}`);
  const pool = new Piscina<DiffTask, DiffOutcome>({
    filename,
    minThreads: options.workers,
    maxThreads: options.workers,
    // Threads hold the engine's warmed-up code: never let them idle out.
    idleTimeout: Number.MAX_SAFE_INTEGER,
    // A worker file in TypeScript (tests, `npm run dev`) needs the TypeScript loader in the thread.
    execArgv: filename.endsWith('.ts') ? ['--require', 'ts-node/register/transpile-only'] : [],
  });

  // The bound is kept here rather than by piscina's maxQueue: with one busy worker and maxQueue 1,
  // piscina accepted a second waiting task (measured). Diffs not yet settled, minus one per
  // worker, are the ones waiting; the main thread is single, so this count has no races.
  let unsettled = 0;
  const waiting = () => Math.max(0, unsettled - options.workers);
  const full = () => waiting() >= options.maxQueue && unsettled >= options.workers;

  return {
    async run(body, signal) {
      if (full()) throw new EngineBusyError();
      unsettled++;
      try {
        return await pool.run({ body }, { signal });
      } finally {
        unsettled--;
      }
    },
    get queued() {
      return waiting();
    },
    get full() {
      return full();
    },
    async close() {
      await pool.close();
    },
    async destroy() {
      await pool.destroy();
    },
  };
}
