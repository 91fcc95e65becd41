/**
 * Judging a body from its bytes: UTF-8, JSON object, schema (decisions D1.3, D1.4, D4). Runs in
 * the engine worker for every diff, and on the main thread only when the queue is full, where
 * D1.11 wants a 400 or 422 to win over the 503.
 */
import { parseJsonObject } from './body';
import { validateDiffRequest } from './diff-schema';
import { ApiError, type ErrorDetail } from './errors';
import { jsonText, NotUtf8Error } from './json-text';

/** A refused body, as plain data (it crosses the thread boundary). */
export interface BodyRefusal {
  code: 'BAD_REQUEST' | 'VALIDATION_ERROR';
  message?: string;
  details?: ErrorDetail[];
}

export type BodyVerdict = { ok: true; body: Record<string, unknown> } | ({ ok: false } & BodyRefusal);

/** The parsed body when it is acceptable, else why not. */
export function judgeBody(bytes: Uint8Array): BodyVerdict {
  let body: Record<string, unknown>;
  try {
    body = parseJsonObject(jsonText(bytes));
  } catch (error) {
    if (error instanceof ApiError || error instanceof NotUtf8Error) return { ok: false, code: 'BAD_REQUEST', message: error.message };
    throw error;
  }
  const details = validateDiffRequest(body);
  return details.length > 0 ? { ok: false, code: 'VALIDATION_ERROR', details } : { ok: true, body };
}

/** The API error for a refusal. */
export function refusalError(refusal: BodyRefusal): ApiError {
  return new ApiError(refusal.code, { message: refusal.message, details: refusal.details });
}
