import fc from 'fast-check';
import { Tally, countUnits } from '../../../src/engine/scoring/unit-counts';
import { Counts, DEFAULT_CONFIG, STATUSES, Status } from '../../../src/engine/types';
import { ScoringUnit } from '../../../src/engine/scoring/unit-counts';
import { Prepared, PreparedSide } from '../../../src/engine/prepare/prepared-sides';
import { createWorkBudget } from '../../../src/engine/distance/work-budget';
import { piecesPairArb } from '../support/text-pairs';

type Row = { transcript: string; speaker: string };

function side(rows: Row[]): PreparedSide {
  return {
    rows,
    text: [rows.map((r) => r.transcript), rows.map((r) => r.speaker)],
    sparse: null,
    transcript: rows.map((r) => r.transcript),
    start: new Float64Array(rows.length).fill(NaN),
    end: new Float64Array(rows.length).fill(NaN),
    speaker: rows.map((r) => r.speaker),
  };
}

function prepared(original: Row[], reworked: Row[]): Prepared {
  return {
    columns: ['transcript', 'speaker'],
    transcriptCol: 0,
    transcriptName: 'transcript',
    timeCols: [],
    denseCols: [0, 1],
    original: side(original),
    reworked: side(reworked),
    headers: ['transcript', 'speaker'],
  };
}

function add(into: Counts, c: Counts): void {
  for (const key of ['char', 'word', 'transcriptChar', 'transcriptWord'] as const) {
    for (const field of ['substitutions', 'deletions', 'insertions', 'hits', 'referenceLength'] as const) into[key][field] += c[key][field];
  }
  for (const s of STATUSES) into.rows[s] += c.rows[s];
  into.segmentEvents += c.segmentEvents;
  into.sentences.reference += c.sentences.reference;
  into.sentences.changed += c.sentences.changed;
  into.speakerChanged += c.speakerChanged;
}

const count = (prep: Prepared, units: ScoringUnit[], budget?: number): Tally => countUnits(prep, units, { ...DEFAULT_CONFIG }, createWorkBudget(budget));

describe('countUnits', () => {
  // Speakers repeat and alternate so that equal values follow equal and different ones.
  const speakerArb = fc.constantFrom('spk1', 'spk1', 'spk2', 'Agent', 'Agent Smith', '');
  const docArb = fc.array(fc.tuple(piecesPairArb, speakerArb, speakerArb, fc.constantFrom<Status>('UNCHANGED', 'MODIFIED', 'ADDED', 'DELETED')), {
    minLength: 1,
    maxLength: 12,
  });

  function documentOf(doc: Array<[{ reference: string; hypothesis: string }, string, string, Status]>): [Prepared, ScoringUnit[]] {
    const original: Row[] = [];
    const reworked: Row[] = [];
    const units: ScoringUnit[] = [];
    for (const [{ reference, hypothesis }, spkRef, spkHyp, status] of doc) {
      const o = status === 'ADDED' ? [] : [original.push({ transcript: hypothesis, speaker: spkHyp }) - 1];
      const r = status === 'DELETED' ? [] : [reworked.push({ transcript: reference, speaker: spkRef }) - 1];
      units.push({ status, originalIndices: o, reworkedIndices: r });
    }
    return [prepared(original, reworked), units];
  }

  it('keeps no state between units: a document counts as the sum of its units counted one by one', () => {
    fc.assert(
      fc.property(docArb, (doc) => {
        const [prep, units] = documentOf(doc);
        const whole = count(prep, units);
        const sum = count(prep, []).counts;
        for (const u of units) add(sum, count(prep, [u]).counts);
        expect(whole.counts).toEqual(sum);
      }),
      { numRuns: 400, seed: 31 },
    );
  });

  it('spends one budget in document order: once it runs out, the later units are the approximate ones', () => {
    // Twenty modified rows of 300 characters, each costing some thousand units exactly.
    const text = (i: number, edited: boolean) =>
      Array.from({ length: 60 }, (_, k) => `w${(i * 31 + k * 7) % 50}${edited && k % 9 === i % 9 ? 'x' : ''}`).join(' ');
    const rows = Array.from({ length: 20 }, (_, i) => i);
    const prep = prepared(
      rows.map((i) => ({ transcript: text(i, true), speaker: 'A' })),
      rows.map((i) => ({ transcript: text(i, false), speaker: 'A' })),
    );
    const units: ScoringUnit[] = rows.map((i) => ({ status: 'MODIFIED', originalIndices: [i], reworkedIndices: [i] }));
    expect(count(prep, units).approximateEntries).toBe(0);
    const perUnit = units.map((u) => {
      const budget = createWorkBudget();
      countUnits(prep, [u], { ...DEFAULT_CONFIG }, budget);
      return budget.total - budget.remaining;
    });
    // A budget that affords the first seven units exactly.
    const seven = perUnit.slice(0, 7).reduce((a, b) => a + b, 0);
    const tally = count(prep, units, seven);
    expect(tally.approximateEntries).toBe(13);
    for (let k = 0; k < 7; k++) expect(count(prep, units.slice(0, k + 1), seven).approximateEntries).toBe(0);
  });
});
