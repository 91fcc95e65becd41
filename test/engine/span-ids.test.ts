import { sameSpan, spanHash, spanId, spanIdCount, startHypothesisSpans, startSpanIds } from '../../src/engine/span-ids';

describe('span ids', () => {
  it('number the spans of both texts by content, in order of first appearance', () => {
    const ref = 'ab cd ab';
    const hyp = 'cd ef ab';
    startSpanIds(ref, hyp, 6);
    const id = (text: string, start: number) => spanId(text, start, start + 2, spanHash(text, start, start + 2));
    const refIds = [id(ref, 0), id(ref, 3), id(ref, 6)];
    startHypothesisSpans();
    const hypIds = [id(hyp, 0), id(hyp, 3), id(hyp, 6)];
    expect(refIds).toEqual([0, 1, 0]);
    expect(hypIds).toEqual([1, 2, 0]);
    expect(spanIdCount()).toBe(3);
  });

  it('stay exact when the caller underestimates how many spans there are', () => {
    const words = Array.from({ length: 5000 }, (_, i) => `w${i % 3000}`);
    const text = words.join(' ');
    startSpanIds(text, '', 1);
    let start = 0;
    const ids = words.map((w) => {
      const got = spanId(text, start, start + w.length, spanHash(text, start, start + w.length));
      start += w.length + 1;
      return got;
    });
    expect(spanIdCount()).toBe(3000);
    words.forEach((w, i) => expect(ids[i]).toBe(i % 3000));
  });

  it('sameSpan compares units, not hashes', () => {
    expect(sameSpan('xabc', 1, 3, 'ab', 0, 2)).toBe(true);
    expect(sameSpan('xabc', 1, 3, 'ac', 0, 2)).toBe(false);
    expect(sameSpan('abc', 0, 3, 'ab', 0, 2)).toBe(false);
  });
});
