/**
 * POST /v1/diff: validate, run the engine in the pool, answer with the engine's JSON spliced into
 * the envelope. Authentication, limits and body reading run before this handler (see app.ts).
 */
import type { RequestHandler } from 'express';
import { validateDiffRequest } from '../diff-schema';
import { type DiffEngine, EngineBusyError } from '../engine-pool';
import { successEnvelopeJson } from '../envelope';
import { ApiError } from '../errors';
import { requestIdOf } from '../request-id';

/** Seconds a client is asked to wait when the engine queue is full; about one large diff. */
export const BUSY_RETRY_AFTER_SECONDS = 5;

export function diffRoute(engine: DiffEngine): RequestHandler {
  return async (_req, res) => {
    const details = validateDiffRequest(res.locals.body as Record<string, unknown>);
    if (details.length > 0) throw new ApiError('VALIDATION_ERROR', { details });

    // D9.7: a client that leaves frees its queue slot or worker.
    const gone = new AbortController();
    const onClose = () => {
      if (!res.writableFinished) gone.abort();
    };
    res.on('close', onClose);
    let outcome;
    try {
      outcome = await engine.run(res.locals.bodyText as string, gone.signal);
    } catch (error) {
      if (gone.signal.aborted) return;
      if (error instanceof EngineBusyError) {
        throw new ApiError('SERVICE_UNAVAILABLE', { headers: { 'Retry-After': String(BUSY_RETRY_AFTER_SECONDS) } });
      }
      throw error;
    } finally {
      res.off('close', onClose);
    }
    if (!outcome.ok) {
      throw new ApiError('VALIDATION_ERROR', { details: [{ field: outcome.field, message: outcome.message }] });
    }
    res.status(200).type('application/json; charset=utf-8').send(successEnvelopeJson(requestIdOf(res), outcome.json));
  };
}
