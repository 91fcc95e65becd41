import fc from 'fast-check';
import { runDiff, type DiffPart } from '../../../src/engine';
import { pieceDiffs } from '../../../src/engine/results/piece-diffs';

const joinOf = (parts: DiffPart[], skip: DiffPart['type']) => parts.filter((p) => p.type !== skip).map((p) => p.text).join('');
const text = fc.string({ unit: fc.constantFrom('a', 'b', ' ', 'é', '🙂', 'x', '.'), maxLength: 30 });

describe('pieceDiffs: the character diff of a SPLIT or MERGED entry, piece by piece', () => {
  it('SPLIT: each piece rebuilds its own text, and all pieces together the original', () => {
    fc.assert(
      fc.property(text, fc.array(text, { minLength: 2, maxLength: 6 }), (single, pieces) => {
        const diffs = pieceDiffs(single, pieces, true);
        expect(diffs).toHaveLength(pieces.length);
        diffs.forEach((parts, k) => expect(joinOf(parts, 'delete')).toBe(pieces[k]));
        expect(diffs.map((parts) => joinOf(parts, 'insert')).join('')).toBe(single);
        for (const parts of diffs) for (const part of parts) expect(part.text).not.toBe('');
      }),
      { numRuns: 400 },
    );
  });

  it('MERGED: each piece rebuilds its own original row, and all pieces together the reworked text', () => {
    fc.assert(
      fc.property(text, fc.array(text, { minLength: 2, maxLength: 6 }), (single, pieces) => {
        const diffs = pieceDiffs(single, pieces, false);
        diffs.forEach((parts, k) => expect(joinOf(parts, 'insert')).toBe(pieces[k]));
        expect(diffs.map((parts) => joinOf(parts, 'delete')).join('')).toBe(single);
      }),
      { numRuns: 400 },
    );
  });

  it('shows where each piece starts and what changed in it', () => {
    expect(pieceDiffs('Hello there. How are you', ['Hello there.', 'How are you?'], true)).toEqual([
      [{ type: 'equal', text: 'Hello there.' }, { type: 'delete', text: ' ' }],
      [{ type: 'equal', text: 'How are you' }, { type: 'insert', text: '?' }],
    ]);
  });

  it('is in the answer only when config.enableGroupDiff asks for it', () => {
    const original = [{ transcript: 'we grew revenue this year. margins held up well' }];
    const reworked = [{ transcript: 'We grew revenue this year.' }, { transcript: 'Margins held up well.' }];
    expect(runDiff({ original, reworked }).results[0].pieceDiffs).toBeUndefined();
    const entry = runDiff({ original, reworked, config: { enableGroupDiff: true } }).results[0];
    expect(entry.status).toBe('SPLIT');
    expect(entry.pieceDiffs?.map((parts) => joinOf(parts, 'delete'))).toEqual(reworked.map((r) => r.transcript));
  });
});
