/**
 * Overload and disconnects (decisions D1.8, D9.7): the queue of waiting diffs is bounded, and a
 * client that leaves frees its queued task or its running worker.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { DiffEngine } from '../../src/runtime/engine-pool';
import { latch } from '../support/latch';
import { buildApp, KEY, startEngine } from '../support/service-harness';
import { until } from '../support/until';

let engine: DiffEngine;
let server: Server;
let base: string;
beforeAll(async () => {
  engine = startEngine({ workers: 1, maxQueue: 1 });
  server = buildApp(engine).app.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  server.close();
  await engine.destroy();
});

const diff = (transcript: string, signal?: AbortSignal) =>
  fetch(`${base}/v1/diff`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': KEY },
    body: JSON.stringify({ original: [{ transcript }], reworked: [] }),
    signal,
  });
describe('engine queue', () => {
  it('one running and one waiting: the third diff is 503 with Retry-After', async () => {
    const held = latch();
    const running = diff(held.script);
    await until(() => engine.running === 1);
    const waiting = diff('ok');
    await until(() => engine.queued === 1);
    const refused = await diff('ok');
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('SERVICE_UNAVAILABLE');
    held.release();
    expect((await running).status).toBe(200);
    expect((await waiting).status).toBe(200);
  });
});

describe('client disconnects', () => {
  it('when a waiting client leaves, its task leaves the queue', async () => {
    const held = latch();
    const running = diff(held.script);
    await until(() => engine.running === 1);
    const leaving = new AbortController();
    const waiting = diff('ok', leaving.signal).catch((error: Error) => error);
    await until(() => engine.queued === 1);
    leaving.abort();
    await until(() => engine.queued === 0);
    expect((await waiting as Error).name).toBe('AbortError');
    // The slot it held is free again: a new diff queues instead of being refused.
    const next = diff('ok');
    await until(() => engine.queued === 1);
    held.release();
    expect((await running).status).toBe(200);
    expect((await next).status).toBe(200);
  });

  it('when a running client leaves, its worker is freed without waiting for the diff', async () => {
    // Held for good: only freeing the worker ends this diff.
    const forever = latch();
    const leaving = new AbortController();
    const running = diff(forever.script, leaving.signal).catch((error: Error) => error);
    await until(() => engine.running === 1);
    leaving.abort();
    expect((await running as Error).name).toBe('AbortError');
    await until(() => engine.running === 0);
    const next = await diff('ok');
    expect(next.status).toBe(200);
  });
});
