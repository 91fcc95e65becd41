/**
 * Request ids (decisions D1.2): a caller's `x-request-id` is kept only when it is a safe token, so
 * an id can never smuggle CR/LF or markup into headers and logs; anything else gets a fresh UUID.
 */
import { randomUUID } from 'node:crypto';
import type { RequestHandler, Response } from 'express';

const SAFE_REQUEST_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The id to use for a request, given the raw header value(s) it carried. */
export function chooseRequestId(supplied: string | string[] | undefined): string {
  return typeof supplied === 'string' && SAFE_REQUEST_ID.test(supplied) ? supplied : randomUUID();
}

/** Assigns the request id before anything else runs, so every response and log line carries it. */
export function requestId(): RequestHandler {
  return (req, res, next) => {
    const id = chooseRequestId(req.headers['x-request-id']);
    res.locals.requestId = id;
    res.setHeader('x-request-id', id);
    next();
  };
}

/** The id assigned by `requestId()`; a fresh one if that middleware did not run. */
export function requestIdOf(res: Response): string {
  const id: unknown = res.locals.requestId;
  if (typeof id === 'string') return id;
  const fresh = randomUUID();
  res.locals.requestId = fresh;
  if (!res.headersSent) res.setHeader('x-request-id', fresh);
  return fresh;
}
