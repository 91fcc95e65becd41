import fc from 'fast-check';
import { runDiff, type DiffRequest } from '../../../src/engine';
import { createWorkBudget } from '../../../src/engine/distance/work-budget';
import { DEFAULT_COLUMN_LAYOUT, type ColumnLayout } from '../../../src/engine/prepare/prepared-sides';

// A request with thousands of rare keys (D5.2: every key is a compared column) keeps most of them
// sparse, only in the rows that have them (prepared-sides.ts): the answer must be exactly the one with
// every column kept as a text per row.

const ALL_DENSE: ColumnLayout = { allDenseUpTo: Infinity, denseShare: 1 };
const ALL_SPARSE: ColumnLayout = { allDenseUpTo: 0, denseShare: 0 };

const answer = (request: DiffRequest, layout: ColumnLayout) => JSON.stringify(runDiff(request, layout));

const KEYS = ['transcript', 'speaker', 'start_time', 'emotion', 'note', 'Note', 'x', '__proto__', 'file_name'];
const VALUES = ['', ' ', 'a', 'A', 'é', 'e\u0301', 'b c', 'b  c', 'Hello world.', 'hello world', '1.5', '00:01.5'];
const value = fc.oneof(fc.constantFrom(...VALUES), fc.constant(null), fc.integer({ min: -3, max: 3 }));
const row = fc
  .record({
    transcript: fc.constantFrom('one two three.', 'one two three', 'four five', 'six.', ''),
    cells: fc.array(fc.tuple(fc.constantFrom(...KEYS.slice(1)), value), { maxLength: 5 }),
  })
  .map(({ transcript, cells }) => {
    const out: Record<string, unknown> = {};
    Object.defineProperty(out, 'transcript', { value: transcript, enumerable: true, writable: true, configurable: true });
    for (const [key, v] of cells) {
      const time = key === 'start_time' && typeof v === 'string' && !/^\d/.test(v.trim()) && v.trim() !== '' ? null : v;
      Object.defineProperty(out, key, { value: time, enumerable: true, writable: true, configurable: true });
    }
    return out;
  });
const request = fc.record({
  original: fc.array(row, { maxLength: 12 }),
  reworked: fc.array(row, { maxLength: 12 }),
  config: fc.record(
    {
      enableCER: fc.boolean(),
      enableWER: fc.boolean(),
      stripDiacritics: fc.boolean(),
      ignoreColNames: fc.subarray(['note', 'EMOTION', 'transcript']),
      structuralTransforms: fc.constantFrom(
        [],
        [{ find: 'b', replace: 'B', columns: ['note', 'x'] }],
        [{ find: ' ', replace: '', columns: ['Note'] }],
        [{ find: 'a', replace: 'aaaa', columns: ['x', 'emotion'] }, { find: 'c', replace: '', columns: ['note'] }],
        // Matches an empty text: absent and empty cells must stay empty either way (D5.4).
        [{ find: '^', regex: true, replace: 'p', columns: ['note', 'x', 'speaker'] }],
      ),
    },
    { requiredKeys: [] },
  ),
}) as fc.Arbitrary<DiffRequest>;

describe('sparse columns', () => {
  it('give the answer of dense columns', () => {
    fc.assert(
      fc.property(request, (body) => {
        const dense = answer(body, ALL_DENSE);
        expect(answer(body, ALL_SPARSE)).toBe(dense);
        expect(answer(body, DEFAULT_COLUMN_LAYOUT)).toBe(dense);
      }),
      { numRuns: 300, seed: 5 },
    );
  });

  it('spend the work budget in the order of dense columns: the same column is approximated (D7.11)', () => {
    // One row with 65 filler keys, a rare column "a" (exact cost ~104 K units) and the speaker
    // (~2.1 M), "a" first in column order; a budget of 2.15 M affords one of them. Counted in
    // column order, "a" is exact and the speaker approximated, as with every column dense.
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    const text = (n: number) => Array.from({ length: n }, () => (random() < 0.5 ? 'a' : 'b')).join('');
    const perturb = (t: string) => [...t].map((c) => (random() < 0.12 ? 'c' : c)).join('');
    const base = text(1500);
    const [a1, a2, s1, s2] = [perturb(base), perturb(base.slice(0, 1000)), perturb(base), perturb(base)];
    const wide = Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`w${i}`, 'same']));
    const body = {
      original: [{ transcript: 'same', ...wide, a: a1, speaker: s1 }],
      reworked: [{ transcript: 'same', ...wide, a: a2, speaker: s2 }],
      headers: ['transcript', 'a', 'speaker'],
      config: { positionalMode: true, enableWER: false, enableTranscriptWER: false, enableInlineDiff: false },
    } as DiffRequest;
    const counted = (layout: ColumnLayout) => JSON.stringify(runDiff(body, layout, createWorkBudget(2_150_000)));
    const dense = counted(ALL_DENSE);
    expect((JSON.parse(dense) as { meta: { approximateEntries: number } }).meta.approximateEntries).toBe(1);
    expect(counted(DEFAULT_COLUMN_LAYOUT)).toBe(dense);
    expect(counted(ALL_SPARSE)).toBe(dense);
  });

  it('keep a request of thousands of rare keys to its cells: changed columns in header order, counts as dense', () => {
    // 30 rows a side, each with 120 keys of its own (7,200 compared columns, 24 each way over
    // the default's 64): the reworked row changes one value, drops one key and adds one.
    const keysOf = (i: number) => Array.from({ length: 120 }, (_, j) => `r${i}k${j}`);
    const original = Array.from({ length: 30 }, (_, i) => ({ transcript: `row ${i}`, ...Object.fromEntries(keysOf(i).map((k, j) => [k, `v${j}`])) }));
    const reworked = original.map((source, i) => {
      const copy: Record<string, unknown> = { ...source, [`r${i}k5`]: 'changed', extra: 'new' };
      delete copy[`r${i}k7`];
      return copy;
    });
    const body = { original, reworked } as DiffRequest;
    const sparse = runDiff(body);
    expect(sparse.results).toHaveLength(30);
    expect(sparse.results[3]).toMatchObject({ status: 'MODIFIED', changedColumns: ['r3k5', 'r3k7', 'extra'], notes: 'r3k5, r3k7, extra changed' });
    expect(JSON.stringify(sparse)).toBe(answer(body, ALL_DENSE));
  });
});
