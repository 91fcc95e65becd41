/**
 * Worker faults, overload and the drain (decisions D1.7, D1.8, D9.3): a diff whose task throws,
 * whose worker exits, runs out of heap or overruns its time budget fails alone with the 500
 * envelope, and the next request succeeds on a fresh worker; more diffs than workers plus queue
 * get 503 with Retry-After; a drain refuses the waiting diffs and lets the running one finish.
 */
import request from 'supertest';
import type { Express } from 'express';
import { type DiffEngine, EngineBusyError, EngineTimeoutError } from '../../src/runtime/engine-pool';
import { latch } from '../support/latch';
import { buildApp, expectError, inSlot, KEY, startFaultEngine } from '../support/service-harness';
import { until } from '../support/until';

jest.setTimeout(30_000);

const body = (script: string) => ({ original: [{ transcript: script }], reworked: [] });
const diff = (app: Express, script: string) => request(app).post('/v1/diff').set('x-api-key', KEY).send(body(script));
const bytes = (script: string) => Buffer.from(JSON.stringify(body(script)));
const never = new AbortController().signal;

describe('a worker fault fails one request, and the next one succeeds', () => {
  // Two engines: the time budget's own, and one whose budget no other fault can reach first
  // (filling the heap takes longer than 1.5 s on a busy machine).
  type Budget = 'budget' | 'generous';
  let engines: Record<Budget, DiffEngine>;
  let apps: Record<Budget, ReturnType<typeof buildApp>>;
  beforeAll(() => {
    // 64 MiB of heap: plenty for the fault worker, not for its "oom" script.
    engines = {
      budget: startFaultEngine({ workers: 1, maxQueue: 2, taskTimeoutMs: 1_500, workerHeapMb: 64 }),
      generous: startFaultEngine({ workers: 1, maxQueue: 2, taskTimeoutMs: 600_000, workerHeapMb: 64 }),
    };
    apps = { budget: buildApp(engines.budget), generous: buildApp(engines.generous) };
  });
  afterAll(async () => {
    await Promise.all(Object.values(engines).map((e) => e.destroy()));
  });

  /** The logged error of the request answered with `requestId`. */
  const loggedError = (logs: Array<Record<string, unknown>>, requestId: string) => {
    const line = logs.find((l) => (l.req as { id?: string } | undefined)?.id === requestId && l.err !== undefined);
    return line?.err as { type?: string; message?: string; code?: string } | undefined;
  };

  it.each([
    ['throws', 'throw', /secret internal detail/, 'generous'],
    ['exits', 'exit', /worker exited with code: 7/, 'generous'],
    ['runs out of heap', 'oom', /memory limit/, 'generous'],
    // Held for good: only the budget can end it.
    ['overruns its time budget', latch().script, /time budget of 1500 ms/, 'budget'],
  ] as const)('when the task %s: 500 without internals, then a fresh worker answers', async (_what, script, logged, which) => {
    const { app, logs } = apps[which];
    const engine = engines[which];
    const failed = await diff(app, script);
    expectError(failed, 500, 'INTERNAL_SERVER_ERROR', { message: /request id/ });
    expect(JSON.stringify(failed.body)).not.toMatch(/secret|worker|memory|budget/);
    expect(loggedError(logs, failed.body.requestId)?.message).toMatch(logged);

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
      // The first is held until its budget stops it; the second waits all that time in the queue,
      // longer than a budget, and must still get a whole budget once it runs.
      const first = engine.run('diff', inSlot(engine, bytes(latch().script)), never);
      const second = engine.run('diff', inSlot(engine, bytes('ok')), never);
      expect(engine.queued).toBe(1);
      await expect(first).rejects.toBeInstanceOf(EngineTimeoutError);
      await expect(second).resolves.toMatchObject({ ok: true });
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
      // Every diff holds its worker until all twelve are answered or waiting: nothing ends early.
      const held = latch();
      let refusedSoFar = 0;
      const pending = Array.from({ length: 12 }, () =>
        diff(app, held.script).then((r) => {
          if (r.status === 503) refusedSoFar++;
          return r;
        }),
      );
      await until(() => engine.running === 1 && engine.queued === 2 && refusedSoFar === 9);
      held.release();
      const answers = await Promise.all(pending);
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
      const held = latch();
      const running = engine.run('diff', inSlot(engine, bytes(held.script)), never);
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
      held.release();
      await expect(running).resolves.toMatchObject({ ok: true });
      await engine.close();
    } finally {
      await engine.destroy();
    }
  });
});
