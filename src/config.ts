/**
 * Configuration (decisions D9.1): one schema over the environment, parsed once at boot. A bad
 * value stops startup with a message naming the variable; `.env.example` mirrors this file.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { isIP } from 'node:net';
import { z } from 'zod';
import { type KeyEntry, parseKeyFile, parseKeyList } from './http/api-keys';

import type { TrustProxy } from './http/app';
import type { RateTier } from './http/rate-limit';

export type { RateTier, TrustProxy };

export interface Config {
  port: number;
  host: string;
  nodeEnv: 'development' | 'production' | 'test';
  logLevel: string;
  apiKeys: KeyEntry[];
  trustProxy: TrustProxy;
  redisUrl?: string;
  rateLimit: { burst: RateTier; window: RateTier };
  engine: {
    workers: number;
    maxQueue: number;
    /** Wall-clock budget of one running diff; past it the request is a 500 and the worker is replaced. */
    taskTimeoutMs: number;
    /** V8 old-generation heap limit per worker thread (MiB): a diff past it kills only its worker. */
    workerHeapMb: number;
  };
  http: { headersTimeoutMs: number; requestTimeoutMs: number; keepAliveTimeoutMs: number; shutdownTimeoutMs: number };
}

/** A configuration problem; the message names the variable. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

// Express's proxy-addr accepts these names for well-known ranges.
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** An unset or blank variable, so that `FOO=` in an env file means "use the default". */
const blank = (v: string | undefined): v is undefined => v === undefined || v.trim() === '';

const integer = (min: number, max: number, fallback: () => number) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (blank(value)) return fallback();
      const text = value.trim();
      const n = Number(text);
      if (!/^\d+$/.test(text) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `must be an integer from ${min} to ${max} (got "${text.slice(0, 40)}")` });
        return z.NEVER;
      }
      return n;
    });

const text = (fallback: string) =>
  z
    .string()
    .optional()
    .transform((value) => (blank(value) ? fallback : value.trim()));

function isProxyAddress(item: string): boolean {
  if (NAMED_RANGES.has(item) || isIP(item) !== 0) return true;
  const slash = item.indexOf('/');
  if (slash < 0) return false;
  const family = isIP(item.slice(0, slash));
  const bits = item.slice(slash + 1);
  return family !== 0 && /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

const trustProxy = z
  .string()
  .optional()
  .transform((value, ctx): TrustProxy => {
    if (blank(value) || value.trim() === 'false') return false;
    const raw = value.trim();
    if (/^\d+$/.test(raw)) return Number(raw);
    const items = raw.split(',').map((s) => s.trim()).filter((s) => s !== '');
    const bad = items.find((item) => !isProxyAddress(item));
    if (raw === 'true' || bad !== undefined || items.length === 0) {
      ctx.addIssue({
        code: 'custom',
        message:
          'must be false, a hop count such as 1, or a comma-separated list of proxy addresses/subnets ' +
          `(loopback, linklocal, uniquelocal allowed); "true" is refused because it trusts any client's X-Forwarded-For` +
          (bad !== undefined ? ` (bad entry "${bad.slice(0, 40)}")` : ''),
      });
      return z.NEVER;
    }
    return items;
  });

const redisUrl = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (blank(value)) return undefined;
    if (!/^rediss?:\/\/[^\s]+$/.test(value.trim())) {
      ctx.addIssue({ code: 'custom', message: 'must be a redis:// or rediss:// URL' });
      return z.NEVER;
    }
    return value.trim();
  });

const cores = () => Math.max(1, availableParallelism());

/** The schema over `process.env`; exported so that `.env.example` can be checked against it. */
export const envSchema = z.object({
  PORT: integer(0, 65535, () => 8080),
  HOST: text('0.0.0.0'),
  NODE_ENV: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const v = blank(value) ? 'development' : value.trim();
      if (v !== 'development' && v !== 'production' && v !== 'test') {
        ctx.addIssue({ code: 'custom', message: 'must be development, production or test' });
        return z.NEVER;
      }
      return v;
    }),
  LOG_LEVEL: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const v = blank(value) ? 'info' : value.trim();
      if (!(LOG_LEVELS as readonly string[]).includes(v)) {
        ctx.addIssue({ code: 'custom', message: `must be one of ${LOG_LEVELS.join(', ')}` });
        return z.NEVER;
      }
      return v;
    }),
  API_KEYS: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (blank(value)) return [];
      try {
        return parseKeyList(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  API_KEYS_FILE: text(''),
  TRUST_PROXY: trustProxy,
  REDIS_URL: redisUrl,
  RATE_LIMIT_BURST_MAX: integer(1, 1_000_000, () => 10),
  RATE_LIMIT_BURST_WINDOW_SECONDS: integer(1, 86_400, () => 60),
  RATE_LIMIT_WINDOW_MAX: integer(1, 1_000_000, () => 60),
  RATE_LIMIT_WINDOW_SECONDS: integer(1, 86_400, () => 900),
  ENGINE_WORKERS: integer(1, 256, cores),
  ENGINE_MAX_QUEUE: integer(0, 100_000, () => 4 * cores()),
  // Several times the slowest benchmark body on two busy cores (docs/benchmark.md), and still
  // under a load balancer's usual 60 s.
  ENGINE_TASK_TIMEOUT_SECONDS: integer(1, 600, () => 30),
  // The largest benchmark diffs need little worker heap, so a few hundred MiB would do as a bound;
  // but V8 sizes its heap growth on the limit, and under a low limit a worker runs many more
  // mark-compacts and large diffs take longer (docs/benchmark.md). 2048 still bounds a worker
  // below the 4 GiB a thread may otherwise take; a small container sets it lower
  // (docs/operations.md, Sizing).
  ENGINE_WORKER_HEAP_MB: integer(64, 16_384, () => 2048),
  // D9.5: slow clients cannot hold sockets; keep-alive outlives a load balancer's 60 s idle timeout.
  HTTP_HEADERS_TIMEOUT_SECONDS: integer(1, 30, () => 20),
  HTTP_REQUEST_TIMEOUT_SECONDS: integer(1, 120, () => 120),
  HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: integer(1, 600, () => 65),
  SHUTDOWN_TIMEOUT_SECONDS: integer(1, 600, () => 25),
});

function readKeysFile(path: string, read: (path: string) => string): KeyEntry[] {
  let content: string;
  try {
    content = read(path);
  } catch (error) {
    throw new ConfigError(`API_KEYS_FILE: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  try {
    return parseKeyFile(content);
  } catch (error) {
    throw new ConfigError(`API_KEYS_FILE: ${path}: ${(error as Error).message}`);
  }
}

/**
 * Parses and validates the environment. Throws `ConfigError` naming every bad variable.
 * `ENGINE_WORKERS` defaults to the available cores, `ENGINE_MAX_QUEUE` to four times that
 * (when `ENGINE_WORKERS` is set, the queue default follows it).
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  read: (path: string) => string = (path) => readFileSync(path, 'utf8'),
): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${String(issue.path[0])} ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${lines.join('; ')}`);
  }
  const e = parsed.data;
  const apiKeys = [...e.API_KEYS, ...(e.API_KEYS_FILE === '' ? [] : readKeysFile(e.API_KEYS_FILE, read))];
  const maxQueue = blank(env.ENGINE_MAX_QUEUE) ? 4 * e.ENGINE_WORKERS : e.ENGINE_MAX_QUEUE;
  return {
    port: e.PORT,
    host: e.HOST,
    nodeEnv: e.NODE_ENV,
    logLevel: e.LOG_LEVEL,
    apiKeys,
    trustProxy: e.TRUST_PROXY,
    redisUrl: e.REDIS_URL,
    rateLimit: {
      burst: { limit: e.RATE_LIMIT_BURST_MAX, windowMs: e.RATE_LIMIT_BURST_WINDOW_SECONDS * 1000 },
      window: { limit: e.RATE_LIMIT_WINDOW_MAX, windowMs: e.RATE_LIMIT_WINDOW_SECONDS * 1000 },
    },
    engine: {
      workers: e.ENGINE_WORKERS,
      maxQueue,
      taskTimeoutMs: e.ENGINE_TASK_TIMEOUT_SECONDS * 1000,
      workerHeapMb: e.ENGINE_WORKER_HEAP_MB,
    },
    http: {
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_SECONDS * 1000,
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
      shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    },
  };
}
