/**
 * POST /v1/diff: hand the body's bytes to the engine pool and answer with the worker's JSON
 * spliced into the envelope. Authentication, limits and body reading run before this handler
 * (see app.ts); judging the body runs in the worker (request/judge.ts).
 */
import type { RequestHandler } from 'express';
import type { BodySlot, SlotPool } from '../../runtime/body-slots';
import { type DiffEngine, EngineBusyError } from '../../runtime/engine-pool';
import { successEnvelopeParts } from '../envelope';
import { judgeBody } from '../../request/judge';
import { ApiError, refusalError } from '../errors';
import { requestIdOf } from '../request-id';

/** Seconds a client is asked to wait when the engine queue is full; about one large diff. */
export const BUSY_RETRY_AFTER_SECONDS = 5;

const busy = (draining: boolean) =>
  new ApiError('SERVICE_UNAVAILABLE', {
    headers: { 'Retry-After': String(BUSY_RETRY_AFTER_SECONDS) },
    // A drain refuses waiting diffs: say so, since another replica can take the retry at once.
    ...(draining ? { message: 'The service is restarting; retry after the number of seconds given in Retry-After.' } : {}),
  });

export function diffRoute(engine: DiffEngine, slots: SlotPool): RequestHandler {
  return async (_req, res) => {
    const bytes = res.locals.bodyBytes as Buffer;
    const slot = res.locals.bodySlot as BodySlot;
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
    // The worker reads the body in the slot and may write the answer over it (body-slots.ts).
    slots.hold(slot);
    let outcome;
    try {
      outcome = await engine.run(bytes, gone.signal);
    } catch (error) {
      if (error instanceof EngineBusyError) {
        slots.drop(slot); // it never reached a worker
        throw busy(error.draining);
      }
      // Stopped (client gone, time budget, worker dead): its thread may still write into the
      // slot, so this hold is never dropped and the slot is never reused.
      if (gone.signal.aborted) return;
      throw error;
    } finally {
      res.off('close', onClose);
    }
    slots.drop(slot);
    if (!outcome.ok) throw refusalError(outcome);

    // An answer in the slot is sent from there: the response's own hold keeps it until closed.
    const data = 'inBody' in outcome ? slot.bytes.subarray(0, outcome.inBody) : outcome.data;
    const [head, tail] = successEnvelopeParts(requestIdOf(res));
    res.status(200).type('application/json; charset=utf-8');
    res.setHeader('Content-Length', Buffer.byteLength(head) + data.byteLength + Buffer.byteLength(tail));
    res.cork();
    res.write(head);
    res.write(data);
    res.end(tail);
  };
}
