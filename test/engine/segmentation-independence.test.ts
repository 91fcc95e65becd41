import { runDiff, type DiffData, type Row } from '../../src/engine/index';
import { engineWords, wordDistance } from '../../scripts/lib/global-alignment';
import { loadEarningsPairs, loadKallaamaPairs, loadLattifaiPairs, type EvalRow, type RealPair } from '../../scripts/lib/sources';
import { describeWithEvalData } from '../support/eval-data';

// On real machine output and real post-edits, transcriptWER is the WER of one word alignment of
// the two whole texts (jiwer -g), with and without times, wherever the rows were cut
// (docs/metrics.md, "One alignment of the whole text"). scripts/peers/global-wer-check.ts prints
// the same comparison with sclite beside it.

/** The WER of one word alignment of the two whole texts. */
const globalWer = (pair: RealPair) => {
  const reference = engineWords(pair.reworked);
  return wordDistance(reference, engineWords(pair.original)) / reference.length;
};

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
