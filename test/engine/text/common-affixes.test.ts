import fc from 'fast-check';
import {
  commonCodePointPrefix,
  commonCodePointSuffix,
  commonPrefix,
  commonSuffix,
  commonTokenPrefix,
  commonTokenSuffix,
} from '../../../src/engine/text/common-affixes';

const text = fc.array(fc.constantFrom('a', 'b', ' ', '\u{1F600}', '\u{1F603}', '\u{1F200}', '\ud83d'), { maxLength: 12 }).map((a) => a.join(''));

describe('common affixes', () => {
  it('the prefix and suffix are common, maximal, and never overlap', () => {
    fc.assert(
      fc.property(text, text, (x, y) => {
        const p = commonPrefix(x, y);
        const q = commonSuffix(x, y, p);
        expect(x.slice(0, p)).toBe(y.slice(0, p));
        expect(x.slice(x.length - q)).toBe(y.slice(y.length - q));
        expect(p + q).toBeLessThanOrEqual(Math.min(x.length, y.length));
        expect(p === Math.min(x.length, y.length) || x[p] !== y[p]).toBe(true);
        expect(p + q === Math.min(x.length, y.length) || x[x.length - 1 - q] !== y[y.length - 1 - q]).toBe(true);
        expect(commonSuffix(x, y, p, Math.min(q, 1))).toBe(q);
      }),
      { numRuns: 1000, seed: 4 },
    );
  });

  it('the code-point versions never cut a surrogate pair', () => {
    expect(commonPrefix('x😀', 'x😃')).toBe(2);
    expect(commonCodePointPrefix('x😀', 'x😃')).toBe(1);
    // U+1F600 and U+1F200 share their low surrogate.
    expect(commonSuffix('\u{1F600}y', '\u{1F200}y', 0)).toBe(2);
    expect(commonCodePointSuffix('\u{1F600}y', '\u{1F200}y', 0)).toBe(1);
    fc.assert(
      fc.property(text, text, (x, y) => {
        const p = commonCodePointPrefix(x, y);
        const q = commonCodePointSuffix(x, y, p);
        const inPair = (t: string, i: number) => i > 0 && i < t.length && /[\uD800-\uDBFF]/.test(t[i - 1]) && /[\uDC00-\uDFFF]/.test(t[i]);
        expect(inPair(x, p) || inPair(y, p)).toBe(false);
        expect(inPair(x, x.length - q) || inPair(y, y.length - q)).toBe(false);
      }),
      { numRuns: 1000, seed: 5 },
    );
  });

  it('the token versions read ranges, up to a bound', () => {
    const a = [9, 1, 2, 3, 4, 9];
    const b = [1, 2, 7, 3, 4];
    expect(commonTokenPrefix(a, 1, b, 0, 5)).toBe(2);
    expect(commonTokenPrefix(a, 1, b, 0, 1)).toBe(1);
    expect(commonTokenSuffix(a, 5, b, 5, 5)).toBe(2);
    expect(commonTokenSuffix(a, 5, b, 5, 1)).toBe(1);
  });
});
