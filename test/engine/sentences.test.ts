import fc from 'fast-check';
import {
  addKnownSentenceChanges,
  addSentenceChanges,
  countKnownSentences,
  countSentences,
  icuSentenceEnds,
  isOneSentence,
  scanKnownClasses,
  sentenceChanges,
  sentenceEnds,
  scannedWords,
  sentences,
} from '../../src/engine/sentences';

const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

/** The oracle: Intl.Segmenter's sentence ends, unchunked. */
function icuEnds(text: string): number[] {
  return Array.from(segmenter.segment(text), (s) => s.index + s.segment.length);
}

// Characters of every class the scanner knows, weighted towards the ones the rules look at.
const KNOWN = [
  'a', 'b', 'x', 'A', 'B', 'U', 'S', '1', '7', ' ', ' ', ' ', '.', '.', '.', '!', '?', '"', "'", '(', ')', '[', ']',
  '{', '}', '«', '»', '\u2018', '\u2019', '\u201c', '\u201d', ',', '-', ':', ';', '\u2013', '\u2014', '\u2026',
  '#', '%', '/', '@', 'é', 'É', 'ß', 'ÿ', '×', '÷', '£', '¢', '¥', '§', '©', '®', '°', '±', '·', '¶', '¡', '¿', '²', '¹',
  '¼', '´', '¨', '¬', '¯', '¸', 'ŋ', 'Ŋ', 'ɓ', 'Ɓ', 'ɗ', 'ƴ', 'ǅ', 'ǃ', 'ʔ', 'ſ', 'ı', 'ȸ',
];
// Plus characters it does not know: other terminators, separators, marks, format characters,
// CJK, Arabic, emoji, other spaces.
const OTHER = [
  '。', '؟', '।', '‼', '⁇', '\u2024', '\uff0e', '\n', '\r', '\u2029', '\u0301', '\u200d', '\u00ad', '中', 'ب',
  '😀', '\u00a0', '\u3000', '\u0660', 'Ω', 'ω', 'ʰ', '\u02c6', 'ª', 'µ', 'º', '\u300c', '\u300d',
];

const knownText = fc.array(fc.constantFrom(...KNOWN), { maxLength: 40 }).map((a) => a.join(''));
const anyText = fc
  .array(fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...KNOWN) }, { weight: 1, arbitrary: fc.constantFrom(...OTHER) }), {
    maxLength: 40,
  })
  .map((a) => a.join(''));

describe('sentence segmentation equals Intl.Segmenter', () => {
  it('the known-class scanner gives the same boundaries on text of known classes', () => {
    fc.assert(
      fc.property(knownText, (text) => {
        expect(scanKnownClasses(text)).toEqual(text === '' ? [0] : icuEnds(text));
      }),
      { numRuns: 20000, seed: 42 },
    );
  });

  it('the one-sentence fast path never claims one sentence where Intl.Segmenter finds more', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        if (text !== '' && isOneSentence(text)) expect(icuEnds(text)).toEqual([text.length]);
      }),
      { numRuns: 20000, seed: 43 },
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
      { numRuns: 10000, seed: 44 },
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

  it('segments 200,000 characters of short Arabic sentences in well under a second', () => {
    const text = 'مرحبا بكم؟ '.repeat(18200);
    const started = Date.now();
    const ends = sentenceEnds(text);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(ends).toHaveLength(18200);
    expect(ends[ends.length - 1]).toBe(text.length);
  });
});

describe('sentenceChanges (D7.8)', () => {
  it('counts max(ref, hyp) minus the sentences matched in order', () => {
    expect(sentenceChanges('One. Two. Three.', 'One. Two. Three.')).toEqual([3, 0]);
    expect(sentenceChanges('One. Two. Three.', 'One. Too. Three.')).toEqual([3, 1]);
    expect(sentenceChanges('One. Two. Three.', 'One. Three.')).toEqual([3, 1]);
    expect(sentenceChanges('One. Three.', 'One. Two. Three.')).toEqual([2, 1]);
    expect(sentenceChanges('Three. One.', 'One. Three.')).toEqual([2, 1]);
    expect(sentenceChanges('hello there', 'hello their')).toEqual([1, 1]);
    expect(sentenceChanges('', 'Extra. Words.')).toEqual([0, 2]);
    expect(sentenceChanges('Missing. Words.', '')).toEqual([2, 2]);
  });

  it('ignores the trailing space a sentence carries inside a row', () => {
    expect(sentences('One. Two.')).toEqual(['One.', 'Two.']);
    // "Two." ends the reference but not the hypothesis: still the same sentence.
    expect(sentenceChanges('Two.', 'Two. Three.')).toEqual([1, 1]);
  });

  it('gives the LCS of the sentence strings on long rows too (bit-parallel past a few thousand sentence pairs)', () => {
    const vocabulary = ['Ok.', 'Yes.', 'No!', 'Sure?', 'Right.', 'Fine.', 'Good.', 'So.', 'Hm.', 'Nope.', 'Well ok.', 'Is it?'];
    const rows = fc.array(fc.tuple(fc.constantFrom(...vocabulary), fc.integer({ min: 0, max: 9 }), fc.constantFrom(...vocabulary)), {
      minLength: 70,
      maxLength: 400,
    });
    fc.assert(
      fc.property(rows, (picks) => {
        const reference = picks.map(([s]) => s).join(' ');
        // Edit about a fifth of the sentences: replace, drop, or insert one (keeps both sides long).
        const hyp: string[] = [];
        for (const [s, op, other] of picks) {
          if (op === 0) hyp.push(other);
          else if (op === 1) continue;
          else if (op === 2) hyp.push(other, s);
          else hyp.push(s);
        }
        const hypothesis = hyp.join(' ') + (picks.length % 2 === 0 ? ' ' : '');
        const a = sentences(reference);
        const b = sentences(hypothesis);
        const row = new Array<number>(b.length + 1).fill(0);
        for (let i = 1; i <= a.length; i++) {
          let diag = 0;
          for (let j = 1; j <= b.length; j++) {
            const up = row[j] as number;
            row[j] = a[i - 1] === b[j - 1] ? diag + 1 : Math.max(up, row[j - 1] as number);
            diag = up;
          }
        }
        expect(sentenceChanges(reference, hypothesis)).toEqual([a.length, Math.max(a.length, b.length) - (row[b.length] as number)]);
      }),
      { numRuns: 150, seed: 47 },
    );
  });

  it('scores a 100,000-character row of short sentences in bounded time', () => {
    const vocabulary = ['Ok.', 'Yes.', 'No.', 'Sure.', 'Right.', 'Fine.', 'Good.', 'So.'];
    const ref: string[] = [];
    const hyp: string[] = [];
    for (let i = 0; ref.length * 5 < 100_000; i++) {
      const s = vocabulary[(i * 7 + (i >> 3)) % vocabulary.length] as string;
      ref.push(s);
      hyp.push(i % 20 === 3 ? 'Nope.' : s);
    }
    const started = Date.now();
    const [reference, changed] = sentenceChanges(ref.join(' '), hyp.join(' '));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(reference).toBe(ref.length);
    expect(changed).toBe(ref.filter((_, i) => i % 20 === 3).length);
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
      { numRuns: 20000, seed: 44 },
    );
  });

  it('addKnownSentenceChanges adds what addSentenceChanges adds, with the reference words', () => {
    const edited = fc.tuple(anyText, fc.array(fc.tuple(fc.nat(40), fc.constantFrom(...KNOWN, ...OTHER), fc.boolean()), { maxLength: 4 }));
    fc.assert(
      fc.property(edited, ([reference, edits]) => {
        let hypothesis = reference;
        for (const [at, c, insert] of edits) {
          const i = Math.min(at, hypothesis.length);
          hypothesis = hypothesis.slice(0, i) + c + hypothesis.slice(insert ? i : i + 1);
        }
        if (hypothesis === reference) return;
        const fast = { reference: 3, changed: 5 };
        const plain = { reference: 3, changed: 5 };
        addSentenceChanges(plain, reference, hypothesis);
        const allKnown = Array.from(reference + hypothesis).every((c) => known.has(c));
        expect(addKnownSentenceChanges(fast, reference, hypothesis)).toBe(allKnown && reference !== '' && hypothesis !== '');
        if (allKnown && reference !== '' && hypothesis !== '') {
          expect(fast).toEqual(plain);
          expect(scannedWords()).toBe(words(reference));
        } else {
          expect(fast).toEqual({ reference: 3, changed: 5 });
        }
      }),
      { numRuns: 20000, seed: 45 },
    );
  });
});
