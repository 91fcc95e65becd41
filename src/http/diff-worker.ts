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
import { EngineInputError, countUnits, createWorkBudget, diffHalf, runDiff } from '../engine/index';
import type { WorkBudget } from '../engine/edit-distance';
import type { DiffRequest } from '../engine/types';
import { CLAIMS, type DiffOutcome, type DiffTask, type HalfOutcome, type HalfTask, STARTED, TAKEN, type WholeAnswer } from './diff-task';
import { serializeElements, serializeJson } from './json-bytes';
import { judgeBody } from './request-check';

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
 * (bench --cpu-prof). In the slot they stay below `end` (a split diff's control words).
 */
function answer(data: Record<string, unknown>, body: Uint8Array, end?: number): WholeAnswer {
  const slot = body.buffer instanceof SharedArrayBuffer ? Buffer.from(body.buffer, 0, end) : undefined;
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

/** Half 1 gives up waiting for half 0's budget: the main thread saw half 0 fail. */
class HalfAbandonedError extends Error {
  constructor() {
    super('the other half of this diff failed');
    this.name = 'HalfAbandonedError';
  }
}

/** The budget half 0 left, once it has published it (half 1 waits for it at its end). */
function budgetLeft(shared: SharedArrayBuffer, control: number): number {
  const state = new Int32Array(shared, control, 1);
  for (;;) {
    const now = Atomics.load(state, 0);
    if (now === 1) return new Float64Array(shared, control + 8, 1)[0];
    if (now === 2) throw new HalfAbandonedError();
    Atomics.wait(state, 0, now, 1000);
  }
}

function publishBudget(shared: SharedArrayBuffer, control: number, remaining: number): void {
  new Float64Array(shared, control + 8, 1)[0] = remaining;
  const state = new Int32Array(shared, control, 1);
  Atomics.store(state, 0, 1);
  Atomics.notify(state, 0);
}

/**
 * One half of a diff (diff-task.ts HalfTask); the body lies in a shared slot. Half 0 counts its
 * items, publishes the budget it left, then serialises. Half 1 counts at once, as if half 0 had
 * left the whole budget, and serialises; then, told what half 0 did leave, keeps its count when
 * that holds (WorkBudget.slack: every charge would have been decided alike) and otherwise counts
 * again from what was left, which happens only when the budget nearly runs out.
 */
function runHalf(request: DiffRequest, body: Uint8Array, half: HalfTask): HalfOutcome {
  const shared = body.buffer as SharedArrayBuffer;
  const share = diffHalf(request, half.index);
  const region = Buffer.from(shared, half.at, half.room);
  const count = (budget: WorkBudget) => countUnits(share.prep, share.units, share.config, budget, share.items);
  const budget = createWorkBudget();
  let tally = count(budget);
  let json: Buffer;
  if (half.index === 0) {
    publishBudget(shared, half.control, budget.remaining);
    json = serializeElements(share.results, region);
  } else {
    json = serializeElements(share.results, region);
    const left = budgetLeft(shared, half.control);
    if (budget.total - left > budget.slack) tally = count({ total: budget.total, remaining: left, slack: Infinity });
  }
  if (json.buffer === shared) {
    return { ok: true, results: { at: json.byteOffset, length: json.length }, tally, facts: share.facts };
  }
  const outcome: HalfOutcome = { ok: true, results: Buffer.from(json), tally, facts: share.facts };
  const bytes = outcome.results as Uint8Array;
  return bytes.byteLength < MOVE_MIN_BYTES ? outcome : moved(outcome, bytes.buffer);
}

/**
 * Sets `bit` in the slot's claims word (diff-task.ts CLAIMS) unless a bit of `unless` is set
 * there already; true when it was set.
 */
function claim(body: Uint8Array, half: HalfTask, unless: number, bit: number): boolean {
  const claims = new Int32Array(body.buffer as SharedArrayBuffer, half.control + CLAIMS, 1);
  for (;;) {
    const now = Atomics.load(claims, 0);
    if (now & unless) return false;
    if (Atomics.compareExchange(claims, 0, now, now | bit) === now) return true;
  }
}

/**
 * Claims this half's start; false when the other half has already taken the whole diff, which
 * may by now have written its answer over the body.
 */
const claimHalf = (body: Uint8Array, half: HalfTask): boolean => claim(body, half, TAKEN, STARTED[half.index]);

/**
 * Takes the whole diff when the other half has not started yet: its worker is still waiting for a
 * CPU (another process holds the second core, or a scheduler tick has not come), and splitting
 * would leave this diff waiting for it. Doing the whole diff alone then costs the one-worker time
 * instead. Decided once the body is judged, a few hundred microseconds on a 200 KB body, long
 * after a worker that got a CPU would have started.
 */
const takeWhole = (body: Uint8Array, half: HalfTask): boolean => claim(body, half, STARTED[half.index === 0 ? 1 : 0], TAKEN);

/**
 * Runs one diff, or one half of it (or, as a half, the whole diff: `takeWhole`). Errors other than
 * a refused body propagate (and become a 500).
 */
export default function diffWorker(task: DiffTask): DiffOutcome {
  // Before anything reads the body: a half that took the diff over may have written over it.
  if (task.half && !claimHalf(task.body, task.half)) return { ok: true, skipped: true };
  const verdict = judgeBody(task.body);
  if (!verdict.ok) return verdict;
  try {
    const request = verdict.body as unknown as DiffRequest;
    if (task.half) {
      // The whole answer stays clear of the control words, which the skipped half reads as it starts.
      if (takeWhole(task.body, task.half)) return answer(runDiff(request) as unknown as Record<string, unknown>, task.body, task.half.control);
      return runHalf(request, task.body, task.half);
    }
    // The body's bytes are not read again once parsed: the answer may overwrite them.
    const data = runDiff(request);
    return answer(data as unknown as Record<string, unknown>, task.body);
  } catch (error) {
    // The class does not survive the thread boundary: send its fields as data.
    if (error instanceof EngineInputError) {
      return { ok: false, code: 'VALIDATION_ERROR', details: [{ field: error.field, message: error.message }] };
    }
    throw error;
  }
}
