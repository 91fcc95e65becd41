import fc from 'fast-check';
import { normalizeSpace } from '../../../src/engine/prepare/normalize';
import { belowUpperBound, looseText, profileWordDice, wordDice, looseUnicode, profile, similarityUpperBound, textSimilarity, intersection } from '../../../src/engine/align/row-similarity';

describe('looseText', () => {
  it('drops case, punctuation, symbols and diacritics, keeping single spaces', () => {
    expect(looseText('  Le Café, est-il FERMÉ ? ')).toBe('le cafe estil ferme');
    expect(looseText('Hello,  World!! $5 & more')).toBe('hello world 5 more');
  });

  it('takes the same key in one pass as the general definition, on ASCII text', () => {
    const ascii = fc.string({ unit: fc.integer({ min: 0, max: 0x7f }).map((c) => String.fromCharCode(c)), maxLength: 200 });
    fc.assert(
      fc.property(ascii, (raw) => {
        const text = normalizeSpace(raw);
        expect(looseText(text)).toBe(looseUnicode(text));
      }),
      { seed: 7, numRuns: 2000 },
    );
  });

  it('takes the same key as the general definition on mixed text, whichever path it takes', () => {
    // Latin letters with diacritics, typographic punctuation, symbols, marks that combine with
    // what precedes, whitespace other than the space, a context-sensitive lower case (Σ), other
    // scripts, an astral character, and the edges of the one-pass table.
    const special = [
      'é', 'É', 'ß', 'Ø', 'İ', 'ǅ', 'ł', '’', '“', '”', '–', '—', '…', '£', '€', '©', '°', '¿', '\u00ad', '\u00a0',
      '\u0301', '\u0308', '\u2028', '\u200b', 'Σ', 'ς', 'ا', 'أ', '你', '😀', '\u007f', '\u0085', '\u02ff', '\u2000', '\u21ff', '\u2200', 'K', 'Å',
    ];
    const unit = fc.oneof(
      fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
      fc.constantFrom(...special),
      fc.integer({ min: 0x80, max: 0x24f }).map((c) => String.fromCharCode(c)),
      fc.integer({ min: 0x2000, max: 0x2200 }).map((c) => String.fromCharCode(c)),
    );
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 60 }), (raw) => {
        const text = normalizeSpace(raw);
        expect(looseText(text)).toBe(looseUnicode(text));
      }),
      { seed: 8, numRuns: 5000 },
    );
  });
});

describe('word Dice', () => {
  it('is the same from two profiles as from the two loose keys', () => {
    const words = fc.constantFrom('the', 'cat', 'sat', 'on', 'a', 'mat', 'yes', 'x'.repeat(700), 'revenue');
    const row = fc.array(words, { maxLength: 12 }).map((w) => w.join(' '));
    fc.assert(
      fc.property(row, row, (a, b) => {
        expect(profileWordDice(profile(a), profile(b))).toBe(wordDice(a, b));
      }),
      { seed: 12, numRuns: 1000 },
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

describe('belowUpperBound', () => {
  it('says exactly whether similarityUpperBound falls short of the threshold, at and around it', () => {
    // Repetitive words give a profile many items on few bits (its excess), random letters give
    // bits that two unrelated rows share by chance: both are what the signature bound must cover.
    const word = fc.oneof(
      fc.constantFrom('the', 'cat', 'sat', 'on', 'a', 'mat', 'aaaa', 'nanana', 'lalala', 'okay', 'revenue'),
      fc.string({ unit: fc.constantFrom('a', 'e', 'n', 's', 't', 'x', 'q'), minLength: 1, maxLength: 9 }),
    );
    const short = fc.array(word, { maxLength: 16 }).map((w) => w.join(' '));
    // Rows past the sorted-bigram limit keep a histogram instead (no bigram signature).
    const long = short.map((r) => `${r} x `.repeat(Math.ceil(4200 / (r.length + 3))));
    const row = fc.oneof({ arbitrary: short, weight: 9 }, { arbitrary: long, weight: 1 });
    const threshold = fc.double({ min: 0, max: 1, noNaN: true });
    fc.assert(
      fc.property(row, row, threshold, (a, b, t) => {
        const pa = profile(a);
        const pb = profile(b);
        // The bound is not symmetric when both rows have as many bigrams: each order is checked.
        for (const [x, y] of [[pa, pb], [pb, pa]]) {
          const bound = similarityUpperBound(x, y);
          expect(belowUpperBound(x, y, t)).toBe(bound < t);
          expect(belowUpperBound(x, y, bound)).toBe(false);
          expect(belowUpperBound(x, y, bound - 2 ** -40)).toBe(false);
          expect(belowUpperBound(x, y, bound + 2 ** -40)).toBe(true);
        }
      }),
      { seed: 12, numRuns: 3000 },
    );
  });
});
