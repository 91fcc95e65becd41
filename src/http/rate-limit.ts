/**
 * Rate limits on POST /v1/diff (decisions D3): a burst tier and a window tier, both fixed windows,
 * keyed by the agency of a valid key or else by client IP (so guessing keys is limited too).
 *
 * The two express-rate-limit instances would overwrite each other's standard headers, so both
 * have them off and this module writes the contract's pair itself: `RateLimit-Limit` is the burst
 * tier's limit, `RateLimit-Remaining` the window tier's remaining count (D3.3), also on a 429.
 */
import type { Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, rateLimit, type RateLimitInfo, type Store } from 'express-rate-limit';
import type { Logger } from 'pino';
import { ApiError } from './errors';

export interface RateTier {
  /** Requests allowed per window. */
  limit: number;
  windowMs: number;
}

export interface TierOptions extends RateTier {
  /** Counter storage; in memory when absent. A shared store must use its own prefix per tier. */
  store?: Store;
}

export interface RateLimitOptions {
  burst: TierOptions;
  window: TierOptions;
  logger?: Logger;
}

const BURST = 'burstRateLimit';
const WINDOW = 'windowRateLimit';

/** The limiter key (D3.2): the agency resolved from a valid key, else the client's IP or IPv6 /56. */
export function rateLimitKey(req: Request, res: Response): string {
  const agency: unknown = res.locals.agency;
  if (typeof agency === 'string') return `agency:${agency}`;
  return `ip:${ipKeyGenerator(req.ip ?? req.socket.remoteAddress ?? 'unknown')}`;
}

function secondsUntil(reset: Date | undefined, windowMs: number): number {
  const ms = reset ? reset.getTime() - Date.now() : windowMs;
  return Math.max(1, Math.ceil(ms / 1000));
}

function info(req: Request, property: string): RateLimitInfo | undefined {
  return (req as unknown as Record<string, RateLimitInfo | undefined>)[property];
}

/**
 * The two limiter middlewares, burst first: a request the burst tier refuses is not counted by
 * the window tier. Both answer a refusal through the error middleware (429 envelope).
 */
export function createRateLimit(options: RateLimitOptions): RequestHandler[] {
  const { burst, window } = options;
  const common = {
    standardHeaders: false,
    legacyHeaders: false,
    keyGenerator: rateLimitKey,
    // With TRUST_PROXY=false a client's X-Forwarded-For is simply ignored: that is the point,
    // not a misconfiguration worth a warning per request.
    validate: { xForwardedForHeader: false },
    ...(options.logger ? { logger: options.logger } : {}),
  } as const;

  const windowLimiter = rateLimit({
    ...common,
    windowMs: window.windowMs,
    limit: window.limit,
    requestPropertyName: WINDOW,
    ...(window.store ? { store: window.store } : {}),
    handler: (req, res, next) => {
      const tier = info(req, WINDOW);
      res.setHeader('RateLimit-Limit', String(burst.limit));
      res.setHeader('RateLimit-Remaining', '0');
      next(
        new ApiError('RATE_LIMIT_EXCEEDED', {
          headers: { 'Retry-After': String(secondsUntil(tier?.resetTime, window.windowMs)) },
        }),
      );
    },
  });

  const burstLimiter = rateLimit({
    ...common,
    windowMs: burst.windowMs,
    limit: burst.limit,
    requestPropertyName: BURST,
    ...(burst.store ? { store: burst.store } : {}),
    handler: async (req, res, next) => {
      const tier = info(req, BURST);
      // The refused request was not counted by the window tier: report what it has left as is.
      const windowHits = (await windowLimiter.getKey(rateLimitKey(req, res)))?.totalHits ?? 0;
      res.setHeader('RateLimit-Limit', String(burst.limit));
      res.setHeader('RateLimit-Remaining', String(Math.max(0, window.limit - windowHits)));
      next(
        new ApiError('RATE_LIMIT_EXCEEDED', {
          headers: { 'Retry-After': String(secondsUntil(tier?.resetTime, burst.windowMs)) },
        }),
      );
    },
  });

  const writeHeaders: RequestHandler = (req, res, next) => {
    res.setHeader('RateLimit-Limit', String(burst.limit));
    res.setHeader('RateLimit-Remaining', String(info(req, WINDOW)?.remaining ?? window.limit));
    next();
  };

  return [burstLimiter, windowLimiter, writeHeaders];
}
