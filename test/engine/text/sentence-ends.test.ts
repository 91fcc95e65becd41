import fc from 'fast-check';
import {
  countKnownSentences,
  countSentences,
  ICU_CHUNK,
  icuSentenceEnds,
  isOneSentence,
  scanKnownClasses,
  scannedWords,
  sentenceEnds,
} from '../../../src/engine/text/sentence-ends';
import { KNOWN, OTHER, anyText, knownText } from '../support/sentence-texts';
import { segmentedOf } from '../support/work-counters';

const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

/** The oracle: Intl.Segmenter's sentence ends, unchunked. */
function icuEnds(text: string): number[] {
  return Array.from(segmenter.segment(text), (s) => s.index + s.segment.length);
}

describe('sentence segmentation equals Intl.Segmenter', () => {
  it('the known-class scanner gives the same boundaries on text of known classes', () => {
    fc.assert(
      fc.property(knownText, (text) => {
        expect(scanKnownClasses(text)).toEqual(text === '' ? [0] : icuEnds(text));
      }),
      { numRuns: 5000, seed: 42 },
    );
  });

  it('the one-sentence fast path never claims one sentence where Intl.Segmenter finds more', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        if (text !== '' && isOneSentence(text)) expect(icuEnds(text)).toEqual([text.length]);
      }),
      { numRuns: 5000, seed: 43 },
    );
  });

  it('the fast path fires on ordinary one-sentence rows', () => {
    expect(isOneSentence('so we will see you next quarter')).toBe(true);
    expect(isOneSentence('Thank you very much.')).toBe(true);
    expect(isOneSentence('Really?!" ')).toBe(true);
    expect(isOneSentence('Thank you. Next question.')).toBe(false);
  });

  it('sentenceEnds gives the same boundaries on any text', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(sentenceEnds(text)).toEqual(icuEnds(text));
        expect(countSentences(text)).toBe(icuEnds(text).length);
      }),
      { numRuns: 5000, seed: 44 },
    );
  });

  it('hand-checked cases of the UAX #29 rules', () => {
    expect(sentenceEnds('Mr. Smith went.')).toEqual([4, 15]);
    expect(sentenceEnds('e.g. this one')).toEqual([13]); // SB8
    expect(sentenceEnds('U.S. Army')).toEqual([5, 9]); // SB7, then a break before "Army"
    expect(sentenceEnds('3.5 apples. Next')).toEqual([12, 16]); // SB6
    expect(sentenceEnds('Hi. ) There')).toEqual([4, 11]);
    expect(sentenceEnds('a; b. c')).toEqual([7]);
  });
});

describe('chunked Intl.Segmenter (linear on long text)', () => {
  it('chunking never changes the boundaries, whatever the window size', () => {
    const long = fc
      .array(fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...KNOWN) }, { weight: 2, arbitrary: fc.constantFrom(...OTHER) }), {
        minLength: 50,
        maxLength: 1500,
      })
      .map((a) => a.join(''));
    fc.assert(
      fc.property(long, fc.integer({ min: 4, max: 300 }), (text, chunk) => {
        expect(icuSentenceEnds(text, chunk)).toEqual(icuEnds(text));
      }),
      { numRuns: 400, seed: 45 },
    );
  });

  it('chunking never changes the boundaries of real-looking prose with digits, abbreviations and quotes', () => {
    const pieces = ['Mr. Smith', ' said', ' "yes."', ' It was 3.5 percent', ' e.g. this', ' U.S.', ' ok', '. ', '! ', '? ', ') ', ' 1234567', ' مرحبا؟ ', '中文。', ' (see p. 4)', '\u2019 '];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { minLength: 20, maxLength: 600 }), fc.integer({ min: 8, max: 400 }), (parts, chunk) => {
        const text = parts.join('');
        expect(icuSentenceEnds(text, chunk)).toEqual(icuEnds(text));
      }),
      { numRuns: 200, seed: 46 },
    );
  });

  it('segments 200,000 characters of short Arabic sentences in windows: linear work, where one string would be quadratic', () => {
    const text = 'مرحبا بكم؟ '.repeat(18200);
    const { result: ends, units, longest } = segmentedOf(() => sentenceEnds(text));
    // Each character goes to the segmenter about once, in strings of a window's size.
    expect(units).toBeLessThanOrEqual(2 * text.length);
    expect(longest).toBeLessThanOrEqual(2 * ICU_CHUNK);
    expect(ends).toHaveLength(18200);
    expect(ends[ends.length - 1]).toBe(text.length);
  });
});

describe('one pass for sentences and words', () => {
  const known = new Set(KNOWN);
  const words = (text: string) => text.split(' ').filter((w) => w !== '').length;

  it('countKnownSentences counts sentences and words of known-class text, and refuses any other', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const count = countKnownSentences(text);
        if (Array.from(text).every((c) => known.has(c))) {
          expect(count).toBe(countSentences(text));
          expect(scannedWords()).toBe(words(text));
        } else {
          expect(count).toBe(-1);
        }
      }),
      { numRuns: 5000, seed: 44 },
    );
  });
});
