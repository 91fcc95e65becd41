/**
 * The row boundaries the alignment paired, for `analysis.timing` (boundary-shifts.ts): the start
 * and end of each UNCHANGED or MODIFIED pair, and the outer boundaries of a group: a SPLIT's
 * original start against its first piece's start and its original end against its last piece's
 * end; a MERGED entry the mirror. Inner boundaries of a group have no partner on the other side.
 * A boundary takes part only when both sides carry that time.
 */
import type { BoundaryPair } from './boundary-shifts';
import type { ScoringUnit } from '../scoring/unit-counts';
import type { Prepared } from '../prepare/prepared-sides';

export interface PairedBoundaries {
  starts: BoundaryPair[];
  ends: BoundaryPair[];
}

export function pairedBoundaries(prep: Prepared, units: readonly ScoringUnit[]): PairedBoundaries {
  const starts: BoundaryPair[] = [];
  const ends: BoundaryPair[] = [];
  const { start: oStart, end: oEnd } = prep.original;
  const { start: rStart, end: rEnd } = prep.reworked;
  const add = (into: BoundaryPair[], original: number, reworked: number): void => {
    if (Number.isFinite(original) && Number.isFinite(reworked)) into.push({ original, reworked });
  };
  for (const unit of units) {
    const hyp = unit.originalIndices;
    const ref = unit.reworkedIndices;
    if (hyp.length === 0 || ref.length === 0) continue;
    add(starts, oStart[hyp[0]], rStart[ref[0]]);
    add(ends, oEnd[hyp[hyp.length - 1]], rEnd[ref[ref.length - 1]]);
  }
  return { starts, ends };
}
