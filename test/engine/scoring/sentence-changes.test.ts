import fc from 'fast-check';
import { addKnownSentenceChanges, addSentenceChanges, sentenceChanges } from '../../../src/engine/scoring/sentence-changes';
import { scannedWords, sentences } from '../../../src/engine/text/sentence-ends';
import { KNOWN, OTHER, anyText } from '../support/sentence-texts';
import * as spanIds from '../../../src/engine/text/span-ids';
import { piecesPairArb } from '../support/text-pairs';

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
        expect(sentenceChanges(reference, hypothesis)).toEqual(plainSentenceChanges(reference, hypothesis));
      }),
      { numRuns: 150, seed: 47 },
    );
  });

  it('scores a 100,000-character row of short sentences without comparing its sentences pair by pair', () => {
    const vocabulary = ['Ok.', 'Yes.', 'No.', 'Sure.', 'Right.', 'Fine.', 'Good.', 'So.'];
    const ref: string[] = [];
    const hyp: string[] = [];
    for (let i = 0; ref.length * 5 < 100_000; i++) {
      const s = vocabulary[(i * 7 + (i >> 3)) % vocabulary.length] as string;
      ref.push(s);
      hyp.push(i % 20 === 3 ? 'Nope.' : s);
    }
    const comparisons = jest.spyOn(spanIds, 'sameSpan');
    const [reference, changed] = sentenceChanges(ref.join(' '), hyp.join(' '));
    // Pair by pair would be 20,000² comparisons; past 4,096 pairs the LCS is bit-parallel over sentence ids.
    expect(comparisons.mock.calls.length).toBeLessThanOrEqual(4096);
    comparisons.mockRestore();
    expect(reference).toBe(ref.length);
    expect(changed).toBe(ref.filter((_, i) => i % 20 === 3).length);
  });
});

describe('sentenceChanges compares sentence spans in place', () => {
  it('equals the LCS of the sentence strings', () => {
    fc.assert(
      fc.property(piecesPairArb, ({ reference, hypothesis }) => {
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

describe('one pass for sentences and words', () => {
  const known = new Set(KNOWN);
  const words = (text: string) => text.split(' ').filter((w) => w !== '').length;

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
      { numRuns: 5000, seed: 45 },
    );
  });
});
