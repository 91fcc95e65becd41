/**
 * Rate limits (decisions D3): the burst tier refuses the eleventh request of a minute, the window
 * tier counts down in RateLimit-Remaining, agencies are counted apart, requests without a valid
 * key are counted per client IP, and X-Forwarded-For only counts when TRUST_PROXY says so.
 * The bodies are invalid on purpose (422): every request counts, whatever its outcome.
 */
import request from 'supertest';
import type { DiffEngine } from '../../src/runtime/engine-pool';
import { frozenDate } from '../support/frozen-date';
import { buildApp, expectError, KEY, OTHER_KEY, startEngine } from '../support/service-harness';

let engine: DiffEngine;
beforeAll(() => {
  engine = startEngine();
});
afterAll(async () => {
  await engine.destroy();
});

const DEFAULTS = { burst: { limit: 10, windowMs: 60_000 }, window: { limit: 60, windowMs: 900_000 } };
type App = ReturnType<typeof buildApp>['app'];

const post = (app: App, headers: Record<string, string> = {}) => {
  let req = request(app).post('/v1/diff');
  for (const [name, value] of Object.entries(headers)) req = req.set(name, value);
  return req.send({});
};

async function times(n: number, send: () => Promise<request.Response>): Promise<request.Response[]> {
  const out: request.Response[] = [];
  for (let i = 0; i < n; i++) out.push(await send());
  return out;
}

describe('burst tier', () => {
  it('when an agency sends ten requests they pass and the eleventh is 429 with Retry-After', async () => {
    const { app } = buildApp(engine, { rateLimit: DEFAULTS });
    const passed = await times(10, () => post(app, { 'x-api-key': KEY }));
    expect(passed.map((r) => r.status)).toEqual(Array(10).fill(422));
    const refused = await post(app, { 'x-api-key': KEY });
    expectError(refused, 429, 'RATE_LIMIT_EXCEEDED');
    expect(refused.headers['ratelimit-limit']).toBe('10');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('RateLimit-Limit is the burst limit and RateLimit-Remaining counts the window tier down', async () => {
    const { app } = buildApp(engine, { rateLimit: DEFAULTS });
    const responses = await times(11, () => post(app, { 'x-api-key': KEY }));
    expect(responses.map((r) => r.headers['ratelimit-limit'])).toEqual(Array(11).fill('10'));
    // The refused eleventh request does not count against the window tier (D3.2).
    expect(responses.map((r) => Number(r.headers['ratelimit-remaining']))).toEqual([59, 58, 57, 56, 55, 54, 53, 52, 51, 50, 50]);
  });

  it('when one agency is limited, another agency is unaffected', async () => {
    const { app } = buildApp(engine, { rateLimit: DEFAULTS });
    await times(11, () => post(app, { 'x-api-key': KEY }));
    expect((await post(app, { 'x-api-key': KEY })).status).toBe(429);
    const other = await post(app, { 'x-api-key': OTHER_KEY });
    expect(other.status).toBe(422);
    expect(other.headers['ratelimit-remaining']).toBe('59');
  });

  it('when the burst window passes, requests are accepted again', async () => {
    // The limiter's clock stands still while the three requests are sent, then moves past the window.
    const clock = frozenDate(Date.UTC(2026, 0, 1));
    try {
      const { app } = buildApp(engine, { rateLimit: { ...DEFAULTS, burst: { limit: 2, windowMs: 300 } } });
      await times(2, () => post(app, { 'x-api-key': KEY }));
      expect((await post(app, { 'x-api-key': KEY })).status).toBe(429);
      clock.advance(299);
      expect((await post(app, { 'x-api-key': KEY })).status).toBe(429);
      clock.advance(1);
      expect((await post(app, { 'x-api-key': KEY })).status).toBe(422);
    } finally {
      clock.restore();
    }
  });
});

describe('window tier', () => {
  it('when the window tier is spent, then 429 with Retry-After until the window resets and Remaining 0', async () => {
    const { app } = buildApp(engine, {
      rateLimit: { burst: { limit: 100, windowMs: 60_000 }, window: { limit: 3, windowMs: 900_000 } },
    });
    const responses = await times(4, () => post(app, { 'x-api-key': KEY }));
    expect(responses.map((r) => r.status)).toEqual([422, 422, 422, 429]);
    expect(responses.map((r) => r.headers['ratelimit-remaining'])).toEqual(['2', '1', '0', '0']);
    expect(responses[3].headers['ratelimit-limit']).toBe('100');
    expect(Number(responses[3].headers['retry-after'])).toBeGreaterThan(890);
    expect(Number(responses[3].headers['retry-after'])).toBeLessThanOrEqual(900);
  });
});

describe('requests without a valid key', () => {
  it('are limited per client IP, so the eleventh bad key is 429, not 401', async () => {
    const { app } = buildApp(engine, { rateLimit: DEFAULTS });
    const guesses = await times(10, () => post(app, { 'x-api-key': `guess` }));
    expect(guesses.map((r) => r.status)).toEqual(Array(10).fill(401));
    expect(guesses.map((r) => Number(r.headers['ratelimit-remaining']))[9]).toBe(50);
    expectError(await post(app, { 'x-api-key': 'guess-11' }), 429, 'RATE_LIMIT_EXCEEDED');
    expectError(await post(app), 429, 'RATE_LIMIT_EXCEEDED');
    // The IP's budget is not the agency's: a valid key from the same IP still passes.
    expect((await post(app, { 'x-api-key': KEY })).status).toBe(422);
  });

  it('when TRUST_PROXY is false, a forged X-Forwarded-For does not escape the per-IP limit', async () => {
    const { app } = buildApp(engine, { rateLimit: DEFAULTS, trustProxy: false });
    const responses = await times(11, () => post(app, { 'x-forwarded-for': `203.0.113.${Math.floor(Math.random() * 250)}` }));
    expect(responses.map((r) => r.status)).toEqual([...Array(10).fill(401), 429]);
  });

  it('when TRUST_PROXY trusts one hop, X-Forwarded-For names the client and clients are counted apart', async () => {
    const { app } = buildApp(engine, { rateLimit: DEFAULTS, trustProxy: 1 });
    const first = await times(11, () => post(app, { 'x-forwarded-for': '203.0.113.7' }));
    expect(first.map((r) => r.status)).toEqual([...Array(10).fill(401), 429]);
    expect((await post(app, { 'x-forwarded-for': '203.0.113.8' })).status).toBe(401);
  });

  it('when TRUST_PROXY lists the proxy address, the client behind it is counted apart', async () => {
    const { app } = buildApp(engine, { rateLimit: { ...DEFAULTS, burst: { limit: 1, windowMs: 60_000 } }, trustProxy: ['loopback'] });
    expect((await post(app, { 'x-forwarded-for': '198.51.100.1' })).status).toBe(401);
    expect((await post(app, { 'x-forwarded-for': '198.51.100.1' })).status).toBe(429);
    expect((await post(app, { 'x-forwarded-for': '198.51.100.2' })).status).toBe(401);
  });
});

describe('what is not limited', () => {
  it('health and the OpenAPI document are never limited and carry no rate headers', async () => {
    const { app } = buildApp(engine, { rateLimit: { burst: { limit: 1, windowMs: 60_000 }, window: { limit: 1, windowMs: 60_000 } } });
    for (let i = 0; i < 5; i++) {
      const res = await request(app).get('/v1/health');
      expect(res.status).toBe(200);
      expect(res.headers['ratelimit-limit']).toBeUndefined();
    }
    expect((await request(app).get('/v1/openapi.json')).status).toBe(200);
  });
});
