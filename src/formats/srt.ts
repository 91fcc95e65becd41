/**
 * SubRip subtitles: cues of an index line, a timing line `hh:mm:ss,mmm --> hh:mm:ss,mmm` and text
 * lines up to a blank line. A cue's lines become one transcript of what a player shows
 * (subrip-markup.ts). SubRip has no speaker: rows have none unless ReadOptions.speakerPrefix
 * reads a leading `NAME:`.
 *
 * Tolerated because common in the wild: a missing index line, `.` before the milliseconds, a
 * missing hour field when the milliseconds are there (`01:02,500`), and a cue that starts without
 * the blank line before it (a warning). A time cut short (`00:0`) is an error, not 0 s.
 */
import { cueRows } from './cue-rows';
import { oneLine } from './row-fields';
import { clockSeconds } from './seconds';
import { prefixTurns, Turn } from './speaker-prefix';
import { subripShownText } from './subrip-markup';
import { decodeText, splitLines } from './text';
import { checkSpan } from './time-span';
import { FormatAdapter, FormatError, FormatWarning, ReadOptions, ReadResult, TranscriptRow } from './types';

// `h:mm:ss` with an optional fraction, or `mm:ss` with one: a bare `00:0` is a time cut short.
const TIME = String.raw`(?:(\d+):(\d{1,2}):(\d{1,2})(?:[,.](\d{1,3}))?|()(\d{1,2}):(\d{2})[,.](\d{1,3}))`;
// Players ignore what follows the end time (some writers put `X1:… Y1:…` coordinates there).
// pysubs2 and players that scan for two times also take the short arrow `->` some writers use.
const TIMING = new RegExp(String.raw`^\s*${TIME}\s*(-->|->)\s*${TIME}(?:\s.*)?$`);
const ARROW = /-?->/;
const INDEX = /^\s*\d+\s*$/;

// Enough of the start of a file to hold its first cue's index and timing lines.
const SNIFF_CHARS = 4096;
const TIMING_EXAMPLE = '00:00:01,000 --> 00:00:02,500';

/** The start and end seconds of a timing line, or null when it is not one (or a field is out of range). */
function parseTiming(line: string): [number, number] | null {
  const m = TIMING.exec(line);
  if (m === null) return null;
  // Each time is one of two alternatives of four groups: hours, minutes, seconds, fraction.
  const groups = (at: number) => (m[at + 1] !== undefined ? m.slice(at, at + 4) : m.slice(at + 4, at + 8));
  const [start, end] = [1, 10].map((at) => groups(at).map((part) => part ?? ''));
  if ([start, end].some(([, minutes, seconds]) => Number(minutes) >= 60 || Number(seconds) >= 60)) return null;
  return [clockSeconds(start[0] || '0', start[1], start[2], start[3]), clockSeconds(end[0] || '0', end[1], end[2], end[3])];
}

/** The turns of a cue's text lines: one, or one per `NAME:` when the prefix is read. */
function cueTurns(lines: readonly string[], speakerPrefix: boolean): Turn[] {
  const shown = subripShownText(lines);
  return speakerPrefix ? prefixTurns(shown.split('\n')) : [{ text: oneLine(shown) }];
}

function readSrt(bytes: Uint8Array, options: ReadOptions = {}): ReadResult {
  const lines = splitLines(decodeText(bytes));
  const rows: TranscriptRow[] = [];
  const warnings: FormatWarning[] = [];
  let i = 0;
  while (i < lines.length) {
    if (lines[i].trim() === '') {
      i++;
      continue;
    }
    const timingAt = INDEX.test(lines[i]) ? i + 1 : i;
    if (timingAt >= lines.length || !ARROW.test(lines[timingAt])) {
      const expected = timingAt === i ? `expected a cue number or a timing line such as ${TIMING_EXAMPLE}` : `expected a timing line such as ${TIMING_EXAMPLE} after the cue number`;
      throw new FormatError(expected, { line: Math.min(timingAt, lines.length - 1) + 1 });
    }
    const times = parseTiming(lines[timingAt]);
    if (times === null) throw new FormatError(`the timing line does not parse: expected hh:mm:ss,mmm --> hh:mm:ss,mmm, such as ${TIMING_EXAMPLE}`, { line: timingAt + 1 });
    checkSpan(times[0], times[1], { line: timingAt + 1 }, warnings);
    if (!lines[timingAt].includes('-->')) warnings.push({ message: 'the timing line\'s arrow is "->", not "-->": read as a timing line', location: { line: timingAt + 1 } });
    let end = timingAt + 1;
    while (end < lines.length && lines[end].trim() !== '' && !TIMING.test(lines[end])) end++;
    if (end < lines.length && TIMING.test(lines[end])) {
      // The next cue began without a blank line; a number just before its timing is its index.
      if (end - 1 > timingAt && INDEX.test(lines[end - 1])) end--;
      warnings.push({ message: 'this cue starts without a blank line before it', location: { line: end + 1 } });
    }
    rows.push(...cueRows(cueTurns(lines.slice(timingAt + 1, end), options.speakerPrefix === true), times, { line: timingAt + 1 }, warnings));
    i = end;
  }
  return { rows, warnings };
}

/** True when the first cue opens the text: an index line and a timing line, or a timing line. */
function sniffSrt(text: string): boolean {
  const lines = splitLines(text.slice(0, SNIFF_CHARS).replace(/^\uFEFF/, ''));
  const first = lines.findIndex((line) => line.trim() !== '');
  if (first < 0) return false;
  return TIMING.test(lines[first]) || (INDEX.test(lines[first]) && TIMING.test(lines[first + 1] ?? ''));
}

export const srtFormat: FormatAdapter = {
  name: 'srt',
  title: 'SubRip subtitles (.srt)',
  extensions: ['.srt'],
  sniff: sniffSrt,
  read: readSrt,
};
