import fc from 'fast-check';
import request from 'supertest';
import { type BodySlot, copyIntoSlot, createSlotPool } from '../../src/runtime/body-slots';
import type { DiffEngine } from '../../src/runtime/engine-pool';
import { KEY, buildApp, startFaultEngine, startRealEngine } from '../support/service-harness';

describe('body slots', () => {
  it('reuses a slot once its taker has dropped it', () => {
    const pool = createSlotPool({ slotBytes: 1024 });
    const first = pool.take();
    expect(first.bytes.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(first.bytes.length).toBe(1024);
    expect(pool.take()).not.toBe(first); // still held by its taker
    pool.drop(first);
    expect(pool.kept).toBe(1);
    expect(pool.take()).toBe(first);
  });

  it('keeps a slot held by its task until the task lets go, whatever its taker does', () => {
    const pool = createSlotPool({ slotBytes: 1024 });
    const slot = pool.take();
    pool.hold(slot);
    pool.drop(slot);
    expect(pool.kept).toBe(0);
    pool.drop(slot);
    expect(pool.kept).toBe(1);
  });

  it('never reuses the slot of a task that was stopped (its hold is never dropped)', () => {
    const pool = createSlotPool({ slotBytes: 1024 });
    const slot = pool.take();
    pool.hold(slot); // the task starts, then is stopped: the engine keeps this hold for ever
    pool.drop(slot);
    const next = pool.take();
    expect(next).not.toBe(slot);
    expect(pool.kept).toBe(0);
  });

  it('keeps at most `keep` free slots', () => {
    const pool = createSlotPool({ slotBytes: 64, keep: 2 });
    const slots = [pool.take(), pool.take(), pool.take()];
    expect(new Set(slots).size).toBe(3);
    for (const slot of slots) pool.drop(slot);
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

/** `engine`, its `run` recording the slot each body arrived in. */
function recording(engine: DiffEngine): { engine: DiffEngine; seen: BodySlot[] } {
  const seen: BodySlot[] = [];
  const run: DiffEngine['run'] = (op, body, signal) => {
    seen.push(body.slot);
    return engine.run(op, body, signal);
  };
  return { engine: Object.create(engine, { run: { value: run } }) as DiffEngine, seen };
}

describe('POST /v1/diff through the slots', () => {
  const diff = (engine: DiffEngine, transcript: string) =>
    request(buildApp(engine).app).post('/v1/diff').set('x-api-key', KEY).send({ original: [{ transcript }], reworked: [{ transcript: 'b' }] });

  describe('with the real engine', () => {
    const real = startRealEngine();
    afterAll(() => real.destroy());

    it('answers from the slot, and the next request reuses it', async () => {
      const { engine, seen } = recording(real);
      const first = await diff(engine, 'a');
      expect(first.status).toBe(200);
      // The worker wrote the answer over the body, and the response was sent from there.
      const data = first.text.slice(first.text.indexOf('"data":') + '"data":'.length, -1);
      expect(seen[0]!.bytes.toString('utf8', 0, Buffer.byteLength(data))).toBe(data);
      const second = await diff(engine, 'a');
      expect(second.body.data).toEqual(first.body.data);
      expect(seen).toHaveLength(2);
      expect(seen[1]).toBe(seen[0]);
    });
  });

  describe('with a worker that fails', () => {
    const faulty = startFaultEngine({ workers: 1, maxQueue: 2 });
    afterAll(() => faulty.destroy());

    it('never hands the slot of a failed diff to a later request', async () => {
      const { engine, seen } = recording(faulty);
      expect((await diff(engine, 'ok')).status).toBe(200);
      expect((await diff(engine, 'throw')).status).toBe(500);
      expect((await diff(engine, 'ok')).status).toBe(200);
      expect(seen[1]).toBe(seen[0]);
      expect(seen[2]).not.toBe(seen[1]);
    });
  });
});
