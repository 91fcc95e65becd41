/**
 * Fuzzing the service through the real HTTP stack (issue 7): arbitrary and mutated bodies,
 * headers, methods and paths, sent as raw bytes to the real Node server, app and engine worker.
 * Every answer must be one of the documented codes in the documented envelope with its
 * `x-request-id` (support/contract.ts), never a 500; bodies must be judged exactly as the worker
 * judges them in process (same status, same details, byte-identical `data`, D6.9); the process
 * survives; and Object.prototype is untouched afterwards.
 *
 * Bounded by its run counts: fixed seeds, 1,000 requests in all, so every run sends the same cases.
 * jest's timeout is a safety net, not a bound.
 */
import { METHODS } from 'node:http';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import diffWorker from '../../src/runtime/engine-worker';
import type { DiffEngine } from '../../src/runtime/engine-pool';
import { KEY, OTHER_KEY } from '../support/service-harness';
import { bodyText, headerValue, mutate, mutation, type Mutation, percentEncoded, awkwardString } from './support/arbitraries';
import { rawDiff } from './support/cases';
import { contractProblems, DOCUMENTED } from './support/contract';
import { exchange, headBytes, bodyBytes, type RawRequest, type RawResponse, send } from './support/raw-http';
import { type Service, startEngine, startService } from './support/service';

jest.setTimeout(120_000);

/** Everything observable about the built-in prototypes, to prove no request polluted them. */
function prototypeSnapshot(): string {
  const describe = (proto: object) =>
    Object.getOwnPropertyNames(proto)
      .sort()
      .map((name) => {
        const d = Object.getOwnPropertyDescriptor(proto, name) as PropertyDescriptor;
        return `${name}:${typeof d.value}:${String(d.enumerable)}:${typeof d.get}`;
      })
      .join(',');
  return [Object.prototype, Array.prototype, String.prototype, Function.prototype].map(describe).join('|');
}

let engine: DiffEngine;
let service: Service;
let framingService: Service;
let pristine: string;
beforeAll(async () => {
  pristine = prototypeSnapshot();
  engine = startEngine();
  // The usual timeouts, far from what a well-framed request takes even on a busy machine.
  service = await startService(engine);
  // Short ones where the framing property truncates bodies, and Node cuts those off (its 408 is
  // one of the answers that property accepts).
  framingService = await startService(engine, { timeouts: { headersTimeoutMs: 1_000, requestTimeoutMs: 2_000 } });
});
afterAll(async () => {
  await service.close();
  await framingService.close();
  await engine.destroy();
});

/** The answer the worker gives these body bytes in process: status, code, details or data. */
function expectedFor(body: Buffer): { status: number; code: string; details?: unknown; data?: string } {
  const outcome = diffWorker({ op: 'diff', body });
  // A plain Buffer body (no shared slot): the answer always comes in a buffer of its own.
  if (outcome.ok) return { status: 200, code: 'success', data: 'data' in outcome ? Buffer.from(outcome.data).toString('utf8') : 'an answer in a slot' };
  const status = outcome.code === 'BAD_REQUEST' ? 400 : 422;
  return { status, code: outcome.code, ...(outcome.details ? { details: outcome.details } : {}) };
}

/** Checks one diff answer against the in-process judgement of the same bytes. */
function expectJudgedAsInProcess(res: RawResponse, body: Buffer, request: RawRequest): void {
  if (res.status === 500) {
    // Show the logged cause with the counterexample: the answer itself rightly says nothing.
    const line = service.logs.find((l) => (l.req as { id?: string } | undefined)?.id === res.headers['x-request-id']);
    throw new Error(`500 for ${JSON.stringify(body.toString('utf8').slice(0, 300))}: ${JSON.stringify(line?.err).slice(0, 1500)}`);
  }
  expect(contractProblems(res, { method: 'POST', path: '/v1/diff', suppliedIds: [] })).toEqual([]);
  const expected = expectedFor(body);
  const json = res.json as { error?: { code: string; details?: unknown } };
  expect({ status: res.status, code: res.status === 200 ? 'success' : json.error?.code }).toEqual({ status: expected.status, code: expected.code });
  if (expected.details) expect(json.error?.details).toEqual(expected.details);
  if (expected.data !== undefined) {
    // The envelope is written around the worker's bytes: `data` must be them exactly.
    const start = res.text.indexOf('"data":') + '"data":'.length;
    expect(res.text.slice(start, -1)).toBe(expected.data);
  }
  expect(request.method).toBe('POST');
}

const RUNS = { bodies: 250, mutated: 300, headers: 300, framing: 150 };

/** Statuses seen by a property, so a generator that stopped reaching an outcome fails the test. */
function tally(): { add: (status: number) => void; share: (status: number) => number; seen: Map<number, number> } {
  const seen = new Map<number, number>();
  let total = 0;
  return {
    add: (status) => {
      total++;
      seen.set(status, (seen.get(status) ?? 0) + 1);
    },
    share: (status) => (seen.get(status) ?? 0) / Math.max(1, total),
    seen,
  };
}

describe('fuzz', () => {
  it('arbitrary bodies are judged exactly as in process: 200, 400 or 422 with the same details and data', async () => {
    const statuses = tally();
    await fc.assert(
      fc.asyncProperty(bodyText, fc.boolean(), async (text, gzip) => {
        const body = Buffer.from(text, 'utf8');
        const request = rawDiff(gzip ? gzipSync(body) : body, gzip ? [['Content-Encoding', 'gzip']] : []);
        const res = await send(service.port, request);
        expectJudgedAsInProcess(res, body, request);
        statuses.add(res.status);
      }),
      { seed: 70_001, numRuns: RUNS.bodies },
    );
    expect(Math.min(statuses.share(200), statuses.share(400), statuses.share(422))).toBeGreaterThan(0.05);
  });

  it('mutated bodies (bytes replaced, inserted, deleted, duplicated, truncated) are judged as in process', async () => {
    const statuses = tally();
    await fc.assert(
      fc.asyncProperty(bodyText, fc.array(mutation, { minLength: 1, maxLength: 4 }), async (text, edits) => {
        const body = mutate(Buffer.from(text, 'utf8'), edits as Mutation[]);
        const request = rawDiff(body);
        const res = await send(service.port, request);
        expectJudgedAsInProcess(res, body, request);
        statuses.add(res.status);
      }),
      { seed: 70_002, numRuns: RUNS.mutated },
    );
    expect(Math.min(statuses.share(200), statuses.share(400), statuses.share(422))).toBeGreaterThan(0.01);
  });

  const methods = METHODS.filter((m) => m !== 'CONNECT');
  const paths = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom('/v1/diff', '/v1/health') },
    fc.constantFrom('/v1/diff', '/v1/health', '/v1/openapi.json', '/v1/diff/', '/v1/diff?x=1', '/v1/health?verbose', '/', '*', '/v1', '//v1/diff', '/v1/%2e%2e/v1/health', '/v1/diff%00', '/V1/diff', '/v1/diff;a=b', '/v1/diff#x'),
    fc.array(awkwardString, { minLength: 1, maxLength: 3 }).map((segments) => `/${segments.map(percentEncoded).join('/')}`),
    awkwardString.map((s) => `/v1/diff?${percentEncoded(s)}`),
  );
  const headerName = fc.oneof(
    fc.constantFrom('x-api-key', 'x-request-id', 'content-type', 'content-encoding', 'authorization', 'expect', 'accept', 'accept-encoding', 'x-forwarded-for', 'origin', 'cookie', 'range', 'if-none-match'),
    fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,20}$/),
  );
  const headerPick = fc.oneof(
    fc.tuple(fc.constant('x-api-key'), fc.constantFrom(KEY, OTHER_KEY, '', 'wrong', `${KEY}x`, KEY.toUpperCase()).map((v) => Buffer.from(v))),
    fc.tuple(fc.constant('content-type'), fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain', 'application/json; charset=latin1', 'APPLICATION/JSON', '').map((v) => Buffer.from(v))),
    fc.tuple(fc.constant('content-encoding'), fc.constantFrom('identity', 'gzip', 'br', 'zstd', 'gzip, br', '').map((v) => Buffer.from(v))),
    fc.tuple(fc.constant('expect'), fc.constantFrom('100-continue', 'something-else').map((v) => Buffer.from(v))),
    fc.tuple(headerName, headerValue),
  );

  it('arbitrary methods, paths and headers get a documented answer in the envelope', async () => {
    const statuses = tally();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof({ weight: 3, arbitrary: fc.constantFrom('POST', 'GET') }, fc.constantFrom(...methods)),
        paths,
        // Mostly the right key and type, so that the other headers are judged past the 401 and 400.
        fc.tuple(
          fc.oneof({ weight: 3, arbitrary: fc.constant([['x-api-key', Buffer.from(KEY)]] as Array<[string, Buffer]>) }, { weight: 1, arbitrary: fc.constant([]) }),
          fc.oneof({ weight: 3, arbitrary: fc.constant([['content-type', Buffer.from('application/json')]] as Array<[string, Buffer]>) }, { weight: 1, arbitrary: fc.constant([]) }),
          fc.array(headerPick, { maxLength: 5 }),
        ).map(([key, type, extra]) => [...key, ...type, ...extra]),
        fc.oneof(fc.constant(''), fc.constant('{"original":[{"transcript":"a b"}],"reworked":[{"transcript":"a c"}]}'), bodyText),
        async (method, path, headers, body) => {
          const request: RawRequest = { method, path, headers: headers.map(([n, v]) => [n, v] as [string, Buffer]), body };
          const res = await send(service.port, request);
          const suppliedIds = headers.filter(([n]) => n.toLowerCase() === 'x-request-id').map(([, v]) => v.toString('latin1'));
          expect(contractProblems(res, { method, path, suppliedIds })).toEqual([]);
          const isDiff = method === 'POST' && /^\/v1\/diff\/?([?#].*)?$/.test(path);
          if (!isDiff) expect([200, 404]).toContain(res.status);
          const keys = headers.filter(([n]) => n.toLowerCase() === 'x-api-key').map(([, v]) => v.toString());
          if (isDiff && !(keys.length === 1 && (keys[0] === KEY || keys[0] === OTHER_KEY))) expect(res.status).toBe(401);
          statuses.add(res.status);
        },
      ),
      { seed: 70_003, numRuns: RUNS.headers },
    );
    expect(Math.min(statuses.share(200), statuses.share(401), statuses.share(404))).toBeGreaterThan(0.02);
    expect(statuses.seen.get(400)).toBeGreaterThan(0);
  });

  it('mutated framing (request line, headers, chunking) gets the envelope or a plain answer from the parser, never a 500', async () => {
    const base = rawDiff('{"original":[{"transcript":"a b"}],"reworked":[{"transcript":"a c"}]}', [['x-request-id', 'framing-1']]);
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.array(mutation, { minLength: 1, maxLength: 3 }), async (chunked, edits) => {
        const request: RawRequest = { ...base, framing: chunked ? 'chunked' : 'length', chunkSize: 7 };
        const body = bodyBytes(request);
        const wire = mutate(Buffer.concat([headBytes(request, chunked ? null : body.length), body]), edits as Mutation[]);
        // Half-close after writing, so a truncated request is judged at once instead of at the timeout.
        const res = await exchange(framingService.port, (socket) => {
          socket.end(wire);
        });
        if (res.status === 0) return; // the client's half-close may end the exchange before an answer
        expect(res.status).not.toBe(500);
        // A mutation may have rewritten the path or the request id: those checks belong to the other properties.
        const problems = contractProblems(res, { method: 'POST', path: '/v1/diff', suppliedIds: ['framing-1'], parserMayAnswer: true });
        expect(problems.filter((p) => !/x-request-id|Cache-Control|RateLimit/.test(p))).toEqual([]);
        expect(res.status === 200 || DOCUMENTED[res.status] !== undefined || [408, 431].includes(res.status)).toBe(true);
      }),
      { seed: 70_004, numRuns: RUNS.framing },
    );
  });

  it('afterwards the process is alive, the worker answers as before, and the prototypes are untouched', async () => {
    const body = Buffer.from('{"original":[{"transcript":"one two","speaker":"A"},{"transcript":"three"}],"reworked":[{"transcript":"one too","speaker":"A"}]}');
    const request = rawDiff(body);
    expectJudgedAsInProcess(await send(service.port, request), body, request);
    expect((await send(service.port, { method: 'GET', path: '/v1/health' })).status).toBe(200);
    expect(prototypeSnapshot()).toBe(pristine);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
