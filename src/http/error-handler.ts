/**
 * The one error middleware and the JSON 404 (spec §7, decisions D1.6, D1.7): whatever fails ends in
 * the error envelope; an unexpected throw is a 500 that tells the client nothing but the request
 * id, while the log line (pino-http, via `res.err`) keeps the stack.
 */
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { errorEnvelope } from './envelope';
import { ApiError, type ErrorCode } from './errors';
import { requestIdOf } from './request-id';

/** Final route: anything not matched is 404 NOT_FOUND, whatever the method (D1.6). */
export function notFound(): RequestHandler {
  return (_req, _res, next) => next(new ApiError('NOT_FOUND'));
}

// Errors from Express itself or its dependencies carry an HTTP status; keep the client's ones.
const BY_STATUS: Record<number, ErrorCode> = { 400: 'BAD_REQUEST', 404: 'NOT_FOUND', 413: 'PAYLOAD_TOO_LARGE' };

function asApiError(error: unknown): ApiError | null {
  if (error instanceof ApiError) return error;
  const status = (error as { status?: unknown; statusCode?: unknown } | null)?.status ?? (error as { statusCode?: unknown } | null)?.statusCode;
  const code = typeof status === 'number' ? BY_STATUS[status] : undefined;
  return code ? new ApiError(code) : null;
}

function isErrorLike(value: unknown): value is Error {
  return typeof value === 'object' && value !== null && typeof (value as Error).message === 'string';
}

/** Turns any error into the envelope with the catalogue's status. */
export function errorHandler(): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    // The client has gone (D9.7): no one reads an answer, and the request's log line is written.
    if (res.destroyed) return;
    const known = asApiError(error);
    const apiError = known ?? new ApiError('INTERNAL_SERVER_ERROR');
    // Errors from a worker thread (or another realm) fail `instanceof Error`: duck-type them.
    if (!known) res.err = isErrorLike(error) ? error : new Error(String(error));
    if (res.headersSent) {
      // Part of a response is out: an envelope cannot follow, so the client must see a broken one.
      res.destroy();
      return;
    }
    for (const [name, value] of Object.entries(apiError.headers)) res.setHeader(name, value);
    // A body still arriving would have to be read and thrown away to reuse the connection.
    if (!req.complete) res.setHeader('Connection', 'close');
    res.status(apiError.status).json(errorEnvelope(requestIdOf(res), apiError.code, apiError.message, apiError.details));
  };
}
