/**
 * How far the annotator moved the boundaries of paired rows: per kind of boundary (starts or
 * ends), how many moved, how many beyond the tolerance, and the mean and largest absolute shift.
 *
 * Shifts are measured in whole microseconds: |reworked − original| rounded to the nearest
 * microsecond. Two parsers can read the same written time as neighbouring doubles (00:07:08.732
 * as 7 × 60 + 8.732 is 428.73199999999997, as one decimal 428.732), and a difference of two
 * decimals carries rounding error of its own (1.3 − 1.2 is a little over 0.1): rounding the
 * difference absorbs both, while every time a transcript format writes (milliseconds at the
 * finest) keeps its exact value.
 */
import type { BoundaryShifts, TimingAnalysis } from '../types';

/** One boundary of a paired row, in seconds on each side; both finite. */
export interface BoundaryPair {
  original: number;
  reworked: number;
}

const MICROSECONDS = 1e6;

/**
 * The shifts of one kind of boundary over the given pairs. A boundary moved when its shift is at
 * least one microsecond; it moved beyond the tolerance when its shift is strictly greater than
 * `toleranceSeconds` (also compared in microseconds, so a shift of exactly the tolerance stays
 * within it). Mean and max are null when no pair is given. Throws a RangeError on a non-finite
 * time or a tolerance that is negative or not finite.
 */
export function boundaryShifts(pairs: readonly BoundaryPair[], toleranceSeconds: number): BoundaryShifts {
  const tolerance = toleranceMicroseconds(toleranceSeconds);
  let moved = 0;
  let beyondTolerance = 0;
  let sum = 0;
  let max = 0;
  pairs.forEach(({ original, reworked }, index) => {
    if (!Number.isFinite(original) || !Number.isFinite(reworked)) {
      throw new RangeError(`boundary pairs[${index}] is (${original}, ${reworked}): both times must be finite seconds`);
    }
    const shift = Math.round(Math.abs(reworked - original) * MICROSECONDS);
    if (shift > 0) moved++;
    if (shift > tolerance) beyondTolerance++;
    sum += shift;
    if (shift > max) max = shift;
  });
  const compared = pairs.length;
  return {
    compared,
    moved,
    beyondTolerance,
    meanAbsShift: compared === 0 ? null : sum / compared / MICROSECONDS,
    maxAbsShift: compared === 0 ? null : max / MICROSECONDS,
  };
}

/**
 * Starts and ends together, or null when neither kind has a pair to compare (no paired rows
 * carry times on both sides).
 */
export function timingAnalysis(
  starts: readonly BoundaryPair[],
  ends: readonly BoundaryPair[],
  toleranceSeconds: number,
): TimingAnalysis | null {
  const startShifts = boundaryShifts(starts, toleranceSeconds);
  const endShifts = boundaryShifts(ends, toleranceSeconds);
  if (startShifts.compared === 0 && endShifts.compared === 0) return null;
  return { toleranceSeconds, starts: startShifts, ends: endShifts };
}

function toleranceMicroseconds(toleranceSeconds: number): number {
  if (!Number.isFinite(toleranceSeconds) || toleranceSeconds < 0) {
    throw new RangeError(`timing tolerance is ${toleranceSeconds}: it must be a finite number of seconds, 0 or more`);
  }
  return Math.round(toleranceSeconds * MICROSECONDS);
}
