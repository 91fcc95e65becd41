import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import fc from 'fast-check';
import request from 'supertest';
import { copyIntoSlot, createSlotPool } from '../../src/runtime/body-slots';
import type { DiffEngine } from '../../src/runtime/engine-pool';
import { KEY, buildApp } from './support/harness';

/** A stand-in response: only its 'close' event matters to the pool. */
const response = () => new EventEmitter() as unknown as ServerResponse & { emit(event: 'close'): boolean };

describe('body slots', () => {
  it('reuses a slot once its response has closed', () => {
    const pool = createSlotPool({ slotBytes: 1024 });
    const res = response();
    const first = pool.take(res);
    expect(first.bytes.buffer).toBe(first.shared);
    expect(first.bytes.length).toBe(1024);
    expect(pool.take(response())).not.toBe(first); // still held by its response
    res.emit('close');
    expect(pool.kept).toBe(1);
    expect(pool.take(response())).toBe(first);
  });

  it('keeps a slot held by its diff until the diff lets go, whatever the response does', () => {
    const pool = createSlotPool({ slotBytes: 1024 });
    const res = response();
    const slot = pool.take(res);
    pool.hold(slot);
    res.emit('close');
    expect(pool.kept).toBe(0);
    pool.drop(slot);
    expect(pool.kept).toBe(1);
  });

  it('never reuses the slot of a diff that was stopped (its hold is never dropped)', () => {
    const pool = createSlotPool({ slotBytes: 1024 });
    const res = response();
    const slot = pool.take(res);
    pool.hold(slot); // the diff starts, then is stopped: the route keeps this hold for ever
    res.emit('close');
    const next = pool.take(response());
    expect(next).not.toBe(slot);
    expect(pool.kept).toBe(0);
  });

  it('keeps at most `keep` free slots', () => {
    const pool = createSlotPool({ slotBytes: 64, keep: 2 });
    const responses = [response(), response(), response()];
    const slots = responses.map((res) => pool.take(res));
    expect(new Set(slots).size).toBe(3);
    for (const res of responses) res.emit('close');
    expect(pool.kept).toBe(2);
  });
});

describe('copyIntoSlot', () => {
  // Its staged path (a chunk not aligned like its place in the slot) copies through a 64 KiB
  // buffer, so chunks run up to three times that, at every alignment of chunk, slot and place.
  it('writes exactly the bytes Buffer.copy writes, and nothing else, at every alignment', () => {
    const source = Buffer.alloc(200 * 1024 + 16);
    for (let i = 0; i < source.length; i++) source[i] = (i * 131 + 7) & 0xff;
    const slotBytes = 210 * 1024 + 32;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 15 }),
        fc.integer({ min: 0, max: 15 }),
        fc.integer({ min: 0, max: 200 * 1024 }),
        fc.integer({ min: 0, max: 10 * 1024 }),
        (slotOffset, chunkOffset, length, at) => {
          const slot = Buffer.from(new SharedArrayBuffer(slotBytes)).subarray(slotOffset);
          slot.fill(0xee);
          const expected = Buffer.alloc(slot.length, 0xee);
          const chunk = source.subarray(chunkOffset, chunkOffset + length);
          chunk.copy(expected, at);
          copyIntoSlot(chunk, slot, at);
          expect(slot.equals(expected)).toBe(true);
        },
      ),
      { numRuns: 300, seed: 20261126 },
    );
  });

  it('copies into a plain buffer too', () => {
    const into = Buffer.alloc(64, 1);
    copyIntoSlot(Buffer.from('hello'), into, 3);
    expect(into.subarray(0, 10)).toEqual(Buffer.from([1, 1, 1, 104, 101, 108, 108, 111, 1, 1]));
  });
});

describe('POST /v1/diff through the slots', () => {
  // An engine that answers in the slot, as the real worker does when the answer fits, and
  // remembers which shared buffer each body arrived in.
  const seen: ArrayBufferLike[] = [];
  let failNext = false;
  const engine: DiffEngine = {
    async run(body) {
      seen.push(body.buffer);
      if (failNext) {
        failNext = false;
        throw new Error('the worker died');
      }
      const answer = Buffer.from(JSON.stringify({ bytes: body.byteLength }));
      answer.copy(Buffer.from(body.buffer, 0, answer.length));
      return { ok: true, inBody: answer.length };
    },
    queued: 0,
    running: 0,
    full: false,
    draining: false,
    drain() {},
    async close() {},
    async destroy() {},
  };
  const { app } = buildApp(engine);

  it('answers from the slot, and the next request reuses it', async () => {
    const body = { original: [{ transcript: 'a' }], reworked: [{ transcript: 'b' }] };
    const first = await request(app).post('/v1/diff').set('x-api-key', KEY).send(body);
    const second = await request(app).post('/v1/diff').set('x-api-key', KEY).send(body);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ bytes: JSON.stringify(body).length });
    expect(second.body.data).toEqual(first.body.data);
    expect(seen).toHaveLength(2);
    expect(seen[0]).toBeInstanceOf(SharedArrayBuffer);
    expect(seen[1]).toBe(seen[0]);
  });

  it('never hands the slot of a failed diff to a later request', async () => {
    const body = { original: [{ transcript: 'a' }], reworked: [{ transcript: 'b' }] };
    seen.length = 0;
    await request(app).post('/v1/diff').set('x-api-key', KEY).send(body);
    failNext = true;
    expect((await request(app).post('/v1/diff').set('x-api-key', KEY).send(body)).status).toBe(500);
    await request(app).post('/v1/diff').set('x-api-key', KEY).send(body);
    expect(seen[1]).toBe(seen[0]);
    expect(seen[2]).not.toBe(seen[1]);
  });
});
