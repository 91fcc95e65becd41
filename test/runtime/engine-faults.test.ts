/**
 * Worker faults, overload and the drain (decisions D1.7, D1.8, D9.3): a diff whose task throws,
 * whose worker exits, runs out of heap or overruns its time budget fails alone with the 500
 * envelope, and the next request succeeds on a fresh worker; more diffs than workers plus queue
 * get 503 with Retry-After; a drain refuses the waiting diffs and lets the running one finish.
 */
import request from 'supertest';
import type { Express } from 'express';
import { type DiffEngine, EngineBusyError, EngineTimeoutError } from '../../src/runtime/engine-pool';
import { buildApp, expectError, inSlot, KEY, startFaultEngine } from '../support/service-harness';

jest.setTimeout(30_000);

const body = (script: string) => ({ original: [{ transcript: script }], reworked: [] });
const diff = (app: Express, script: string) => request(app).post('/v1/diff').set('x-api-key', KEY).send(body(script));
const bytes = (script: string) => Buffer.from(JSON.stringify(body(script)));
const never = new AbortController().signal;

describe('a worker fault fails one request, and the next one succeeds', () => {
  let engine: DiffEngine;
  let app: Express;
  let logs: Array<Record<string, unknown>>;
  beforeAll(() => {
    // 64 MiB of heap: plenty for the fault worker, not for its "oom" script.
    engine = startFaultEngine({ workers: 1, maxQueue: 2, taskTimeoutMs: 1_500, workerHeapMb: 64 });
    ({ app, logs } = buildApp(engine));
  });
  afterAll(async () => {
    await engine.destroy();
  });

  /** The logged error of the request answered with `requestId`. */
  const loggedError = (requestId: string) => {
    const line = logs.find((l) => (l.req as { id?: string } | undefined)?.id === requestId && l.err !== undefined);
    return line?.err as { type?: string; message?: string; code?: string } | undefined;
  };

  it.each([
    ['throws', 'throw', /secret internal detail/],
    ['exits', 'exit', /worker exited with code: 7/],
    ['runs out of heap', 'oom', /memory limit/],
    ['overruns its time budget', 'sleep 20000', /time budget of 1500 ms/],
  ])('when the task %s: 500 without internals, then a fresh worker answers', async (_what, script, logged) => {
    const started = Date.now();
    const failed = await diff(app, script);
    expectError(failed, 500, 'INTERNAL_SERVER_ERROR', { message: /request id/ });
    expect(JSON.stringify(failed.body)).not.toMatch(/secret|worker|memory|budget/);
    expect(loggedError(failed.body.requestId)?.message).toMatch(logged);
    // The budget stopped the 20 s sleep near 1.5 s, not at its end.
    expect(Date.now() - started).toBeLessThan(10_000);

    const next = await diff(app, 'ok');
    expect(next.status).toBe(200);
    expect(next.body.data).toEqual({ originalRows: 1, reworkedRows: 0 });
    expect(engine.running).toBe(0);
  });
});

describe('the time budget', () => {
  it('counts from when a diff starts running, not while it waits', async () => {
    const engine = startFaultEngine({ workers: 1, maxQueue: 2, taskTimeoutMs: 1_000 });
    try {
      await engine.run('diff', inSlot(engine, bytes('ok')), never); // the worker is up: the timings below are the diffs'
      const first = engine.run('diff', inSlot(engine, bytes('sleep 700')), never);
      const second = engine.run('diff', inSlot(engine, bytes('sleep 700')), never);
      expect(engine.queued).toBe(1);
      // The second waited ~700 ms and ran ~700 ms: 1.4 s in all, past the budget, yet within it running.
      await expect(Promise.all([first, second])).resolves.toEqual([expect.objectContaining({ ok: true }), expect.objectContaining({ ok: true })]);
      await expect(engine.run('diff', inSlot(engine, bytes('sleep 3000')), never)).rejects.toBeInstanceOf(EngineTimeoutError);
    } finally {
      await engine.destroy();
    }
  });
});

describe('overload', () => {
  it('more concurrent diffs than workers plus queue: the rest are 503 with Retry-After', async () => {
    const engine = startFaultEngine({ workers: 1, maxQueue: 2 });
    try {
      const { app } = buildApp(engine);
      await diff(app, 'ok');
      const answers = await Promise.all(Array.from({ length: 12 }, () => diff(app, 'sleep 300')));
      const statuses = answers.map((r) => r.status).sort();
      expect(statuses).toEqual([...Array(3).fill(200), ...Array(9).fill(503)]);
      for (const refused of answers.filter((r) => r.status === 503)) {
        expectError(refused, 503, 'SERVICE_UNAVAILABLE');
        expect(refused.headers['retry-after']).toBe('5');
      }
    } finally {
      await engine.destroy();
    }
  });
});

describe('drain', () => {
  it('refuses the waiting diffs and new ones, and lets the running one finish', async () => {
    const engine = startFaultEngine({ workers: 1, maxQueue: 4 });
    try {
      await engine.run('diff', inSlot(engine, bytes('ok')), never);
      const running = engine.run('diff', inSlot(engine, bytes('sleep 500')), never);
      const waiting = [engine.run('diff', inSlot(engine, bytes('ok')), never), engine.run('diff', inSlot(engine, bytes('ok')), never)];
      const refusals = waiting.map((p) => p.catch((error: unknown) => error));
      expect([engine.running, engine.queued]).toEqual([1, 2]);

      engine.drain();
      for (const refused of await Promise.all(refusals)) {
        expect(refused).toBeInstanceOf(EngineBusyError);
        expect((refused as EngineBusyError).draining).toBe(true);
      }
      await expect(engine.run('diff', inSlot(engine, bytes('ok')), never)).rejects.toMatchObject({ draining: true });
      expect(engine.full).toBe(true);
      await expect(running).resolves.toMatchObject({ ok: true });
      await engine.close();
    } finally {
      await engine.destroy();
    }
  });
});
