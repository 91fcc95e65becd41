/**
 * Document-level scores from their raw counts (decisions D7.1–D7.11).
 *
 * Every rate is Σ errors ÷ Σ reference tokens over the whole document, clamped to [0, 1]; an
 * empty reference gives 0 when the hypothesis is empty too, else 1 (D7.1). The counts behind each
 * rate are returned unclamped in `data.counts` (D7.2).
 */
import { addCounts } from './count-records';
import { Tally, TranscriptShares, UnitRecorder, countUnits } from './unit-counts';
import { Counts, DiffConfig, EditCounts, Scores } from '../types';
import { ScoringUnit } from './unit-counts';
import { Prepared } from '../prepare/prepared-sides';
import { WorkBudget, createWorkBudget } from '../distance/work-budget';

/** A rate per D7.1: errors ÷ reference tokens, clamped to [0, 1]; empty reference → 0 or 1. */
export function clampedRate(errors: number, reference: number): number {
  if (reference === 0) return errors === 0 ? 0 : 1;
  const r = errors / reference;
  return r > 1 ? 1 : r;
}

function editRate(c: EditCounts): number {
  return clampedRate(c.substitutions + c.deletions + c.insertions, c.referenceLength);
}

export interface MetricsResult {
  scores: Scores;
  counts: Counts;
  approximateEntries: number;
}

/**
 * Scores, counts and the number of entries scored approximately, over the scoring units (the
 * non-trace entries in document order). `budget` bounds the exact edit-distance work (D7.11).
 */
export function computeMetrics(
  prep: Prepared,
  units: ScoringUnit[],
  config: DiffConfig,
  budget: WorkBudget = createWorkBudget(),
  recorder: UnitRecorder | null = null,
  shares: TranscriptShares | null = null,
): MetricsResult {
  return scoreTally(countUnits(prep, units, config, budget, recorder, shares), prep, config);
}

/** Scores a request's tally; its counts become the answer's `counts` (merged in place). */
function scoreTally(tally: Tally, prep: Prepared, config: DiffConfig): MetricsResult {
  const { counts, approximateEntries } = tally;
  const rows = counts.rows;
  const tc = prep.transcriptCol;
  // The overall counts cover every text column, the transcript included (D7.5).
  if (config.enableCER && tc >= 0) addCounts(counts.char, counts.transcriptChar);
  if (config.enableWER && tc >= 0) addCounts(counts.word, counts.transcriptWord);

  const speakers = config.enableSACR && prep.original.speaker !== null && prep.reworked.speaker !== null;
  const compared = rows.UNCHANGED + rows.MODIFIED;
  const scores: Scores = {
    overallCER: config.enableCER ? editRate(counts.char) : null,
    overallWER: config.enableWER ? editRate(counts.word) : null,
    SegER: config.enableSegER ? clampedRate(counts.segmentEvents, prep.reworked.rows.length) : null,
    transcriptCER: config.enableTranscriptCER ? editRate(counts.transcriptChar) : null,
    transcriptWER: config.enableTranscriptWER ? editRate(counts.transcriptWord) : null,
    SER: config.enableSER ? (compared === 0 ? 0 : rows.MODIFIED / compared) : null,
    transcriptSER: config.enableTranscriptSER
      ? clampedRate(counts.sentences.changed, counts.sentences.reference)
      : null,
    SACR: speakers ? (rows.MODIFIED === 0 ? 0 : counts.speakerChanged / rows.MODIFIED) : null,
  };
  return { scores, counts, approximateEntries };
}
