/**
 * The Express application, built and not started: `createApp(deps)` wires the middleware in the
 * order that decides which error answers first (decisions D1.11): 404 route, 429, 413 from
 * Content-Length, 401, 400 (headers here, bytes and JSON in the worker), 422, 503. The entry
 * point (src/server.ts) listens.
 */
import express, { type Express, type RequestHandler } from 'express';
import helmet from 'helmet';
import type { Logger } from 'pino';
import type { DiffEngine } from '../runtime/engine-pool';
import type { KeyStore } from './api-keys';
import { requireAgency, resolveAgency } from './auth';
import { MAX_BODY_BYTES, readRawBody, rejectDeclaredOversize } from './body';
import { errorHandler, notFound } from './error-handler';
import { ApiError } from './errors';
import { createHttpLogger } from './logger';
import { createRateLimit, type TierOptions } from './rate-limit';
import { requestId } from './request-id';
import { diffRoute } from './routes/diff';
import { healthRoute } from './routes/health';
import { openApiRoute } from './routes/openapi';
import { type AssetReader, VIEWER_PATH, VIEWER_SCRIPT_PATH, VIEWER_STYLE_PATH, viewerRoutes } from './routes/viewer';

/** Express's `trust proxy` value (D3.4): trust nobody, a hop count, or named proxies/subnets. */
export type TrustProxy = false | number | string[];

export interface AppDeps {
  keys: KeyStore;
  engine: DiffEngine;
  logger: Logger;
  rateLimit: { burst: TierOptions; window: TierOptions };
  trustProxy: TrustProxy;
  version: string;
  /** Epoch ms the service started (health uptime); defaults to now. */
  startedAt?: number;
  /** True once shutdown began: responses then close their connections. */
  draining?: () => boolean;
  /** Where the viewer's bundles are read from; defaults to dist/browser (browserAsset). */
  readBrowserAsset?: AssetReader;
}

/** Builds the app. */
export function createApp(deps: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  // A strong ETag would hash every multi-megabyte diff response for no cache that may keep it.
  app.set('etag', false);
  app.set('case sensitive routing', true);
  app.set('trust proxy', deps.trustProxy);

  app.use(requestId());
  app.use(createHttpLogger(deps.logger));
  // Helmet's headers on every response (D1.10), its Content-Security-Policy without
  // `upgrade-insecure-requests`: over plain HTTP (a LAN deployment) that directive makes a browser
  // fetch everything a page names over HTTPS. The API answers JSON, which no browser runs, so the
  // directive protects nothing here; the viewer's pages carry their own stricter policy
  // (routes/viewer.ts) and must work over plain HTTP.
  app.use(helmet({ contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } } }));
  const draining = deps.draining;
  if (draining) {
    app.use((req, res, next) => {
      if (draining()) res.setHeader('Connection', 'close');
      // A request already running when shutdown began kept keep-alive: end its connection once
      // the response is flushed (end, not destroy, so no byte of the answer is lost).
      const socket = req.socket;
      res.once('finish', () => {
        if (draining()) socket.end();
      });
      next();
    });
  }
  // Express answers OPTIONS itself with a text/plain Allow list; D1.6 wants 404 for any other method.
  app.use((req, _res, next) => next(req.method === 'OPTIONS' ? new ApiError('NOT_FOUND') : undefined));

  app.get('/v1/health', healthRoute(deps.version, deps.startedAt ?? Date.now()));
  app.get('/v1/openapi.json', openApiRoute(deps.version));
  const viewer = viewerRoutes(deps.readBrowserAsset);
  app.get(VIEWER_PATH, viewer.page);
  app.get(VIEWER_SCRIPT_PATH, viewer.script);
  app.get(VIEWER_STYLE_PATH, viewer.style);

  const noStore: RequestHandler = (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  };
  app.post(
    '/v1/diff',
    noStore,
    resolveAgency(deps.keys),
    ...createRateLimit({ ...deps.rateLimit, logger: deps.logger }),
    rejectDeclaredOversize(MAX_BODY_BYTES),
    requireAgency(),
    readRawBody(deps.engine.slots, MAX_BODY_BYTES),
    diffRoute(deps.engine),
  );

  app.use(notFound());
  app.use(errorHandler());
  return app;
}
