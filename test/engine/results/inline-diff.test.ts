import fc from 'fast-check';
import { createWorkBudget } from '../../../src/engine/distance/work-budget';
import { inlineDiff } from '../../../src/engine/results/inline-diff';
import { DiffPart } from '../../../src/engine/types';
import { MAX_DEPTH } from '../../../src/engine/distance/kgram-anchors';
import { anchoredGapsOf } from '../support/work-counters';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function side(parts: DiffPart[], keep: 'delete' | 'insert'): string {
  return parts.filter((p) => p.type === 'equal' || p.type === keep).map((p) => p.text).join('');
}

// Emoji (astral, ZWJ sequences, skin tones, flags), combining marks, Arabic with harakat, CJK, ASCII.
const PIECES = ['a', 'b', ' ', '.', 'é', 'e\u0301', '\u0651', 'مرحبا', 'كَتَبَ', '中', '文字', '😀', '👍🏽', '👩\u200d💻', '🇫🇷', 'Z'];
const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 60 }).map((a) => a.join(''));
const editedPair = fc
  .tuple(text, fc.array(fc.tuple(fc.nat(), fc.constantFrom(...PIECES), fc.integer({ min: 0, max: 2 })), { maxLength: 8 }))
  .map(([base, edits]) => {
    const chars = Array.from(base);
    for (const [at, piece, op] of edits) {
      const i = chars.length === 0 ? 0 : at % chars.length;
      if (op === 0) chars.splice(i, 1, piece);
      else if (op === 1) chars.splice(i, 0, piece);
      else chars.splice(i, 1);
    }
    return [base, chars.join('')] as const;
  });

// Lone surrogates too (a high one alone, a low one alone, a high one before a pair): each is one code point.
const RAW_PIECES = [...PIECES, '\uD800', '\uDC00', '\uDBFF', '\uD83D', 'x\uDE00', '\uD83D\uDE00'];
const rawText = fc.array(fc.constantFrom(...RAW_PIECES), { maxLength: 40 }).map((a) => a.join(''));
// Small alphabets and unequal lengths: many equal characters, long searches, lopsided middles.
const smallAlphabet = (max: number) => fc.array(fc.constantFrom('a', 'b', 'c', '😀'), { maxLength: max }).map((a) => a.join(''));

/** Insert/delete distance (n + m − 2·LCS) over code points. */
function indelDistance(a: string, b: string): number {
  const x = Array.from(a);
  const y = Array.from(b);
  const row = new Array<number>(y.length + 1).fill(0);
  for (let i = 1; i <= x.length; i++) {
    let diag = 0;
    for (let j = 1; j <= y.length; j++) {
      const up = row[j];
      row[j] = x[i - 1] === y[j - 1] ? diag + 1 : Math.max(up, row[j - 1]);
      diag = up;
    }
  }
  return x.length + y.length - 2 * row[y.length];
}

function changedPoints(parts: DiffPart[]): number {
  return parts.filter((p) => p.type !== 'equal').reduce((n, p) => n + Array.from(p.text).length, 0);
}

/** Whether some part boundary falls between the two halves of a surrogate pair on either side. */
function splitsPair(parts: DiffPart[], original: string, reworked: string): boolean {
  for (const [keep, text] of [['delete', original], ['insert', reworked]] as const) {
    let at = 0;
    for (const part of parts) {
      if (part.type !== 'equal' && part.type !== keep) continue;
      if (at > 0 && /[\uD800-\uDBFF]/.test(text[at - 1] ?? '') && /[\uDC00-\uDFFF]/.test(text[at] ?? '')) return true;
      at += part.text.length;
    }
  }
  return false;
}

/** The parts that are empty, or of the type of the part before them (one assertion per case, not per part). */
function badParts(parts: DiffPart[], alsoBad: (part: DiffPart) => boolean = () => false): Array<[number, DiffPart]> {
  return parts.flatMap((part, i): Array<[number, DiffPart]> => (part.text === '' || (i > 0 && part.type === parts[i - 1]!.type) || alsoBad(part) ? [[i, part]] : []));
}

/** Round trip, no empty part, no two neighbours of one type, no half surrogate pair at a boundary. */
function checkJoins(parts: DiffPart[], original: string, reworked: string): void {
  expect(side(parts, 'delete')).toBe(original);
  expect(side(parts, 'insert')).toBe(reworked);
  expect(badParts(parts)).toEqual([]);
  expect(splitsPair(parts, original, reworked)).toBe(false);
}

function checkParts(parts: DiffPart[], original: string, reworked: string): void {
  expect(side(parts, 'delete')).toBe(original);
  expect(side(parts, 'insert')).toBe(reworked);
  // And no part holding half a surrogate pair.
  expect(badParts(parts, (part) => LONE_SURROGATE.test(part.text))).toEqual([]);
}

describe('inlineDiff (D6.6)', () => {
  it('round-trips on random Unicode: equal+delete = original, equal+insert = reworked, no half surrogate pairs', () => {
    fc.assert(
      fc.property(editedPair, ([original, reworked]) => {
        checkParts(inlineDiff(original, reworked), original, reworked);
      }),
      { numRuns: 2000, seed: 17 },
    );
  });

  it('round-trips on unrelated texts too', () => {
    fc.assert(
      fc.property(text, text, (original, reworked) => {
        checkParts(inlineDiff(original, reworked), original, reworked);
      }),
      { numRuns: 1500, seed: 18 },
    );
  });

  it('is a minimal character diff when within its bound', () => {
    fc.assert(
      fc.property(editedPair, ([original, reworked]) => {
        const changed = inlineDiff(original, reworked)
          .filter((p) => p.type !== 'equal')
          .reduce((n, p) => n + Array.from(p.text).length, 0);
        expect(changed).toBe(indelDistance(original, reworked));
      }),
      { numRuns: 800, seed: 19 },
    );
  });

  it('round-trips on text with lone surrogates and never cuts a surrogate pair at a part boundary', () => {
    fc.assert(
      fc.property(rawText, rawText, (original, reworked) => {
        checkJoins(inlineDiff(original, reworked), original, reworked);
        checkJoins(inlineDiff(original + reworked, reworked + original), original + reworked, reworked + original);
      }),
      { numRuns: 1000, seed: 21 },
    );
  });

  it('is minimal against the O(nm) LCS on any pair when the allowance is not binding', () => {
    fc.assert(
      fc.property(fc.oneof(smallAlphabet(12), smallAlphabet(150), rawText), fc.oneof(smallAlphabet(12), smallAlphabet(150), rawText), (original, reworked) => {
        const parts = inlineDiff(original, reworked, createWorkBudget(1e9));
        checkJoins(parts, original, reworked);
        expect(changedPoints(parts)).toBe(indelDistance(original, reworked));
      }),
      { numRuns: 1000, seed: 22 },
    );
  });

  it('is minimal on a short text against a long rewrite, which the search cannot afford but the LCS table can', () => {
    let x = 3;
    const rnd = () => {
      x = (Math.imul(x, 1103515245) + 12345) & 0x7fffffff;
      return x >> 16;
    };
    const words = ['the', 'market', 'was', 'closed', 'so', 'we', 'went', 'home', 'early', 'today'];
    const sentence = (length: number) => {
      let t = '';
      while (t.length < length) t += `${words[rnd() % words.length]} `;
      return t.slice(0, length);
    };
    for (let i = 0; i < 20; i++) {
      // A 10-character middle against a 600-character one: the search must pass 590 levels first.
      const original = `Okay. ${sentence(10)} Right.`;
      const reworked = `Okay. ${sentence(600)} Right.`;
      const parts = inlineDiff(original, reworked);
      checkJoins(parts, original, reworked);
      expect(changedPoints(parts)).toBe(indelDistance(original, reworked));
    }
  });

  it('is deterministic: the same pair gives the same parts whatever was diffed before', () => {
    const pairs = fc.sample(fc.tuple(fc.oneof(smallAlphabet(150), rawText, text), fc.oneof(smallAlphabet(150), rawText, text)), { numRuns: 300, seed: 23 });
    const first = pairs.map(([a, b]) => inlineDiff(a, b));
    // Grow and dirty every scratch array: a long anchored pair, a lopsided pair, an astral pair.
    const long = 'abcdefghij'.repeat(900);
    inlineDiff(long, long.replace(/c/g, 'cc').replace(/hi/g, 'h😀'));
    inlineDiff('ab', 'ba'.repeat(1500));
    inlineDiff('😀'.repeat(2000), '😃'.repeat(1000) + '😀'.repeat(1000));
    const again = [...pairs].reverse().map(([a, b]) => inlineDiff(a, b)).reverse();
    expect(again).toEqual(first);
  });

  it('falls back to one delete and one insert when a long, very different middle exceeds the default allowance', () => {
    let x = 11;
    const rnd = () => {
      x = (Math.imul(x, 1103515245) + 12345) & 0x7fffffff;
      return x >> 16;
    };
    // Two unrelated 1,500-character texts over two letters: the minimal diff has hundreds of equal
    // runs, but it needs some 1,000 edits (about 500,000 search units, against 52,096 allowed).
    const original = `<${Array.from({ length: 1500 }, () => 'ab'[rnd() % 2]).join('')}>`;
    const reworked = `[${Array.from({ length: 1500 }, () => 'ab'[rnd() % 2]).join('')}]`;
    expect(inlineDiff(original, reworked)).toEqual([
      { type: 'delete', text: original },
      { type: 'insert', text: reworked },
    ]);
    // Without the bound, the same pair is diffed in detail.
    const exact = inlineDiff(original, reworked, createWorkBudget(1e9));
    expect(exact.filter((p) => p.type === 'equal').length).toBeGreaterThan(100);
    expect(changedPoints(exact)).toBe(indelDistance(original, reworked));
  });

  it('charges an explicit budget what the search spent, and falls back once it is spent', () => {
    const budget = createWorkBudget(10_000);
    expect(inlineDiff('the cat sat', 'the bat sat', budget)).toHaveLength(4);
    expect(budget.remaining).toBeLessThan(10_000);
    expect(budget.remaining).toBeGreaterThan(9_900);
    const small = createWorkBudget(3);
    expect(inlineDiff('xabcdy', 'xbcday', small)).toEqual([
      { type: 'equal', text: 'x' },
      { type: 'delete', text: 'abcd' },
      { type: 'insert', text: 'bcda' },
      { type: 'equal', text: 'y' },
    ]);
    expect(inlineDiff('xabcdy', 'xbcday', createWorkBudget(100))).toEqual([
      { type: 'equal', text: 'x' },
      { type: 'delete', text: 'a' },
      { type: 'equal', text: 'bcd' },
      { type: 'insert', text: 'a' },
      { type: 'equal', text: 'y' },
    ]);
  });

  it('follows Myers\' forward greedy script: equal text as early as it goes, deletions before insertions inside a change', () => {
    const cases: Array<[string, string, Array<[DiffPart['type'], string]>]> = [
      ['ab', 'ba', [['delete', 'a'], ['equal', 'b'], ['insert', 'a']]],
      ['kitten', 'sitting', [['delete', 'k'], ['insert', 's'], ['equal', 'itt'], ['delete', 'e'], ['insert', 'i'], ['equal', 'n'], ['insert', 'g']]],
      // The example of Myers (1986): a shortest script of 5 edits.
      ['abcabba', 'cbabac', [['delete', 'ab'], ['equal', 'c'], ['insert', 'b'], ['equal', 'ab'], ['delete', 'b'], ['equal', 'a'], ['insert', 'c']]],
      ['I think so', 'I thought so', [['equal', 'I th'], ['delete', 'ink'], ['insert', 'ought'], ['equal', ' so']]],
      ['gonna go', 'going to go', [['equal', 'go'], ['insert', 'i'], ['equal', 'n'], ['delete', 'na'], ['insert', 'g to'], ['equal', ' go']]],
      ['😀a', 'a😀', [['delete', '😀'], ['equal', 'a'], ['insert', '😀']]],
      ['a\uD800b', 'a\uDC00b', [['equal', 'a'], ['delete', '\uD800'], ['insert', '\uDC00'], ['equal', 'b']]],
      ['e\u0301te', 'été', [['delete', 'e\u0301'], ['insert', 'é'], ['equal', 't'], ['delete', 'e'], ['insert', 'é']]],
    ];
    for (const [original, reworked, expected] of cases) {
      expect(inlineDiff(original, reworked)).toEqual(expected.map(([type, t]) => ({ type, text: t })));
    }
  });

  it('speaks from the annotator side: delete = removed by the annotator, insert = added', () => {
    expect(inlineDiff('the cat sat', 'the bat sat')).toEqual([
      { type: 'equal', text: 'the ' },
      { type: 'delete', text: 'c' },
      { type: 'insert', text: 'b' },
      { type: 'equal', text: 'at sat' },
    ]);
  });

  it('keeps an emoji whole when only its second half differs', () => {
    expect(inlineDiff('a😀', 'a😃')).toEqual([
      { type: 'equal', text: 'a' },
      { type: 'delete', text: '😀' },
      { type: 'insert', text: '😃' },
    ]);
  });

  it('gives one equal part for equal transcripts and no part for two empty ones', () => {
    expect(inlineDiff('same', 'same')).toEqual([{ type: 'equal', text: 'same' }]);
    expect(inlineDiff('', '')).toEqual([]);
    expect(inlineDiff('', 'new')).toEqual([{ type: 'insert', text: 'new' }]);
  });

  it('falls back to one delete and one insert around the common prefix and suffix past its bound', () => {
    expect(inlineDiff('start abc end', 'start xyz end', createWorkBudget(0))).toEqual([
      { type: 'equal', text: 'start ' },
      { type: 'delete', text: 'abc' },
      { type: 'insert', text: 'xyz' },
      { type: 'equal', text: ' end' },
    ]);
  });

  // The anchored walk offers gaps of linear size in all, and each gap is aligned within an
  // allowance linear in its own size: linear work, where a minimal diff of the whole would be
  // quadratic. (The time of such rows is the benchmark's: adv-huge-row, adv-no-spaces.)
  const expectLinearWalk = ({ gaps, tokens }: { gaps: number; tokens: number }, n: number, m: number) => {
    expect(gaps).toBeGreaterThan(0);
    expect(gaps).toBeLessThanOrEqual(n + m);
    expect(tokens).toBeLessThanOrEqual(MAX_DEPTH * (n + m));
  };

  it('bounds the work on two unrelated 100,000-character transcripts', () => {
    let x = 7;
    const rnd = () => {
      x = (Math.imul(x, 1103515245) + 12345) & 0x7fffffff;
      return x >> 16;
    };
    const a = Array.from({ length: 100000 }, () => 'abcd '[rnd() % 5]).join('');
    const b = Array.from({ length: 100000 }, () => 'abcd '[rnd() % 5]).join('');
    const { result: parts, ...walk } = anchoredGapsOf(() => inlineDiff(a, b));
    expectLinearWalk(walk, a.length, b.length);
    checkParts(parts, a, b);
  });

  it('cuts a 5 %-edited 100,000-character transcript without spaces at anchors: every edit its own small part, in linear work', () => {
    let x = 99;
    const rnd = () => {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      return (x >>> 0) / 4294967296;
    };
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    const original = Array.from({ length: 100000 }, () => letters[Math.floor(rnd() * 26)]).join('');
    let edits = 0;
    const reworked = Array.from(original, (ch) => {
      if (rnd() >= 0.05) return ch;
      edits++;
      const op = rnd();
      const other = letters[Math.floor(rnd() * 26)] as string;
      return op < 1 / 3 ? other : op < 2 / 3 ? other + ch : '';
    }).join('');
    const { result: parts, ...walk } = anchoredGapsOf(() => inlineDiff(original, reworked));
    expectLinearWalk(walk, original.length, reworked.length);
    checkParts(parts, original, reworked);
    // A substitution is one deleted and one inserted character: at most 2 changed characters per edit.
    const changed = parts.filter((p) => p.type !== 'equal').reduce((n, p) => n + p.text.length, 0);
    expect(changed).toBeLessThanOrEqual(2 * edits);
    expect(parts.filter((p) => p.type === 'equal').length).toBeGreaterThan(edits / 2);
  });

  it('round-trips and keeps surrogate pairs whole on long anchored texts', () => {
    const longText = fc.array(fc.constantFrom(...PIECES), { minLength: 2500, maxLength: 3500 }).map((a) => a.join(''));
    const longPair = fc
      .tuple(longText, fc.array(fc.tuple(fc.nat(), fc.constantFrom(...PIECES), fc.integer({ min: 0, max: 2 })), { minLength: 1, maxLength: 200 }))
      .map(([base, edits]) => {
        const chars = Array.from(base);
        for (const [at, piece, op] of edits) {
          const i = at % chars.length;
          if (op === 0) chars.splice(i, 1, piece);
          else if (op === 1) chars.splice(i, 0, piece);
          else chars.splice(i, 1);
        }
        return [base, chars.join('')] as const;
      });
    fc.assert(
      fc.property(longPair, ([original, reworked]) => {
        checkParts(inlineDiff(original, reworked), original, reworked);
      }),
      { numRuns: 60, seed: 20 },
    );
  });
});
