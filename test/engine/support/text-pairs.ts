/**
 * What the edit-distance tests share: the textbook reference they are checked against, token
 * helpers and generators of edited text pairs.
 */
import fc from 'fast-check';
import { pairWordIds } from '../../../src/engine/text/words';

/**
 * Reference: the textbook O(nm) table over the lexicographic cost (distance, substitutions),
 * i.e. the minimum distance and, among minimum alignments, the fewest substitutions.
 */
export function referenceCounts(a: ArrayLike<number>, b: ArrayLike<number>) {
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

/** The code points of a text. */
export function cps(s: string): number[] {
  return Array.from(s, (c) => c.codePointAt(0) as number);
}

/** The word ids of two texts (or of their ranges), numbered together: equal words, equal ids. */
export function wordIds(reference: string, hypothesis: string, from = 0, suffix = 0): [number[], number[]] {
  const words = pairWordIds(reference, from, reference.length - suffix, hypothesis, from, hypothesis.length - suffix);
  return [Array.from(words.reference.subarray(0, words.referenceLength)), Array.from(words.hypothesis.subarray(0, words.hypothesisLength))];
}

/** xorshift32 in [0, 1), deterministic per seed. */
export function xorshift(seed: number): () => number {
  let x = seed | 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
}

// Alphabet mixing ASCII, accents, combining marks, Arabic, CJK and astral emoji (surrogate pairs).
const ALPHABET = [
  'a', 'b', 'c', 'e', ' ', '.', 'é', '\u0301', '\u0651', 'ب', 'ت', '中', '文',
  '😀', '👍🏽', '\u200d', '🇫🇷', 'Z',
];

/** A random base text of Unicode characters and a copy edited at the given density (0–1). */
export const unicodePairArb = fc
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
    const rnd = xorshift(seed);
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

// Words, spaces (single and doubled), sentence punctuation, accents and an astral emoji.
const PIECES = ['the', 'cat', 'sat', 'a', 'mat', 'Mr.', 'U.S.', 'ok', ' ', ' ', ' ', '  ', '.', '?', '!', '"', 'é', '😀', ',', 'x', 'y'];

/** A random text of words, spaces and punctuation and a copy edited piece by piece at the given density. */
export const piecesPairArb = fc
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

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** `length` random letters, or words of 1–8 letters separated by single spaces. */
export function randomText(rnd: () => number, length: number, spaces: boolean): string {
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
export function editText(rnd: () => number, text: string, rate: number): { text: string; edits: number } {
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
