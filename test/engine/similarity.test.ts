import fc from 'fast-check';
import { normalizeSpace } from '../../src/engine/normalize';
import { looseAscii, looseText, looseUnicode, profile, similarityUpperBound, textSimilarity, intersection } from '../../src/engine/similarity';

describe('looseText', () => {
  it('drops case, punctuation, symbols and diacritics, keeping single spaces', () => {
    expect(looseText('  Le Café, est-il FERMÉ ? ')).toBe('le cafe estil ferme');
    expect(looseText('Hello,  World!! $5 & more')).toBe('hello world 5 more');
  });

  it('takes the same key through the ASCII fast path as through the general definition', () => {
    const ascii = fc.string({ unit: fc.integer({ min: 0, max: 0x7f }).map((c) => String.fromCharCode(c)), maxLength: 200 });
    fc.assert(
      fc.property(ascii, (raw) => {
        const text = normalizeSpace(raw);
        expect(looseAscii(text)).toBe(looseUnicode(text));
      }),
      { seed: 7, numRuns: 2000 },
    );
  });
});

describe('similarityUpperBound', () => {
  it('never falls below the similarity it bounds', () => {
    const words = fc.constantFrom('the', 'cat', 'sat', 'on', 'a', 'mat', 'yes', 'okay', 'revenue', 'grew', 'ten', 'percent');
    const row = fc.array(words, { maxLength: 12 }).map((w) => w.join(' '));
    fc.assert(
      fc.property(row, row, (a, b) => {
        const pa = profile(a);
        const pb = profile(b);
        expect(similarityUpperBound(pa, pb)).toBeGreaterThanOrEqual(textSimilarity(intersection(pa, pb), pa, pb) - 1e-12);
      }),
      { seed: 11, numRuns: 2000 },
    );
  });
});
