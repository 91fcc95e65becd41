import fc from 'fast-check';
import { runDiff } from '../../../src/engine';
import { DiffConfig, DiffData, ResultEntry, Row } from '../../../src/engine/types';

const WORDS = ['yeah', 'okay', 'so', 'the', 'revenue', 'grew', 'Yeah.', 'Okay.', 'café', 'كتب', '🙂', 'ten', 'percent'];

const transcriptArb = fc.array(fc.constantFrom(...WORDS), { maxLength: 6 }).map((w) => w.join(' '));
const rowArb: fc.Arbitrary<Row> = fc.record(
  {
    transcript: transcriptArb,
    speaker: fc.constantFrom('A', 'B', null),
    start_time: fc.integer({ min: 0, max: 50 }),
    note: fc.jsonValue({ maxDepth: 2 }),
  },
  { requiredKeys: ['transcript'] },
);

/** Reworked rows derived from the original by random keep/edit/drop/add/split/merge steps. */
const editedArb = fc.array(rowArb, { maxLength: 14 }).chain((original) =>
  fc
    .array(fc.constantFrom('keep', 'edit', 'drop', 'add', 'split', 'merge'), {
      minLength: original.length,
      maxLength: original.length,
    })
    .chain((ops) =>
      fc.array(rowArb, { minLength: original.length + 1, maxLength: original.length + 1 }).map((fresh) => {
        const reworked: Row[] = [];
        for (let i = 0; i < original.length; i++) {
          const row = original[i];
          const text = String(row.transcript);
          switch (ops[i]) {
            case 'keep':
              reworked.push({ ...row });
              break;
            case 'edit':
              reworked.push({ ...row, transcript: `${text} Yeah.` });
              break;
            case 'add':
              reworked.push({ ...row }, fresh[i]);
              break;
            case 'split': {
              const words = text.split(' ');
              const half = Math.ceil(words.length / 2);
              reworked.push({ ...row, transcript: words.slice(0, half).join(' ') }, { ...row, transcript: words.slice(half).join(' ') });
              break;
            }
            case 'merge':
              if (i + 1 < original.length) {
                reworked.push({ ...row, transcript: `${text} ${String(original[i + 1].transcript)}` });
                i++;
              } else reworked.push(row);
              break;
          }
        }
        return { original, reworked };
      }),
    ),
);

const configArb: fc.Arbitrary<Partial<DiffConfig>> = fc.record(
  {
    simpleMode: fc.boolean(),
    enableSplits: fc.boolean(),
    enableMerges: fc.boolean(),
    positionalMode: fc.boolean(),
    stripDiacritics: fc.boolean(),
    ignoreColNames: fc.subarray(['speaker', 'SPEAKER', 'note', 'start_time', 'transcript']),
  },
  { requiredKeys: [] },
);

const nonTrace = (data: DiffData): ResultEntry[] => data.results.filter((e) => !e.trace);

function rowsOf(entry: ResultEntry, side: 'original' | 'reworked'): Row[] {
  if (side === 'original') return entry.originalRows ?? (entry.originalRow ? [entry.originalRow] : []);
  return entry.reworkedRows ?? (entry.reworkedRow ? [entry.reworkedRow] : []);
}

const params = { seed: 20261125, numRuns: 300 };

describe('aligner: the rules of spec §3 over random inputs', () => {
  it('accounts for every original and reworked row exactly once, unaltered (D6.2)', () => {
    fc.assert(
      fc.property(editedArb, configArb, ({ original, reworked }, config) => {
        const snapshot = JSON.stringify({ original, reworked });
        const data = runDiff({ original, reworked, config });
        for (const side of ['original', 'reworked'] as const) {
          const input = side === 'original' ? original : reworked;
          const seen = new Array<number>(input.length).fill(0);
          for (const entry of nonTrace(data)) {
            const indices = side === 'original' ? entry.originalIndices : entry.reworkedIndices;
            const rows = rowsOf(entry, side);
            expect(rows).toHaveLength(indices.length);
            indices.forEach((index, k) => {
              seen[index]++;
              expect(rows[k]).toBe(input[index]);
            });
          }
          expect(seen.every((count) => count === 1)).toBe(true);
        }
        expect(JSON.stringify({ original, reworked })).toBe(snapshot);
      }),
      params,
    );
  });

  it('never produces SPLIT or MERGED in simpleMode or positionalMode; honours enableSplits/enableMerges', () => {
    fc.assert(
      fc.property(editedArb, configArb, ({ original, reworked }, config) => {
        const statuses = new Set(runDiff({ original, reworked, config }).results.map((e) => e.status));
        if (config.simpleMode || config.positionalMode) {
          expect(statuses.has('SPLIT') || statuses.has('MERGED')).toBe(false);
        }
        if (config.enableSplits === false) expect(statuses.has('SPLIT')).toBe(false);
        if (config.enableMerges === false) expect(statuses.has('MERGED')).toBe(false);
      }),
      params,
    );
  });

  it('never lets a column in ignoreColNames cause MODIFIED', () => {
    fc.assert(
      fc.property(
        fc.array(rowArb, { maxLength: 12 }),
        fc.constantFrom('speaker', 'Speaker', 'note', 'start_time', 'transcript'),
        fc.array(fc.string(), { minLength: 12, maxLength: 12 }),
        configArb,
        (original, ignored, noise, config) => {
          const key = ignored.toLowerCase();
          const reworked = original.map((row, i) => ({ ...row, [key]: key === 'start_time' ? i + 1000 : noise[i] }));
          const data = runDiff({ original, reworked, config: { ...config, ignoreColNames: [ignored] } });
          for (const entry of data.results) {
            expect(entry.status).not.toBe('MODIFIED');
            expect(entry.changedColumns ?? []).not.toContain(key);
          }
        },
      ),
      params,
    );
  });
});

describe('aligner: classification', () => {
  const t = (...texts: string[]) => texts.map((transcript) => ({ transcript }));
  const shape = (data: DiffData) =>
    data.results.map((e) => `${e.status}${e.trace ? '*' : ''} ${e.originalIndices.join(',')}|${e.reworkedIndices.join(',')}`);

  it('finds a split, a modification and unchanged rows in document order', () => {
    const data = runDiff({
      original: t('Hello there.', 'How are you today?', 'I am fine thanks.', 'Bye'),
      reworked: t('Hello there.', 'How are you', 'today?', 'i am fine, thanks', 'Bye'),
    });
    expect(shape(data)).toEqual(['UNCHANGED 0|0', 'SPLIT 1|1,2', 'MODIFIED 2|3', 'UNCHANGED 3|4']);
    expect(data.results[1]).toMatchObject({ notes: 'split into 2 rows', reworkedRows: [{ transcript: 'How are you' }, { transcript: 'today?' }] });
  });

  it('emits a merge with its trace entries, next to a deletion', () => {
    const data = runDiff({
      original: t('The first part', 'the second part.', 'Unrelated deleted row here', 'end'),
      reworked: t('The first part the second part.', 'end'),
    });
    expect(shape(data)).toEqual(['MERGED 0,1|0', 'MERGED* 0|0', 'MERGED* 1|0', 'DELETED 2|', 'UNCHANGED 3|1']);
    expect(data.results[0]).toMatchObject({ notes: 'merged from 2 rows', originalRows: [{ transcript: 'The first part' }, { transcript: 'the second part.' }] });
    expect(data.results[0].trace).toBeUndefined();
    expect(data.results[1]).toMatchObject({ trace: true, notes: 'Source row 1/2', originalRow: { transcript: 'The first part' } });
    expect(data.results[2]).toMatchObject({ trace: true, notes: 'Source row 2/2' });
  });

  it('pairs rows that differ only in diacritics, case or punctuation, whatever stripDiacritics says', () => {
    for (const stripDiacritics of [true, false]) {
      const data = runDiff({ original: t('Le café est fermé'), reworked: t('le cafe est ferme!'), config: { stripDiacritics } });
      expect(shape(data)).toEqual(['MODIFIED 0|0']);
    }
  });

  it('lets stripDiacritics decide whether a diacritic-only difference is a change', () => {
    const original = t('كتب الولد');
    const reworked = t('كَتَبَ الوَلَدُ');
    expect(runDiff({ original, reworked, config: { stripDiacritics: true } }).results[0].status).toBe('UNCHANGED');
    expect(runDiff({ original, reworked, config: { stripDiacritics: false } }).results[0].status).toBe('MODIFIED');
  });

  it('keeps identical short rows apart around an edit', () => {
    const data = runDiff({
      original: t('Yeah.', 'Okay.', 'So the revenue grew.', 'Yeah.', 'Okay.'),
      reworked: t('Yeah.', 'So the revenue grew by ten percent.', 'Yeah.', 'Okay.', 'Okay.'),
    });
    expect(shape(data)).toEqual(['UNCHANGED 0|0', 'DELETED 1|', 'MODIFIED 2|1', 'UNCHANGED 3|2', 'ADDED |3', 'UNCHANGED 4|4']);
  });

  it('names the changed columns and says "transcript changed" only when it did', () => {
    const data = runDiff({
      original: [{ transcript: 'a b c', speaker: 'A', start_time: 1 }],
      reworked: [{ transcript: 'a b c', speaker: 'B', start_time: '00:00:01.0005' }],
    });
    expect(data.results[0]).toMatchObject({ status: 'MODIFIED', changedColumns: ['speaker'], notes: 'speaker changed' });
    const both = runDiff({ original: [{ transcript: 'a b c', speaker: 'A' }], reworked: [{ transcript: 'a b d', speaker: 'B' }] });
    expect(both.results[0]).toMatchObject({ changedColumns: ['transcript', 'speaker'], notes: 'transcript changed' });
  });

  it('uses times to pair heavily rewritten rows', () => {
    const original = [
      { transcript: 'um so we we was going to the market', start_time: 0, end_time: 4 },
      { transcript: 'and then it rained', start_time: 4, end_time: 6 },
    ];
    const reworked = [
      { transcript: 'We were heading to the marketplace.', start_time: 0.1, end_time: 3.9 },
      { transcript: 'Then it started raining.', start_time: 4, end_time: 6 },
    ];
    expect(shape(runDiff({ original, reworked }))).toEqual(['MODIFIED 0|0', 'MODIFIED 1|1']);
  });

  it('pairs by position in positionalMode, surplus rows ADDED or DELETED', () => {
    const data = runDiff({ original: t('a', 'b', 'c'), reworked: t('b', 'c'), config: { positionalMode: true } });
    expect(shape(data)).toEqual(['MODIFIED 0|0', 'MODIFIED 1|1', 'DELETED 2|']);
  });

  it('converts 2-D rows to objects keyed by the headers and compares the mapped columns', () => {
    const data = runDiff({
      headers: ['text', 'who', 'extra', 'ignored'],
      columnMapping: { transcript: 0, speaker: 1, extraCols: [2] },
      original: [['hello world', 'A', 'x', 'p'], ['second row', 'B']],
      reworked: [['hello world', 'A', 'y', 'q'], ['second row', 'B']],
    });
    expect(data.results[0]).toMatchObject({
      status: 'MODIFIED',
      changedColumns: ['extra'],
      notes: 'extra changed',
      originalRow: { text: 'hello world', who: 'A', extra: 'x', ignored: 'p' },
    });
    expect(data.results[1]).toMatchObject({ status: 'UNCHANGED', originalRow: { text: 'second row', who: 'B' } });
    expect(Object.keys(data.results[1].originalRow as Row)).toEqual(['text', 'who']);
    expect(data.meta.headers).toEqual(['text', 'who', 'extra', 'ignored']);
  });

  it('keeps __proto__, constructor and entry-like keys as plain data', () => {
    const original = JSON.parse('[{"transcript":"a b","__proto__":{"polluted":1},"constructor":"x","status":"DELETED","trace":true}]');
    const reworked = JSON.parse('[{"transcript":"a b","__proto__":{"polluted":2},"constructor":"x","status":"DELETED","trace":true}]');
    const data = runDiff({ original, reworked });
    expect(data.results).toHaveLength(1);
    expect(data.results[0]).toMatchObject({ status: 'MODIFIED', changedColumns: ['__proto__'] });
    expect(data.results[0].originalRow).toBe(original[0]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(JSON.parse(JSON.stringify(data.results[0].reworkedRow))).toEqual(reworked[0]);
    const twoD = runDiff({ headers: ['transcript', '__proto__'], columnMapping: { transcript: 0, extraCols: [1] }, original: [['a', 'p']], reworked: [['a', 'p']] });
    expect(Object.getOwnPropertyDescriptor(twoD.results[0].originalRow, '__proto__')?.value).toBe('p');
  });

  it('gives meta.headers with sent headers first, then keys in order of first appearance', () => {
    const data = runDiff({
      headers: ['speaker'],
      original: [{ transcript: 'a', zeta: 1 }],
      reworked: [{ alpha: 2, transcript: 'a' }],
    });
    expect(data.meta.headers).toEqual(['speaker', 'transcript', 'zeta', 'alpha']);
  });
});
