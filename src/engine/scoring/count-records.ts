/** Arithmetic on count records (types.ts EditCounts): integers, so any order of adding gives the same totals. */
import type { EntryEdits } from '../types';
import type { EditCounts } from '../types';

/** Adds `from` into `into`, field by field. */
export function addCounts(into: EditCounts, from: EditCounts): void {
  into.substitutions += from.substitutions;
  into.deletions += from.deletions;
  into.insertions += from.insertions;
  into.hits += from.hits;
  into.referenceLength += from.referenceLength;
}

/** Adds an entry's counts (types.ts EntryEdits) into `into`; its hits are the reference's tokens not substituted or deleted. */
export function addEntryEdits(into: EditCounts, [substitutions, deletions, insertions, referenceLength]: EntryEdits): void {
  into.substitutions += substitutions;
  into.deletions += deletions;
  into.insertions += insertions;
  into.hits += referenceLength - substitutions - deletions;
  into.referenceLength += referenceLength;
}

/** Zeroes a record in place. */
export function resetCounts(c: EditCounts): void {
  c.substitutions = 0;
  c.deletions = 0;
  c.insertions = 0;
  c.hits = 0;
  c.referenceLength = 0;
}

/** A copy of a record. */
export function copyCounts(c: EditCounts): EditCounts {
  return { substitutions: c.substitutions, deletions: c.deletions, insertions: c.insertions, hits: c.hits, referenceLength: c.referenceLength };
}
