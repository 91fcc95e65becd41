/**
 * `data.analysis` (`config.enableAnalysis`) and each non-trace entry's `transcriptCounts`, from
 * the counts the metric pass recorded unit by unit (entry-recorder.ts) and the alignment's pairs.
 * Every count is a part of a total in `data.counts`.
 */
import type { Analysis, ColumnAnalysis } from '../types';
import { timingAnalysis } from './boundary-shifts';
import { copyCounts } from '../scoring/count-records';
import type { EntryCountsRecorder } from './entry-recorder';
import { pairedBoundaries } from './paired-boundaries';
import { speakerAnalysis } from './speaker-shares';
import { speakerMappingOf } from './speaker-pairings';
import { emptyCounts } from '../scoring/text-counts';
import type { Counts, DiffConfig, ResultEntry } from '../types';
import type { ScoringUnit } from '../scoring/unit-counts';
import type { Prepared } from '../prepare/prepared-sides';
import { unitText, unitTranscripts, type TranscriptShares } from '../scoring/unit-counts';
import { ConfusionTally, TOP_CONFUSIONS } from './word-confusions';
import { EditKindCounts } from './edit-kind-counts';
import { entryEditKinds } from './edit-kinds';
import { StyleContentSplit } from './style-content-split';

/**
 * The analysis of a counted request; gives each non-trace entry of `results` (the units, in the
 * same order) its `transcriptCounts`, as its last key.
 */
export function analyse(
  prep: Prepared,
  results: ResultEntry[],
  units: readonly ScoringUnit[],
  config: DiffConfig,
  counts: Counts,
  recorded: EntryCountsRecorder,
  shares: TranscriptShares | null = null,
): Analysis {
  const entries: ResultEntry[] = [];
  for (const entry of results) {
    if (entry.trace === true) continue;
    entry.transcriptCounts = recorded.entries[entries.length];
    entries.push(entry);
  }

  // The transcript's word counts, when computed, hold each unit's reference words.
  const wordsCounted = config.enableTranscriptWER || (config.enableWER && prep.transcriptCol >= 0);
  const mapping = speakerMappingOf(prep, units, wordsCounted ? (u) => recorded.entries[u].word[3] : null);
  const { starts, ends } = pairedBoundaries(prep, units);
  const { confusions, editKinds } = wordAnalysis(prep, units, entries, wordsCounted, recorded, shares);
  return {
    speakers: speakerAnalysis(prep, units, recorded.entries, mapping),
    columns: columnAnalysis(prep, config, counts, recorded),
    confusions,
    speakerMapping: mapping,
    timing: timingAnalysis(starts, ends, config.timingToleranceSeconds),
    editKinds,
  };
}

/**
 * Each compared text column in column order (times are not text). The transcript's share of the
 * overall counts is its own counts while the overall level is enabled (D7.5, D7.10); the other
 * columns' are what the metric pass recorded for them.
 */
function columnAnalysis(prep: Prepared, config: DiffConfig, counts: Counts, recorded: EntryCountsRecorder): ColumnAnalysis[] {
  const columns: ColumnAnalysis[] = [];
  prep.columns.forEach((column, c) => {
    if (prep.timeCols.includes(c)) return;
    if (c === prep.transcriptCol) {
      columns.push({
        column,
        char: config.enableCER ? copyCounts(counts.transcriptChar) : emptyCounts(),
        word: config.enableWER ? copyCounts(counts.transcriptWord) : emptyCounts(),
      });
      return;
    }
    const own = recorded.columns.get(c);
    columns.push({ column, char: own?.char ?? emptyCounts(), word: own?.word ?? emptyCounts() });
  });
  return columns;
}

/**
 * From each unit's transcript texts, as the counts compared them (`shares`: a unit's share of the
 * original's words when the word grouping moved words between rows): the word confusions and the
 * style/content split of the word errors, when the transcript's word counts are computed (else all
 * 0, as they are); and from each MODIFIED, SPLIT and MERGED entry's own texts its `editKinds`
 * (entries: the non-trace results, in unit order), given as its last key.
 */
function wordAnalysis(
  prep: Prepared,
  units: readonly ScoringUnit[],
  entries: ResultEntry[],
  wordsCounted: boolean,
  recorded: EntryCountsRecorder,
  shares: TranscriptShares | null,
) {
  const split = new StyleContentSplit();
  const tally = new ConfusionTally(TOP_CONFUSIONS, split);
  const kinds = new EditKindCounts();
  units.forEach((unit, u) => {
    const word = recorded.entries[u].word;
    const status = unit.status;
    const kinded = status === 'MODIFIED' || status === 'SPLIT' || status === 'MERGED';
    // No word edit, nothing to align (most units).
    const edited = wordsCounted && word[0] + word[1] + word[2] > 0;
    if (!kinded && !edited) return;
    const { ref, hyp } = unitTranscripts(prep, unit, u, shares);
    // The counts compared the entry's own texts unless the word grouping gave it another share.
    const own = shares?.hypotheses[u] === undefined;
    // An entry with word errors on its own texts gets its kinds from the words the confusions
    // align; any other from its texts.
    const found = edited ? tally.addUnit(ref, hyp, word, recorded.approximate[u] === 1, kinded) : null;
    if (kinded) {
      const entryKinds = found !== null && own ? found : entryEditKinds(ref, own ? hyp : unitText(prep.original.transcript, unit.originalIndices, false));
      entries[u]!.editKinds = entryKinds.kinds;
      kinds.add(entryKinds.kinds);
    }
  });
  return { confusions: tally.result(), editKinds: { entries: kinds.counts, transcriptWord: { style: split.style, content: split.content } } };
}
