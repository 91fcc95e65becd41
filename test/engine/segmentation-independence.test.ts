import { normalizeText, runDiff, type DiffData, type Row } from '../../src/engine/index';
import { loadEarningsPairs, loadKallaamaPairs, loadLattifaiPairs, type EvalRow, type RealPair } from '../../scripts/lib/sources';
import { describeWithEvalData } from '../support/eval-data';

// On real machine output and real post-edits, transcriptWER is the WER of one word alignment of
// the two whole texts (jiwer -g), with and without times, wherever the rows were cut
// (docs/metrics.md, "One alignment of the whole text"). scripts/peers/global-wer-check.ts prints
// the same comparison with sclite beside it.

/** The tokens the engine counts: D5.3's text, diacritics stripped, split on spaces. */
function tokens(rows: readonly EvalRow[]): string[] {
  return rows.flatMap((row) => {
    const text = normalizeText(row.transcript, true);
    return text === '' ? [] : text.split(' ');
  });
}

/** Unit-cost word edit distance of the two whole texts, over reference words. */
function globalWer(pair: RealPair): number {
  const ids = new Map<string, number>();
  const id = (w: string) => ids.get(w) ?? (ids.set(w, ids.size), ids.size - 1);
  const ref = Int32Array.from(tokens(pair.reworked), id);
  const hyp = Int32Array.from(tokens(pair.original), id);
  let prev = Int32Array.from({ length: hyp.length + 1 }, (_, j) => j);
  let cur = new Int32Array(hyp.length + 1);
  for (let i = 1; i <= ref.length; i++) {
    cur[0] = i;
    const r = ref[i - 1];
    for (let j = 1; j <= hyp.length; j++) {
      const diagonal = prev[j - 1]! + (r === hyp[j - 1] ? 0 : 1);
      const up = prev[j]! + 1;
      const left = cur[j - 1]! + 1;
      cur[j] = diagonal < up ? (diagonal < left ? diagonal : left) : up < left ? up : left;
    }
    [prev, cur] = [cur, prev];
  }
  return prev[hyp.length]! / ref.length;
}

const untimed = (rows: readonly EvalRow[]): Row[] => rows.map(({ transcript, speaker }) => (speaker === undefined ? { transcript } : { transcript, speaker }));
const wer = (data: DiffData) => {
  const c = data.counts.transcriptWord;
  return (c.substitutions + c.deletions + c.insertions) / c.referenceLength;
};

describeWithEvalData('transcriptWER on real pairs, against one alignment of the whole texts', () => {
  const lattifai: Array<{ name: string; global: number; ours: number }> = [];

  describe.each([
    ['lattifai', () => loadLattifaiPairs()],
    ['kallaama', () => loadKallaamaPairs()],
    ['earnings21 4386541', () => loadEarningsPairs(['4386541'])],
  ])('%s', (family, load) => {
    it('is within one point of it, with and without times', () => {
      for (const pair of load()) {
        const global = globalWer(pair);
        const timed = wer(runDiff({ original: pair.original as unknown as Row[], reworked: pair.reworked as unknown as Row[] }));
        const plain = wer(runDiff({ original: untimed(pair.original), reworked: untimed(pair.reworked) }));
        expect({ pair: pair.name, timed: Math.abs(timed - global) <= 0.01, untimed: Math.abs(plain - global) <= 0.01 }).toEqual({ pair: pair.name, timed: true, untimed: true });
        if (family === 'lattifai') lattifai.push({ name: pair.name, global, ours: timed });
      }
    });
  });

  it('ranks the lattifai systems as the global alignment does, where their WERs differ by more than half a point', () => {
    expect(lattifai).toHaveLength(4);
    for (const a of lattifai) {
      for (const b of lattifai) {
        if (a.global - b.global > 0.005) expect({ worse: a.name, ours: a.ours > b.ours }).toEqual({ worse: a.name, ours: true });
      }
    }
  });
});
