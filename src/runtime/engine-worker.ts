/**
 * The engine's worker-thread entry (decisions D9.2). It receives a task, an operation and the
 * body's bytes, and returns the UTF-8 JSON of the operation's `data`: decoding, parsing,
 * validating, computing and serialising all happen off the thread that answers requests. Judging
 * a large body alone holds a thread long enough to break health's 100 ms bound (D1.9) when
 * several arrive at once.
 *
 * JSON.parse keeps own keys such as `__proto__` as plain data (D4.2), and the engine receives
 * those parsed rows as they are.
 */
import { setPriority } from 'node:os';
import { move, transferableSymbol, valueSymbol } from 'piscina';
import type { EngineTask, WorkerAnswer } from './engine-task';
import { ownCopy, serializeJson } from './json-bytes';
import { OPERATIONS } from './operations';

/**
 * The engine threads yield the CPU to the event loop: on Linux a thread's nice value is its own,
 * so this lowers only this worker thread (elsewhere it would lower the whole process: skipped).
 * With both cores running diffs, the event loop then still answers health probes at once.
 */
if (process.platform === 'linux') {
  try {
    setPriority(0, 19);
  } catch {
    // Not permitted (a restricted container): the worker runs at normal priority.
  }
}

/** Answers from this size are moved to the main thread, not cloned. */
const MOVE_MIN_BYTES = 64 * 1024;

/**
 * The answer's bytes for the main thread: written over the body when the body came in a shared
 * slot with room for them (nothing to allocate or move there), else in a buffer of their own,
 * handed over rather than cloned for a large answer so the main thread copies nothing
 * (bench --cpu-prof).
 */
function answer(data: object, body: Uint8Array): WorkerAnswer {
  const slot = body.buffer instanceof SharedArrayBuffer ? Buffer.from(body.buffer) : undefined;
  const json = serializeJson(data, slot);
  if (slot !== undefined && json.buffer === slot.buffer) return { ok: true, inBody: json.length };
  const outcome = { ok: true as const, data: ownCopy(json) };
  return outcome.data.byteLength < MOVE_MIN_BYTES ? outcome : moved(outcome, outcome.data.buffer);
}

/** Handed over rather than cloned when large (see `answer`). */
function moved<T extends object>(value: T, buffer: ArrayBufferLike): T {
  return move({
    get [transferableSymbol]() {
      return [buffer];
    },
    get [valueSymbol]() {
      return value;
    },
  }) as unknown as T;
}

/** Runs the task's operation. Errors other than a refused body propagate (and become a 500). */
export default function engineWorker(task: EngineTask): WorkerAnswer {
  if (!Object.hasOwn(OPERATIONS, task.op)) throw new Error(`no engine operation is named ${JSON.stringify(task.op)}`);
  const result = OPERATIONS[task.op](task.body);
  // The body's bytes are not read again once judged: the answer may overwrite them.
  return result.ok ? answer(result.data, task.body) : result;
}
