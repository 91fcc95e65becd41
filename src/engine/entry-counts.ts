/**
 * The per-unit counts the analysis needs, captured while the units are counted (unit-counts.ts
 * UnitRecorder): each unit's transcript counts (an entry's `transcriptCounts`), whether they were
 * approximate, and each other text column's counts summed over the units.
 */
import type { EntryCounts } from './analysis-types';
import { emptyCounts } from './text-counts';
import type { UnitRecorder } from './unit-counts';

export class EntryCountsRecorder implements UnitRecorder {
  // Fresh records for each unit, handed over to `entries` once counted: they are the answer's
  // objects, so a copy would only add work for the collector.
  transcriptChar = emptyCounts();
  transcriptWord = emptyCounts();
  /** Per unit, in unit order. */
  readonly entries: EntryCounts[] = [];
  /** Per unit: 1 when its transcript was counted approximately (D7.11). */
  readonly approximate: Uint8Array;
  /** Per column index of an other text column, its counts over all units. */
  readonly columns = new Map<number, EntryCounts>();

  constructor(units: number) {
    this.approximate = new Uint8Array(units);
  }

  transcript(unit: number, approximate: boolean): void {
    this.entries[unit] = { char: this.transcriptChar, word: this.transcriptWord };
    this.transcriptChar = emptyCounts();
    this.transcriptWord = emptyCounts();
    if (approximate) this.approximate[unit] = 1;
  }

  column(column: number): EntryCounts {
    let total = this.columns.get(column);
    if (total === undefined) this.columns.set(column, (total = { char: emptyCounts(), word: emptyCounts() }));
    return total;
  }
}
