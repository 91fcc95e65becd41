import { Spans, createSpans, numberSpans, sameSpan, spanHash, spanIdCount, spansWithRoom, startHypothesisSpans, startSpanIds } from '../../../src/engine/text/span-ids';
import { scanWords } from '../../../src/engine/text/words';

/** Spans of `text` at the given starts, each `length` units long. */
function spansAt(text: string, starts: number[], length: number): Spans {
  const spans = spansWithRoom(createSpans(), starts.length);
  starts.forEach((start, k) => {
    spans.starts[k] = start;
    spans.ends[k] = start + length;
    spans.hashes[k] = spanHash(text, start, start + length);
  });
  spans.count = starts.length;
  return spans;
}

const ids = (text: string, spans: Spans): number[] => {
  const out = new Int32Array(spans.count);
  numberSpans(text, spans, out);
  return Array.from(out);
};

describe('span ids', () => {
  it('number the spans of both texts by content, in order of first appearance', () => {
    const ref = 'ab cd ab';
    const hyp = 'cd ef ab';
    startSpanIds(ref, hyp, 6);
    const refIds = ids(ref, spansAt(ref, [0, 3, 6], 2));
    startHypothesisSpans();
    const hypIds = ids(hyp, spansAt(hyp, [0, 3, 6], 2));
    expect(refIds).toEqual([0, 1, 0]);
    expect(hypIds).toEqual([1, 2, 0]);
    expect(spanIdCount()).toBe(3);
  });

  it('stay exact when the caller underestimates how many spans there are', () => {
    const words = Array.from({ length: 5000 }, (_, i) => `w${i % 3000}`);
    const text = words.join(' ');
    startSpanIds(text, '', 1);
    const spans = scanWords(text, 0, text.length, createSpans());
    const got = ids(text, spans);
    expect(spanIdCount()).toBe(3000);
    words.forEach((_, i) => expect(got[i]).toBe(i % 3000));
  });

  it('sameSpan compares units, not hashes', () => {
    expect(sameSpan('xabc', 1, 3, 'ab', 0, 2)).toBe(true);
    expect(sameSpan('xabc', 1, 3, 'ac', 0, 2)).toBe(false);
    expect(sameSpan('abc', 0, 3, 'ab', 0, 2)).toBe(false);
  });
});
