/** The messages between the main thread and the engine worker (see diff-worker.ts). */

export interface DiffTask {
  /** The request body as received, already validated on the main thread. */
  body: string;
}

/** The engine's answer: the `data` JSON text, or a request it refused (answered 422). */
export type DiffOutcome = { ok: true; json: string } | { ok: false; field: string; message: string };
