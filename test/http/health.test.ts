/** GET /v1/health (decisions D1.9, D1.10). */
import request from 'supertest';
import type { DiffEngine } from '../../src/runtime/engine-pool';
import { HealthResponseSchema } from '../../src/http/response-schema';
import { frozenDate } from '../support/frozen-date';
import { latch } from '../support/latch';
import { buildApp, KEY, startEngine } from '../support/service-harness';
import { until } from '../support/until';

let engine: DiffEngine;
beforeAll(() => {
  engine = startEngine({ workers: 1, maxQueue: 4 });
});
afterAll(async () => {
  await engine.destroy();
});

describe('GET /v1/health', () => {
  it('answers 200 {status, version, uptime, timestamp} without a key', async () => {
    // The service's clock stands still at a known instant: uptime and timestamp are exact.
    const now = Date.UTC(2026, 10, 25, 1, 42, 59, 504);
    const clock = frozenDate(now);
    try {
      const { app } = buildApp(engine, { version: '9.8.7', startedAt: now - 5_500 });
      const res = await request(app).get('/v1/health');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(HealthResponseSchema.safeParse(res.body).success).toBe(true);
      expect(res.body).toEqual({ status: 'ok', version: '9.8.7', uptime: 5, timestamp: '2026-11-25T01:42:59.504Z' });
    } finally {
      clock.restore();
    }
  });

  it("carries helmet's headers and no X-Powered-By", async () => {
    const { app } = buildApp(engine);
    const res = await request(app).get('/v1/health');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBeDefined();
    expect(res.headers['strict-transport-security']).toBeDefined();
  });

  it('is logged at debug, not info (probes would flood the log)', async () => {
    const { app, logs } = buildApp(engine);
    await request(app).get('/v1/health');
    expect(logs).toHaveLength(1);
    expect(logs[0].level).toBe(20);
  });

  it('answers while a long diff occupies the only worker', async () => {
    const { app } = buildApp(engine);
    let diffDone = false;
    const held = latch();
    const slow = request(app)
      .post('/v1/diff')
      .set('x-api-key', KEY)
      .send({ original: [{ transcript: held.script }], reworked: [] })
      .then((r) => {
        diffDone = true;
        return r;
      });
    await until(() => engine.running === 1);
    // Not a timing target (the benchmark measures latency): the probes are answered by the main
    // thread while the worker still holds the diff, not after it.
    for (let i = 0; i < 20; i++) expect((await request(app).get('/v1/health')).status).toBe(200);
    expect(diffDone).toBe(false);
    held.release();
    expect((await slow).status).toBe(200);
  });
});
