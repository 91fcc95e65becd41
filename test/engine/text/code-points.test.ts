import fc from 'fast-check';
import { codePointCount, codePointLength, hasSurrogates, toCodePoints } from '../../../src/engine/text/code-points';

describe('code points', () => {
  it('codePointLength counts code points, lone surrogates as one', () => {
    expect(codePointLength('abc')).toBe(3);
    expect(codePointLength('a😀')).toBe(2);
    expect(codePointLength('\ud800x')).toBe(2);
    expect(codePointLength('x\udc00\ud800')).toBe(3);
    expect(codePointLength('')).toBe(0);
  });

  it('toCodePoints decodes pairs and keeps lone surrogates', () => {
    const r = toCodePoints('a😀\udc00');
    expect(Array.from(r.points.subarray(0, r.length))).toEqual([0x61, 0x1f600, 0xdc00]);
  });

  it('toCodePoints grows a buffer too small, and reads a range', () => {
    const r = toCodePoints('xy👍🏽z', 2, 6, new Int32Array(1));
    expect(Array.from(r.points.subarray(0, r.length))).toEqual([0x1f44d, 0x1f3fd]);
  });

  it('agree with the string iterator on any UTF-16 text', () => {
    const unit = fc.oneof(fc.integer({ min: 0, max: 0xffff }), fc.integer({ min: 0xd800, max: 0xdfff }));
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 30 }), (codes) => {
        const text = String.fromCharCode(...codes);
        const points = Array.from(text, (c) => c.codePointAt(0));
        expect(codePointLength(text)).toBe(points.length);
        expect(codePointCount(text, 0, text.length)).toBe(points.length);
        expect(hasSurrogates(text)).toBe(codes.some((c) => c >= 0xd800 && c <= 0xdfff));
        const r = toCodePoints(text);
        expect(Array.from(r.points.subarray(0, r.length))).toEqual(points);
      }),
      { numRuns: 1000, seed: 3 },
    );
  });
});
