import fc from 'fast-check';
import { codePointLength, toCodePoints } from '../../../src/engine/text/code-points';
import { editCounts } from '../../../src/engine/distance/edit-distance';
import { addCharCounts, addEqualCounts, addPlainTextCounts, addTextCounts, addWordCounts, emptyCounts } from '../../../src/engine/scoring/text-counts';
import { wordCount } from '../../../src/engine/text/words';
import { createWorkBudget } from '../../../src/engine/distance/work-budget';
import { cps, piecesPairArb, referenceCounts, unicodePairArb, wordIds, xorshift } from '../support/text-pairs';

/**
 * The text-level counting takes shortcuts for speed (one prefix/suffix scan for characters and
 * words, lengths only for equal values, one word edit found without ids). Each is checked here
 * against the plain definition it replaces.
 */

describe('addCharCounts / addWordCounts (string level)', () => {
  it('match the reference over code points and words, whatever prefix/suffix stripping does', () => {
    fc.assert(
      fc.property(unicodePairArb, ({ reference, hypothesis }) => {
        const chars = emptyCounts();
        expect(addCharCounts(chars, reference, hypothesis, createWorkBudget())).toBe(false);
        const rc = referenceCounts(cps(reference), cps(hypothesis));
        expect(chars).toEqual({
          substitutions: rc.substitutions,
          deletions: rc.deletions,
          insertions: rc.insertions,
          hits: rc.hits,
          referenceLength: codePointLength(reference),
        });
        const words = emptyCounts();
        expect(addWordCounts(words, reference, hypothesis, createWorkBudget())).toBe(false);
        const rw = referenceCounts(...wordIds(reference, hypothesis));
        expect(words).toEqual({
          substitutions: rw.substitutions,
          deletions: rw.deletions,
          insertions: rw.insertions,
          hits: rw.hits,
          referenceLength: wordCount(reference),
        });
      }),
      { numRuns: 1500, seed: 99 },
    );
  });

  it('never splits a surrogate pair when stripping a common prefix or suffix', () => {
    const c = emptyCounts();
    addCharCounts(c, 'x😀y', 'x😃y', createWorkBudget());
    expect(c).toEqual({ substitutions: 1, deletions: 0, insertions: 0, hits: 2, referenceLength: 3 });
  });

  it('numbers the words of a pair with thousands of distinct words (the word table grows) exactly', () => {
    // 24,000 words over a vocabulary of 12,000, each word twice: the table passes half full
    // several times. Three substitutions, a deletion and an insertion far apart.
    const reference = Array.from({ length: 24_000 }, (_, i) => `v${i % 12_000}`);
    const hypothesis = [...reference];
    hypothesis[100] = 'new100';
    hypothesis[5_000] = 'new5000';
    hypothesis[15_000] = 'v7';
    hypothesis.splice(20_000, 0, 'inserted');
    hypothesis.splice(8_000, 1);
    const w = emptyCounts();
    expect(addWordCounts(w, reference.join(' '), hypothesis.join(' '), createWorkBudget())).toBe(false);
    expect(w).toEqual({ substitutions: 3, deletions: 1, insertions: 1, hits: 23_996, referenceLength: 24_000 });
  });

  it('keeps whole words when the texts share part of a word', () => {
    const w = emptyCounts();
    addWordCounts(w, 'the cat sat', 'the car sat', createWorkBudget());
    expect(w).toEqual({ substitutions: 1, deletions: 0, insertions: 0, hits: 2, referenceLength: 3 });
    const v = emptyCounts();
    addWordCounts(v, 'a b', 'a b c', createWorkBudget());
    expect(v).toEqual({ substitutions: 0, deletions: 0, insertions: 1, hits: 2, referenceLength: 2 });
  });

  it('addEqualCounts counts every code point and word of a text as a hit', () => {
    for (const text of ['', 'a b  c', 'a😀 b', 'a😀 b', 'same', '\ud800']) {
      const chars = emptyCounts();
      const words = emptyCounts();
      addEqualCounts(chars, words, text);
      expect(chars).toEqual({ substitutions: 0, deletions: 0, insertions: 0, hits: codePointLength(text), referenceLength: codePointLength(text) });
      expect(words).toEqual({ substitutions: 0, deletions: 0, insertions: 0, hits: wordCount(text), referenceLength: wordCount(text) });
    }
  });
});

describe('addTextCounts equals addCharCounts then addWordCounts', () => {
  it('gives the same counts, approximation flag and remaining budget, tight budgets included', () => {
    fc.assert(
      fc.property(piecesPairArb, fc.constantFrom(0, 5, 40, 200, 30_000_000), fc.constantFrom('both', 'chars', 'words'), ({ reference, hypothesis }, units, which) => {
        const wantChars = which !== 'words';
        const wantWords = which !== 'chars';
        const separateBudget = createWorkBudget(units);
        const sc = emptyCounts();
        const sw = emptyCounts();
        let separate = false;
        if (wantChars && addCharCounts(sc, reference, hypothesis, separateBudget)) separate = true;
        if (wantWords && addWordCounts(sw, reference, hypothesis, separateBudget)) separate = true;
        const fusedBudget = createWorkBudget(units);
        const fc1 = emptyCounts();
        const fw = emptyCounts();
        const fused = addTextCounts(wantChars ? fc1 : null, wantWords ? fw : null, reference, hypothesis, fusedBudget);
        expect(fused).toBe(separate);
        expect(fc1).toEqual(sc);
        expect(fw).toEqual(sw);
        expect(fusedBudget.remaining).toBe(separateBudget.remaining);
      }),
      { numRuns: 3000, seed: 424242 },
    );
  });
});

/**
 * The work a pair is charged, as specified: the kernel's charge on the middles left once the
 * common prefix and suffix are stripped (whole code points for characters, whole words for words;
 * the suffix scan never goes back past the prefix). Pinning it keeps over-budget requests scored
 * alike.
 */
function specifiedCharge(reference: string, hypothesis: string, units: number, level: 'chars' | 'words'): number {
  const budget = createWorkBudget(units);
  if (reference === hypothesis) return 0;
  const n = reference.length;
  const m = hypothesis.length;
  const minLen = Math.min(n, m);
  const space = (t: string, i: number) => i < 0 || i >= t.length || t[i] === ' ';
  let p = 0;
  while (p < minLen && reference[p] === hypothesis[p]) p++;
  if (level === 'chars') {
    if (p > 0 && /[\uD800-\uDBFF]/.test(reference[p - 1] as string)) p--;
  } else if (!(space(reference, p) && space(hypothesis, p))) {
    while (p > 0 && reference[p - 1] !== ' ') p--;
  }
  let q = 0;
  while (q < minLen - p && reference[n - 1 - q] === hypothesis[m - 1 - q]) q++;
  if (level === 'chars') {
    if (q > 0 && /[\uDC00-\uDFFF]/.test(reference[n - q] as string)) q--;
    const a = toCodePoints(reference, p, n - q);
    const b = toCodePoints(hypothesis, p, m - q);
    editCounts(a.points, b.points, budget, 0, a.length, 0, b.length);
  } else {
    if (!(space(reference, n - q - 1) && space(hypothesis, m - q - 1))) {
      while (q > 0 && reference[n - q] !== ' ') q--;
    }
    const [a, b] = wordIds(reference, hypothesis, p, q);
    editCounts(a, b, budget);
  }
  return units - budget.remaining;
}

describe('work charged per pair', () => {
  it('is the kernel charge on the stripped middles, for characters and for words', () => {
    fc.assert(
      fc.property(piecesPairArb, ({ reference, hypothesis }) => {
        const big = 30_000_000;
        const chars = createWorkBudget(big);
        if (!addCharCounts(emptyCounts(), reference, hypothesis, chars)) {
          expect(big - chars.remaining).toBe(specifiedCharge(reference, hypothesis, big, 'chars'));
        }
        const words = createWorkBudget(big);
        if (!addWordCounts(emptyCounts(), reference, hypothesis, words)) {
          expect(big - words.remaining).toBe(specifiedCharge(reference, hypothesis, big, 'words'));
        }
      }),
      { numRuns: 3000, seed: 1234 },
    );
  });
});

describe('addPlainTextCounts (surrogate-free pairs, reference words counted by the caller)', () => {
  // No surrogates: words, single and double spaces, terminators, quotes, Latin-1, other BMP text.
  const PIECES = ['the', 'cat', 'a', 'sat', 'é', 'ß', '£', 'Ω', 'ب', '中', ' ', ' ', ' ', '  ', '.', '?', '"', ',', '\u2019', '\n', 'x', 'y'];
  const CHARS = ['a', 'b', 'e', 'é', ' ', ' ', '.', '-', '中', 'Z'];
  const textPair = fc
    .record({
      length: fc.integer({ min: 0, max: 30 }),
      density: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 0.15, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true })),
      charLevel: fc.boolean(),
      seed: fc.integer(),
    })
    .map(({ length, density, charLevel, seed }) => {
      const rnd = xorshift(seed);
      const pick = () => PIECES[Math.floor(rnd() * PIECES.length)] as string;
      const base: string[] = [];
      for (let i = 0; i < length; i++) base.push(pick());
      // Edit whole pieces, or single characters (edits inside one word: the one-word shortcut).
      const units = charLevel ? Array.from(base.join('')) : base;
      const edited: string[] = [];
      for (const u of units) {
        if (rnd() < density) {
          const op = rnd();
          const other = charLevel ? (CHARS[Math.floor(rnd() * CHARS.length)] as string) : pick();
          if (op < 0.34) edited.push(other);
          else if (op < 0.67) edited.push(u, other);
        } else edited.push(u);
      }
      return { reference: base.join(''), hypothesis: edited.join('') };
    });

  it('gives the counts, approximation flag and remaining budget of addTextCounts, tight budgets included', () => {
    fc.assert(
      fc.property(textPair, fc.constantFrom(0, 5, 6, 7, 12, 40, 200, 30_000_000), fc.constantFrom('both', 'chars', 'words'), ({ reference, hypothesis }, units, which) => {
        const general = createWorkBudget(units);
        const gc = emptyCounts();
        const gw = emptyCounts();
        const gChars = which !== 'words' ? gc : null;
        const gWords = which !== 'chars' ? gw : null;
        const generalFlag = addTextCounts(gChars, gWords, reference, hypothesis, general);
        const plain = createWorkBudget(units);
        const pc = emptyCounts();
        const pw = emptyCounts();
        const plainFlag = addPlainTextCounts(
          which !== 'words' ? pc : null,
          which !== 'chars' ? pw : null,
          reference,
          hypothesis,
          plain,
          wordCount(reference),
        );
        expect(plainFlag).toBe(generalFlag);
        expect(pc).toEqual(gc);
        expect(pw).toEqual(gw);
        expect(plain.remaining).toBe(general.remaining);
      }),
      { numRuns: 6000, seed: 20251125 },
    );
  });

  it('scores edits inside one word as one word edit, at the kernel charge', () => {
    const cases: Array<[string, string, [number, number, number, number], number]> = [
      // [reference, hypothesis, [S, D, I, hits], units charged]
      ['the cat sat', 'the cot sat', [1, 0, 0, 2], 6],
      ['the cat sat', 'the catsat', [1, 1, 0, 1], 21], // two words against one: the wavefront's levels 1 and 2
      ['the cat', 'the cats', [1, 0, 0, 1], 6],
      ['cat sat', 'at sat', [1, 0, 0, 1], 6],
      ['the  cat', 'the x cat', [0, 0, 1, 2], 0],
      ['the x cat', 'the  cat', [0, 1, 0, 2], 0],
      ['a ', 'a b', [0, 0, 1, 1], 0],
    ];
    for (const [reference, hypothesis, [s, d, i, hits], charged] of cases) {
      const budget = createWorkBudget(1000);
      const words = emptyCounts();
      addPlainTextCounts(null, words, reference, hypothesis, budget, wordCount(reference));
      expect([words.substitutions, words.deletions, words.insertions, words.hits]).toEqual([s, d, i, hits]);
      expect(words.referenceLength).toBe(wordCount(reference));
      expect(1000 - budget.remaining).toBe(charged);
    }
  });
});
