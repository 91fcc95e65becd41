import fc from 'fast-check';
import {
  WordInterner,
  PAIR_FLOOR_UNITS,
  PAIR_UNITS_PER_TOKEN,
  addCharCounts,
  addPlainTextCounts,
  addTextCounts,
  addWordCounts,
  approximateCharCounts,
  approximateWordCounts,
  codePointLength,
  createWorkBudget,
  editCounts,
  emptyCounts,
  toCodePoints,
  toWordIds,
  wordCount,
} from '../../src/engine/edit-distance';

/**
 * Reference: the textbook O(nm) table over the lexicographic cost (distance, substitutions),
 * i.e. the minimum distance and, among minimum alignments, the fewest substitutions.
 */
function referenceCounts(a: ArrayLike<number>, b: ArrayLike<number>) {
  const n = a.length;
  const m = b.length;
  let prevD = new Int32Array(m + 1);
  let prevS = new Int32Array(m + 1);
  let curD = new Int32Array(m + 1);
  let curS = new Int32Array(m + 1);
  for (let j = 0; j <= m; j++) prevD[j] = j;
  for (let i = 1; i <= n; i++) {
    curD[0] = i;
    curS[0] = 0;
    for (let j = 1; j <= m; j++) {
      let d = prevD[j] + 1;
      let s = prevS[j];
      const dIns = curD[j - 1] + 1;
      const sIns = curS[j - 1];
      if (dIns < d || (dIns === d && sIns < s)) {
        d = dIns;
        s = sIns;
      }
      const same = a[i - 1] === b[j - 1];
      const dSub = prevD[j - 1] + (same ? 0 : 1);
      const sSub = prevS[j - 1] + (same ? 0 : 1);
      if (dSub < d || (dSub === d && sSub < s)) {
        d = dSub;
        s = sSub;
      }
      curD[j] = d;
      curS[j] = s;
    }
    [prevD, curD] = [curD, prevD];
    [prevS, curS] = [curS, prevS];
  }
  const distance = prevD[m];
  const substitutions = prevS[m];
  const insertions = (distance - substitutions - (n - m)) / 2;
  const deletions = insertions + n - m;
  return { distance, substitutions, deletions, insertions, hits: n - substitutions - deletions };
}

function cps(s: string): number[] {
  return Array.from(s, (c) => c.codePointAt(0) as number);
}

// Alphabet mixing ASCII, accents, combining marks, Arabic, CJK and astral emoji (surrogate pairs).
const ALPHABET = [
  'a', 'b', 'c', 'e', ' ', '.', 'é', '\u0301', '\u0651', 'ب', 'ت', '中', '文',
  '😀', '👍🏽', '\u200d', '🇫🇷', 'Z',
];

/** A random base text and a copy edited at the given density (0–1). */
const pairArb = fc
  .record({
    length: fc.oneof(
      { weight: 6, arbitrary: fc.integer({ min: 0, max: 60 }) },
      { weight: 3, arbitrary: fc.integer({ min: 60, max: 400 }) },
      { weight: 1, arbitrary: fc.integer({ min: 400, max: 2000 }) },
    ),
    density: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 0.1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true })),
    alphabet: fc.integer({ min: 2, max: ALPHABET.length }),
    seed: fc.integer(),
  })
  .map(({ length, density, alphabet, seed }) => {
    let x = seed | 0 || 1;
    const rnd = () => {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      return (x >>> 0) / 4294967296;
    };
    const pick = () => ALPHABET[Math.floor(rnd() * alphabet)];
    const base: string[] = [];
    for (let i = 0; i < length; i++) base.push(pick());
    const edited: string[] = [];
    for (const ch of base) {
      if (rnd() < density) {
        const op = rnd();
        if (op < 0.34) edited.push(pick());
        else if (op < 0.67) edited.push(ch, pick());
        // else: deleted
      } else edited.push(ch);
    }
    return { reference: base.join(''), hypothesis: edited.join('') };
  });

describe('editCounts (exact kernel)', () => {
  it('agrees with the O(nm) reference on distance and the S/D/I split for random Unicode pairs', () => {
    fc.assert(
      fc.property(pairArb, ({ reference, hypothesis }) => {
        const a = cps(reference);
        const b = cps(hypothesis);
        const got = editCounts(a, b);
        expect(got).toEqual(referenceCounts(a, b));
        expect(got!.substitutions + got!.deletions + got!.insertions).toBe(got!.distance);
        expect(got!.hits + got!.substitutions + got!.deletions).toBe(a.length);
        expect(got!.hits + got!.substitutions + got!.insertions).toBe(b.length);
      }),
      { numRuns: 2500, seed: 20251125 },
    );
  });

  it('agrees with the reference on short sequences over a tiny alphabet (many ties)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 2 }), { maxLength: 14 }),
        fc.array(fc.integer({ min: 0, max: 2 }), { maxLength: 14 }),
        (a, b) => {
          expect(editCounts(a, b)).toEqual(referenceCounts(a, b));
        },
      ),
      { numRuns: 3000, seed: 7 },
    );
  });

  it('agrees with the reference when the banded programme takes over (long, very different texts)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 200, maxLength: 900 }),
        fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 200, maxLength: 900 }),
        (a, b) => {
          expect(editCounts(a, b)).toEqual(referenceCounts(a, b));
        },
      ),
      { numRuns: 40, seed: 11 },
    );
  });

  it('reports the fewest-substitutions split among minimum alignments', () => {
    // "this is a test of skill" vs "this was a messy test": 4 edits either as 3S+1D or 1S+1I+2D.
    const ids = new WordInterner();
    const w = (s: string) => {
      const r = toWordIds(s, ids);
      return Array.from(r.ids.subarray(0, r.length));
    };
    expect(editCounts(w('this is a test of skill'), w('this was a messy test'))).toEqual({
      distance: 4,
      substitutions: 1,
      deletions: 2,
      insertions: 1,
      hits: 3,
    });
  });

  it('counts an astral emoji as one code point', () => {
    expect(editCounts(cps('a😀b'), cps('ab'))).toMatchObject({ distance: 1, deletions: 1, hits: 2 });
  });

  it('stays exact on pairs too large for the optimal-path band keys (the plain band decides)', () => {
    // 20,000 against 19,000 tokens with no token in common: d = 20,000, every shorter-side token
    // substituted. (n + m + d) × (m + 1) passes 2^30, so the split comes from the plain band.
    const a = Array.from({ length: 20_000 }, (_, i) => i % 7);
    const b = Array.from({ length: 19_000 }, (_, i) => 100 + (i % 5));
    expect(editCounts(a, b)).toEqual({ distance: 20_000, substitutions: 19_000, deletions: 1_000, insertions: 0, hits: 0 });
  });

  it('returns null, spending at most the budget, when the budget is too small', () => {
    const a = cps('abcdefghij'.repeat(50));
    const b = cps('jihgfedcba'.repeat(50));
    const budget = createWorkBudget(1000);
    expect(editCounts(a, b, budget)).toBeNull();
    expect(budget.remaining).toBeGreaterThanOrEqual(0);
    expect(budget.remaining).toBeLessThanOrEqual(1000);
  });

  it('charges near-identical pairs little: 30,000 rows of ~90 characters with a few edits cost under 100 units each', () => {
    const budget = createWorkBudget();
    const base = 'the quick brown fox jumps over the lazy dog while the annotator fixes a few words here';
    for (let i = 0; i < 30000; i++) {
      const hyp = base.slice(0, i % 80) + 'xy' + base.slice((i % 80) + 3) + (i % 7 === 0 ? ' uh' : '');
      expect(editCounts(cps(base), cps(hyp), budget)).not.toBeNull();
    }
    expect(budget.total - budget.remaining).toBeLessThan(30000 * 100);
  });
});

describe('text helpers', () => {
  it('codePointLength counts code points, lone surrogates as one', () => {
    expect(codePointLength('abc')).toBe(3);
    expect(codePointLength('a😀')).toBe(2);
    expect(codePointLength('\ud800x')).toBe(2);
    expect(codePointLength('')).toBe(0);
  });

  it('toCodePoints decodes pairs and keeps lone surrogates', () => {
    const r = toCodePoints('a😀\udc00');
    expect(Array.from(r.points.subarray(0, r.length))).toEqual([0x61, 0x1f600, 0xdc00]);
  });

  it('wordCount splits on spaces only', () => {
    expect(wordCount('')).toBe(0);
    expect(wordCount('one')).toBe(1);
    expect(wordCount(' a  b c ')).toBe(3);
  });

  it('WordInterner gives equal words equal ids and different words different ids', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary', maxLength: 6 }), { maxLength: 60 }), (words) => {
        const interner = new WordInterner();
        const text = words.join('\u0000');
        const ids: number[] = [];
        let at = 0;
        for (const w of words) {
          ids.push(interner.intern(text, at, at + w.length));
          at += w.length + 1;
        }
        for (let i = 0; i < words.length; i++) {
          for (let j = 0; j < words.length; j++) expect(ids[i] === ids[j]).toBe(words[i] === words[j]);
        }
      }),
      { numRuns: 300, seed: 3 },
    );
  });
});

describe('addCharCounts / addWordCounts (string level)', () => {
  it('match the reference over code points and words, whatever prefix/suffix stripping does', () => {
    fc.assert(
      fc.property(pairArb, ({ reference, hypothesis }) => {
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
        const interner = new WordInterner();
        const words = emptyCounts();
        expect(addWordCounts(words, reference, hypothesis, createWorkBudget())).toBe(false);
        const ids = (s: string) => {
          const r = toWordIds(s, interner);
          return Array.from(r.ids.subarray(0, r.length));
        };
        const rw = referenceCounts(ids(reference), ids(hypothesis));
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
});

/** xorshift32 in [0, 1), deterministic per seed. */
function xorshift(seed: number): () => number {
  let x = seed | 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** `length` random letters, or words of 1–8 letters separated by single spaces. */
function randomText(rnd: () => number, length: number, spaces: boolean): string {
  const out: string[] = [];
  let word = 0;
  let wordLength = 1 + Math.floor(rnd() * 8);
  while (out.length < length) {
    if (spaces && word === wordLength) {
      out.push(' ');
      word = 0;
      wordLength = 1 + Math.floor(rnd() * 8);
    } else {
      out.push(LETTERS[Math.floor(rnd() * LETTERS.length)] as string);
      word++;
    }
  }
  return out.join('');
}

/** A copy of `text` with each character edited with probability `rate` (substituted, preceded by an insertion, or deleted); `edits` bounds the distance. */
function editText(rnd: () => number, text: string, rate: number): { text: string; edits: number } {
  const out: string[] = [];
  let edits = 0;
  for (const ch of text) {
    if (rnd() >= rate) {
      out.push(ch);
      continue;
    }
    edits++;
    const op = rnd();
    const other = LETTERS[Math.floor(rnd() * LETTERS.length)] as string;
    if (op < 1 / 3) out.push(other);
    else if (op < 2 / 3) out.push(other, ch);
  }
  return { text: out.join(''), edits };
}

describe('anchored approximation (D7.11)', () => {
  it('falls back when the budget is spent and reports a valid alignment, never below the true distance', () => {
    fc.assert(
      fc.property(pairArb, ({ reference, hypothesis }) => {
        const exact = referenceCounts(cps(reference), cps(hypothesis));
        const c = emptyCounts();
        const approx = addCharCounts(c, reference, hypothesis, createWorkBudget(0));
        const distance = c.substitutions + c.deletions + c.insertions;
        if (reference !== hypothesis && !approx) expect(distance).toBe(exact.distance);
        expect(distance).toBeGreaterThanOrEqual(exact.distance);
        // A valid alignment covers every token of both sides exactly once.
        expect(c.hits + c.substitutions + c.deletions).toBe(cps(reference).length);
        expect(c.hits + c.substitutions + c.insertions).toBe(cps(hypothesis).length);
      }),
      { numRuns: 800, seed: 5 },
    );
  });

  it('is exact on near-identical long texts whose words anchor the alignment', () => {
    const words: string[] = [];
    for (let i = 0; i < 3000; i++) words.push(`w${i}`);
    const ref = words.join(' ');
    const hyp = words.map((w, i) => (i % 500 === 7 ? w + 'x' : w)).join(' ');
    const r = approximateCharCounts(ref, hyp);
    expect(r).toMatchObject({ distance: 6, insertions: 6, substitutions: 0, deletions: 0 });
    const wr = approximateWordCounts(ref, hyp, new WordInterner());
    expect(wr).toMatchObject({ distance: 6, substitutions: 6 });
  });

  it('bounds the work of a 100,000-character pair with no spaces (one huge word per side)', () => {
    let x = 12345;
    const rnd = () => {
      x = (Math.imul(x, 1103515245) + 12345) & 0x7fffffff;
      return x >> 16;
    };
    const ref = Array.from({ length: 100000 }, () => 'ab'[rnd() & 1]).join('');
    const hyp = Array.from({ length: 100000 }, () => 'ab'[rnd() & 1]).join('');
    const c = emptyCounts();
    const started = Date.now();
    const approx = addCharCounts(c, ref, hyp, createWorkBudget(1_000_000));
    expect(approx).toBe(true);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(c.referenceLength).toBe(100000);
    expect(c.substitutions + c.deletions + c.insertions).toBeGreaterThanOrEqual(2);
  });

  it('stays a valid alignment within 1.5 × the exact distance on 5 %-edited random texts, with and without spaces', () => {
    const rnd = xorshift(2026);
    for (const spaces of [false, true]) {
      for (const length of [600, 2000, 5000]) {
        for (let trial = 0; trial < 3; trial++) {
          const ref = randomText(rnd, length, spaces);
          const hyp = editText(rnd, ref, 0.05).text;
          const a = cps(ref);
          const b = cps(hyp);
          const exact = editCounts(a, b)!;
          const approx = approximateCharCounts(ref, hyp);
          expect(approx.distance).toBeGreaterThanOrEqual(exact.distance);
          expect(approx.distance).toBeLessThanOrEqual(1.5 * exact.distance);
          expect(approx.substitutions + approx.deletions + approx.insertions).toBe(approx.distance);
          expect(approx.hits + approx.substitutions + approx.deletions).toBe(a.length);
          expect(approx.hits + approx.substitutions + approx.insertions).toBe(b.length);
          if (!spaces) continue;
          const interner = new WordInterner();
          const wa = toWordIds(ref, interner);
          const wb = toWordIds(hyp, interner);
          const exactWords = editCounts(wa.ids, wb.ids, undefined, 0, wa.length, 0, wb.length)!;
          const approxWords = approximateWordCounts(ref, hyp, interner);
          expect(approxWords.distance).toBeGreaterThanOrEqual(exactWords.distance);
          expect(approxWords.distance).toBeLessThanOrEqual(1.5 * exactWords.distance);
          expect(approxWords.hits + approxWords.substitutions + approxWords.deletions).toBe(wa.length);
        }
      }
    }
  });

  it('approximates a 5 %-edited 100,000-character row without spaces up front: no exact work spent, CER near the truth', () => {
    const rnd = xorshift(99);
    const ref = randomText(rnd, 100_000, false);
    const { text: hyp, edits } = editText(rnd, ref, 0.05);
    const budget = createWorkBudget();
    const c = emptyCounts();
    const started = Date.now();
    expect(addCharCounts(c, ref, hyp, budget)).toBe(true);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(budget.remaining).toBe(budget.total);
    const distance = c.substitutions + c.deletions + c.insertions;
    // `edits` is the cost of the edit script applied, so the true distance is at most that.
    expect(distance).toBeLessThanOrEqual(1.05 * edits);
    expect(distance).toBeGreaterThanOrEqual(Math.abs(ref.length - hyp.length));
    expect(c.hits + c.substitutions + c.deletions).toBe(100_000);
    expect(c.referenceLength).toBe(100_000);
    // The same text with spaces: words and characters both approximated, both close.
    const spaced = randomText(rnd, 100_000, true);
    const edited = editText(rnd, spaced, 0.05);
    const chars = emptyCounts();
    const words = emptyCounts();
    expect(addTextCounts(chars, words, spaced, edited.text, budget)).toBe(true);
    expect(budget.remaining).toBe(budget.total);
    expect(chars.substitutions + chars.deletions + chars.insertions).toBeLessThanOrEqual(1.05 * edited.edits);
    expect(words.substitutions + words.deletions + words.insertions).toBeLessThanOrEqual(1.05 * edited.edits);
  });

  it('keeps long pairs exact while their estimated cost stays in proportion to their length', () => {
    const rnd = xorshift(7);
    // A 3,000-character paragraph at 5 % (full table within the floor) and a 40,000-character one
    // at 0.2 % (estimated from its approximation: a few hundred edits, a narrow band).
    for (const [length, rate] of [
      [3000, 0.05],
      [40_000, 0.002],
    ] as const) {
      const ref = randomText(rnd, length, true);
      const hyp = editText(rnd, ref, rate).text;
      const budget = createWorkBudget();
      const c = emptyCounts();
      expect(addCharCounts(c, ref, hyp, budget)).toBe(false);
      const exact = editCounts(cps(ref), cps(hyp))!;
      expect(c).toEqual({
        substitutions: exact.substitutions,
        deletions: exact.deletions,
        insertions: exact.insertions,
        hits: exact.hits,
        referenceLength: length,
      });
      expect(budget.total - budget.remaining).toBeLessThanOrEqual(Math.max(PAIR_FLOOR_UNITS, PAIR_UNITS_PER_TOKEN * 2 * length));
    }
  });

  it('approximates a long pair whose estimated exact cost exceeds what the request has left, spending nothing', () => {
    const rnd = xorshift(8);
    const ref = randomText(rnd, 40_000, true);
    const hyp = editText(rnd, ref, 0.002).text;
    const budget = createWorkBudget(50_000);
    const c = emptyCounts();
    expect(addCharCounts(c, ref, hyp, budget)).toBe(true);
    expect(budget.remaining).toBe(50_000);
    expect(c.substitutions + c.deletions + c.insertions).toBeGreaterThanOrEqual(editCounts(cps(ref), cps(hyp))!.distance);
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
      let x = seed | 0 || 1;
      const rnd = () => {
        x ^= x << 13;
        x ^= x >>> 17;
        x ^= x << 5;
        return (x >>> 0) / 4294967296;
      };
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
