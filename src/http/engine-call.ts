/**
 * What a route needs around a call to the engine (runtime/engine-pool.ts): the client's departure
 * as the call's abort signal, the API error when the call fails, and the answer's JSON sent inside
 * the success envelope.
 */
import type { Response } from 'express';
import type { BodyVerdict } from '../request/refusal';
import type { SlotBody } from '../runtime/body-slots';
import { EngineBusyError } from '../runtime/engine-pool';
import { successEnvelopeParts } from './envelope';
import { ApiError, refusalError } from './errors';
import { requestIdOf } from './request-id';

/** Seconds a client is asked to wait when the engine queue is full; about one large diff. */
export const BUSY_RETRY_AFTER_SECONDS = 5;

/** Aborts once the client has gone before its answer was sent (D9.7: that frees its queue slot or worker). */
export function clientGone(res: Response): AbortSignal {
  const gone = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) gone.abort();
  });
  return gone.signal;
}

/**
 * The API error for an engine call that failed. A full queue or a drain is 503 with Retry-After
 * (D1.8, D9.3), unless `judge` refuses the body, which is then answered as such: D1.11 puts 400
 * and 422 before 503. Anything else (a worker fault, a spent time budget, a client gone) goes on
 * to the error handler as it is.
 */
export function engineFailure(error: unknown, body: SlotBody, judge: (bytes: Uint8Array) => BodyVerdict): never {
  if (!(error instanceof EngineBusyError)) throw error;
  // The body is intact: no worker has read it, and this request still holds its slot.
  const verdict = judge(body.slot.bytes.subarray(0, body.length));
  if (!verdict.ok) throw refusalError(verdict);
  throw new ApiError('SERVICE_UNAVAILABLE', {
    headers: { 'Retry-After': String(BUSY_RETRY_AFTER_SECONDS) },
    // A drain refuses waiting tasks: say so, since another replica can take the retry at once.
    ...(error.draining ? { message: 'The service is restarting; retry after the number of seconds given in Retry-After.' } : {}),
  });
}

/** Answers 200 with the success envelope around `data`, the answer's UTF-8 JSON, never re-serialised. */
export function sendData(res: Response, data: Uint8Array): void {
  const [head, tail] = successEnvelopeParts(requestIdOf(res));
  res.status(200).type('application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(head) + data.byteLength + Buffer.byteLength(tail));
  res.cork();
  res.write(head);
  res.write(data);
  res.end(tail);
}
