/**
 * YouTube's SubViewer captions (.sbv): blocks of a timing line `h:mm:ss.mmm,h:mm:ss.mmm` and
 * text lines, separated by blank lines; no cue numbers. A block's lines become one transcript.
 * SBV has no speaker: rows have none unless ReadOptions.speakerPrefix reads a leading `NAME:`
 * (YouTube's own captions write `>> NAME:` at a change of speaker; the `>>` is dropped).
 */
import { cueRows } from './cue-rows';
import { oneLine } from './row-fields';
import { clockSeconds } from './seconds';
import { prefixTurns } from './speaker-prefix';
import { decodeText, splitLines } from './text';
import { checkSpan } from './time-span';
import { FormatError, type FormatAdapter, type FormatWarning, type ReadOptions, type ReadResult, type TranscriptRow } from './types';

const TIME = String.raw`(\d+):(\d{2}):(\d{2})(?:\.(\d{1,3}))?`;
const TIMING = new RegExp(String.raw`^\s*${TIME}\s*,\s*${TIME}\s*$`);
const TIMING_EXAMPLE = '0:00:01.000,0:00:02.500';

function readSbv(bytes: Uint8Array, options: ReadOptions = {}): ReadResult {
  const lines = splitLines(decodeText(bytes));
  const rows: TranscriptRow[] = [];
  const warnings: FormatWarning[] = [];
  let i = 0;
  while (i < lines.length) {
    if (lines[i].trim() === '') {
      i++;
      continue;
    }
    const m = TIMING.exec(lines[i]);
    if (m === null || [m[2], m[3], m[6], m[7]].some((part) => Number(part) >= 60)) {
      throw new FormatError(`expected a timing line such as ${TIMING_EXAMPLE}`, { line: i + 1 });
    }
    const start = clockSeconds(m[1], m[2], m[3], m[4] ?? '');
    const end = clockSeconds(m[5], m[6], m[7], m[8] ?? '');
    checkSpan(start, end, { line: i + 1 }, warnings);
    let last = i + 1;
    while (last < lines.length && lines[last].trim() !== '') last++;
    const text = lines.slice(i + 1, last).map((line) => line.replace(/^\s*>>\s*/, ''));
    const turns = options.speakerPrefix === true ? prefixTurns(text) : [{ text: oneLine(text.join(' ')) }];
    rows.push(...cueRows(turns, [start, end], { line: i + 1 }, warnings, 'this caption'));
    i = last;
  }
  return { rows, warnings };
}

export const sbvFormat: FormatAdapter = {
  name: 'sbv',
  title: 'YouTube SubViewer captions (.sbv)',
  extensions: ['.sbv'],
  sniff: (text) => TIMING.test(/^.*\S.*$/m.exec(text.replace(/^\uFEFF/, '').slice(0, 4096))?.[0] ?? ''),
  read: readSbv,
};
