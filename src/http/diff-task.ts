/** The messages between the main thread and the engine worker (see diff-worker.ts). */
import type { BodyRefusal } from './request-check';

export interface DiffTask {
  /** The request body's bytes (decompressed), not yet decoded, parsed or validated. */
  body: Uint8Array;
}

/**
 * The worker's answer: the UTF-8 JSON of `data`, or why the body was refused (400/422, including
 * a transform the engine refused, D5.5).
 */
export type DiffOutcome = { ok: true; data: Uint8Array } | ({ ok: false } & BodyRefusal);
