/**
 * The engine's worker pool (decisions D9.2, D1.8, D9.3, D9.7): piscina threads so that the main
 * thread keeps answering health probes while large diffs run, a bounded queue so overload is a 503
 * rather than unbounded memory, a time budget and a heap limit per task so one pathological body
 * fails alone, cancellation when the client goes away, and a drain for shutdown.
 *
 * It owns the body slots (body-slots.ts): a request takes one to gather its body into, and the
 * pool holds it for as long as a worker may read the body there or write the answer over it.
 *
 * The queue of waiting tasks is kept here, not in piscina: a task is handed to piscina only when a
 * worker is free, so "running" and "waiting" are known exactly. That is what lets the time budget
 * start when the task starts (not while it waits), and lets a drain refuse the waiting ones while
 * the running ones finish. (Piscina's own maxQueue also let a second task wait with maxQueue 1.)
 */
import { extname, join } from 'node:path';
import { Piscina } from 'piscina';
import type { BodyRefusal } from '../request/refusal';
import { type BodySlot, type SlotBody, type SlotPool, createSlotPool } from './body-slots';
import type { EngineTask, WorkerAnswer } from './engine-task';
import type { OperationName } from './operations';

/** A task's answer: the UTF-8 JSON of its `data` (in the body's slot or a buffer of its own), or why the body was refused. */
export type EngineAnswer = { ok: true; json: Uint8Array } | ({ ok: false } & BodyRefusal);

/** What the HTTP layer needs from the engine. */
export interface DiffEngine {
  /** The slots request bodies are gathered into: a request takes one, and drops it once its response has closed. */
  readonly slots: SlotPool;
  /**
   * Runs `op` on a body gathered into one of `slots`. Resolves with the answer, whose bytes may
   * lie in the body's slot: they stay valid while the caller holds the slot. Rejects with
   * EngineBusyError when the queue is full or the engine is draining, EngineTimeoutError past the
   * time budget, an AbortError once `signal` aborts, and the worker's error when the task throws
   * or its worker dies.
   */
  run(op: OperationName, body: SlotBody, signal: AbortSignal): Promise<EngineAnswer>;
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

/** The queue of waiting tasks is full, or the service is shutting down (answered 503 with Retry-After). */
export class EngineBusyError extends Error {
  /** `draining`: refused because the service is shutting down, not because the queue is full. */
  constructor(readonly draining = false) {
    super(draining ? 'the service is shutting down' : 'engine queue is full');
    this.name = 'EngineBusyError';
  }
}

/** A task ran past its time budget; its worker was stopped and replaced (answered 500). */
export class EngineTimeoutError extends Error {
  constructor(readonly budgetMs: number) {
    super(`diff exceeded its time budget of ${budgetMs} ms; its worker was replaced`);
    this.name = 'EngineTimeoutError';
  }
}

export interface EnginePoolOptions {
  workers: number;
  /** Tasks that may wait for a worker before new ones are refused. */
  maxQueue: number;
  /** Wall-clock budget of one task once it runs, in ms; past it the worker is stopped. */
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
  /** Bytes each body slot holds (default SLOT_BYTES). */
  slotBytes?: number;
}

/**
 * Default time budget: several times the slowest benchmark body on two busy cores
 * (docs/benchmark.md), and still under a load balancer's usual 60 s.
 */
export const DEFAULT_TASK_TIMEOUT_MS = 30_000;

/**
 * A large diff keeps every row and entry alive until it is serialised: a larger young generation
 * copies them fewer times (scripts/studies/profile.ts with --max-semi-space-size; docs/benchmark.md).
 */
const WORKER_YOUNG_GENERATION_MB = 96;

interface Waiting {
  op: OperationName;
  body: SlotBody;
  signal: AbortSignal;
  resolve: (answer: EngineAnswer) => void;
  reject: (error: unknown) => void;
  onAbort: () => void;
}

const abortError = (signal: AbortSignal): Error =>
  signal.reason instanceof Error ? signal.reason : new DOMException('The operation was aborted', 'AbortError');

/** The worker's answer as the caller reads it: bytes it wrote in the slot become a view of the slot. */
function readAnswer(answer: WorkerAnswer, slot: BodySlot): EngineAnswer {
  if (!answer.ok) return answer;
  return { ok: true, json: 'inBody' in answer ? slot.bytes.subarray(0, answer.inBody) : answer.data };
}

/** Starts the worker threads. */
export function createEnginePool(options: EnginePoolOptions): DiffEngine {
  const filename = options.filename ?? join(__dirname, `engine-worker${extname(__filename)}`);
  const budgetMs = options.taskTimeoutMs ?? DEFAULT_TASK_TIMEOUT_MS;
  const slots = createSlotPool({ slotBytes: options.slotBytes });
  const pool = new Piscina<EngineTask, WorkerAnswer>({
    filename,
    minThreads: options.workers,
    maxThreads: options.workers,
    // Threads hold the engine's warmed-up code: never let them idle out.
    idleTimeout: Number.MAX_SAFE_INTEGER,
    // A worker file in TypeScript (tests, `npm run dev`) needs the TypeScript loader in the thread.
    execArgv: filename.endsWith('.ts') ? ['--require', 'ts-node/register/transpile-only'] : [],
    resourceLimits: {
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

  const start = (op: OperationName, body: SlotBody, signal: AbortSignal): Promise<EngineAnswer> => {
    running++;
    // Held while the worker may read the body or write the answer over it.
    slots.hold(body.slot);
    const budget = AbortSignal.timeout(budgetMs);
    const task: EngineTask = { op, body: body.slot.bytes.subarray(0, body.length) };
    // Either signal stops the task; piscina ends a running one by terminating its thread and
    // starting a fresh one (minThreads), which is also how a dead or out-of-memory worker is replaced.
    return pool.run(task, { signal: AbortSignal.any([signal, budget]) }).then(
      (answer) => {
        slots.drop(body.slot);
        return readAnswer(answer, body.slot);
      },
      (error: unknown) => {
        // Stopped or failed: its thread might still be writing into the slot, so this hold is
        // never dropped and the slot never carries another request.
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
      start(next.op, next.body, next.signal).then(next.resolve, next.reject);
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
    slots,
    run(op, body, signal) {
      if (signal.aborted) return Promise.reject(abortError(signal));
      if (draining) return Promise.reject(new EngineBusyError(true));
      if (running < options.workers) return start(op, body, signal);
      if (waiting.length >= options.maxQueue) return Promise.reject(new EngineBusyError());
      return new Promise<EngineAnswer>((resolve, reject) => {
        const task: Waiting = {
          op,
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
