import fc from 'fast-check';
import { isWordBoundary, pairWordIds, scanWords, wordCount } from '../../../src/engine/text/words';
import { createSpans, spanHash } from '../../../src/engine/text/span-ids';

const unit = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(0x20, 0x20, 0x00, 0x21, 0x60, 0x8020, 0xffff, 0xa0, 0x3000) },
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 0xffff }) },
);

describe('words', () => {
  it('wordCount splits on spaces only', () => {
    expect(wordCount('')).toBe(0);
    expect(wordCount('one')).toBe(1);
    expect(wordCount(' a  b c ')).toBe(3);
    expect(wordCount('a\u00a0b\tc')).toBe(1);
  });

  it('wordCount counts the non-empty pieces between spaces, for any UTF-16 unit', () => {
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 30 }), fc.nat(30), fc.nat(30), (codes, x, y) => {
        const text = String.fromCharCode(...codes);
        const start = Math.min(x, y, text.length);
        const end = Math.min(Math.max(x, y), text.length);
        const plain = text.slice(start, end).split(' ').filter((w) => w !== '').length;
        expect(wordCount(text, start, end)).toBe(plain);
      }),
      { numRuns: 2000, seed: 7 },
    );
  });

  it('scanWords finds the same words, each with the hash of its text', () => {
    const into = createSpans();
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 30 }), fc.nat(30), fc.nat(30), (codes, x, y) => {
        const text = String.fromCharCode(...codes);
        const start = Math.min(x, y, text.length);
        const end = Math.min(Math.max(x, y), text.length);
        const words = scanWords(text, start, end, into);
        const found: string[] = [];
        for (let k = 0; k < words.count; k++) {
          found.push(text.slice(words.starts[k], words.ends[k]));
          expect(words.hashes[k]).toBe(spanHash(text, words.starts[k]!, words.ends[k]!));
        }
        expect(found).toEqual(text.slice(start, end).split(' ').filter((w) => w !== ''));
      }),
      { numRuns: 1000, seed: 8 },
    );
  });

  it('isWordBoundary holds at spaces and outside the text only', () => {
    expect([-1, 0, 1, 2, 3, 4].map((i) => isWordBoundary('a bc', i))).toEqual([true, false, true, false, false, true]);
  });

  it('pairWordIds gives equal words equal ids and different words different ids, across both texts', () => {
    const word = fc.string({ unit: 'binary', maxLength: 6 }).map((w) => w.replace(/ /g, ''));
    fc.assert(
      fc.property(fc.array(word, { maxLength: 40 }), fc.array(word, { maxLength: 40 }), (left, right) => {
        const ref = left.join(' ');
        const hyp = right.join(' ');
        const words = pairWordIds(ref, 0, ref.length, hyp, 0, hyp.length);
        const texts = [...left, ...right].filter((w) => w !== '');
        const ids = [...words.reference.subarray(0, words.referenceLength), ...words.hypothesis.subarray(0, words.hypothesisLength)];
        expect(ids).toHaveLength(texts.length);
        // Equal ids exactly for equal words: the pairing of words and ids is one to one.
        const idOf = new Map<string, number>();
        const wordOf = new Map<number, string>();
        const clashes = texts.filter((text, i) => {
          const id = ids[i]!;
          if (!idOf.has(text)) idOf.set(text, id);
          if (!wordOf.has(id)) wordOf.set(id, text);
          return idOf.get(text) !== id || wordOf.get(id) !== text;
        });
        expect(clashes).toEqual([]);
      }),
      { numRuns: 300, seed: 3 },
    );
  });

  it('pairWordIds numbers the words of a long pair, whose table grows past its first size', () => {
    // 24,000 distinct words: the table starts at 16,384 slots and doubles twice.
    const words = Array.from({ length: 24_000 }, (_, i) => `w${i}`);
    const ref = words.join(' ');
    const hyp = [...words].reverse().join(' ');
    const ids = pairWordIds(ref, 0, ref.length, hyp, 0, hyp.length);
    expect(ids.referenceLength).toBe(24_000);
    expect(Array.from(ids.reference.subarray(0, 3))).toEqual([0, 1, 2]);
    expect(Array.from(ids.hypothesis.subarray(0, 3))).toEqual([23_999, 23_998, 23_997]);
  });
});
