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
import { unitTranscripts, type TranscriptShares } from '../scoring/unit-counts';
import { ConfusionTally } from './word-confusions';

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
  let u = 0;
  for (const entry of results) if (entry.trace !== true) entry.transcriptCounts = recorded.entries[u++];

  // The transcript's word counts, when computed, hold each unit's reference words.
  const wordsCounted = config.enableTranscriptWER || (config.enableWER && prep.transcriptCol >= 0);
  const mapping = speakerMappingOf(prep, units, wordsCounted ? (u) => recorded.entries[u].word[3] : null);
  const { starts, ends } = pairedBoundaries(prep, units);
  return {
    speakers: speakerAnalysis(prep, units, recorded.entries, mapping),
    columns: columnAnalysis(prep, config, counts, recorded),
    confusions: confusionsOf(prep, units, config, recorded, shares),
    speakerMapping: mapping,
    timing: timingAnalysis(starts, ends, config.timingToleranceSeconds),
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

/** The transcript's word confusions, when its word counts are computed (else all 0, as they are). */
function confusionsOf(prep: Prepared, units: readonly ScoringUnit[], config: DiffConfig, recorded: EntryCountsRecorder, shares: TranscriptShares | null) {
  const tally = new ConfusionTally();
  if (config.enableTranscriptWER || (config.enableWER && prep.transcriptCol >= 0)) {
    units.forEach((unit, u) => {
      const word = recorded.entries[u].word;
      // No word edit, nothing to align (most units).
      if (word[0] + word[1] + word[2] === 0) return;
      const { ref, hyp } = unitTranscripts(prep, unit, u, shares);
      tally.addUnit(ref, hyp, word, recorded.approximate[u] === 1);
    });
  }
  return tally.result();
}
