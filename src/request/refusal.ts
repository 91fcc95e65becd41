/**
 * Why a request body is refused, as plain data: it crosses the thread boundary from the engine
 * worker, and the HTTP layer and a command-line tool each turn it into their own answer.
 */

/** One failing field (spec §7): a path such as `original[3].transcript`, and what is wrong there. */
export interface ErrorDetail {
  field: string;
  message: string;
}

/** A refused body: 400 BAD_REQUEST (not UTF-8, not a JSON object) or 422 VALIDATION_ERROR with its details. */
export interface BodyRefusal {
  code: 'BAD_REQUEST' | 'VALIDATION_ERROR';
  message?: string;
  details?: ErrorDetail[];
}

/** A judged body: the parsed object when it is acceptable, else why not. */
export type BodyVerdict = { ok: true; body: Record<string, unknown> } | ({ ok: false } & BodyRefusal);
