import { runDiff } from '../../src/engine';
import { judgeBody } from '../../src/request/judge';
import { inSlot, startRealEngine } from '../support/service-harness';

// How bytes cross the thread boundary. The body lies in a shared slot (body-slots.ts); the worker
// writes its answer back over it when the answer fits there, and otherwise sends it in a buffer
// of its own (moved rather than cloned when large).
describe('engine pool: bytes between threads', () => {
  const never = new AbortController().signal;
  const rows = (n: number, suffix: string) =>
    Array.from({ length: n }, (_, i) => ({ transcript: `row ${i} of a body large enough to be moved${suffix}` }));
  const json = JSON.stringify({ original: rows(2000, ''), reworked: rows(2000, '!') });
  const expected = JSON.stringify(runDiff(JSON.parse(json)));

  describe('in a slot with room for the answer', () => {
    const engine = startRealEngine();
    afterAll(() => engine.close());

    it('writes the answer over the body: byte for byte the JSON of runDiff', async () => {
      const body = inSlot(engine, Buffer.from(json));
      const answer = await engine.run('diff', body, never);
      expect(answer.ok).toBe(true);
      if (!answer.ok) return;
      // The answer is longer than the body and lies in the shared memory itself, not in a copy.
      expect(answer.json.buffer).toBe(body.slot.bytes.buffer);
      expect(answer.json.byteLength).toBeGreaterThan(body.length);
      expect(Buffer.from(answer.json).toString('utf8')).toBe(expected);
    });

    it('refuses a malformed body exactly as the judge does', async () => {
      const bytes = Buffer.from(`${json.slice(0, -1)},}`);
      const answer = await engine.run('diff', inSlot(engine, bytes), never);
      expect(answer).toMatchObject({ ok: false, code: 'BAD_REQUEST' });
      expect(answer).toEqual(judgeBody(bytes));
    });
  });

  describe('in a slot too small for the answer', () => {
    const slotBytes = 512 * 1024;
    const engine = startRealEngine({ slotBytes });
    afterAll(() => engine.close());

    it('sends the answer in a buffer of its own', async () => {
      const body = inSlot(engine, Buffer.from(json));
      expect(body.length).toBeLessThan(slotBytes);
      const answer = await engine.run('diff', body, never);
      expect(answer.ok).toBe(true);
      if (!answer.ok) return;
      expect(answer.json.buffer).not.toBe(body.slot.bytes.buffer);
      expect(answer.json.byteLength).toBeGreaterThan(slotBytes);
      expect(Buffer.from(answer.json).toString('utf8')).toBe(expected);
    });
  });
});
