/**
 * The one check every timed format makes of a row's times: a span that ends before it starts is
 * a broken file, not a row to score (its duration would be negative, and the aligner would pair
 * it by a time that no player shows).
 */
import { FormatError, type SourceLocation } from './types';

/** Throws a FormatError at `location` when `end` is before `start`; `what` names the span (`this cue`). */
export function checkSpan(start: number | undefined, end: number | undefined, location: SourceLocation, what = 'this cue'): void {
  if (start === undefined || end === undefined || end >= start) return;
  throw new FormatError(`${what} ends (${end} s) before it starts (${start} s)`, location);
}
