/**
 * Judging a diff request from its bytes (decisions D1.3, D1.4, D4): UTF-8, then a JSON object,
 * then the schema. The one place a body is validated: the engine worker judges every body before
 * it diffs it, the HTTP layer judges one on the main thread only when the engine queue is full
 * (D1.11 wants a 400 or 422 to win over the 503), and a command-line tool can judge rows read
 * from files the same way. Needs neither express nor a worker thread.
 */
import { validateDiffRequest } from './diff-schema';
import { jsonText, NotUtf8Error } from './json-text';
import type { BodyRefusal, BodyVerdict } from './refusal';

const badRequest = (message: string): { ok: false } & BodyRefusal => ({ ok: false, code: 'BAD_REQUEST', message });

/** The parsed body when it is acceptable, else why not. */
export function judgeBody(bytes: Uint8Array): BodyVerdict {
  let text: string;
  try {
    text = jsonText(bytes);
  } catch (error) {
    if (error instanceof NotUtf8Error) return badRequest(error.message);
    throw error;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // The parser's message quotes the body: never echo it (D1.4).
    return badRequest('The body is not valid JSON.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return badRequest('The body must be a JSON object with "original" and "reworked" arrays.');
  }
  const body = value as Record<string, unknown>;
  const details = validateDiffRequest(body);
  return details.length > 0 ? { ok: false, code: 'VALIDATION_ERROR', details } : { ok: true, body };
}
