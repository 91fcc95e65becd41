import { TRANSFER_MIN_BYTES } from '../../src/http/engine-pool';
import { startRealEngine } from './support/harness';

// The body and the answer cross the thread boundary by transfer, not by copy: a moved
// ArrayBuffer is detached on the sending side, which is what these tests observe.
describe('engine pool: bytes move between threads', () => {
  const engine = startRealEngine();
  afterAll(() => engine.close());

  const rows = (n: number, suffix: string) =>
    Array.from({ length: n }, (_, i) => ({ transcript: `row ${i} of a body large enough to be moved${suffix}` }));

  it('moves a large body to the worker and gets the whole answer back', async () => {
    const body = Buffer.from(JSON.stringify({ original: rows(2000, ''), reworked: rows(2000, '!') }));
    const sent = new Uint8Array(body.byteLength);
    sent.set(body);
    expect(sent.byteLength).toBeGreaterThanOrEqual(TRANSFER_MIN_BYTES);
    const outcome = await engine.run(sent, new AbortController().signal);
    expect(sent.byteLength).toBe(0); // detached: transferred, not cloned
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const data = JSON.parse(Buffer.from(outcome.data).toString('utf8'));
    expect(data.counts.rows.MODIFIED).toBe(2000);
    expect(data.results).toHaveLength(2000);
  });

  it('copies a small body, which may share Node’s buffer pool', async () => {
    const small = Buffer.from(JSON.stringify({ original: rows(2, ''), reworked: rows(2, '') }));
    const outcome = await engine.run(small, new AbortController().signal);
    expect(small.byteLength).toBeGreaterThan(0);
    expect(outcome.ok).toBe(true);
  });
});
