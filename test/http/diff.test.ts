/** POST /v1/diff end to end, with the real engine in the worker pool. */
import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { runDiff } from '../../src/engine';
import type { DiffEngine } from '../../src/runtime/engine-pool';
import { DiffResponseSchema } from '../../src/http/response-schema';
import { largeBody, smallBody } from '../support/request-bodies';
import { buildApp, KEY, startRealEngine } from '../support/service-harness';

let engine: DiffEngine;
beforeAll(() => {
  engine = startRealEngine();
});
afterAll(async () => {
  await engine.destroy();
});

describe('POST /v1/diff', () => {
  it('when the body is valid, then 200 with the success envelope, no-store and the rate headers', async () => {
    const { app } = buildApp(engine);
    const res = await request(app).post('/v1/diff').set('x-api-key', KEY).set('x-request-id', 'req-1').send(smallBody());
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-request-id']).toBe('req-1');
    expect(res.headers['ratelimit-limit']).toBe('1000');
    expect(res.headers['ratelimit-remaining']).toBe('4999');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.body.status).toBe('success');
    expect(res.body.requestId).toBe('req-1');
    expect(DiffResponseSchema.safeParse(res.body).error?.issues).toBeUndefined();
    const statuses = res.body.data.results.map((r: { status: string }) => r.status);
    expect(statuses).toEqual(['UNCHANGED', 'MODIFIED']);
    expect(res.body.data.meta).toMatchObject({ originalRows: 2, reworkedRows: 2 });
  });

  it('when a row has a __proto__ or constructor key, then it comes back unchanged as data', async () => {
    const { app } = buildApp(engine);
    const text =
      '{"original":[{"transcript":"a b","__proto__":{"polluted":true},"constructor":"c"}],' +
      '"reworked":[{"transcript":"a b","__proto__":{"polluted":true},"constructor":"c"}]}';
    const res = await request(app).post('/v1/diff').set('x-api-key', KEY).type('application/json').send(text);
    expect(res.status).toBe(200);
    const raw = JSON.parse(res.text, (key, value) => value);
    const entry = raw.data.results[0];
    expect(entry.status).toBe('UNCHANGED');
    expect(Object.keys(entry.originalRow)).toEqual(['transcript', '__proto__', 'constructor']);
    expect(Object.getOwnPropertyDescriptor(entry.originalRow, '__proto__')?.value).toEqual({ polluted: true });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('POST /v1/diff with the real engine', () => {
  it('2-D input is answered with row objects keyed by the headers', async () => {
    const { app } = buildApp(engine);
    const res = await request(app)
      .post('/v1/diff')
      .set('x-api-key', KEY)
      .send({
        original: [['Hello there.', 'A'], ['How are you?', 'B']],
        reworked: [['Hello there.', 'A'], ['How are you doing?', 'B']],
        headers: ['text', 'who'],
        columnMapping: { transcript: 0, speaker: 1 },
      });
    expect(res.status).toBe(200);
    expect(DiffResponseSchema.safeParse(res.body).error?.issues).toBeUndefined();
    expect(res.body.data.meta.headers).toEqual(['text', 'who']);
    expect(res.body.data.results[1]).toMatchObject({ status: 'MODIFIED', originalRow: { text: 'How are you?', who: 'B' } });
  });

  it('a split, a merge and inline diffs all fit the documented response schema', async () => {
    const { app } = buildApp(engine);
    const res = await request(app)
      .post('/v1/diff')
      .set('x-api-key', KEY)
      .send({
        original: [
          { transcript: 'the meeting starts at nine and we will review the numbers', start_time: 0, end_time: 6 },
          { transcript: 'okay so', start_time: 6, end_time: 7 },
          { transcript: 'next quarter please', start_time: 7, end_time: 9 },
        ],
        reworked: [
          { transcript: 'the meeting starts at nine', start_time: 0, end_time: 3 },
          { transcript: 'and we will review the numbers', start_time: 3, end_time: 6 },
          { transcript: 'okay so next quarter please', start_time: 6, end_time: 9 },
        ],
      });
    expect(res.status).toBe(200);
    expect(res.body.data.results.map((r: { status: string }) => r.status)).toEqual(['SPLIT', 'MERGED', 'MERGED', 'MERGED']);
    expect(DiffResponseSchema.safeParse(res.body).error?.issues).toBeUndefined();
  });

  it('a transform that amplifies a cell past its bound is a 422 naming the rule (EngineInputError)', async () => {
    const { app } = buildApp(engine);
    const res = await request(app)
      .post('/v1/diff')
      .set('x-api-key', KEY)
      .send({
        original: [{ transcript: 'a'.repeat(2000) }],
        reworked: [{ transcript: 'b' }],
        config: { structuralTransforms: [{ find: 'a', replace: 'x'.repeat(200) }] },
      });
    expect(res.status).toBe(422);
    expect(res.body.error.details).toEqual([{ field: 'config.structuralTransforms[0]', message: expect.stringMatching(/grows a cell/) }]);
  });

  it('a gzip-compressed body is decoded before the diff', async () => {
    const { app } = buildApp(engine);
    const zipped = gzipSync(JSON.stringify(smallBody()));
    const res = await request(app)
      .post('/v1/diff')
      .set('x-api-key', KEY)
      .set('content-type', 'application/json')
      .set('content-encoding', 'gzip')
      .serialize((raw: unknown) => raw as string)
      .send(zipped as unknown as string);
    expect(res.status).toBe(200);
    expect(res.body.data.results.map((r: { status: string }) => r.status)).toEqual(['UNCHANGED', 'MODIFIED']);
  });

  it('data is the engine\'s JSON byte for byte, and Content-Length is the exact length', async () => {
    const { app } = buildApp(engine);
    const body = largeBody(300);
    const res = await request(app).post('/v1/diff').set('x-api-key', KEY).send(body);
    expect(res.status).toBe(200);
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.text));
    expect(res.text.slice(res.text.indexOf('"data":') + '"data":'.length, -1)).toBe(JSON.stringify(runDiff(body)));
  });

  it('the same request gives byte-identical data (D6.9)', async () => {
    const { app } = buildApp(engine);
    const send = () => request(app).post('/v1/diff').set('x-api-key', KEY).send(largeBody(300));
    const [a, b] = [await send(), await send()];
    expect(a.status).toBe(200);
    const data = (text: string) => text.slice(text.indexOf('"data":'));
    expect(data(a.text)).toBe(data(b.text));
    expect(a.body.requestId).not.toBe(b.body.requestId);
  });
});
