import { TRANSFER_MIN_BYTES } from '../../src/runtime/engine-pool';
import { startRealEngine } from './support/harness';

// How bytes cross the thread boundary. A body in a shared slot (body-slots.ts) gets its answer
// written back over it; an answer that does not fit, or a body in a plain buffer, comes back in a
// buffer of its own, moved rather than cloned when large (a moved ArrayBuffer is detached on the
// sending side, which is what the plain-buffer test observes).
describe('engine pool: bytes between threads', () => {
  const engine = startRealEngine();
  afterAll(() => engine.close());

  const rows = (n: number, suffix: string) =>
    Array.from({ length: n }, (_, i) => ({ transcript: `row ${i} of a body large enough to be moved${suffix}` }));
  const largeBody = () => Buffer.from(JSON.stringify({ original: rows(2000, ''), reworked: rows(2000, '!') }));
  const expectWholeAnswer = (json: string) => {
    const data = JSON.parse(json);
    expect(data.counts.rows.MODIFIED).toBe(2000);
    expect(data.results).toHaveLength(2000);
  };

  it('writes the answer over a body sent in a shared buffer with room for it', async () => {
    const body = largeBody();
    const shared = new SharedArrayBuffer(4 * body.byteLength);
    const slot = Buffer.from(shared);
    body.copy(slot);
    const outcome = await engine.run(slot.subarray(0, body.byteLength), new AbortController().signal);
    expect(outcome.ok && 'inBody' in outcome).toBe(true);
    if (!outcome.ok || !('inBody' in outcome)) return;
    // The answer is longer than the body: it really is in the shared memory, not a stale copy.
    expect(outcome.inBody).toBeGreaterThan(body.byteLength);
    expectWholeAnswer(slot.subarray(0, outcome.inBody).toString('utf8'));
  });

  it('sends an answer that does not fit the shared buffer in a buffer of its own', async () => {
    const body = largeBody();
    const slot = Buffer.from(new SharedArrayBuffer(body.byteLength));
    body.copy(slot);
    const outcome = await engine.run(slot, new AbortController().signal);
    expect(outcome.ok && 'data' in outcome).toBe(true);
    if (!outcome.ok || !('data' in outcome)) return;
    expect(outcome.data.byteLength).toBeGreaterThan(slot.byteLength);
    expectWholeAnswer(Buffer.from(outcome.data).toString('utf8'));
  });

  it('moves a large body in a plain buffer to the worker and gets the whole answer back', async () => {
    const body = largeBody();
    const sent = new Uint8Array(body.byteLength);
    sent.set(body);
    expect(sent.byteLength).toBeGreaterThanOrEqual(TRANSFER_MIN_BYTES);
    const outcome = await engine.run(sent, new AbortController().signal);
    expect(sent.byteLength).toBe(0); // detached: transferred, not cloned
    expect(outcome.ok && 'data' in outcome).toBe(true);
    if (!outcome.ok || !('data' in outcome)) return;
    expectWholeAnswer(Buffer.from(outcome.data).toString('utf8'));
  });

  it('copies a small body, which may share Node’s buffer pool', async () => {
    const small = Buffer.from(JSON.stringify({ original: rows(2, ''), reworked: rows(2, '') }));
    const outcome = await engine.run(small, new AbortController().signal);
    expect(small.byteLength).toBeGreaterThan(0);
    expect(outcome.ok).toBe(true);
  });
});
