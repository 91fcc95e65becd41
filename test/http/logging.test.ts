/** Logs (decisions D9.4, D2.4): one JSON line per request with id, agency, status and duration; no key. */
import request from 'supertest';
import type { DiffEngine } from '../../src/runtime/engine-pool';
import { buildApp, KEY, startEngine } from '../support/service-harness';

let engine: DiffEngine;
beforeAll(() => {
  engine = startEngine();
});
afterAll(async () => {
  await engine.destroy();
});

describe('request log', () => {
  it('writes one line per request with request id, agency, status and duration', async () => {
    const { app, logs } = buildApp(engine);
    await request(app).post('/v1/diff').set('x-api-key', KEY).set('x-request-id', 'log-1').send({ original: [{ transcript: 'x' }], reworked: [] });
    await request(app).post('/v1/diff').set('x-api-key', KEY).set('x-request-id', 'log-2').send({});
    await request(app).get('/missing').set('x-request-id', 'log-3');
    expect(logs).toHaveLength(3);
    const [ok, invalid, missing] = logs;
    expect(ok).toMatchObject({ level: 30, agency: 'acme', req: { id: 'log-1', method: 'POST', url: '/v1/diff' }, res: { statusCode: 200 } });
    expect(typeof ok.responseTime).toBe('number');
    expect(invalid).toMatchObject({ agency: 'acme', req: { id: 'log-2' }, res: { statusCode: 422 } });
    expect(missing).toMatchObject({ req: { id: 'log-3' }, res: { statusCode: 404 } });
    expect(missing.agency).toBeUndefined();
  });

  it('never writes the API key, valid or not; the header shows as redacted', async () => {
    const { app, logs } = buildApp(engine);
    await request(app).post('/v1/diff').set('x-api-key', KEY).send({});
    await request(app).post('/v1/diff').set('x-api-key', 'wrong-key-that-someone-guessed').send({});
    const text = JSON.stringify(logs);
    expect(text).not.toContain(KEY);
    expect(text).not.toContain('wrong-key-that-someone-guessed');
    expect((logs[0].req as { headers: Record<string, string> }).headers['x-api-key']).toBe('[redacted]');
  });

  it('never logs the body', async () => {
    const { app, logs } = buildApp(engine);
    await request(app).post('/v1/diff').set('x-api-key', KEY).type('application/json').send('{"original":"private transcript text"');
    expect(JSON.stringify(logs)).not.toContain('private transcript text');
  });
});
