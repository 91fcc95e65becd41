/**
 * The analysis part of a summary, from pairs that carry `data.analysis`: confusion totals summed
 * exactly, top lists merged from the pairs' own with ties broken by the words, speakers summed by label.
 */
import { summariseAnalysis, type AnalysedPair } from '../../src/batch/summary';
import type { PairAnalysis } from '../../src/batch/pair-record';
import { STATUSES, type Status } from '../../src/engine/types';

function entries(modified: number): Record<Status, number> {
  const e = Object.fromEntries(STATUSES.map((s) => [s, 0])) as Record<Status, number>;
  e.MODIFIED = modified;
  return e;
}

const counts = (s: number, ref: number) => ({ substitutions: s, deletions: 0, insertions: 0, hits: ref - s, referenceLength: ref });

function analysed(id: string, analysis: PairAnalysis): AnalysedPair {
  return { id, tags: {}, analysis };
}

it('adds confusions and speakers over the pairs', () => {
  const one = analysed('p1', {
    confusions: {
      substitutions: { total: 5, top: [{ reference: 'their', hypothesis: 'there', count: 3 }, { reference: 'a', hypothesis: 'the', count: 2 }] },
      insertions: { total: 2, top: [{ word: 'um', count: 2 }] },
      deletions: { total: 1, top: [{ word: 'and', count: 1 }] },
      approximateEntries: 0,
    },
    speakers: [{ speaker: 'Ann', entries: entries(2), char: counts(4, 40), word: counts(2, 10) }],
    speakerMapping: { mappedSpeakerChanged: 1, modifiedRows: 2 },
  });
  const two = analysed('p2', {
    confusions: {
      substitutions: { total: 4, top: [{ reference: 'a', hypothesis: 'the', count: 3 }, { reference: 'their', hypothesis: 'there', count: 1 }] },
      insertions: { total: 1, top: [{ word: 'uh', count: 1 }] },
      deletions: { total: 2, top: [{ word: 'and', count: 2 }] },
      approximateEntries: 1,
    },
    speakers: [
      { speaker: null, entries: entries(1), char: counts(1, 5), word: counts(1, 2) },
      { speaker: 'Ann', entries: entries(1), char: counts(2, 20), word: counts(1, 5) },
    ],
    speakerMapping: null,
  });
  const s = summariseAnalysis([one, two])!;
  expect(s.pairs).toBe(2);
  expect(s.substitutions).toEqual({ total: 9, top: [{ reference: 'a', hypothesis: 'the', count: 5 }, { reference: 'their', hypothesis: 'there', count: 4 }] });
  expect(s.insertions).toEqual({ total: 3, top: [{ word: 'um', count: 2 }, { word: 'uh', count: 1 }] });
  expect(s.deletions).toEqual({ total: 3, top: [{ word: 'and', count: 3 }] });
  expect(s.approximateEntries).toBe(1);
  expect(s.mappedSpeakerChange).toEqual({ changed: 1, modified: 2, pairs: 1, rate: 0.5 });
  expect(s.speakers).toEqual([
    { speaker: 'Ann', pairs: 2, entries: entries(3), char: counts(6, 60), word: counts(3, 15) },
    { speaker: null, pairs: 1, entries: entries(1), char: counts(1, 5), word: counts(1, 2) },
  ]);
  expect(summariseAnalysis([])).toBeNull();
});
