/**
 * The one check every timed format makes of a row's times. A span that ends before it starts is
 * kept as written, since real exports have them (a Whisper segment a few hundred ms backwards),
 * but never in silence: a warning names its place. A time that does not parse is each format's
 * error.
 */
import type { FormatWarning, SourceLocation } from './types';

/** Adds a warning at `location` when `end` is before `start`; `what` names the span (`this cue`). */
export function checkSpan(start: number | undefined, end: number | undefined, location: SourceLocation, warnings: FormatWarning[], what = 'this cue'): void {
  if (start === undefined || end === undefined || end >= start) return;
  warnings.push({ message: `${what} ends (${end} s) before it starts (${start} s): kept as written`, location });
}
