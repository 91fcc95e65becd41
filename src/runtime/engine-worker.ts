/**
 * The engine's worker-thread entry (decisions D9.2). It receives the body's bytes and returns the
 * UTF-8 JSON of `data`: decoding, parsing, validating, diffing and serialising all happen off the
 * thread that answers requests. Measured with three concurrent 5 MB diffs, doing the decoding,
 * parsing and validation on the main thread held it for about 130 ms a request and put health's
 * p99 near 0.5-0.9 s; D1.9 wants 100 ms.
 *
 * JSON.parse keeps own keys such as `__proto__` as plain data (D4.2), and the engine receives
 * those parsed rows as they are.
 */
import { setPriority } from 'node:os';
import { move, transferableSymbol, valueSymbol } from 'piscina';
import { EngineInputError, runDiff } from '../engine/index';
import type { DiffRequest } from '../engine/types';
import type { DiffOutcome, DiffTask, WholeAnswer } from './engine-task';
import { serializeJson } from './json-bytes';
import { judgeBody } from '../request/judge';

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

/** Responses from this size are moved to the main thread, not cloned (smaller Buffers may share Node's pool). */
const MOVE_MIN_BYTES = 64 * 1024;

/**
 * The answer's bytes for the main thread: written over the body when the body came in a shared
 * slot with room for them (nothing to allocate or move there), else in a buffer of their own,
 * handed over rather than cloned for a large answer so the main thread copies nothing
 * (bench --cpu-prof).
 */
function answer(data: Record<string, unknown>, body: Uint8Array): WholeAnswer {
  const slot = body.buffer instanceof SharedArrayBuffer ? Buffer.from(body.buffer) : undefined;
  const json = serializeJson(data, slot);
  if (slot !== undefined && json.buffer === slot.buffer) return { ok: true, inBody: json.length };
  const outcome = { ok: true as const, data: Buffer.from(json) };
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

/** Runs one diff. Errors other than a refused body propagate (and become a 500). */
export default function diffWorker(task: DiffTask): DiffOutcome {
  const verdict = judgeBody(task.body);
  if (!verdict.ok) return verdict;
  try {
    // The body's bytes are not read again once parsed: the answer may overwrite them.
    const data = runDiff(verdict.body as unknown as DiffRequest);
    return answer(data as unknown as Record<string, unknown>, task.body);
  } catch (error) {
    // The class does not survive the thread boundary: send its fields as data.
    if (error instanceof EngineInputError) {
      return { ok: false, code: 'VALIDATION_ERROR', details: [{ field: error.field, message: error.message }] };
    }
    throw error;
  }
}
