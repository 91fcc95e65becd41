import fc from 'fast-check';
import { runDiff } from '../../../src/engine';
import { entryEditKinds, punctuationOnly, sameWordUnderStyle } from '../../../src/engine/analysis/edit-kinds';
import { foldCase } from '../../../src/engine/prepare/case-folding';
import { removePunctuation } from '../../../src/engine/prepare/punctuation';
import { normalizeText } from '../../../src/engine/prepare/normalize';
import { createWorkBudget } from '../../../src/engine/distance/work-budget';
import { DEFAULT_COLUMN_LAYOUT } from '../../../src/engine/prepare/prepared-sides';
import { NORMALIZATION_NAMES, type DiffConfig, type DiffData, type EditKind, type Row } from '../../../src/engine/types';

describe('entryEditKinds', () => {
  it.each<[string, string, EditKind[]]>([
    ['So hello', 'so hello', ['case']],
    ['So, hello.', 'So hello', ['punctuation']],
    ['SO, HELLO.', 'so hello', ['case', 'punctuation']],
    ['weekend plans', 'week end plans', ['whitespace']],
    ['Weekend, plans', 'week end plans', ['case', 'punctuation', 'whitespace']],
    ['end. Start', 'end.Start', ['whitespace']],
    ['a. b', 'a .b', ['whitespace']],
    ["don't", 'don’t', ['punctuation']],
    ['I think - I think', 'I think I think', ['punctuation']],
    ['ΟΔΟΣ', 'οδος', ['case']],
    ['Straße', 'STRASSE', ['case']],
    ['the dog sat', 'the cat sat', ['content']],
    ["it's fine", 'its fine', ['content']],
    ['well-known', 'well known', ['content']],
    ['$5', '5', ['content']],
    ['Café', 'cafe', ['content']],
  ])('%j → %j: %j', (reference, hypothesis, kinds) => {
    expect(entryEditKinds(reference, hypothesis).kinds).toEqual(kinds);
  });

  it('gives no kind to an unchanged transcript', () => {
    expect(entryEditKinds('same text', 'same text')).toEqual({ kinds: [], sameWords: true });
  });

  it('says when the words are the same under the style key', () => {
    expect(entryEditKinds('A a', 'a A').sameWords).toBe(true);
    expect(entryEditKinds('So, yes - right.', 'so yes right').sameWords).toBe(true);
    expect(entryEditKinds('weekend', 'week end').sameWords).toBe(false);
    expect(entryEditKinds('dog', 'cat').sameWords).toBe(false);
  });

  it('is content exactly when some letter, digit or symbol still differs once case, punctuation and spaces are gone', () => {
    const unit = fc.constantFrom('a', 'A', 'b', 'ß', 'ss', ' ', '.', ',', "'", '-', '$');
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 8 }), fc.string({ unit, maxLength: 8 }), (x, y) => {
        const [reference, hypothesis] = [x, y].map((t) => t.replace(/ +/g, ' ').trim());
        const bare = (t: string) => removePunctuation(foldCase(t)).replace(/ /g, '');
        const content = bare(reference!) !== bare(hypothesis!);
        expect(entryEditKinds(reference!, hypothesis!).kinds.includes('content')).toBe(content);
      }),
    );
  });
});

describe('words under case+punctuation', () => {
  it('are one when they differ in case and punctuation only, apostrophes and hyphens inside them excepted', () => {
    expect(sameWordUnderStyle('So,', 'so')).toBe(true);
    expect(sameWordUnderStyle('DON’T', "don't")).toBe(true);
    expect(sameWordUnderStyle('Well-Known!', 'well-known')).toBe(true);
    expect(sameWordUnderStyle("it's", 'its')).toBe(false);
    expect(sameWordUnderStyle('dog', 'cat')).toBe(false);
  });
  it('are punctuation alone when nothing is left of them', () => {
    expect(['…', '-', "'", '?!', '--'].map(punctuationOnly)).toEqual([true, true, true, true, true]);
    expect(['a', '$', '5', "'a"].map(punctuationOnly)).toEqual([false, false, false, false]);
  });
});

const analysed = (original: Row[], reworked: Row[], config: Partial<DiffConfig> = {}, budget?: number): DiffData =>
  runDiff({ original, reworked, config: { ...config, enableAnalysis: true } }, DEFAULT_COLUMN_LAYOUT, createWorkBudget(budget));

describe('entries and analysis.editKinds', () => {
  it('gives each MODIFIED, SPLIT and MERGED entry its kinds, after transcriptCounts, and counts them', () => {
    const data = analysed(
      [
        { speaker: 'A', start_time: 0, end_time: 2, transcript: 'So, HELLO there' },
        { speaker: 'A', start_time: 2, end_time: 6, transcript: 'week end plans for all of us' },
        { speaker: 'B', start_time: 6, end_time: 8, transcript: 'the cat sat' },
        { speaker: 'B', start_time: 8, end_time: 9, transcript: 'same words' },
        { speaker: 'C', start_time: 9, end_time: 12, transcript: 'a row the annotator dropped entirely' },
      ],
      [
        { speaker: 'A', start_time: 0, end_time: 2, transcript: 'so hello there.' },
        { speaker: 'A', start_time: 2, end_time: 4, transcript: 'weekend plans' },
        { speaker: 'A', start_time: 4, end_time: 6, transcript: 'for all of us' },
        { speaker: 'B', start_time: 6, end_time: 8, transcript: 'the dog sat' },
        { speaker: 'C', start_time: 8, end_time: 9, transcript: 'same words' },
      ],
    );
    const entries = data.results.filter((e) => !e.trace);
    expect(entries.map((e) => [e.status, e.editKinds])).toEqual([
      ['MODIFIED', ['case', 'punctuation']],
      ['SPLIT', ['whitespace']],
      ['MODIFIED', ['content']],
      ['MODIFIED', []],
      ['DELETED', undefined],
    ]);
    expect(Object.keys(entries[0]!).slice(-2)).toEqual(['transcriptCounts', 'editKinds']);
    expect(data.analysis!.editKinds.entries).toEqual({ case: 1, punctuation: 1, whitespace: 1, content: 1, styleOnly: 2 });
    // "so hello there." ← "So, HELLO there": 3 style substitutions; "weekend" ← "week end": a
    // substitution and an insertion of words no key makes equal: content; cat → dog; the deleted row.
    expect(data.analysis!.editKinds.transcriptWord).toEqual({
      style: { substitutions: 3, deletions: 0, insertions: 0 },
      content: { substitutions: 2, deletions: 0, insertions: 1 + 6 },
    });
  });

  it('calls style the insertion or deletion of a word of punctuation alone', () => {
    const data = analysed([{ transcript: 'I think - I think , yes' }], [{ transcript: 'I think I think yes ...' }]);
    expect(data.analysis!.editKinds.transcriptWord).toEqual({
      style: { substitutions: 0, deletions: 1, insertions: 2 },
      content: { substitutions: 0, deletions: 0, insertions: 0 },
    });
  });

  it('calls every error style in an entry whose words are the same under the key, however the alignment explains them', () => {
    // The fewest-substitutions alignment moves "A": a deletion and an insertion, not two substitutions.
    const data = analysed([{ transcript: 'A a' }], [{ transcript: 'a A' }]);
    expect(data.counts.transcriptWord).toMatchObject({ substitutions: 0, deletions: 1, insertions: 1 });
    expect(data.analysis!.editKinds.transcriptWord.content).toEqual({ substitutions: 0, deletions: 0, insertions: 0 });
    expect(data.analysis!.editKinds.transcriptWord.style).toEqual({ substitutions: 0, deletions: 1, insertions: 1 });
  });

  it('follows the profile: under case+punctuation a case and punctuation edit leaves nothing to classify', () => {
    const data = analysed([{ transcript: 'So, HELLO there' }], [{ transcript: 'so hello there.' }], { normalization: 'case+punctuation' });
    expect(data.results[0]!.status).toBe('UNCHANGED');
    expect(data.analysis!.editKinds.entries).toEqual({ case: 0, punctuation: 0, whitespace: 0, content: 0, styleOnly: 0 });
  });

  it('splits nothing when the word counts are not computed, and still gives the entries their kinds', () => {
    const data = analysed([{ transcript: 'Hello' }], [{ transcript: 'hello' }], { enableWER: false, enableTranscriptWER: false });
    expect(data.results[0]!.editKinds).toEqual(['case']);
    expect(data.analysis!.editKinds.transcriptWord.style).toEqual({ substitutions: 0, deletions: 0, insertions: 0 });
  });
});

// Properties over whole documents.
const WORDS = ['yeah', 'Okay', 'so', 'the', 'Revenue', 'grew', 'café', 'ten', 'a', 'b', 'A', 'B', 'Straße', 'ΟΔΟΣ', "don't", 'well-known', 'İ'];
const PUNCTUATION = ['', '', '', ',', '.', '?', '…', ' -', ' ,'];
const wordArb = fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(...PUNCTUATION)).map(([w, p]) => w + p);
const textArb = fc.array(wordArb, { minLength: 1, maxLength: 8 }).map((w) => w.join(' '));

/** Every letter's case changed or not, at random. */
const recasedArb = (text: string) =>
  fc.array(fc.boolean(), { minLength: text.length, maxLength: text.length }).map((flips) =>
    [...text].map((ch, i) => (flips[i] ? (ch === ch.toLowerCase() ? ch.toUpperCase() : ch.toLowerCase()) : ch)).join(''),
  );

const caseOnlyPairArb = fc.array(textArb, { minLength: 1, maxLength: 8 }).chain((texts) =>
  fc.tuple(fc.constant(texts), fc.tuple(...texts.map(recasedArb))),
);

const totals = (data: DiffData) => {
  const { style, content } = data.analysis!.editKinds.transcriptWord;
  return {
    substitutions: style.substitutions + content.substitutions,
    deletions: style.deletions + content.deletions,
    insertions: style.insertions + content.insertions,
  };
};

describe('properties', () => {
  it('a pair that differs only in case gives only case entries and no content error; under case, no word error', () => {
    fc.assert(
      fc.property(caseOnlyPairArb, ([texts, recased]) => {
        const original = texts.map((transcript) => ({ transcript }));
        const reworked = recased.map((transcript) => ({ transcript }));
        const data = analysed(original, reworked);
        for (const entry of data.results) {
          if (entry.trace) continue;
          expect(['UNCHANGED', 'MODIFIED']).toContain(entry.status);
          if (entry.status === 'MODIFIED') expect(entry.editKinds).toEqual(['case']);
        }
        expect(data.analysis!.editKinds.transcriptWord.content).toEqual({ substitutions: 0, deletions: 0, insertions: 0 });
        const folded = analysed(original, reworked, { normalization: 'case' });
        const { substitutions, deletions, insertions } = folded.counts.transcriptWord;
        expect(substitutions + deletions + insertions).toBe(0);
      }),
      { numRuns: 200 },
    );
  });

  const documentArb = fc.array(fc.tuple(textArb, fc.constantFrom('keep', 'recase', 'edit', 'drop', 'add', 'split', 'merge'), textArb), { maxLength: 8 }).map((rows) => {
    const original: Row[] = [];
    const reworked: Row[] = [];
    for (const [text, op, other] of rows) {
      original.push({ transcript: text });
      const words = text.split(' ');
      if (op === 'keep') reworked.push({ transcript: text });
      else if (op === 'recase') reworked.push({ transcript: text.toUpperCase().replace(/[,.]/g, '') });
      else if (op === 'edit') reworked.push({ transcript: `${words.slice(1).join(' ')} ${other}`.trim() });
      else if (op === 'add') reworked.push({ transcript: text }, { transcript: other });
      else if (op === 'split' && words.length > 1) reworked.push({ transcript: words.slice(0, 2).join(' ') }, { transcript: words.slice(2).join(' ') || other });
      else if (op === 'merge') {
        original.push({ transcript: other });
        reworked.push({ transcript: `${text} ${other}` });
      }
    }
    return { original, reworked };
  });

  it('the style and content word errors add up to the word S, D and I, under every profile', () => {
    fc.assert(
      fc.property(documentArb, fc.constantFrom(...NORMALIZATION_NAMES), ({ original, reworked }, normalization) => {
        const data = analysed(original, reworked, { normalization });
        expect(totals(data)).toEqual({
          substitutions: data.counts.transcriptWord.substitutions,
          deletions: data.counts.transcriptWord.deletions,
          insertions: data.counts.transcriptWord.insertions,
        });
      }),
      { numRuns: 300 },
    );
  });

  it('an entry with word errors gets, from the words the confusions align, the kinds of its whole texts', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(textArb, textArb), { minLength: 1, maxLength: 6 }), (pairs) => {
        const original = pairs.map(([, hypothesis]) => ({ transcript: hypothesis }));
        const reworked = pairs.map(([reference]) => ({ transcript: reference }));
        const data = analysed(original, reworked, { positionalMode: true });
        data.results.forEach((entry, k) => {
          if (entry.status !== 'MODIFIED') return;
          const [reference, hypothesis] = pairs[k]!.map((t) => normalizeText(t, true));
          expect(entry.editKinds).toEqual(entryEditKinds(reference!, hypothesis!).kinds);
        });
      }),
      { numRuns: 300 },
    );
  });

  it('they add up also when the work budget makes the counts approximate', () => {
    const long = (seed: number) => Array.from({ length: 600 }, (_, k) => WORDS[(k * seed) % WORDS.length]).join(' ');
    const data = analysed([{ transcript: long(7) }, { transcript: long(3) }], [{ transcript: long(5) }, { transcript: long(11).toUpperCase() }], {}, 1000);
    expect(data.meta.approximateEntries).toBeGreaterThan(0);
    expect(totals(data)).toEqual({
      substitutions: data.counts.transcriptWord.substitutions,
      deletions: data.counts.transcriptWord.deletions,
      insertions: data.counts.transcriptWord.insertions,
    });
  });
});
