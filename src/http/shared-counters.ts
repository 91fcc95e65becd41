/**
 * Rate-limit counters shared by every replica through Redis (decisions D3.5), that never fail a
 * request because of Redis.
 *
 * Each tier gets a `FallbackStore`: it counts in Redis (rate-limit-redis over one node-redis
 * client, the tier's own key prefix) and, when Redis cannot answer within `commandTimeoutMs`,
 * counts that request in the replica's memory instead. One circuit breaker for the connection
 * makes the switch: the first failure logs one error and sends every request to memory; after
 * `retryAfterMs`, or as soon as the client has reconnected, one request probes Redis, and its
 * success logs the recovery and returns every request to Redis. During an outage each replica
 * thus enforces the limits alone (a client spread over n replicas gets up to n times the limit),
 * which D3.5 prefers to refusing or failing requests.
 */
import { type ClientRateLimitInfo, type IncrementResponse, MemoryStore, type Options, type Store } from 'express-rate-limit';
import type { Logger } from 'pino';
import { type RedisReply, RedisStore } from 'rate-limit-redis';
import { createClient } from 'redis';
import { CircuitBreaker, type Pass } from './circuit-breaker';

export interface SharedCountersOptions {
  /** redis:// or rediss:// URL. */
  url: string;
  logger: Logger;
  /**
   * How long one Redis command may take before the request is counted in memory, in ms. Redis
   * answers a rate-limit script in well under a millisecond on a LAN; 250 ms only trips on a
   * dead or stalled server, and bounds the latency an outage adds to the first request.
   */
  commandTimeoutMs?: number;
  /** How long to leave Redis alone after a failure before probing it again, in ms. */
  retryAfterMs?: number;
  /** The circuit breaker's clock in epoch ms (tests); Date.now by default. */
  now?: () => number;
}

/** The Redis connection behind the rate-limit stores of one process. */
export interface SharedCounters {
  /** A store for one limiter; every tier needs its own `prefix` (its keys in Redis). */
  store(prefix: string): Store;
  /** True while requests count in Redis: connected, and the circuit closed. */
  readonly shared: boolean;
  /** Closes the connection (pending commands fall back to memory). */
  close(): Promise<void>;
}

/** Redis key prefixes, one per tier: both tiers count the same client keys over different windows. */
export const REDIS_PREFIXES = { burst: 'rl:burst:', window: 'rl:window:' } as const;

const DEFAULT_COMMAND_TIMEOUT_MS = 250;
const DEFAULT_RETRY_AFTER_MS = 2_000;

/** Sends one raw command to Redis, bounded in time. */
type SendCommand = (args: string[]) => Promise<RedisReply>;

/**
 * An express-rate-limit store that counts in Redis and falls back to memory per request. The
 * rate-limit-redis store loads its Lua scripts in `init`; when Redis was down then, they are
 * loaded again on the first call that reaches Redis.
 */
class FallbackStore implements Store {
  /** Keys are global to the store's backend, so express-rate-limit's double-count check is per prefix. */
  readonly localKeys = false;
  readonly #redis: RedisStore;
  readonly #memory = new MemoryStore();
  #options: Options | undefined;
  #loaded: Promise<void> | null = null;

  constructor(
    readonly prefix: string,
    send: SendCommand,
    private readonly breaker: CircuitBreaker,
    private readonly connected: () => boolean,
  ) {
    this.#redis = new RedisStore({ prefix, sendCommand: (...args: string[]) => send(args) });
  }

  init(options: Options): void {
    this.#options = options;
    this.#memory.init(options);
  }

  async #either<T>(viaRedis: (store: RedisStore) => Promise<T>, inMemory: () => T | Promise<T>): Promise<T> {
    // Not connected (yet, or again): memory, without a failure of its own to report; the client's
    // 'error' events tell the breaker about a connection that fails.
    const pass: Pass | null = this.#options && this.connected() ? this.breaker.allow() : null;
    if (pass === null) return inMemory();
    try {
      this.#loaded ??= this.#redis.init(this.#options as Options);
      await this.#loaded;
      const result = await viaRedis(this.#redis);
      this.breaker.success(pass);
      return result;
    } catch (error) {
      // A failed script load must be retried on the next call; a loaded script stays loaded (and
      // rate-limit-redis reloads it itself after a Redis restart: NOSCRIPT).
      this.#loaded = null;
      this.breaker.failure(error, pass);
      return inMemory();
    }
  }

  increment(key: string): Promise<IncrementResponse> {
    return this.#either((redis) => redis.increment(key), () => this.#memory.increment(key));
  }

  get(key: string): Promise<ClientRateLimitInfo | undefined> {
    return this.#either((redis) => redis.get(key), () => this.#memory.get(key));
  }

  decrement(key: string): Promise<void> {
    return this.#either((redis) => redis.decrement(key), () => this.#memory.decrement(key));
  }

  resetKey(key: string): Promise<void> {
    return this.#either((redis) => redis.resetKey(key), () => this.#memory.resetKey(key));
  }

  shutdown(): void {
    this.#memory.shutdown();
  }
}

/**
 * Connects to Redis in the background and returns at once: the service starts, and answers,
 * whether or not Redis is up.
 */
export function createSharedCounters(options: SharedCountersOptions): SharedCounters {
  const { logger } = options;
  const commandTimeoutMs = options.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS;
  const retryAfterMs = options.retryAfterMs ?? DEFAULT_RETRY_AFTER_MS;
  const where = redactUrl(options.url);

  // While the circuit is open, a timer probes Redis, so shared counting resumes without waiting
  // for traffic; a request due for a probe may also be the one that finds Redis back.
  let prober: NodeJS.Timeout | undefined;
  const breaker = new CircuitBreaker({
    retryAfterMs,
    ...(options.now ? { now: options.now } : {}),
    onOpen: (error) => {
      logger.error({ err: error, redis: where }, 'Redis unreachable: rate limits now count in memory, per replica, until it is back');
      prober ??= setInterval(probe, retryAfterMs).unref();
    },
    onClose: () => {
      clearInterval(prober);
      prober = undefined;
      logger.info({ redis: where }, 'Redis reachable again: rate limits are shared across replicas');
    },
  });

  const client = createClient({
    url: options.url,
    // Commands fail at once while disconnected instead of waiting in an offline queue.
    disableOfflineQueue: true,
    socket: {
      connectTimeout: Math.max(1_000, commandTimeoutMs),
      // Always reconnect (the default gives up after a connect timeout), backing off to retryAfterMs.
      reconnectStrategy: (retries: number) => Math.min(50 * 2 ** retries, retryAfterMs),
    },
  });
  const send: SendCommand = (args) => withTimeout(client.sendCommand<RedisReply>(args), commandTimeoutMs);

  function probe(): void {
    if (!client.isReady) return;
    const pass = breaker.allow();
    if (pass !== 'probe') return;
    send(['PING']).then(
      () => breaker.success(pass),
      (error: unknown) => breaker.failure(error, pass),
    );
  }

  // Without a listener an 'error' event would crash the process; every reconnect attempt emits one.
  client.on('error', (error: unknown) => breaker.failure(error));
  client.on('ready', () => {
    breaker.retrySoon();
    probe();
  });
  let closed = false;
  client.connect().catch((error: unknown) => {
    if (!closed) breaker.failure(error);
  });

  const stores: FallbackStore[] = [];
  return {
    store(prefix) {
      if (stores.some((s) => s.prefix === prefix)) throw new Error(`rate-limit store prefix "${prefix}" is already used`);
      const store = new FallbackStore(prefix, send, breaker, () => client.isReady);
      stores.push(store);
      return store;
    },
    get shared() {
      return client.isReady && !breaker.isOpen;
    },
    async close() {
      closed = true;
      clearInterval(prober);
      for (const store of stores) store.shutdown();
      // destroy, not quit: counters need no flush, and quit would wait on a dead server.
      if (client.isOpen) client.destroy();
    },
  };
}

/** A Redis command did not answer in time (a stalled server keeps its socket open, so nothing else says so). */
export class RedisTimeoutError extends Error {
  constructor(ms: number) {
    super(`Redis did not answer within ${ms} ms`);
    this.name = 'RedisTimeoutError';
  }
}

/**
 * `reply`, or a RedisTimeoutError after `ms`. node-redis's own per-command `timeout` only drops a
 * command not yet written: one written to a stalled server (measured with SIGSTOP) waits forever.
 */
function withTimeout<T>(reply: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RedisTimeoutError(ms)), ms);
  });
  // The abandoned command settles later (answer or disconnect): nobody waits for it any more.
  reply.catch(() => undefined);
  return Promise.race([reply, late]).finally(() => clearTimeout(timer));
}

/** The URL without its password, for logs. */
function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'redis';
  }
}
