/**
 * Every code of the error table (spec §7 + D1.8) through HTTP, each asserting the whole envelope
 * and the headers the contract puts on it; then the precedence of D1.11.
 */
import request from 'supertest';
import type { DiffEngine } from '../../src/runtime/engine-pool';
import { smallBody } from '../support/request-bodies';
import { latch } from '../support/latch';
import { buildApp, expectError, KEY, startEngine } from '../support/service-harness';
import { until } from '../support/until';

const script = (transcript: string) => ({ original: [{ transcript }], reworked: [{ transcript: 'x' }] });

let engine: DiffEngine;
beforeAll(() => {
  engine = startEngine({ workers: 1, maxQueue: 0 });
});
afterAll(async () => {
  await engine.destroy();
});

const limits = { burst: { limit: 10, windowMs: 60_000 }, window: { limit: 60, windowMs: 900_000 } };
const diff = (app: Parameters<typeof request>[0]) => request(app).post('/v1/diff');

function expectRateHeaders(res: request.Response, remaining: number): void {
  expect(res.headers['ratelimit-limit']).toBe('10');
  expect(res.headers['ratelimit-remaining']).toBe(String(remaining));
}

describe('error envelope for every code', () => {
  it('400 BAD_REQUEST when the JSON is malformed', async () => {
    const { app } = buildApp(engine, { rateLimit: limits });
    const res = await diff(app).set('x-api-key', KEY).type('application/json').send('{"original": [');
    expectError(res, 400, 'BAD_REQUEST', { message: 'The body is not valid JSON.' });
    expectRateHeaders(res, 59);
    expect(res.headers['retry-after']).toBeUndefined();
    expect(res.text).not.toContain('"original": [');
  });

  it('401 UNAUTHORIZED when the key is missing', async () => {
    const { app } = buildApp(engine, { rateLimit: limits });
    const res = await diff(app).send(smallBody());
    expectError(res, 401, 'UNAUTHORIZED', { message: /Missing API key/ });
    expectRateHeaders(res, 59);
    expect(res.headers['retry-after']).toBeUndefined();
  });

  it('404 NOT_FOUND for an unknown path, with the request id but no rate headers', async () => {
    const { app } = buildApp(engine, { rateLimit: limits });
    const res = await request(app).get('/v2/nothing').set('x-api-key', KEY);
    expectError(res, 404, 'NOT_FOUND', { message: 'No such endpoint.' });
    expect(res.headers['ratelimit-limit']).toBeUndefined();
    expect(res.headers['ratelimit-remaining']).toBeUndefined();
    expect(res.headers['retry-after']).toBeUndefined();
  });

  it('413 PAYLOAD_TOO_LARGE when Content-Length exceeds 5 MiB', async () => {
    const { app } = buildApp(engine, { rateLimit: limits });
    const big = JSON.stringify({ original: [{ transcript: 'x'.repeat(5 * 1024 * 1024) }], reworked: [] });
    const res = await diff(app).set('x-api-key', KEY).type('application/json').send(big);
    expectError(res, 413, 'PAYLOAD_TOO_LARGE', { message: /5 MiB/ });
    expectRateHeaders(res, 59);
    expect(res.headers['retry-after']).toBeUndefined();
  });

  it('422 VALIDATION_ERROR with details when a row lacks its transcript', async () => {
    const { app } = buildApp(engine, { rateLimit: limits });
    const res = await diff(app)
      .set('x-api-key', KEY)
      .send({ original: [{ transcript: 'a' }, { speaker: 'B' }], reworked: [] });
    expectError(res, 422, 'VALIDATION_ERROR', { details: [{ field: 'original[1].transcript', message: /expected string/ }] });
    expectRateHeaders(res, 59);
    expect(res.headers['retry-after']).toBeUndefined();
  });

  it('422 VALIDATION_ERROR when the engine refuses a transform (EngineInputError)', async () => {
    const { app } = buildApp(engine, { rateLimit: limits });
    const res = await diff(app).set('x-api-key', KEY).send(script('input-error'));
    expectError(res, 422, 'VALIDATION_ERROR', {
      details: [{ field: 'config.structuralTransforms[0]', message: 'rule 0 grows a cell past its bound' }],
    });
  });

  it('429 RATE_LIMIT_EXCEEDED with Retry-After when the burst tier is spent', async () => {
    const { app } = buildApp(engine, { rateLimit: { ...limits, burst: { limit: 1, windowMs: 60_000 } } });
    await diff(app).set('x-api-key', KEY).send(script('ok'));
    const res = await diff(app).set('x-api-key', KEY).send(script('ok'));
    expectError(res, 429, 'RATE_LIMIT_EXCEEDED', { message: /Retry-After/ });
    expect(res.headers['ratelimit-limit']).toBe('1');
    expect(res.headers['ratelimit-remaining']).toBe('59');
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(59);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('500 INTERNAL_SERVER_ERROR without internals when the engine throws; the log keeps them', async () => {
    const { app, logs } = buildApp(engine, { rateLimit: limits });
    const res = await diff(app).set('x-api-key', KEY).set('x-request-id', 'boom-1').send(script('throw'));
    expectError(res, 500, 'INTERNAL_SERVER_ERROR', { message: /request id/ });
    expectRateHeaders(res, 59);
    expect(res.text).not.toMatch(/secret|engine\.ts|stack/);
    const line = logs.find((l) => (l.req as { id?: string } | undefined)?.id === 'boom-1');
    expect(line?.level).toBe(50);
    expect(JSON.stringify(line?.err)).toContain('secret internal detail');
  });

  it('503 SERVICE_UNAVAILABLE with Retry-After when the engine queue is full', async () => {
    const { app } = buildApp(engine, { rateLimit: limits });
    const held = latch();
    const slow = diff(app).set('x-api-key', KEY).send(script(held.script)).then((r) => r);
    // The one worker is busy and the queue holds nothing (maxQueue 0).
    await until(() => engine.running === 1);
    const res = await diff(app).set('x-api-key', KEY).send(script('ok'));
    expectError(res, 503, 'SERVICE_UNAVAILABLE', { message: /Retry-After/ });
    expect(res.headers['retry-after']).toBe('5');
    expectRateHeaders(res, 58);
    held.release();
    expect((await slow).status).toBe(200);
  });
});

describe('precedence when several errors apply (D1.11)', () => {
  const tight = { burst: { limit: 1, windowMs: 60_000 }, window: { limit: 60, windowMs: 900_000 } };
  const oversize = JSON.stringify({ original: [{ transcript: 'x'.repeat(5 * 1024 * 1024) }], reworked: [] });

  it('404 before 429: an unknown method on /v1/diff is 404 even when the limit is spent', async () => {
    const { app } = buildApp(engine, { rateLimit: tight });
    await diff(app).send({});
    expect((await diff(app).send({})).status).toBe(429);
    expectError(await request(app).get('/v1/diff'), 404, 'NOT_FOUND');
    expectError(await request(app).put('/v1/diff').set('x-api-key', KEY).send({}), 404, 'NOT_FOUND');
  });

  it('429 before 413 and 401: a spent limit answers 429 to an oversized body without a key', async () => {
    const { app } = buildApp(engine, { rateLimit: tight });
    await diff(app).send({});
    const res = await diff(app).type('application/json').send(oversize);
    expectError(res, 429, 'RATE_LIMIT_EXCEEDED');
  });

  it('413 before 401: an oversized Content-Length without a key is 413', async () => {
    const { app } = buildApp(engine, { rateLimit: limits });
    expectError(await diff(app).type('application/json').send(oversize), 413, 'PAYLOAD_TOO_LARGE');
  });

  it('401 before 400: malformed JSON or a wrong content type without a key is 401', async () => {
    const { app } = buildApp(engine, { rateLimit: limits });
    expectError(await diff(app).type('application/json').send('{nope'), 401, 'UNAUTHORIZED');
    expectError(await diff(app).type('text/plain').send('hello'), 401, 'UNAUTHORIZED');
  });

  it('400 before 422: a body that is not an object is 400, not a validation error', async () => {
    const { app } = buildApp(engine, { rateLimit: limits });
    expectError(await diff(app).set('x-api-key', KEY).send([1, 2]), 400, 'BAD_REQUEST', { message: /JSON object/ });
  });

  it('422 before 503: an invalid body is refused even when the engine queue is full', async () => {
    const { app } = buildApp(engine, { rateLimit: limits });
    const held = latch();
    const slow = diff(app).set('x-api-key', KEY).send(script(held.script)).then((r) => r);
    await until(() => engine.running === 1);
    expectError(await diff(app).set('x-api-key', KEY).send({ original: [] }), 422, 'VALIDATION_ERROR', {
      details: [{ field: 'reworked', message: /expected array/ }],
    });
    expect((await diff(app).set('x-api-key', KEY).send(script('ok'))).status).toBe(503);
    held.release();
    expect((await slow).status).toBe(200);
  });
});

describe('paths and methods', () => {
  it.each([
    ['get', '/'],
    ['get', '/v1'],
    ['get', '/v1/diff'],
    ['post', '/v1/health'],
    ['delete', '/v1/diff'],
    ['options', '/v1/diff'],
    ['get', '/v1/diff/extra'],
    ['post', '/V1/DIFF/x'],
  ] as const)('%s %s is a JSON 404', async (method, path) => {
    const { app } = buildApp(engine, { rateLimit: limits });
    const res = await request(app)[method](path).set('x-api-key', KEY);
    expectError(res, 404, 'NOT_FOUND');
  });

  it('HEAD on an unknown path is 404 with no body', async () => {
    const { app } = buildApp(engine, { rateLimit: limits });
    const res = await request(app).head('/nothing');
    expect(res.status).toBe(404);
    expect(res.headers['x-request-id']).toBeDefined();
  });
});

describe('path matching', () => {
  it('is case-sensitive: POST /V1/DIFF is 404', async () => {
    const { app } = buildApp(engine, { rateLimit: limits });
    expectError(await request(app).post('/V1/DIFF').set('x-api-key', KEY).send({}), 404, 'NOT_FOUND');
  });
});
