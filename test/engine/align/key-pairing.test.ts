import fc from 'fast-check';
import { EngineInputError, runDiff } from '../../../src/engine';
import type { DiffData, Row } from '../../../src/engine';

const pairBy = (original: Row[], reworked: Row[], config: Record<string, unknown> = {}): DiffData =>
  runDiff({ original, reworked, config: { pairBy: 'utterance_id', ...config } });

const shape = (data: DiffData) => data.results.filter((e) => !e.trace).map((e) => [e.status, e.originalIndices, e.reworkedIndices]);

describe('config.pairBy: rows paired by utterance id', () => {
  it('pairs equal ids, leaves an id on one side only ADDED or DELETED, and never compares the id', () => {
    const data = pairBy(
      [
        { utterance_id: 'a', transcript: 'hello there' },
        { utterance_id: 'b', transcript: 'only in the draft' },
        { utterance_id: 'c', transcript: 'good morning' },
      ],
      [
        { utterance_id: 'A', transcript: 'hello there' },
        { utterance_id: 'a', transcript: 'hello there' },
        { utterance_id: 'c', transcript: 'good mourning' },
      ],
    );
    expect(shape(data)).toEqual([
      ['ADDED', [], [0]],
      ['UNCHANGED', [0], [1]],
      ['DELETED', [1], []],
      ['MODIFIED', [2], [2]],
    ]);
    expect(data.meta.headers).toContain('utterance_id');
    expect(data.results[3].changedColumns).toEqual(['transcript']);
  });

  it('pairs rows whose ids come in another order, never by their text', () => {
    const data = pairBy(
      [
        { utterance_id: 'x', transcript: 'one' },
        { utterance_id: 'y', transcript: 'two' },
      ],
      [
        { utterance_id: 'y', transcript: 'one' },
        { utterance_id: 'x', transcript: 'two' },
      ],
    );
    expect(shape(data)).toEqual([
      ['MODIFIED', [0], [1]],
      ['MODIFIED', [1], [0]],
    ]);
  });

  it('matches the column name case-insensitively and refuses a name that matches none', () => {
    const rows = [{ Utterance_ID: 'a', transcript: 'x' }];
    expect(shape(runDiff({ original: rows, reworked: rows, config: { pairBy: 'utterance_id' } }))).toEqual([['UNCHANGED', [0], [0]]]);
    expect(() => runDiff({ original: rows, reworked: rows, config: { pairBy: 'segment' } })).toThrow(EngineInputError);
  });

  it('gives way to positionalMode (D6.8)', () => {
    const data = pairBy([{ utterance_id: 'a', transcript: 'x' }], [{ utterance_id: 'b', transcript: 'x' }], { positionalMode: true });
    expect(shape(data)).toEqual([['MODIFIED', [0], [0]]]);
  });

  it('accounts for every row exactly once, whatever the ids (D6.2)', () => {
    const side = fc.array(fc.record({ utterance_id: fc.constantFrom('', 'a', 'b', 'c', 'd'), transcript: fc.constantFrom('x', 'y z') }), { maxLength: 12 });
    fc.assert(
      fc.property(side, side, (original, reworked) => {
        const entries = pairBy(original, reworked).results.filter((e) => !e.trace);
        const o = entries.flatMap((e) => e.originalIndices).sort((a, b) => a - b);
        const r = entries.flatMap((e) => e.reworkedIndices).sort((a, b) => a - b);
        expect(o).toEqual(original.map((_, i) => i));
        expect(r).toEqual(reworked.map((_, i) => i));
        for (const e of entries) {
          if (e.originalIndices.length === 1 && e.reworkedIndices.length === 1) {
            const id = original[e.originalIndices[0]].utterance_id;
            expect(id).not.toBe('');
            expect(reworked[e.reworkedIndices[0]].utterance_id).toBe(id);
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});
