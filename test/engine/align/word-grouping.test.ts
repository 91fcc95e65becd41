/**
 * Rows grouped by where their words went, and counts that are one alignment of the whole text
 * (align/word-grouping.ts, docs/metrics.md "One alignment of the whole text").
 */
import fc from 'fast-check';
import { runDiff, type DiffData, type Row } from '../../../src/engine';
import { engineWords, wordDistance } from '../../../scripts/lib/global-alignment';

const VOCABULARY = (
  'the a and of to in we our revenue quarter growth margin customers product market year results ' +
  'strong demand pricing costs guidance expect increase decrease cash flow capital team question ' +
  'thank you operator next call line open analyst share million billion percent over last first ' +
  'second third fourth well so yes no right okay think see really great good new model data'
).split(' ');

const sentence = (min: number, max: number) =>
  fc.array(fc.constantFrom(...VOCABULARY), { minLength: min, maxLength: max }).map((w) => w.join(' ') + '.');

/** The word distance of the two whole texts (the global alignment's errors). */
const globalErrors = (original: readonly Row[], reworked: readonly Row[]) => wordDistance(engineWords(reworked), engineWords(original));

const wordErrors = (data: DiffData) => {
  const c = data.counts.transcriptWord;
  return c.substitutions + c.deletions + c.insertions;
};

const entries = (data: DiffData) => data.results.filter((e) => e.trace !== true);

/** One word in `rate` replaced by a word of the vocabulary, deterministically from `seed`. */
function edit(text: string, seed: number, rate = 7): string {
  return text
    .split(' ')
    .map((w, i) => ((seed + i * 31) % rate === 0 ? VOCABULARY[(seed + i) % VOCABULARY.length] : w))
    .join(' ');
}

/** Rows with consecutive times, `seconds` each. */
function timed(texts: string[], seconds = 3): Row[] {
  return texts.map((transcript, i) => ({ transcript, start_time: i * seconds, end_time: (i + 1) * seconds }));
}

describe('rows grouped by where their words went', () => {
  it('makes one original row whose words land in k reworked rows a SPLIT into k, for k up to 50', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 50 }), fc.nat(), fc.boolean(), (k, seed, withTimes) => {
        const pieces = Array.from({ length: k }, (_, i) => `${VOCABULARY[(seed + i) % VOCABULARY.length]} ${edit(VOCABULARY.slice((seed * 7 + i * 3) % 40, ((seed * 7 + i * 3) % 40) + 4 + (i % 5)).join(' '), seed + i, 11)}.`);
        const reworked = withTimes ? timed(pieces) : pieces.map((transcript) => ({ transcript }));
        const text = edit(pieces.join(' '), seed);
        const original = withTimes ? [{ transcript: text, start_time: 0, end_time: 3 * k }] : [{ transcript: text }];
        const data = runDiff({ original, reworked });
        expect(entries(data).map((e) => [e.status, e.reworkedIndices.length])).toEqual([['SPLIT', k]]);
        expect(wordErrors(data)).toBe(globalErrors(original, reworked));
      }),
      { numRuns: 60 },
    );
  });

  it('makes k original rows whose words land in one reworked row a MERGED of k, for k up to 50', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 50 }), fc.nat(), fc.boolean(), (k, seed, withTimes) => {
        const pieces = Array.from({ length: k }, (_, i) => `${VOCABULARY[(seed + 2 * i) % VOCABULARY.length]} ${VOCABULARY.slice((seed * 5 + i * 7) % 40, ((seed * 5 + i * 7) % 40) + 3 + (i % 4)).join(' ')}`);
        const drafts = pieces.map((p, i) => edit(p, seed + i, 9));
        const original = withTimes ? timed(drafts) : drafts.map((transcript) => ({ transcript }));
        const text = pieces.join(' ');
        const reworked = withTimes ? [{ transcript: text, start_time: 0, end_time: 3 * k }] : [{ transcript: text }];
        const data = runDiff({ original, reworked });
        expect(entries(data).map((e) => [e.status, e.originalIndices.length])).toEqual([['MERGED', k]]);
        expect(wordErrors(data)).toBe(globalErrors(original, reworked));
      }),
      { numRuns: 60 },
    );
  });

  it('counts the errors of one alignment of the whole text: a word aligned across an entry boundary is counted once', () => {
    fc.assert(
      fc.property(fc.array(sentence(3, 12), { minLength: 1, maxLength: 25 }), fc.nat(), (texts, seed) => {
        const reworked = texts.map((transcript) => ({ transcript }));
        // The draft: edited words, and rows cut elsewhere (joined pairs, and words moved across).
        const draft = texts.map((t, i) => edit(t, seed + i, 5)).join(' ').split(' ');
        const original: Row[] = [];
        for (let at = 0; at < draft.length; ) {
          const size = 2 + ((seed + at) % 17);
          original.push({ transcript: draft.slice(at, at + size).join(' ') });
          at += size;
        }
        const data = runDiff({ original, reworked });
        expect(wordErrors(data)).toBe(globalErrors(original, reworked));
        const covered = entries(data).flatMap((e) => e.originalIndices).sort((a, b) => a - b);
        expect(covered).toEqual(original.map((_, i) => i));
      }),
      { numRuns: 150 },
    );
  });

  it('gives the same word errors however the original is cut anew: one row, a row a sentence, a row a word, random cuts', () => {
    fc.assert(
      fc.property(fc.array(sentence(2, 10), { minLength: 2, maxLength: 30 }), fc.nat(), fc.boolean(), (texts, seed, withTimes) => {
        const reworked = withTimes ? timed(texts) : texts.map((transcript) => ({ transcript }));
        const draftRows = texts.map((t, i) => edit(t, seed + i, 6));
        const original = withTimes ? timed(draftRows) : draftRows.map((transcript) => ({ transcript }));
        const base = wordErrors(runDiff({ original, reworked }));
        const reference = engineWords(reworked).length;
        const all = draftRows.join(' ').split(' ');
        const span = 3 * texts.length;
        const cutAt = (bounds: number[]): Row[] => {
          const rows: Row[] = [];
          let from = 0;
          for (const to of [...bounds, all.length]) {
            if (to <= from) continue;
            const row: Row = { transcript: all.slice(from, to).join(' ') };
            if (withTimes) {
              row.start_time = (span * from) / all.length;
              row.end_time = (span * to) / all.length;
            }
            rows.push(row);
            from = to;
          }
          return rows;
        };
        const cuts = [
          [],
          all.flatMap((w, i) => (w.endsWith('.') ? [i + 1] : [])),
          all.map((_, i) => i + 1),
          all.flatMap((_, i) => ((seed + i * 13) % 7 === 0 ? [i + 1] : [])),
        ];
        for (const bounds of cuts) {
          const errors = wordErrors(runDiff({ original: cutAt(bounds), reworked }));
          expect(Math.abs(errors - base)).toBeLessThanOrEqual(0.01 * reference);
        }
      }),
      // The example: a cut whose times fall on a reworked row's, with a word that crosses it.
      { numRuns: 60, examples: [[['the the the.', 'the the the the the the.', 'the the the the the the.'], 16, true]] },
    );
  });

  it('cutting the reworked side anew changes SegER and not the word errors', () => {
    const texts = ['we expect revenue to grow.', 'margin was strong this quarter.', 'thank you operator.', 'next question please.'];
    const original = [{ transcript: 'we expect revenue to grow margin was strong this quarter.' }, { transcript: 'thank you operator next question please.' }];
    const asSentences = runDiff({ original, reworked: texts.map((transcript) => ({ transcript })) });
    const asOne = runDiff({ original, reworked: [{ transcript: texts.join(' ') }] });
    expect(wordErrors(asSentences)).toBe(wordErrors(asOne));
    expect(asSentences.scores.SegER).not.toBe(asOne.scores.SegER);
    expect(entries(asSentences).map((e) => e.status)).toEqual(['SPLIT', 'SPLIT']);
  });

  it('leaves a row that repeats its neighbour\'s last words (an ASR echo) DELETED, with or without times', () => {
    const reworked = [{ transcript: 'so by bringing it into our system we replace diesel with compressed natural gas.', start_time: 0, end_time: 6 }];
    const original = [
      { transcript: 'so by bringing it into or system we replace diesel with compressed natural gas.', start_time: 0, end_time: 6 },
      { transcript: 'compressed natural gas.', start_time: 6.4, end_time: 7.2 },
    ];
    for (const rows of [original, original.map(({ transcript }) => ({ transcript }))]) {
      const data = runDiff({ original: rows, reworked: rows === original ? reworked : reworked.map(({ transcript }) => ({ transcript })) });
      expect(entries(data).map((e) => e.status)).toEqual(['MODIFIED', 'DELETED']);
    }
  });
});
