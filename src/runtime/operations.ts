/**
 * The operations an engine worker runs, by name: a task names one (engine-task.ts) and the worker
 * looks it up here. An operation judges its body and computes the `data` of its answer, or says
 * why the body is refused; the worker serialises that data and places the bytes
 * (engine-worker.ts). A new engine-backed endpoint is one more entry.
 *
 * Loaded in the worker threads only: it brings in the whole engine, which the event loop's thread
 * never needs.
 */
import { type DiffRequest, EngineInputError, runDiff } from '../engine/index';
import { judgeBody } from '../request/judge';
import type { BodyRefusal } from '../request/refusal';

/** What an operation gives back: the data of the success envelope, or why its body was refused. */
export type OperationResult = { ok: true; data: object } | ({ ok: false } & BodyRefusal);

/** POST /v1/diff: judges the body (D1.3, D1.4, D4), then diffs it. Errors other than a refused body propagate. */
export function runDiffOperation(body: Uint8Array): OperationResult {
  const verdict = judgeBody(body);
  if (!verdict.ok) return verdict;
  try {
    return { ok: true, data: runDiff(verdict.body as unknown as DiffRequest) };
  } catch (error) {
    // The class does not survive the thread boundary: send its fields as data.
    if (error instanceof EngineInputError) {
      return { ok: false, code: 'VALIDATION_ERROR', details: [{ field: error.field, message: error.message }] };
    }
    throw error;
  }
}

export const OPERATIONS = {
  diff: runDiffOperation,
} satisfies Record<string, (body: Uint8Array) => OperationResult>;

export type OperationName = keyof typeof OPERATIONS;
