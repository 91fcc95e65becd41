/** Request ids (decisions D1.2): on every response, equal to the envelope's, safe when echoed. */
import request from 'supertest';
import type { DiffEngine } from '../../src/runtime/engine-pool';
import { chooseRequestId } from '../../src/http/request-id';
import { buildApp, KEY, startEngine } from '../support/service-harness';

let engine: DiffEngine;
beforeAll(() => {
  engine = startEngine();
});
afterAll(async () => {
  await engine.destroy();
});

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('x-request-id', () => {
  it('when a valid id is supplied, then it is echoed in the header and the envelope', async () => {
    const { app } = buildApp(engine);
    const res = await request(app).post('/v1/diff').set('x-api-key', KEY).set('x-request-id', 'Abc_123-xyz').send({});
    expect(res.headers['x-request-id']).toBe('Abc_123-xyz');
    expect(res.body.requestId).toBe('Abc_123-xyz');
  });

  it.each([
    ['too long', 'a'.repeat(65)],
    ['other characters', 'abc/def'],
    ['spaces', 'abc def'],
    ['markup', '<script>'],
  ])('when the supplied id has %s, then a fresh UUID v4 replaces it', async (_why, supplied) => {
    const { app, logs } = buildApp(engine);
    const res = await request(app).get('/nowhere').set('x-request-id', supplied);
    expect(res.headers['x-request-id']).toMatch(UUID_V4);
    expect(res.body.requestId).toBe(res.headers['x-request-id']);
    expect(res.text).not.toContain(supplied);
    expect((logs[0].req as { id: string }).id).toBe(res.headers['x-request-id']);
  });

  it('accepts exactly 64 characters', () => {
    expect(chooseRequestId('a'.repeat(64))).toBe('a'.repeat(64));
  });

  it('never keeps CR/LF or a repeated header (which Node joins into a list)', () => {
    expect(chooseRequestId('abc\r\nSet-Cookie: x=1')).toMatch(UUID_V4);
    expect(chooseRequestId(['a', 'b'])).toMatch(UUID_V4);
    expect(chooseRequestId(undefined)).toMatch(UUID_V4);
  });

  it.each([
    ['health', (app: Parameters<typeof request>[0]) => request(app).get('/v1/health')],
    ['openapi', (app: Parameters<typeof request>[0]) => request(app).get('/v1/openapi.json')],
    ['404', (app: Parameters<typeof request>[0]) => request(app).delete('/v1/diff')],
    ['401', (app: Parameters<typeof request>[0]) => request(app).post('/v1/diff').send({})],
    ['200', (app: Parameters<typeof request>[0]) => request(app).post('/v1/diff').set('x-api-key', KEY).send({ original: [{ transcript: 'ok' }], reworked: [] })],
  ])('every response carries one (%s), unique per request', async (_name, send) => {
    const { app } = buildApp(engine);
    const [a, b] = [await send(app), await send(app)];
    expect(a.headers['x-request-id']).toMatch(UUID_V4);
    expect(b.headers['x-request-id']).toMatch(UUID_V4);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
    if (a.body?.requestId !== undefined) expect(a.body.requestId).toBe(a.headers['x-request-id']);
  });
});
