import fc from 'fast-check';
import {
  WordInterner,
  addCharCounts,
  addTextCounts,
  addWordCounts,
  createWorkBudget,
  editCounts,
  emptyCounts,
  toCodePoints,
  toWordIds,
  wordCount,
} from '../../src/engine/edit-distance';
import { computeMetrics } from '../../src/engine/metrics';
import { sentenceChanges, sentences } from '../../src/engine/sentences';
import { Counts, DEFAULT_CONFIG, Prepared, PreparedSide, STATUSES, ScoringUnit, Status } from '../../src/engine/types';

/**
 * The metric pass takes shortcuts for speed (one prefix/suffix scan for characters and words,
 * sentence spans compared in place, lengths only for equal values, a branch-free word count).
 * Each shortcut is checked here against the plain definition it replaces.
 */

// Words, spaces (single and doubled), sentence punctuation, accents and an astral emoji.
const PIECES = ['the', 'cat', 'sat', 'a', 'mat', 'Mr.', 'U.S.', 'ok', ' ', ' ', ' ', '  ', '.', '?', '!', '"', 'é', '😀', ',', 'x', 'y'];

function xorshift(seed: number): () => number {
  let x = seed | 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
}

/** A random text of PIECES and a copy edited piece by piece at the given density. */
const pairArb = fc
  .record({
    length: fc.integer({ min: 0, max: 40 }),
    density: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 0.2, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true })),
    seed: fc.integer(),
  })
  .map(({ length, density, seed }) => {
    const rnd = xorshift(seed);
    const pick = () => PIECES[Math.floor(rnd() * PIECES.length)] as string;
    const base: string[] = [];
    for (let i = 0; i < length; i++) base.push(pick());
    const edited: string[] = [];
    for (const piece of base) {
      if (rnd() < density) {
        const op = rnd();
        if (op < 0.34) edited.push(pick());
        else if (op < 0.67) edited.push(piece, pick());
      } else edited.push(piece);
    }
    return { reference: base.join(''), hypothesis: edited.join('') };
  });

describe('addTextCounts equals addCharCounts then addWordCounts', () => {
  it('gives the same counts, approximation flag and remaining budget, tight budgets included', () => {
    fc.assert(
      fc.property(pairArb, fc.constantFrom(0, 5, 40, 200, 30_000_000), fc.constantFrom('both', 'chars', 'words'), ({ reference, hypothesis }, units, which) => {
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
 * as before.
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
    const interner = new WordInterner();
    const a = toWordIds(reference, interner, p, n - q);
    const b = toWordIds(hypothesis, interner, p, m - q);
    editCounts(a.ids, b.ids, budget, 0, a.length, 0, b.length);
  }
  return units - budget.remaining;
}

describe('work charged per pair', () => {
  it('keeps the kernel charges of the wavefront, the bit-parallel distances and the band', () => {
    // [reference, hypothesis, distance, substitutions, units charged]. Small distances are found
    // by the wavefront, charged (s + 1)(2s + 1) per level s plus the tokens slid over (as before
    // the speed work). Past it, the suffix distances are charged ⌈shorter / 32⌉ per token of the
    // longer side plus one per token, and the band the cells it visits plus, per row, the words it
    // reads to find the row's first suffix distance. The 62 × 76 pair: 3 levels (6 + 15 + 28)
    // project d past the hand-over level 12; then 76 × 2 + 138; then 77 rows of 2 words and about
    // 13 cells each (the diagonals on which D + G = 76): 1,498 units, 11,437 with the former
    // wavefront to level 12 and doubling bands.
    const pinned: Array<[string, string, number, number, number]> = [
      ['b', 'x', 1, 1, 6],
      ['ab', 'ba', 2, 0, 23],
      ['the quick brown fox jumped over', 'the quack brown fx jumpedd over', 3, 1, 66],
      ['kitten', 'sitting', 3, 2, 53],
      ['this is a test of skill', 'this was a messy test', 12, 6, 391],
      ['a'.repeat(62), 'b'.repeat(76), 76, 62, 49 + (76 * 2 + 138) + 1159],
      ['abcdefghij', 'jihgfedcba', 10, 8, 49 + (10 * 1 + 20) + 50],
      ['Hello, thank you for calling.', 'Hello thank you four calling', 3, 0, 71],
    ];
    for (const [r, h, distance, substitutions, charged] of pinned) {
      const budget = createWorkBudget();
      const a = toCodePoints(r);
      const b = toCodePoints(h);
      expect(editCounts(a.points, b.points, budget, 0, a.length, 0, b.length)).toMatchObject({ distance, substitutions });
      expect(budget.total - budget.remaining).toBe(charged);
    }
  });

  it('is the kernel charge on the stripped middles, for characters and for words', () => {
    fc.assert(
      fc.property(pairArb, ({ reference, hypothesis }) => {
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

describe('wordCount', () => {
  it('counts the non-empty pieces between spaces, for any UTF-16 unit', () => {
    const unit = fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(0x20, 0x20, 0x00, 0x21, 0x60, 0x8020, 0xffff, 0xa0, 0x3000) },
      { weight: 2, arbitrary: fc.integer({ min: 0, max: 0xffff }) },
    );
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
});

/** D7.8 as written: max(ref, hyp) sentences minus the LCS of the sentence strings. */
function plainSentenceChanges(reference: string, hypothesis: string): [number, number] {
  const a = reference === '' ? [] : sentences(reference);
  const b = hypothesis === '' ? [] : sentences(hypothesis);
  const row = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    let diag = 0;
    for (let j = 1; j <= b.length; j++) {
      const up = row[j] as number;
      row[j] = a[i - 1] === b[j - 1] ? diag + 1 : Math.max(up, row[j - 1] as number);
      diag = up;
    }
  }
  return [a.length, Math.max(a.length, b.length) - (row[b.length] as number)];
}

describe('sentenceChanges compares sentence spans in place', () => {
  it('equals the LCS of the sentence strings', () => {
    fc.assert(
      fc.property(pairArb, ({ reference, hypothesis }) => {
        expect(sentenceChanges(reference, hypothesis)).toEqual(plainSentenceChanges(reference, hypothesis));
      }),
      { numRuns: 3000, seed: 99 },
    );
  });

  it('handles trailing spaces, repeated sentences and texts outside the scanner', () => {
    const cases: Array<[string, string]> = [
      ['One. Two. ', 'One. Two.'],
      ['Yes. Yes. Yes.', 'Yes. Yes.'],
      ['Go. Go.  ', 'Go.  Go.'],
      ['你好。世界！', '你好。世界。'],
      ['Hello.\nWorld.', 'Hello. World.'],
    ];
    for (const [r, h] of cases) expect(sentenceChanges(r, h)).toEqual(plainSentenceChanges(r, h));
  });
});

describe('computeMetrics keeps no state between units', () => {
  function side(rows: Array<{ transcript: string; speaker: string }>): PreparedSide {
    return {
      rows,
      text: [rows.map((r) => r.transcript), rows.map((r) => r.speaker)],
      sparse: null,
      transcript: rows.map((r) => r.transcript),
      start: new Float64Array(rows.length).fill(NaN),
      end: new Float64Array(rows.length).fill(NaN),
      speaker: rows.map((r) => r.speaker),
    };
  }

  function prepared(original: Array<{ transcript: string; speaker: string }>, reworked: Array<{ transcript: string; speaker: string }>): Prepared {
    return {
      columns: ['transcript', 'speaker'],
      transcriptCol: 0,
      transcriptName: 'transcript',
      timeCols: [],
      denseCols: [0, 1],
      original: side(original),
      reworked: side(reworked),
      headers: ['transcript', 'speaker'],
    };
  }

  function add(into: Counts, c: Counts): void {
    for (const key of ['char', 'word', 'transcriptChar', 'transcriptWord'] as const) {
      for (const field of ['substitutions', 'deletions', 'insertions', 'hits', 'referenceLength'] as const) into[key][field] += c[key][field];
    }
    for (const s of STATUSES) into.rows[s] += c.rows[s];
    into.segmentEvents += c.segmentEvents;
    into.sentences.reference += c.sentences.reference;
    into.sentences.changed += c.sentences.changed;
    into.speakerChanged += c.speakerChanged;
  }

  // Speakers repeat and alternate so that equal values follow equal and different ones.
  const speakerArb = fc.constantFrom('spk1', 'spk1', 'spk2', 'Agent', 'Agent Smith', '');
  const docArb = fc.array(fc.tuple(pairArb, speakerArb, speakerArb, fc.constantFrom<Status>('UNCHANGED', 'MODIFIED', 'ADDED', 'DELETED')), {
    minLength: 1,
    maxLength: 12,
  });

  it('scores a document as the sum of its units scored one by one', () => {
    fc.assert(
      fc.property(docArb, (doc) => {
        const original: Array<{ transcript: string; speaker: string }> = [];
        const reworked: Array<{ transcript: string; speaker: string }> = [];
        const units: ScoringUnit[] = [];
        for (const [{ reference, hypothesis }, spkRef, spkHyp, status] of doc) {
          const o = status === 'ADDED' ? [] : [original.push({ transcript: hypothesis, speaker: spkHyp }) - 1];
          const r = status === 'DELETED' ? [] : [reworked.push({ transcript: reference, speaker: spkRef }) - 1];
          units.push({ status, originalIndices: o, reworkedIndices: r });
        }
        const prep = prepared(original, reworked);
        const whole = computeMetrics(prep, units, { ...DEFAULT_CONFIG });
        const sum = computeMetrics(prep, [], { ...DEFAULT_CONFIG }).counts;
        for (const u of units) add(sum, computeMetrics(prep, [u], { ...DEFAULT_CONFIG }).counts);
        expect(whole.counts).toEqual(sum);
      }),
      { numRuns: 400, seed: 31 },
    );
  });
});
