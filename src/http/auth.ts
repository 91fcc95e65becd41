/**
 * Authentication (decisions D2, D1.11). Resolving the key and refusing the request are two steps:
 * the rate limiter needs the agency (or its absence) before the 401 is decided.
 */
import type { RequestHandler } from 'express';
import type { KeyStore } from './api-keys';
import { ApiError } from './errors';

/** Sets `res.locals.agency` when `x-api-key` is a valid key; never fails. */
export function resolveAgency(keys: KeyStore): RequestHandler {
  return (req, res, next) => {
    const agency = keys.agencyFor(req.headers['x-api-key']);
    if (agency !== undefined) res.locals.agency = agency;
    next();
  };
}

/** 401 UNAUTHORIZED unless `resolveAgency` found a valid key. */
export function requireAgency(): RequestHandler {
  return (req, res, next) => {
    if (typeof res.locals.agency === 'string') return next();
    const missing = req.headers['x-api-key'] === undefined || req.headers['x-api-key'] === '';
    next(
      new ApiError('UNAUTHORIZED', {
        message: missing
          ? 'Missing API key: send it in the x-api-key header.'
          : 'Invalid API key: the x-api-key header does not match an issued key.',
      }),
    );
  };
}
