/**
 * The per-unit counts the analysis needs, captured while the units are counted (unit-counts.ts
 * UnitRecorder): each unit's transcript counts (an entry's `transcriptCounts`), whether they were
 * approximate, and each other text column's counts summed over the units.
 */
import type { EntryCounts, EntryEdits, EntryTranscriptCounts } from '../types';
import { resetCounts } from '../scoring/count-records';
import { emptyCounts } from '../scoring/text-counts';
import type { EditCounts } from '../types';
import type { UnitRecorder } from '../scoring/unit-counts';

export class EntryCountsRecorder implements UnitRecorder {
  // The unit being counted; its figures are taken into `entries` once it is done.
  readonly transcriptChar = emptyCounts();
  readonly transcriptWord = emptyCounts();
  /** Per unit, in unit order: the answer's own `transcriptCounts` objects, handed over as they are. */
  readonly entries: EntryTranscriptCounts[] = [];
  /** Per unit: 1 when its transcript was counted approximately (D7.11). */
  readonly approximate: Uint8Array;
  /** Per column index of an other text column, its counts over all units. */
  readonly columns = new Map<number, EntryCounts>();

  constructor(units: number) {
    this.approximate = new Uint8Array(units);
  }

  transcript(unit: number, approximate: boolean): void {
    this.entries[unit] = { char: entryEdits(this.transcriptChar), word: entryEdits(this.transcriptWord) };
    resetCounts(this.transcriptChar);
    resetCounts(this.transcriptWord);
    if (approximate) this.approximate[unit] = 1;
  }

  column(column: number): EntryCounts {
    let total = this.columns.get(column);
    if (total === undefined) this.columns.set(column, (total = { char: emptyCounts(), word: emptyCounts() }));
    return total;
  }
}

function entryEdits(c: EditCounts): EntryEdits {
  return [c.substitutions, c.deletions, c.insertions, c.referenceLength];
}
