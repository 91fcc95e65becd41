/**
 * The process entry point: configuration, the worker pool, listening, timeouts and signals
 * (decisions D9.0–D9.5). The application itself is built by createApp (src/http/app.ts).
 */
import type { AddressInfo } from 'node:net';
import { type Config, ConfigError, loadConfig } from './config';
import { generateKey, hashKey, type KeyEntry, KeyStore } from './http/api-keys';
import { createApp } from './http/app';
import { createEnginePool } from './runtime/engine-pool';
import { createHttpServer } from './http/http-server';
import { createLogger } from './http/logger';
import type * as SharedCounters from './http/shared-counters';
import { packageVersion } from './package-files';

/** D2.3: without configured keys, a one-off development key outside production; none in production. */
function keyEntries(config: Config, warn: (message: string) => void): KeyEntry[] | null {
  if (config.apiKeys.length > 0) return config.apiKeys;
  if (config.nodeEnv === 'production') return null;
  const key = generateKey();
  process.stderr.write(
    '\n  WARNING: no API key is configured (API_KEYS / API_KEYS_FILE).\n' +
      '  A one-off development key was generated for agency "development"; it dies with this process:\n\n' +
      `    x-api-key: ${key}\n\n` +
      '  Issue real keys with: npm run key:issue -- <agency>\n\n',
  );
  warn('no API key configured: using a one-off development key (printed once on stderr)');
  return [{ agency: 'development', sha256: hashKey(key) }];
}

function start(): void {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  const logger = createLogger(config.logLevel);
  const entries = keyEntries(config, (message) => logger.warn(message));
  if (entries === null) {
    logger.fatal('NODE_ENV=production and no API key is configured: set API_KEYS or API_KEYS_FILE (npm run key:issue -- <agency>)');
    process.exit(1);
  }
  // D3.5: with REDIS_URL every replica counts in Redis; the service starts whether Redis is up or not.
  // Loaded only with REDIS_URL: the Redis client is a third of the event loop's heap, and every
  // garbage collection of that thread (health probes wait for it) walks the heap.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when used (above)
  const shared = config.redisUrl ? (require('./http/shared-counters') as typeof SharedCounters) : undefined;
  const counters = shared && config.redisUrl ? shared.createSharedCounters({ url: config.redisUrl, logger }) : undefined;
  const storeFor = (tier: 'burst' | 'window') => (shared && counters ? { store: counters.store(shared.REDIS_PREFIXES[tier]) } : {});
  const rateLimit = {
    burst: { ...config.rateLimit.burst, ...storeFor('burst') },
    window: { ...config.rateLimit.window, ...storeFor('window') },
  };

  const engine = createEnginePool({
    ...config.engine,
    onWorkerError: (error) => logger.error({ err: error }, 'an engine worker failed outside any diff; it is replaced'),
  });
  let draining = false;
  const app = createApp({
    keys: new KeyStore(entries),
    engine,
    logger,
    rateLimit,
    trustProxy: config.trustProxy,
    version: packageVersion(),
    draining: () => draining,
  });

  const server = createHttpServer(app, config.http);

  server.on('error', (error) => {
    logger.fatal({ err: error }, 'cannot listen');
    process.exit(1);
  });
  server.listen(config.port, config.host, () => {
    const { port } = server.address() as AddressInfo;
    logger.info(
      { port, host: config.host, pid: process.pid, workers: config.engine.workers, rateLimits: counters ? 'redis' : 'memory' },
      `listening on ${config.host}:${port}`,
    );
  });

  // D9.3: stop accepting, refuse the diffs still waiting for a worker (503: another replica can
  // take them now), let running requests finish within the bound, then exit 0.
  const shutdown = (signal: NodeJS.Signals) => {
    if (draining) {
      logger.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    draining = true;
    logger.info({ signal, running: engine.running, queued: engine.queued }, 'shutting down: refusing new connections and queued diffs, finishing in-flight requests');
    engine.drain();
    let stopping = false;
    const stop = async (late: boolean) => {
      if (stopping) return;
      stopping = true;
      if (late) {
        server.closeAllConnections();
        await engine.destroy();
      } else {
        await engine.close();
      }
      await counters?.close();
      logger.info('stopped');
      logger.flush(() => process.exit(0));
    };
    const deadline = setTimeout(() => {
      logger.error({ timeoutMs: config.http.shutdownTimeoutMs }, 'shutdown bound reached: closing the remaining connections');
      void stop(true);
    }, config.http.shutdownTimeoutMs);
    // close() also closes the idle keep-alive connections; busy ones end after their response (app.ts).
    server.close(() => {
      clearTimeout(deadline);
      void stop(false);
    });
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

start();
