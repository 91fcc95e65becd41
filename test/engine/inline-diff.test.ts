import fc from 'fast-check';
import { createWorkBudget } from '../../src/engine/edit-distance';
import { inlineDiff } from '../../src/engine/inline-diff';
import { DiffPart } from '../../src/engine/types';

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

function checkParts(parts: DiffPart[], original: string, reworked: string): void {
  expect(side(parts, 'delete')).toBe(original);
  expect(side(parts, 'insert')).toBe(reworked);
  for (let i = 0; i < parts.length; i++) {
    expect(parts[i].text).not.toBe('');
    expect(LONE_SURROGATE.test(parts[i].text)).toBe(false);
    if (i > 0) expect(parts[i].type).not.toBe(parts[i - 1].type);
  }
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

  it('stays fast on two unrelated 100,000-character transcripts', () => {
    let x = 7;
    const rnd = () => {
      x = (Math.imul(x, 1103515245) + 12345) & 0x7fffffff;
      return x >> 16;
    };
    const a = Array.from({ length: 100000 }, () => 'abcd '[rnd() % 5]).join('');
    const b = Array.from({ length: 100000 }, () => 'abcd '[rnd() % 5]).join('');
    const started = Date.now();
    const parts = inlineDiff(a, b);
    expect(Date.now() - started).toBeLessThan(2000);
    checkParts(parts, a, b);
  });

  it('cuts a 5 %-edited 100,000-character transcript without spaces at anchors: every edit its own small part, fast', () => {
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
    const started = Date.now();
    const parts = inlineDiff(original, reworked);
    expect(Date.now() - started).toBeLessThan(2000);
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
