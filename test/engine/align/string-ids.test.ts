import fc from 'fast-check';
import { StringIds } from '../../../src/engine/align/string-ids';

/** The reference numbering: a Map, ids in order of first occurrence. */
function mapIds(texts: string[]): number[] {
  const ids = new Map<string, number>();
  return texts.map((t) => {
    let id = ids.get(t);
    if (id === undefined) ids.set(t, (id = ids.size));
    return id;
  });
}

describe('StringIds', () => {
  it('numbers strings as a Map does, whatever the capacity it was sized for (growth included)', () => {
    // Few distinct characters, so equal strings are frequent and hash collisions are exercised.
    const text = fc.string({ unit: fc.constantFrom('a', 'b', ' ', 'é', '😀'), maxLength: 6 });
    fc.assert(
      fc.property(fc.array(text, { maxLength: 300 }), fc.integer({ min: 0, max: 64 }), (texts, capacity) => {
        const table = new StringIds(capacity);
        const ids = texts.map((t) => table.id(t));
        expect(ids).toEqual(mapIds(texts));
        expect(table.size).toBe(new Set(texts).size);
      }),
      { numRuns: 300 },
    );
  });

  it('tells apart strings whose hashes collide in the table and keeps equal copies together', () => {
    // 5,000 distinct strings in a table sized for 1: many share a slot before and after growth.
    const table = new StringIds(1);
    const texts = Array.from({ length: 5000 }, (_, i) => `row ${i}`);
    texts.forEach((t, i) => expect(table.id(t)).toBe(i));
    // Copies built at run time (not the same string objects) get the same ids.
    texts.forEach((t, i) => expect(table.id(['row', String(i)].join(' '))).toBe(i));
    expect(table.id('')).toBe(5000);
    expect(table.id('')).toBe(5000);
    expect(table.size).toBe(5001);
  });
});
