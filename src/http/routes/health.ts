/** GET /v1/health (decisions D1.9): no key, no rate limit, no work: it must answer while diffs run. */
import type { RequestHandler } from 'express';

/** `startedAt` in epoch milliseconds. */
export function healthRoute(version: string, startedAt: number): RequestHandler {
  return (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({
      status: 'ok',
      version,
      uptime: Math.floor((Date.now() - startedAt) / 1000),
      timestamp: new Date().toISOString(),
    });
  };
}
