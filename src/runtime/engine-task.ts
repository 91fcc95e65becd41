/** The messages between the main thread and the engine worker (see engine-worker.ts). */
import type { BodyRefusal } from '../request/refusal';

export interface DiffTask {
  /**
   * The request body's bytes (decompressed), not yet decoded, parsed or validated. When they lie
   * in a SharedArrayBuffer (a body slot, body-slots.ts), the worker may write its answer over
   * that buffer once it has parsed the body.
   */
  body: Uint8Array;
}

/** The UTF-8 JSON of `data`, in a buffer of its own (`data`) or as the first `inBody` bytes of the body's SharedArrayBuffer. */
export type WholeAnswer = { ok: true; data: Uint8Array } | { ok: true; inBody: number };

/** The worker's answer, or why the body was refused (400/422, including a transform the engine refused, D5.5). */
export type DiffOutcome = WholeAnswer | ({ ok: false } & BodyRefusal);
