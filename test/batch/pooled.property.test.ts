/**
 * For random corpora of pair records: the summary's pooled rates are the rates of the summed
 * counts (D7.1's rule on the sums), its macro rates the means of the per-pair rates, and each
 * group's totals the sums over its pairs.
 */
import fc from 'fast-check';
import { clampedRate } from '../../src/engine/scoring/scores';
import { STATUSES, type Counts, type EditCounts, type Scores, type Status } from '../../src/engine/types';
import type { ScoredRecord } from '../../src/batch/pair-record';
import { pairFigures, RATES } from '../../src/batch/pooled';
import { buildSummary } from '../../src/batch/summary';

const small = fc.nat({ max: 40 });
const edit: fc.Arbitrary<EditCounts> = fc.record({ substitutions: small, deletions: small, insertions: small, hits: small, referenceLength: fc.nat({ max: 120 }) });
const rows: fc.Arbitrary<Record<Status, number>> = fc.record(Object.fromEntries(STATUSES.map((s) => [s, fc.nat({ max: 12 })])) as Record<Status, fc.Arbitrary<number>>);

const errorsOf = (e: EditCounts) => e.substitutions + e.deletions + e.insertions;

/** A record whose scores are the engine's rates of its own counts, SACR only when it has speakers. */
const record = (id: string) =>
  fc
    .record({
      char: edit,
      word: edit,
      transcriptChar: edit,
      transcriptWord: edit,
      rows,
      segmentEvents: small,
      reworkedRows: fc.nat({ max: 30 }),
      sentences: fc.record({ reference: small, changed: small }),
      speakerChanged: small,
      speakers: fc.boolean(),
      tag: fc.constantFrom('a', 'b', 'c'),
    })
    .map((r): ScoredRecord => {
      const counts: Counts = { char: r.char, word: r.word, transcriptChar: r.transcriptChar, transcriptWord: r.transcriptWord, rows: r.rows, segmentEvents: r.segmentEvents, sentences: r.sentences, speakerChanged: Math.min(r.speakerChanged, r.rows.MODIFIED) };
      const compared = r.rows.UNCHANGED + r.rows.MODIFIED;
      const scores: Scores = {
        overallCER: clampedRate(errorsOf(r.char), r.char.referenceLength),
        overallWER: clampedRate(errorsOf(r.word), r.word.referenceLength),
        SegER: clampedRate(r.segmentEvents, r.reworkedRows),
        transcriptCER: clampedRate(errorsOf(r.transcriptChar), r.transcriptChar.referenceLength),
        transcriptWER: clampedRate(errorsOf(r.transcriptWord), r.transcriptWord.referenceLength),
        SER: compared === 0 ? 0 : r.rows.MODIFIED / compared,
        transcriptSER: clampedRate(r.sentences.changed, r.sentences.reference),
        SACR: r.speakers ? (r.rows.MODIFIED === 0 ? 0 : counts.speakerChanged / r.rows.MODIFIED) : null,
      };
      return {
        id,
        tags: { team: r.tag },
        original: { path: `${id}.a.json`, format: 'json' },
        reworked: { path: `${id}.b.json`, format: 'json' },
        scores,
        counts,
        composite: { grade: 3, label: 'Acceptable', percent: '25.00%', enabledMetrics: [] },
        meta: { originalRows: r.reworkedRows, reworkedRows: r.reworkedRows, headers: ['transcript'], approximateEntries: 0 },
        analysis: null,
        warnings: [],
      };
    });

const corpus = fc.integer({ min: 1, max: 25 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => record(`p${String(i).padStart(2, '0')}`))));

/** Per rate: the pair's numerator and denominator, straight from its counts. */
function fraction(r: ScoredRecord, name: (typeof RATES)[number]): [number, number] {
  const c = r.counts;
  switch (name) {
    case 'overallCER':
      return [errorsOf(c.char), c.char.referenceLength];
    case 'overallWER':
      return [errorsOf(c.word), c.word.referenceLength];
    case 'SegER':
      return [c.segmentEvents, r.meta.reworkedRows];
    case 'transcriptCER':
      return [errorsOf(c.transcriptChar), c.transcriptChar.referenceLength];
    case 'transcriptWER':
      return [errorsOf(c.transcriptWord), c.transcriptWord.referenceLength];
    case 'SER':
      return [c.rows.MODIFIED, c.rows.UNCHANGED + c.rows.MODIFIED];
    case 'transcriptSER':
      return [c.sentences.changed, c.sentences.reference];
    case 'SACR':
      return [c.speakerChanged, c.rows.MODIFIED];
  }
}

function expectFigures(summaryGroup: ReturnType<typeof buildSummary>['corpus'], members: ScoredRecord[]): void {
  for (const name of RATES) {
    const having = members.filter((r) => r.scores[name] !== null);
    const errors = having.reduce((s, r) => s + fraction(r, name)[0], 0);
    const reference = having.reduce((s, r) => s + fraction(r, name)[1], 0);
    expect(summaryGroup.totals.rates[name]).toEqual({ errors, reference, pairs: having.length });
    expect(summaryGroup.pooled[name]).toBe(having.length === 0 ? null : clampedRate(errors, reference));
    const macro = having.length === 0 ? null : having.reduce((s, r) => s + r.scores[name]!, 0) / having.length;
    if (macro === null) expect(summaryGroup.macro[name]).toBeNull();
    else expect(summaryGroup.macro[name]).toBeCloseTo(macro, 12);
  }
  for (const s of STATUSES) expect(summaryGroup.totals.counts.rows[s]).toBe(members.reduce((sum, r) => sum + r.counts.rows[s], 0));
}

it('pools the rates of summed counts and averages per-pair rates, for the corpus and each group', () => {
  fc.assert(
    fc.property(corpus, (records) => {
      const summary = buildSummary(records.map(pairFigures), [], [], ['team'], { manifest: 'm.csv', config: {}, seed: '1', bootstrap: 0, worst: 3 });
      expectFigures(summary.corpus, records);
      for (const [value, group] of Object.entries(summary.groups['team']!)) expectFigures(group, records.filter((r) => r.tags['team'] === value));
      expect(summary.worst.map((w) => w.id)).toEqual(
        [...records].sort((a, b) => b.scores.overallWER! - a.scores.overallWER! || (a.id < b.id ? -1 : 1)).slice(0, 3).map((r) => r.id),
      );
    }),
    { numRuns: 150 },
  );
});
