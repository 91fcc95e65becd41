/**
 * POST /v1/diff: hand the body's bytes to the engine pool and answer with the worker's JSON
 * spliced into the envelope. Authentication, limits and body reading run before this handler
 * (see app.ts); judging the body runs in the worker (request-check.ts).
 */
import type { RequestHandler } from 'express';
import { type DiffEngine, EngineBusyError } from '../engine-pool';
import { successEnvelopeParts } from '../envelope';
import { ApiError } from '../errors';
import { judgeBody, refusalError } from '../request-check';
import { requestIdOf } from '../request-id';

/** Seconds a client is asked to wait when the engine queue is full; about one large diff. */
export const BUSY_RETRY_AFTER_SECONDS = 5;

const busy = (draining: boolean) =>
  new ApiError('SERVICE_UNAVAILABLE', {
    headers: { 'Retry-After': String(BUSY_RETRY_AFTER_SECONDS) },
    // A drain refuses waiting diffs: say so, since another replica can take the retry at once.
    ...(draining ? { message: 'The service is restarting; retry after the number of seconds given in Retry-After.' } : {}),
  });

export function diffRoute(engine: DiffEngine): RequestHandler {
  return async (_req, res) => {
    const bytes = res.locals.bodyBytes as Buffer;
    if (engine.full) {
      // D1.11: a malformed or invalid body is answered as such, even under overload.
      const verdict = judgeBody(bytes);
      throw verdict.ok ? busy(engine.draining) : refusalError(verdict);
    }

    // D9.7: a client that leaves frees its queue slot or worker.
    const gone = new AbortController();
    const onClose = () => {
      if (!res.writableFinished) gone.abort();
    };
    res.on('close', onClose);
    let outcome;
    try {
      outcome = await engine.run(bytes, gone.signal);
    } catch (error) {
      if (gone.signal.aborted) return;
      if (error instanceof EngineBusyError) throw busy(error.draining);
      throw error;
    } finally {
      res.off('close', onClose);
    }
    if (!outcome.ok) throw refusalError(outcome);

    const [head, tail] = successEnvelopeParts(requestIdOf(res));
    res.status(200).type('application/json; charset=utf-8');
    res.setHeader('Content-Length', Buffer.byteLength(head) + outcome.data.byteLength + Buffer.byteLength(tail));
    res.write(head);
    res.write(outcome.data);
    res.end(tail);
  };
}
