/** The messages between the main thread and the engine worker (see diff-worker.ts). */
import type { FinishFacts, Half, Tally } from '../engine/index';
import type { BodyRefusal } from './request-check';

/**
 * One half of a diff that two workers do at once (engine-pool.ts). Both workers read the same
 * body in a shared slot; each writes its half of `results` into its own region of the slot,
 * beyond the body. The slot's last CONTROL_BYTES are control words at `control`:
 * - an Int32 budget state: half 1's count must be what the work budget half 0 left gives (D7.11),
 *   which half 0 publishes there (0 waiting, 1 published, 2 given up by the main thread), with
 *   the remaining budget as a Float64 8 bytes on;
 * - 4 bytes on, an Int32 of claims (CLAIMS): each half sets its STARTED bit as it starts, and a
 *   half that has judged the body while the other had not yet started sets TAKEN and does the
 *   whole diff alone; the other then finds TAKEN as it starts and returns at once (SkippedHalf).
 */
export const CONTROL_BYTES = 16;
export const CLAIMS = 4;
export const STARTED: readonly [number, number] = [1, 2];
export const TAKEN = 4;

export interface HalfTask {
  index: Half;
  /** Byte offset and length, in the body's SharedArrayBuffer, of this half's answer region. */
  at: number;
  room: number;
  control: number;
}

export interface DiffTask {
  /**
   * The request body's bytes (decompressed), not yet decoded, parsed or validated. When they lie
   * in a SharedArrayBuffer (a body slot, body-slots.ts), the worker may write its answer over
   * that buffer once it has parsed the body (a half writes only in its region).
   */
  body: Uint8Array;
  half?: HalfTask;
}

/**
 * A half's answer: the JSON of its entries of `results` (comma-separated, no brackets), either in
 * its region (`at`, `length`) or in a buffer of its own; the tally of the items it counted, and
 * the facts of the whole request that scoring needs.
 */
export interface HalfOutcome {
  ok: true;
  results: { at: number; length: number } | Uint8Array;
  tally: Tally;
  facts: FinishFacts;
}

/** A half that found the other half doing the whole diff (TAKEN) and did nothing. */
export interface SkippedHalf {
  ok: true;
  skipped: true;
}

/** The UTF-8 JSON of `data`, in a buffer of its own (`data`) or as the first `inBody` bytes of the body's SharedArrayBuffer. */
export type WholeAnswer = { ok: true; data: Uint8Array } | { ok: true; inBody: number };

/**
 * The worker's answer: the whole diff's (also from a half that took the diff over), a half's,
 * a skipped half's, or why the body was refused (400/422, including a transform the engine
 * refused, D5.5).
 */
export type DiffOutcome = WholeAnswer | HalfOutcome | SkippedHalf | ({ ok: false } & BodyRefusal);
