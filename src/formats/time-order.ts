/**
 * The row order of formats that hold several tiers or speakers side by side (TextGrid, ELAN,
 * Transcriber): by start time, and where two rows start together, in the order they were
 * collected (tier order, then document order), which a stable sort keeps.
 */
import type { TranscriptRow } from './types';

/** `rows` sorted by `start_time` (stable; rows without one keep their place relative to each other and go last). */
export function orderByStartTime(rows: TranscriptRow[]): TranscriptRow[] {
  const start = (row: TranscriptRow) => row.start_time ?? Number.POSITIVE_INFINITY;
  return [...rows].sort((a, b) => (start(a) === start(b) ? 0 : start(a) - start(b)));
}
