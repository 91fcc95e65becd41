/**
 * Rate limits shared through a real Redis (decisions D3.5): two app instances, each with its own
 * connection as two replicas would have, enforce one burst limit of ten a minute together; when
 * Redis dies both keep answering (counting in memory, one error logged per outage), and once it is
 * back they share the count again. Also a replica started while Redis is down, and a Redis that
 * stalls with its connections open. Skipped, with a line saying so, where redis-server is not
 * installed; REQUIRE_REDIS=1 (CI) turns that into a failure (test/support/redis.ts).
 */
import request from 'supertest';
import type { Express } from 'express';
import * as redisClient from 'redis';
import type { DiffEngine } from '../../src/runtime/engine-pool';
import { createLogger } from '../../src/http/logger';
import { createSharedCounters, REDIS_PREFIXES, type SharedCounters } from '../../src/http/shared-counters';
import { describeWithRedis, redisServer, type RedisServer } from '../support/redis';
import { buildApp, KEY, OTHER_KEY, startEngine } from '../support/service-harness';
import { until } from '../support/until';

jest.setTimeout(30_000);

let engine: DiffEngine;
let redis: RedisServer;
const opened: SharedCounters[] = [];

interface Replica {
  app: Express;
  counters: SharedCounters;
  logs: Array<{ level: number; msg: string }>;
}

/**
 * One replica: its own Redis connection, burst 10 a minute, a window tier that never interferes;
 * `now`, when given, is its circuit breaker's clock.
 */
function replica(url: string, now?: () => number): Replica {
  const logs: Replica['logs'] = [];
  const logger = createLogger('info', { write: (line: string) => void logs.push(JSON.parse(line)) });
  // Short timings keep the outage tests to seconds; production uses the defaults.
  const counters = createSharedCounters({ url, logger, commandTimeoutMs: 200, retryAfterMs: 100, ...(now ? { now } : {}) });
  opened.push(counters);
  const { app } = buildApp(engine, {
    logger,
    rateLimit: {
      burst: { limit: 10, windowMs: 60_000, store: counters.store(REDIS_PREFIXES.burst) },
      window: { limit: 1000, windowMs: 900_000, store: counters.store(REDIS_PREFIXES.window) },
    },
  });
  return { app, counters, logs };
}

const diff = (app: Express, key: string) =>
  request(app)
    .post('/v1/diff')
    .set('x-api-key', key)
    .send({ original: [{ transcript: 'ok' }], reworked: [{ transcript: 'ok' }] });

/** Sends `n` requests one after another, alternating between the replicas. */
async function alternate(replicas: Replica[], n: number, key: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) statuses.push((await diff(replicas[i % replicas.length].app, key)).status);
  return statuses;
}

/** The commands every Redis client created from now on sends, counted as they are sent. */
function countCommands(): { sent: () => number; restore: () => void } {
  const create = redisClient.createClient;
  let sent = 0;
  const spy = jest.spyOn(redisClient, 'createClient').mockImplementation(((options: Parameters<typeof create>[0]) => {
    const client = create(options);
    const send = client.sendCommand.bind(client);
    client.sendCommand = ((...args: Parameters<typeof send>) => {
      sent++;
      return send(...args);
    }) as typeof send;
    return client;
  }) as typeof create);
  return { sent: () => sent, restore: () => spy.mockRestore() };
}

// Counted from a point of the test: a connection that is slow to come up on a busy machine may
// have logged an outage of its own before.
const outageErrors = (r: Replica) => r.logs.filter((l) => l.level === 50 && l.msg.startsWith('Redis unreachable')).length;
const recoveries = (r: Replica) => r.logs.filter((l) => l.msg.startsWith('Redis reachable again')).length;

describeWithRedis('rate limits shared through a real Redis', () => {
  beforeAll(async () => {
    engine = startEngine({ workers: 2, maxQueue: 8 });
    redis = await redisServer();
    await redis.start();
  });
  afterAll(async () => {
    await Promise.all(opened.map((c) => c.close()));
    await redis.stop();
    await engine.destroy();
  });

  describe('two replicas sharing one Redis', () => {
    let a: Replica;
    let b: Replica;
    beforeAll(async () => {
      a = replica(redis.url);
      b = replica(redis.url);
      await until(() => a.counters.shared && b.counters.shared);
    });

    it('enforce ten requests a minute for one agency together', async () => {
      const statuses = await alternate([a, b], 12, KEY);
      // Either replica alone has seen only six: a per-replica count would have let all twelve pass.
      expect(statuses).toEqual([...Array(10).fill(200), 429, 429]);
      // The window tier is shared too: both report what the agency has left across the fleet.
      const last = await diff(a.app, KEY);
      expect(last.status).toBe(429);
      expect(last.headers['ratelimit-remaining']).toBe(String(1000 - 10));
      // express-rate-limit accepted the two stores (distinct prefixes, no double count reported).
      expect([...a.logs, ...b.logs].filter((l) => JSON.stringify(l).includes('ERR_ERL'))).toEqual([]);
    });

    it('keep answering when Redis dies, logging the outage once each, and share again when it is back', async () => {
      const outages = (r: Replica) => outageErrors(r) - outagesBefore.get(r)!;
      const outagesBefore = new Map([a, b].map((r) => [r, outageErrors(r)]));
      const recoveriesBefore = [recoveries(a), recoveries(b)];
      await redis.stop();

      // globex has no count yet: in memory each replica lets ten through, so twelve alternating pass.
      const during = await alternate([a, b], 12, OTHER_KEY);
      expect(during).toEqual(Array(12).fill(200));
      // Past ten on one replica its own memory count refuses: limits still hold, per replica.
      const alone = await alternate([a], 6, OTHER_KEY);
      expect(alone).toEqual([200, 200, 200, 200, 429, 429]);
      expect([outages(a), outages(b)]).toEqual([1, 1]);
      expect(a.counters.shared || b.counters.shared).toBe(false);

      await redis.start();
      await until(() => a.counters.shared && b.counters.shared);
      expect([recoveries(a), recoveries(b)]).toEqual(recoveriesBefore.map((n) => n + 1));

      // The restarted Redis is empty: the agency starts afresh, and once more the fleet gives ten.
      const after = await alternate([a, b], 12, KEY);
      expect(after).toEqual([...Array(10).fill(200), 429, 429]);
      expect([outages(a), outages(b)]).toEqual([1, 1]);
    });
  });

  describe('a replica started while Redis is down', () => {
    it('answers from the start, logs one error, and switches to Redis once it comes up', async () => {
      const late = await redisServer();
      const r = replica(late.url);
      try {
        const first = await alternate([r], 3, KEY);
        expect(first).toEqual([200, 200, 200]);
        await until(() => outageErrors(r) === 1);
        expect(outageErrors(r)).toBe(1);
        expect(r.counters.shared).toBe(false);

        await late.start();
        await until(() => r.counters.shared);
        // Counting is now in Redis: ten more pass there (the three above were counted in memory).
        expect(await alternate([r], 11, KEY)).toEqual([...Array(10).fill(200), 429]);
        expect(outageErrors(r)).toBe(1);
      } finally {
        await r.counters.close();
        await late.stop();
      }
    });
  });

  describe('a Redis that stalls (frozen, its connections open)', () => {
    it('costs one request the command timeout, then requests count in memory until it answers again', async () => {
      const stalling = await redisServer();
      await stalling.start();
      const commands = countCommands();
      // The breaker's clock stands still until the test moves it: no probe falls due meanwhile.
      let now = 0;
      const r = replica(stalling.url, () => now);
      try {
        await until(() => r.counters.shared);
        const outagesBefore = outageErrors(r);
        expect((await diff(r.app, KEY)).status).toBe(200);
        stalling.freeze(true);
        // The first waits for the 200 ms command timeout, and the breaker opens.
        expect((await diff(r.app, KEY)).status).toBe(200);
        expect(outageErrors(r) - outagesBefore).toBe(1);
        expect(r.counters.shared).toBe(false);
        // The breaker spares the next ones: they count in memory without a command to Redis.
        const sentBefore = commands.sent();
        const statuses: number[] = [];
        for (let i = 0; i < 3; i++) statuses.push((await diff(r.app, KEY)).status);
        expect(statuses).toEqual([200, 200, 200]);
        expect(commands.sent()).toBe(sentBefore);
        expect(outageErrors(r) - outagesBefore).toBe(1);

        stalling.freeze(false);
        // Past the retry delay a probe finds Redis answering again.
        now += 100;
        await until(() => r.counters.shared);
        // Redis counted the first request only: the window tier reports 998 left after this one.
        const back = await diff(r.app, KEY);
        expect(back.headers['ratelimit-remaining']).toBe(String(1000 - 2));
      } finally {
        commands.restore();
        stalling.freeze(false);
        await r.counters.close();
        await stalling.stop();
      }
    });
  });
});
