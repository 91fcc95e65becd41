/** The messages between the main thread and an engine worker (engine-worker.ts). */
import type { BodyRefusal } from '../request/refusal';
import type { OperationName } from './operations';

export interface EngineTask {
  /** The operation to run (operations.ts). */
  op: OperationName;
  /**
   * The request body's bytes (decompressed), not yet decoded, parsed or validated. When they lie
   * at the start of a SharedArrayBuffer (a body slot, body-slots.ts), the worker may write its
   * answer over that buffer once it has parsed the body.
   */
  body: Uint8Array;
}

/**
 * The worker's answer: the UTF-8 JSON of the operation's data, in a buffer of its own (`data`) or
 * as the first `inBody` bytes of the body's SharedArrayBuffer; or why the body was refused
 * (400/422, including a transform the engine refused, D5.5).
 */
export type WorkerAnswer = { ok: true; data: Uint8Array } | { ok: true; inBody: number } | ({ ok: false } & BodyRefusal);
