/**
 * The Node HTTP server around the app: timeouts against slow clients (decisions D9.5) and
 * `Expect: 100-continue` handled by the app, so that a request refused from its headers alone
 * (429, 413 from Content-Length, 401, 400 content type) is answered before the client uploads
 * its body. curl sends that header for bodies over 1 MB.
 */
import { createServer, type Server } from 'node:http';
import type { Express } from 'express';

export interface HttpTimeouts {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
}

/** A server for `app`; call `listen` on it. */
export function createHttpServer(app: Express, timeouts: HttpTimeouts): Server {
  // Node enforces both timeouts only when it sweeps its connections, every 30 s by default: a
  // 20 s header timeout then held a slow client's socket for up to 50 s. Sweep at a quarter of
  // the shorter timeout (at most once a second), so a timeout is late by at most that much.
  const sweepMs = Math.max(50, Math.min(1000, Math.floor(Math.min(timeouts.headersTimeoutMs, timeouts.requestTimeoutMs) / 4)));
  const server = createServer({ connectionsCheckingInterval: sweepMs }, app);
  server.headersTimeout = timeouts.headersTimeoutMs;
  server.requestTimeout = timeouts.requestTimeoutMs;
  server.keepAliveTimeout = timeouts.keepAliveTimeoutMs;
  // Without this listener Node answers 100 Continue itself, before any check has run; the body
  // reader (body.ts) sends it once the request has passed them.
  server.on('checkContinue', (req, res) => app(req, res));
  // Node answers any other Expect value with a bare 417 of its own, outside the envelope and the
  // contract's codes: such a request is served as if the header were absent (no 100 is sent).
  server.on('checkExpectation', (req, res) => app(req, res));
  return server;
}
