/** Builds the app as the server does, with test keys, fast limits and captured log lines. */
import { join } from 'node:path';
import type { Express } from 'express';
import type { Response } from 'supertest';
import { KeyStore, hashKey } from '../../src/http/api-keys';
import { createApp, type AppDeps } from '../../src/http/app';
import type { SlotBody } from '../../src/runtime/body-slots';
import { createEnginePool, type DiffEngine } from '../../src/runtime/engine-pool';
import { createLogger } from '../../src/http/logger';

export const KEY = 'test-key-acme-0123456789abcdefghijklmnopqrstuv';
export const OTHER_KEY = 'test-key-globex-0123456789abcdefghijklmnopqrs';
export const AGENCY = 'acme';

export const keys = new KeyStore([
  { agency: AGENCY, sha256: hashKey(KEY) },
  { agency: 'globex', sha256: hashKey(OTHER_KEY) },
]);

export interface TestApp {
  app: Express;
  /** Parsed JSON log lines. */
  logs: Array<Record<string, unknown>>;
}

/** The scripted stand-in worker (see scripted-worker.ts). */
export const SCRIPTED_WORKER = join(__dirname, 'scripted-worker.ts');

/**
 * A pool running the scripted stand-in worker: for tests of the HTTP layer that need no diff
 * (or need to control timing and failures). Destroy it in afterAll.
 */
export function startEngine(options: { workers?: number; maxQueue?: number } = {}): DiffEngine {
  return createEnginePool({ workers: options.workers ?? 1, maxQueue: options.maxQueue ?? 8, filename: SCRIPTED_WORKER });
}

/** The plain-JavaScript fault worker (see fault-worker.js): replaced workers start in milliseconds. */
export const FAULT_WORKER = join(__dirname, 'fault-worker.js');

/** A pool running the fault worker, for worker faults, budgets, overload and drains. Destroy it in afterAll. */
export function startFaultEngine(
  options: { workers?: number; maxQueue?: number; taskTimeoutMs?: number; workerHeapMb?: number } = {},
): DiffEngine {
  return createEnginePool({ workers: 1, maxQueue: 8, ...options, filename: FAULT_WORKER });
}

/** A pool running the real engine worker (src/runtime/engine-worker.ts). Destroy it in afterAll. */
export function startRealEngine(options: { workers?: number; maxQueue?: number; slotBytes?: number } = {}): DiffEngine {
  return createEnginePool({ maxQueue: 8, ...options, workers: options.workers ?? 1 });
}

/**
 * `bytes` gathered into one of `engine`'s body slots, as the body middleware gathers a request's
 * body, for calling `engine.run` directly. The test keeps its hold: the slot is never reused.
 */
export function inSlot(engine: DiffEngine, bytes: Uint8Array): SlotBody {
  const slot = engine.slots.take();
  slot.bytes.set(bytes);
  return { slot, length: bytes.byteLength };
}

/** Limits high enough not to interfere unless a test sets its own. */
export const GENEROUS = {
  burst: { limit: 1000, windowMs: 60_000 },
  window: { limit: 5000, windowMs: 900_000 },
};

export function buildApp(engine: DiffEngine, overrides: Partial<AppDeps> = {}): TestApp {
  const logs: Array<Record<string, unknown>> = [];
  const logger = createLogger('debug', { write: (line: string) => void logs.push(JSON.parse(line)) });
  const app = createApp({
    keys,
    engine,
    logger,
    rateLimit: GENEROUS,
    trustProxy: false,
    version: '1.0.0',
    ...overrides,
  });
  return { app, logs };
}

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/**
 * Asserts a whole error envelope: status, body (nothing more than the contract's fields), the
 * request id in header and body, and JSON content type.
 */
export function expectError(
  res: Response,
  status: number,
  code: string,
  options: { message?: string | RegExp; details?: Array<{ field: string; message: string | RegExp }> } = {},
): void {
  expect({ status: res.status, code: res.body?.error?.code }).toEqual({ status, code });
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  const id = res.headers['x-request-id'];
  expect(typeof id).toBe('string');
  expect(Object.keys(res.body).sort()).toEqual(['error', 'requestId', 'status', 'timestamp']);
  expect(res.body.status).toBe('error');
  expect(res.body.requestId).toBe(id);
  expect(res.body.timestamp).toMatch(ISO);
  expect(Object.keys(res.body.error).sort()).toEqual(options.details ? ['code', 'details', 'message'] : ['code', 'message']);
  expect(typeof res.body.error.message).toBe('string');
  if (options.message !== undefined) expect(res.body.error.message).toMatch(options.message);
  if (options.details) {
    expect(res.body.error.details).toHaveLength(options.details.length);
    options.details.forEach((detail, i) => {
      expect(res.body.error.details[i].field).toBe(detail.field);
      expect(res.body.error.details[i].message).toMatch(detail.message);
    });
  }
}
