import type { GoldGroup } from '../../scripts/lib/gold';
import { groupStatus, rowsEqual, timeGold } from '../../scripts/lib/gold';
import { createPrng } from '../../scripts/lib/prng';
import { parseAss, parseNlp, parseStm, parseTextGrid } from '../../scripts/lib/sources';
import { synthesizePostEdit } from '../../scripts/lib/synthetic';
import { addScores, groupRates, rowLabelRates, scoreAlignment, statusRates, type PredictedEntry } from '../../scripts/eval/score';

// original 0..5, reworked 0..6:
//   o0→r0 UNCHANGED, o1→r1 MODIFIED, o2→r2,r3 SPLIT, o3,o4→r4 MERGED, o5 DELETED, r5 ADDED, o6→r6 UNCHANGED
const gold: GoldGroup[] = [
  { status: 'UNCHANGED', originalIndices: [0], reworkedIndices: [0] },
  { status: 'MODIFIED', originalIndices: [1], reworkedIndices: [1] },
  { status: 'SPLIT', originalIndices: [2], reworkedIndices: [2, 3] },
  { status: 'MERGED', originalIndices: [3, 4], reworkedIndices: [4] },
  { status: 'DELETED', originalIndices: [5], reworkedIndices: [] },
  { status: 'ADDED', originalIndices: [], reworkedIndices: [5] },
  { status: 'UNCHANGED', originalIndices: [6], reworkedIndices: [6] },
];
const sizes = { original: 7, reworked: 7 };
const traces = (g: GoldGroup): PredictedEntry[] =>
  g.status === 'MERGED' ? g.originalIndices.map((i) => ({ status: 'MERGED', trace: true, originalIndices: [i], reworkedIndices: g.reworkedIndices })) : [];
const perfect: PredictedEntry[] = gold.flatMap((g) => [{ status: g.status, originalIndices: g.originalIndices, reworkedIndices: g.reworkedIndices }, ...traces(g)]);

describe('scoreAlignment', () => {
  it('gives 1 everywhere for a perfect prediction (trace entries skipped)', () => {
    const s = scoreAlignment(gold, perfect, sizes);
    expect(s.items).toBe(14);
    expect(s.correct).toBe(14);
    expect(s.conservationErrors).toBe(0);
    expect(rowLabelRates(s)).toEqual({ precision: 1, recall: 1, f1: 1 });
    expect(groupRates(s.split).f1).toBe(1);
    expect(groupRates(s.merge).f1).toBe(1);
    expect(s.perStatus.UNCHANGED).toEqual({ gold: 4, predicted: 4, correct: 4 });
    expect(s.perStatus.SPLIT).toEqual({ gold: 3, predicted: 3, correct: 3 });
    expect(s.perStatus.ADDED).toEqual({ gold: 1, predicted: 1, correct: 1 });
    expect(s.misses).toEqual([]);
  });

  it('counts a split predicted as MODIFIED + ADDED as three wrong rows and a missed split', () => {
    const pred = perfect.filter((e) => e.status !== 'SPLIT');
    pred.push({ status: 'MODIFIED', originalIndices: [2], reworkedIndices: [2] }, { status: 'ADDED', originalIndices: [], reworkedIndices: [3] });
    const s = scoreAlignment(gold, pred, sizes);
    expect(s.correct).toBe(11);
    expect(rowLabelRates(s).f1).toBeCloseTo(11 / 14);
    expect(s.perStatus.SPLIT).toEqual({ gold: 3, predicted: 0, correct: 0 });
    expect(statusRates(s.perStatus.MODIFIED)).toMatchObject({ precision: 2 / 4, recall: 1 });
    expect(statusRates(s.perStatus.ADDED)).toMatchObject({ precision: 1 / 2, recall: 1 });
    expect(groupRates(s.split)).toEqual({ precision: 0, recall: 0, f1: 0 });
    expect(s.misses).toHaveLength(1);
    expect(s.misses[0]?.gold.status).toBe('SPLIT');
    expect(s.misses[0]?.predicted).toHaveLength(2);
  });

  it('needs the same partners, not only the same status', () => {
    // Both 1-1 pairs crossed: every status right, every partner wrong.
    const pred = perfect.map((e) => (e.status === 'UNCHANGED' ? { ...e, reworkedIndices: [e.originalIndices[0] === 0 ? 6 : 0] } : e));
    const s = scoreAlignment(gold, pred, sizes);
    expect(s.perStatus.UNCHANGED).toEqual({ gold: 4, predicted: 4, correct: 0 });
    expect(s.correct).toBe(10);
  });

  it('scores a split with a wrong piece set as wrong for the split, right for pieces with the right partner', () => {
    // o2 → r2,r3 predicted as o2 → r2,r3 plus o1's partner r1 stolen: o1 DELETED, o2 SPLIT into r1..r3.
    const pred = perfect.filter((e) => e.status !== 'SPLIT' && e.status !== 'MODIFIED');
    pred.push({ status: 'DELETED', originalIndices: [1], reworkedIndices: [] }, { status: 'SPLIT', originalIndices: [2], reworkedIndices: [1, 2, 3] });
    const s = scoreAlignment(gold, pred, sizes);
    // r2 and r3 keep partner o2 with status SPLIT: correct; o1, r1, o2 wrong.
    expect(s.perStatus.SPLIT).toEqual({ gold: 3, predicted: 4, correct: 2 });
    expect(s.correct).toBe(11);
    expect(groupRates(s.split)).toEqual({ precision: 0, recall: 0, f1: 0 });
  });

  it('counts rows left out or held twice as conservation errors', () => {
    const pred = perfect.filter((e) => e.status !== 'DELETED');
    pred.push({ status: 'UNCHANGED', originalIndices: [0], reworkedIndices: [0] });
    const s = scoreAlignment(gold, pred, sizes);
    expect(s.conservationErrors).toBe(3);
    expect(s.predictedItems).toBe(15);
    expect(rowLabelRates(s).recall).toBeCloseTo(11 / 14);
  });

  it('leaves ambiguous gold groups out and reports what was predicted for them', () => {
    const amb = gold.map((g) => (g.status === 'MERGED' ? { ...g, ambiguous: 'test' } : g));
    const pred = perfect.filter((e) => e.status !== 'MERGED');
    pred.push({ status: 'MODIFIED', originalIndices: [3], reworkedIndices: [4] }, { status: 'DELETED', originalIndices: [4], reworkedIndices: [] });
    const s = scoreAlignment(amb, pred, sizes);
    expect(s.items).toBe(11);
    expect(s.correct).toBe(11);
    expect(s.ambiguousItems).toBe(3);
    expect(s.ambiguousPredicted).toEqual({ MODIFIED: 2, DELETED: 1 });
    expect(groupRates(s.merge).f1).toBeNull();
  });

  it('sums scores as micro-averages', () => {
    const a = scoreAlignment(gold, perfect, sizes);
    const pred = perfect.filter((e) => e.status !== 'MERGED');
    pred.push({ status: 'MODIFIED', originalIndices: [3], reworkedIndices: [4] }, { status: 'DELETED', originalIndices: [4], reworkedIndices: [] });
    const b = scoreAlignment(gold, pred, sizes);
    const total = addScores([a, b]);
    expect(total.items).toBe(28);
    expect(total.correct).toBe(25);
    expect(total.merge).toEqual({ gold: 2, predicted: 1, matched: 1 });
    expect(groupRates(total.merge).f1).toBeCloseTo(2 / 3);
  });

  it('rejects gold that does not cover every row', () => {
    expect(() => scoreAlignment(gold.slice(1), perfect, sizes)).toThrow(/cover/);
  });
});

describe('gold rules', () => {
  const row = (transcript: string, start: number, end: number, speaker = 'A') => ({ transcript, speaker, start_time: start, end_time: end });

  it('compares rows as the service does: diacritics by config, case kept, times within 1 ms', () => {
    expect(rowsEqual({ transcript: 'café' }, { transcript: 'cafe' }, { stripDiacritics: true })).toBe(true);
    expect(rowsEqual({ transcript: 'café' }, { transcript: 'cafe' }, { stripDiacritics: false })).toBe(false);
    expect(rowsEqual({ transcript: 'Yes' }, { transcript: 'yes' }, { stripDiacritics: true })).toBe(false);
    expect(rowsEqual(row('a', 1, 2), row('a', 1.0005, 2), { stripDiacritics: true })).toBe(true);
    expect(rowsEqual(row('a', 1, 2), row('a', 1.01, 2), { stripDiacritics: true })).toBe(false);
    expect(rowsEqual({ transcript: 'a', speaker: '' }, { transcript: 'a' }, { stripDiacritics: true })).toBe(true);
  });

  it('derives 1-1, split, merge, added and deleted groups from time overlap', () => {
    const original = [row('hello there', 0, 2), row('how are you doing today my friend', 2, 6), row('fine', 6, 7), row('thanks', 7, 8), row('noise', 9, 9.5)];
    const reworked = [row('Hello there.', 0, 2), row('How are you doing', 2, 4), row('today, my friend?', 4, 6), row('fine thanks', 6, 8), row('new words here', 10, 11)];
    const g = timeGold(original, reworked, { stripDiacritics: true });
    expect(g.map((x) => [x.status, x.originalIndices, x.reworkedIndices, x.ambiguous])).toEqual([
      ['MODIFIED', [0], [0], undefined],
      ['SPLIT', [1], [1, 2], undefined],
      ['MERGED', [2, 3], [3], undefined],
      ['DELETED', [4], [], undefined],
      ['ADDED', [], [4], undefined],
    ]);
  });

  it('ignores a boundary sliver and flags k-to-m overlaps and text that contradicts the times', () => {
    const sliver = timeGold([row('a b', 0, 2.05), row('c d', 2.05, 4)], [row('a b', 0, 2), row('c d', 2, 4)], { stripDiacritics: true });
    expect(sliver.map((x) => x.status)).toEqual(['MODIFIED', 'MODIFIED']);
    const kToM = timeGold([row('a b c', 0, 3), row('d e f', 3, 6)], [row('a b', 0, 2), row('c d', 2, 4), row('e f', 4, 6)], { stripDiacritics: true });
    expect(kToM).toHaveLength(1);
    expect(kToM[0]?.ambiguous).toMatch(/2-to-3/);
    // The draft's times are a row late: the text says o0 is r0, the times say o0 is r1.
    const late = timeGold([row('good morning everyone', 2, 4), row('welcome to the call', 4, 6)], [row('good morning everyone', 0, 2), row('welcome to the call', 2, 4), row('thanks', 4, 6)], { stripDiacritics: true });
    expect(late.every((x) => x.ambiguous !== undefined)).toBe(true);
  });

  it('classifies group shapes', () => {
    const rows = [row('a', 0, 1), row('b', 1, 2)];
    expect(groupStatus(rows, rows, { originalIndices: [0], reworkedIndices: [0] }, { stripDiacritics: true })).toBe('UNCHANGED');
    expect(groupStatus(rows, rows, { originalIndices: [0, 1], reworkedIndices: [0] }, { stripDiacritics: true })).toBe('MERGED');
    expect(() => groupStatus(rows, rows, { originalIndices: [0, 1], reworkedIndices: [0, 1] }, { stripDiacritics: true })).toThrow();
  });
});

describe('loaders', () => {
  it('parses STM, dropping rows without speech and the optional label', () => {
    const stm = ';; comment\nf 1 spk_1 0.000 1.500 <o,f1,male> hello :fra world\nf 1 excluded_region 1.5 2 <o,,unknown> ignore_time_segment_in_scoring\nf 1 inter_segment_gap 2 3 <o,f0,>\n';
    expect(parseStm(stm)).toEqual([{ transcript: 'hello :fra world', speaker: 'spk_1', start_time: 0, end_time: 1.5 }]);
  });

  it('parses ASS dialogue: commas in text, override tags, speakers carried over empty names', () => {
    const ass = 'Dialogue: 0,0:00:01.50,0:01:02.00,Default,Ann:,0,0,0,,{\\i1}Hi, you\\Nthere.\nDialogue: 0,0:01:02.00,0:01:03.00,Default,,0,0,0,,Next.';
    expect(parseAss(ass)).toEqual([
      { transcript: 'Hi, you there.', speaker: 'Ann', start_time: 1.5, end_time: 62 },
      { transcript: 'Next.', speaker: 'Ann', start_time: 62, end_time: 63 },
    ]);
  });

  it('groups nlp tokens into rows at speaker changes and sentence ends', () => {
    const nlp = 'token|speaker|ts|endTs|punctuation|prepunctuation|case|tags\nHello|0|1.0|1.5|,||UC|[]\nthere|0|1.5|2.0|.||LC|[]\nYes|1|2.5|2.9|.||UC|[]\n';
    expect(parseNlp(nlp, { minWords: 1, softMaxWords: 10, hardMaxWords: 20 })).toEqual([
      { transcript: 'Hello, there.', speaker: 'speaker 0', start_time: 1, end_time: 2 },
      { transcript: 'Yes.', speaker: 'speaker 1', start_time: 2.5, end_time: 2.9 },
    ]);
  });

  it('parses TextGrid intervals with escaped quotes and skips empty ones', () => {
    const tg = 'intervals [1]:\n xmin = 0\n xmax = 1.5\n text = ""\nintervals [2]:\n xmin = 1.5\n xmax = 3\n text = "He said ""hi"""\n';
    expect(parseTextGrid(tg, 'doctor')).toEqual([{ transcript: 'He said "hi"', speaker: 'doctor', start_time: 1.5, end_time: 3 }]);
  });
});

describe('synthesizePostEdit', () => {
  const prng = createPrng(5);
  const rows = Array.from({ length: 400 }, (_, i) => ({
    transcript: `Sentence number ${i} says ${prng.pick(['hello', 'goodbye', 'maybe'])} to the ${prng.pick(['world', 'team', 'call'])}, and then it ends.`,
    speaker: `S${i % 3}`,
  }));

  it('is deterministic for a seed and different across seeds', () => {
    expect(synthesizePostEdit(rows, { seed: 1 })).toEqual(synthesizePostEdit(rows, { seed: 1 }));
    expect(synthesizePostEdit(rows, { seed: 1 }).original).not.toEqual(synthesizePostEdit(rows, { seed: 2 }).original);
  });

  it('keeps the human rows as the reworked side and covers every row once in gold', () => {
    const pair = synthesizePostEdit(rows, { seed: 3, identicalRunRate: 0 });
    expect(pair.reworked.map((r) => r.transcript)).toEqual(rows.map((r) => r.transcript));
    const o = pair.gold.flatMap((g) => g.originalIndices).sort((a, b) => a - b);
    const r = pair.gold.flatMap((g) => g.reworkedIndices).sort((a, b) => a - b);
    expect(o).toEqual(pair.original.map((_, i) => i));
    expect(r).toEqual(pair.reworked.map((_, i) => i));
  });

  it('applies operations at the requested rates, with the hard cases', () => {
    const pair = synthesizePostEdit(rows, { seed: 4 });
    const n = pair.gold.length;
    const count = (s: string) => pair.gold.filter((g) => g.status === s).length;
    expect(count('UNCHANGED') / n).toBeGreaterThan(0.35);
    expect(count('MODIFIED') / n).toBeGreaterThan(0.2);
    for (const s of ['SPLIT', 'MERGED', 'ADDED', 'DELETED']) expect(count(s)).toBeGreaterThan(0);
    expect(pair.operations.identicalRuns).toBeGreaterThan(0);
    expect(pair.operations.editedSplits).toBeGreaterThan(0);
    for (const g of pair.gold.filter((x) => x.status === 'SPLIT')) {
      const joined = g.reworkedIndices.map((j) => pair.reworked[j]?.transcript).join(' ');
      if (pair.original[g.originalIndices[0] as number]?.transcript === joined) continue;
      expect(pair.operations.editedSplits).toBeGreaterThan(0);
    }
  });
});
