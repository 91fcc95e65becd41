/**
 * A lone large diff done in two halves on two workers (engine-pool.ts, SPLIT_MIN_BYTES): the
 * answer is byte for byte the one-worker answer, the split happens only when both workers are
 * free, a half that fails or a client that leaves ends both halves, and a half whose other half
 * has not started does the whole diff (diff-worker.ts `takeWhole`). The tests of the split
 * itself start both halves in lockstep (support/lockstep-worker.ts), so that no half takes over.
 */
import { join } from 'node:path';
import express from 'express';
import { valueSymbol } from 'piscina';
import request from 'supertest';
import { realisticFamily } from '../../scripts/bench/bodies';
import { runDiff } from '../../src/engine';
import type { BodySlot, SlotPool } from '../../src/http/body-slots';
import { CLAIMS, CONTROL_BYTES, type DiffOutcome, type HalfTask, STARTED, TAKEN } from '../../src/http/diff-task';
import diffWorker from '../../src/http/diff-worker';
import { type DiffEngine, type EngineOutcome, FEW_ROWS_SPLIT_MIN_BYTES, SPLIT_MIN_BYTES } from '../../src/http/engine-pool';
import { judgeBody } from '../../src/http/request-check';
import { diffRoute } from '../../src/http/routes/diff';
import { buildApp, KEY, startRealEngine } from './support/harness';

const LOCKSTEP_WORKER = join(__dirname, 'support', 'lockstep-worker.ts');

jest.setTimeout(30_000);

const requestJson = realisticFamily({ family: 'split-test', description: 'test', rows: 1200, maxWords: 8, times: true }, [1200], 7)[0]!.json;
const expected = JSON.stringify(runDiff(JSON.parse(requestJson)));

/** The body in a shared slot of 8 MiB, as the HTTP layer hands it over. */
function inSlot(json: string): Uint8Array {
  const slot = Buffer.from(new SharedArrayBuffer(8 * 1024 * 1024));
  return slot.subarray(0, slot.write(json));
}

function answerText(outcome: EngineOutcome, body: Uint8Array): string {
  if (!outcome.ok) throw new Error(`refused: ${outcome.code}`);
  if ('chunks' in outcome) return Buffer.concat(outcome.chunks).toString('utf8');
  if ('inBody' in outcome) return Buffer.from(body.buffer, 0, outcome.inBody).toString('utf8');
  return Buffer.from(outcome.data).toString('utf8');
}

describe('engine pool: one diff in two halves', () => {
  let engine: DiffEngine;
  beforeAll(() => {
    engine = startRealEngine({ workers: 2, splitMinBytes: 64 * 1024, filename: LOCKSTEP_WORKER });
  });
  afterAll(() => engine.destroy());

  it('answers a lone large diff in two halves, byte for byte the one-worker answer', async () => {
    const body = inSlot(requestJson);
    expect(body.byteLength).toBeGreaterThan(64 * 1024);
    const outcome = await engine.run(body, new AbortController().signal);
    expect(outcome.ok && 'chunks' in outcome).toBe(true);
    if (!outcome.ok || !('chunks' in outcome)) return;
    // '{"results":[', half 0, ',', half 1, the rest: both halves hold entries.
    expect(outcome.chunks).toHaveLength(5);
    expect(Math.min(outcome.chunks[1]!.byteLength, outcome.chunks[3]!.byteLength)).toBeGreaterThan(body.byteLength / 4);
    expect(answerText(outcome, body)).toBe(expected);
    expect(engine.running).toBe(0);
  });

  it('does not split a diff that arrives while a worker is busy', async () => {
    const busy = Buffer.from(requestJson); // not in a shared slot: never split
    const body = inSlot(requestJson);
    const [first, second] = await Promise.all([
      engine.run(busy, new AbortController().signal),
      engine.run(body, new AbortController().signal),
    ]);
    expect(first.ok && 'data' in first).toBe(true);
    expect(second.ok && 'inBody' in second).toBe(true);
    expect(answerText(second, body)).toBe(expected);
  });

  it('splits the counting of a large body of a few long rows: every entry comes from half 0', async () => {
    const row = (mark: string) => Object.fromEntries(['transcript', 'a', 'b', 'c'].map((column) => [column, `one long row${mark} `.repeat(5000)]));
    const few = JSON.stringify({ original: [row('')], reworked: [row('!')] });
    const body = inSlot(few);
    const outcome = await engine.run(body, new AbortController().signal);
    expect(outcome.ok && 'chunks' in outcome).toBe(true);
    if (!outcome.ok || !('chunks' in outcome)) return;
    expect(outcome.chunks).toHaveLength(4); // no comma: half 1 gave no entry
    expect(answerText(outcome, body)).toBe(JSON.stringify(runDiff(JSON.parse(few))));
  });

  it('counts half 1 again from what half 0 left when the work budget runs out (D7.11)', async () => {
    // 900 rows: every fifth the same on both sides (the anchors), the others 1,400 characters
    // whose words the reworked side shuffles, so that exact distances spend the 100 M budget.
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    const vocabulary = Array.from({ length: 400 }, (_, i) => `w${i.toString(36)}${i % 7 ? '' : 'é'}`);
    const original: Array<{ transcript: string }> = [];
    const reworked: Array<{ transcript: string }> = [];
    for (let i = 0; i < 900; i++) {
      if (i % 5 === 0) {
        original.push({ transcript: `anchor row ${i}` });
        reworked.push({ transcript: `anchor row ${i}` });
        continue;
      }
      const words: string[] = [];
      for (let chars = 0; chars < 1400; chars += words[words.length - 1]!.length + 1) {
        words.push(vocabulary[Math.floor(random() * vocabulary.length)]!);
      }
      original.push({ transcript: words.join(' ') });
      for (let k = words.length - 1; k > 0; k--) {
        const j = Math.floor(random() * (k + 1));
        [words[k], words[j]] = [words[j]!, words[k]!];
      }
      reworked.push({ transcript: words.join(' ') });
    }
    const json = JSON.stringify({ original, reworked });
    // Half 0 leaves 48.5 M units and half 1's slack is 47.4 M: half 1 must count again. (The
    // engine runs ~10x slower under jest's module system than in a worker, so the one-worker
    // answer comes from a worker too: a body outside a shared slot is never split.)
    const single = await engine.run(Buffer.from(json), new AbortController().signal);
    const expectedText = answerText(single, Buffer.alloc(0));
    expect((JSON.parse(expectedText) as { meta: { approximateEntries: number } }).meta.approximateEntries).toBeGreaterThan(0);

    const body = inSlot(json);
    const outcome = await engine.run(body, new AbortController().signal);
    expect(outcome.ok && 'chunks' in outcome).toBe(true);
    if (!outcome.ok || !('chunks' in outcome)) return;
    expect(Math.min(outcome.chunks[1]!.byteLength, outcome.chunks[3]!.byteLength)).toBeGreaterThan(json.length / 4);
    expect(answerText(outcome, body)).toBe(expectedText);
  });

  it('refuses a malformed large body once, as one worker would', async () => {
    const body = inSlot(`${requestJson.slice(0, -1)},}`);
    const outcome = await engine.run(body, new AbortController().signal);
    expect(outcome).toMatchObject({ ok: false, code: 'BAD_REQUEST' });
    expect(outcome).toEqual(judgeBody(body));
    expect(engine.running).toBe(0);
  });

  it('through POST /v1/diff: the response is the one-worker answer with its exact length', async () => {
    const runs: EngineOutcome[] = [];
    const spy: DiffEngine = Object.create(engine, {
      run: { value: (body: Uint8Array, signal: AbortSignal) => engine.run(body, signal).then((o) => (runs.push(o), o)) },
    });
    const { app } = buildApp(spy);
    const res = await request(app).post('/v1/diff').set('x-api-key', KEY).set('content-type', 'application/json').send(requestJson);
    expect(res.status).toBe(200);
    expect(runs.length === 1 && 'chunks' in runs[0]!).toBe(true);
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.text));
    expect(JSON.stringify(res.body.data)).toBe(expected);
  });

  it('stops both halves when the client leaves', async () => {
    const gone = new AbortController();
    const pending = engine.run(inSlot(requestJson), gone.signal);
    expect(engine.running).toBe(2);
    gone.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(engine.running).toBe(0);
  });
});

describe('engine pool: which lone diffs are split by default', () => {
  let engine: DiffEngine;
  beforeAll(() => {
    engine = startRealEngine({ workers: 2, filename: LOCKSTEP_WORKER });
  });
  afterAll(() => engine.destroy());

  it('a body of many rows only from SPLIT_MIN_BYTES: below, one worker does it', async () => {
    // 590 and 600 rows lie just either side of the threshold (about 1 KiB below and above it).
    const rows = (n: number) => realisticFamily({ family: 'split-test', description: 'test', rows: n, maxWords: 8, times: true }, [n], 7)[0]!.json;
    const [smaller, larger] = [rows(590), rows(600)];
    const below = inSlot(smaller);
    expect(below.byteLength).toBeGreaterThan(FEW_ROWS_SPLIT_MIN_BYTES);
    expect(below.byteLength).toBeLessThan(SPLIT_MIN_BYTES);
    expect(below.byteLength).toBeGreaterThan(SPLIT_MIN_BYTES - 1024);
    const one = await engine.run(below, new AbortController().signal);
    expect(one.ok && 'inBody' in one).toBe(true);
    expect(answerText(one, below)).toBe(JSON.stringify(runDiff(JSON.parse(smaller))));

    const above = inSlot(larger);
    expect(above.byteLength).toBeGreaterThanOrEqual(SPLIT_MIN_BYTES);
    expect(above.byteLength).toBeLessThan(SPLIT_MIN_BYTES + 2048);
    const two = await engine.run(above, new AbortController().signal);
    expect(two.ok && 'chunks' in two).toBe(true);
    expect(answerText(two, above)).toBe(JSON.stringify(runDiff(JSON.parse(larger))));
  });

  it('a body of a few long rows from FEW_ROWS_SPLIT_MIN_BYTES', async () => {
    const few = JSON.stringify({ original: [{ transcript: 'long row '.repeat(5000) }], reworked: [{ transcript: 'long rows '.repeat(5000) }] });
    const body = inSlot(few);
    expect(body.byteLength).toBeGreaterThan(FEW_ROWS_SPLIT_MIN_BYTES);
    const outcome = await engine.run(body, new AbortController().signal);
    expect(outcome.ok && 'chunks' in outcome).toBe(true);
    expect(answerText(outcome, body)).toBe(JSON.stringify(runDiff(JSON.parse(few))));
  });
});

describe('engine pool: a half that fails', () => {
  let engine: DiffEngine;
  beforeAll(() => {
    engine = startRealEngine({
      workers: 2,
      splitMinBytes: 64 * 1024,
      filename: join(__dirname, 'support', 'half-fault-worker.ts'),
    });
  });
  afterAll(() => engine.destroy());

  it('fails the diff at once: half 1 stops waiting for half 0’s budget', async () => {
    await expect(engine.run(inSlot(requestJson), new AbortController().signal)).rejects.toThrow('half 0 failed');
    expect(engine.running).toBe(0);
  }, 10_000); // well within the 30 s time budget that would otherwise end half 1

  it('fails the diff when one half refuses the body and the other fails (its slot is never reused)', async () => {
    const json = JSON.stringify({ original: [{ transcript: 'refuse then fail' }], reworked: [{ transcript: 'x' }], pad: 'p'.repeat(100_000) });
    await expect(engine.run(inSlot(json), new AbortController().signal)).rejects.toThrow('half 1 failed');
    expect(engine.running).toBe(0);
  });
});

/** `json` in a slot (8 MiB, or `bytes`) with the halves' layout engine-pool.ts gives it, control words cleared. */
function splitSlot(json: string, bytes = 8 * 1024 * 1024): { body: Uint8Array; halves: [HalfTask, HalfTask]; claims: Int32Array } {
  const slot = Buffer.from(new SharedArrayBuffer(bytes));
  const body = slot.subarray(0, slot.write(json));
  const control = bytes - CONTROL_BYTES;
  const at = (body.byteLength + 7) & ~7;
  const room = Math.floor((control - at) / 16) * 8;
  const claims = new Int32Array(slot.buffer as SharedArrayBuffer, control + CLAIMS, 1);
  return { body, halves: [{ index: 0, at, room, control }, { index: 1, at: at + room, room, control }], claims };
}

describe('a half whose other half has not started', () => {
  it('does the whole diff, and the other half then does nothing', () => {
    const { body, halves, claims } = splitSlot(requestJson);
    const outcome = diffWorker({ body, half: halves[1] });
    expect(outcome.ok && 'inBody' in outcome).toBe(true);
    if (!outcome.ok || !('inBody' in outcome)) return;
    expect(Buffer.from(body.buffer, 0, outcome.inBody).toString('utf8')).toBe(expected);
    expect(Atomics.load(claims, 0)).toBe(STARTED[1] | TAKEN);

    // Half 0 starts late: it must not read the body, which the answer has overwritten.
    expect(diffWorker({ body, half: halves[0] })).toEqual({ ok: true, skipped: true });
    expect(Buffer.from(body.buffer, 0, outcome.inBody).toString('utf8')).toBe(expected);
  });

  it('keeps its answer clear of the control words, which the late half reads', () => {
    // A slot just too small for the answer below its control words (yet not below its end): the
    // answer goes to a buffer of its own, and the claims stay readable.
    const answerBytes = Buffer.byteLength(expected);
    const { body, halves, claims } = splitSlot(requestJson, (answerBytes + 15) & ~7);
    expect(halves[0].control).toBeLessThan(answerBytes);
    // An answer of its own this large is handed over, not cloned: piscina's move() wraps it.
    const moved = diffWorker({ body, half: halves[1] }) as unknown as Record<symbol, DiffOutcome>;
    const outcome = moved[valueSymbol]!;
    expect(outcome.ok && 'data' in outcome).toBe(true);
    if (!outcome.ok || !('data' in outcome)) return;
    expect(Buffer.from(outcome.data).toString('utf8')).toBe(expected);
    expect(Atomics.load(claims, 0)).toBe(STARTED[1] | TAKEN);
    expect(diffWorker({ body, half: halves[0] })).toEqual({ ok: true, skipped: true });
  });

  it('does only its own half when the other half has started', () => {
    const { body, halves, claims } = splitSlot(requestJson);
    Atomics.store(claims, 0, STARTED[1]);
    const outcome = diffWorker({ body, half: halves[0] });
    expect(outcome.ok && 'results' in outcome).toBe(true);
    expect(Atomics.load(claims, 0)).toBe(STARTED[0] | STARTED[1]);
  });
});

describe('engine pool: a half that starts late', () => {
  let engine: DiffEngine;
  beforeAll(() => {
    // Half 0 waits until half 1 has taken the diff, then 1.5 s more, and fails unless it then did
    // nothing (support/late-half-worker.ts).
    engine = startRealEngine({ workers: 2, splitMinBytes: 64 * 1024, filename: join(__dirname, 'support', 'late-half-worker.ts') });
  });
  afterAll(() => engine.destroy());

  it('answers with the whole diff from the other half at once; the late half lingers, then does nothing', async () => {
    const body = inSlot(requestJson);
    const outcome = await engine.run(body, new AbortController().signal);
    expect(engine.running).toBe(1); // the late half has not settled
    expect(outcome.ok && 'inBody' in outcome && outcome.lingering !== undefined).toBe(true);
    if (!outcome.ok || !('inBody' in outcome) || !outcome.lingering) return;
    expect(answerText(outcome, body)).toBe(expected);
    await outcome.lingering;
    expect(engine.running).toBe(0);
    expect(answerText(outcome, body)).toBe(expected);
  });
});

describe('POST /v1/diff with a lingering half', () => {
  function appWith(lingering: Promise<void>) {
    const slot = { shared: new SharedArrayBuffer(8), bytes: Buffer.alloc(8) } as BodySlot;
    const holds = { held: 0, dropped: 0 };
    const slots: SlotPool = {
      take: () => slot,
      hold: () => void holds.held++,
      drop: () => void holds.dropped++,
      slotBytes: 8,
      kept: 0,
    };
    const engine = {
      run: async () => ({ ok: true as const, data: Buffer.from('{"results":[]}'), lingering }),
      full: false,
    } as unknown as DiffEngine;
    const app = express();
    app.post(
      '/d',
      (_req, res, next) => {
        res.locals.bodyBytes = Buffer.from('{}');
        res.locals.bodySlot = slot;
        next();
      },
      diffRoute(engine, slots),
    );
    return { app, holds };
  }

  it('keeps its hold on the body slot until the lingering half has settled', async () => {
    let settle = () => {};
    const { app, holds } = appWith(new Promise<void>((resolve) => (settle = resolve)));
    const res = await request(app).post('/d');
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text).data).toEqual({ results: [] });
    expect(holds).toEqual({ held: 1, dropped: 0 });
    settle();
    await new Promise((resolve) => setImmediate(resolve));
    expect(holds).toEqual({ held: 1, dropped: 1 });
  });

  it('never drops it when the lingering half was stopped', async () => {
    let fail = (_error: Error) => {};
    const { app, holds } = appWith(new Promise<void>((_resolve, reject) => (fail = reject)));
    expect((await request(app).post('/d')).status).toBe(200);
    fail(new Error('stopped'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(holds).toEqual({ held: 1, dropped: 0 });
  });
});
