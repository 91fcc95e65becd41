/**
 * The rows of one subtitle cue (SubRip, WebVTT, SBV): one per turn, each with the cue's times. A
 * cue with no text is kept as an empty row, so that every cue is accounted for, and said at its
 * timing line.
 */
import { orderedRow } from './row-fields';
import type { Turn } from './speaker-prefix';
import type { FormatWarning, SourceLocation, TranscriptRow } from './types';

/** The cue's rows; `what` names the cue in the warning of one without text (`this caption`). */
export function cueRows(turns: readonly Turn[], [start, end]: readonly [number, number], location: SourceLocation, warnings: FormatWarning[], what = 'this cue'): TranscriptRow[] {
  if (turns.length === 1 && turns[0].text === '') warnings.push({ message: `${what} has no text: kept as an empty row`, location });
  return turns.map((turn) => orderedRow({ transcript: turn.text, speaker: turn.speaker, start_time: start, end_time: end }));
}
