/**
 * `analysis.speakers`: each speaker's share of the transcript counts and of the entries.
 *
 * A speaker is the raw value of the speaker column (D7.9) as a string (normalize.ts cellText);
 * a row whose normalised value is empty (absent, null, blank) has none, and all such entries share
 * the `null` speaker. Each scoring unit counts, whole, for exactly one speaker, so the speakers'
 * counts add up to `counts.transcriptChar` / `transcriptWord` and their entries to `counts.rows`:
 * - an entry with reworked rows counts for its first reworked row's speaker (a SPLIT whose pieces
 *   carry several speakers counts for the first piece's);
 * - a DELETED entry counts for its original row's speaker mapped through the speaker mapping
 *   (speaker-pairings.ts): the raw value of the first reworked row carrying the mapped label; an
 *   unmapped label stays the original row's own value.
 * Sorted by reference words (descending), then speaker in code-unit order, `null` last.
 */
import type { EntryTranscriptCounts, SpeakerAnalysis, SpeakerMapping } from '../types';
import { addEntryEdits } from '../scoring/count-records';
import { cellText } from '../prepare/normalize';
import { cell } from '../prepare/prepared-sides';
import { emptyCounts } from '../scoring/text-counts';
import { STATUSES, Status } from '../types';
import { ScoringUnit } from '../scoring/unit-counts';
import { PreparedSide, Prepared } from '../prepare/prepared-sides';

export function speakerAnalysis(
  prep: Prepared,
  units: readonly ScoringUnit[],
  entryCounts: readonly EntryTranscriptCounts[],
  mapping: SpeakerMapping | null,
): SpeakerAnalysis[] {
  const name = prep.speakerName ?? null;
  const raw = (side: PreparedSide, r: number): string | null => {
    if (name === null || side.speaker === null || side.speaker[r] === '') return null;
    return cellText(cell(side.rows[r], name));
  };
  const partner = new Map((mapping?.pairs ?? []).map((p) => [p.original, p.reworked]));
  // The raw value of the first reworked row carrying each normalised label.
  const reworkedRaw = new Map<string, string | null>();
  const speakerOfDeleted = (o: number): string | null => {
    const label = prep.original.speaker?.[o] ?? '';
    const mapped = partner.get(label);
    if (mapped === undefined) return raw(prep.original, o);
    if (reworkedRaw.size === 0) {
      const labels = prep.reworked.speaker as string[];
      for (let r = labels.length - 1; r >= 0; r--) reworkedRaw.set(labels[r], raw(prep.reworked, r));
    }
    return reworkedRaw.get(mapped) ?? null;
  };

  const speakers = new Map<string | null, SpeakerAnalysis>();
  units.forEach((unit, u) => {
    const speaker = unit.reworkedIndices.length > 0 ? raw(prep.reworked, unit.reworkedIndices[0]) : speakerOfDeleted(unit.originalIndices[0]);
    let share = speakers.get(speaker);
    if (share === undefined) {
      const entries = {} as Record<Status, number>;
      for (const status of STATUSES) entries[status] = 0;
      speakers.set(speaker, (share = { speaker, entries, char: emptyCounts(), word: emptyCounts() }));
    }
    share.entries[unit.status]++;
    addEntryEdits(share.char, entryCounts[u].char);
    addEntryEdits(share.word, entryCounts[u].word);
  });
  return [...speakers.values()].sort(
    (x, y) =>
      y.word.referenceLength - x.word.referenceLength ||
      (x.speaker === y.speaker ? 0 : x.speaker === null ? 1 : y.speaker === null ? -1 : x.speaker < y.speaker ? -1 : 1),
  );
}
