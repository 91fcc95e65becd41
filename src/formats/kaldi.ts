/**
 * Kaldi's `text` file: one utterance a line, `utterance-id word word ...`. Each line is a row
 * that keeps its id in `utterance_id` (rows of two such files are paired by id, as Kaldi's
 * compute-wer pairs them). Kaldi keeps times apart, in a `segments` file of the same data
 * folder, `utterance-id recording-id begin end` (seconds): given (ReadOptions.segments), each row
 * takes its utterance's times, and an utterance the segments file does not list is an error, as
 * is a segment whose utterance the text lacks (a warning: the text may be a subset).
 *
 * A line with an id and no words is an empty utterance, kept as an empty row (Kaldi writes them
 * for silence). An id used twice is an error at its line.
 */
import { fieldsOf } from './line-fields';
import { quoted } from './quote';
import { unsignedDecimal } from './seconds';
import { decodeText, splitLines } from './text';
import { checkSpan } from './time-span';
import { FormatError, type FormatAdapter, type FormatWarning, type ReadOptions, type ReadResult, type TranscriptRow } from './types';
import { checkUniqueId } from './utterance-ids';

const SEGMENTS_SHAPE = 'utterance-id recording-id begin end';

interface Segment {
  start: number;
  end: number;
  line: number;
}

/** The segments file's times by utterance id. */
export function readSegments(name: string, bytes: Uint8Array, warnings: FormatWarning[]): Map<string, Segment> {
  const segments = new Map<string, Segment>();
  const seen = new Map<string, number>();
  splitLines(decodeText(bytes)).forEach((text, k) => {
    const line = k + 1;
    if (text.trim() === '') return;
    const fields = fieldsOf(text);
    const place = { file: name, line };
    if (fields.length !== 4) throw new FormatError(`expected ${SEGMENTS_SHAPE}; found ${fields.length} field${fields.length === 1 ? '' : 's'}`, place);
    const [id, , begin, end] = fields;
    const start = unsignedDecimal(begin.value);
    const stop = unsignedDecimal(end.value);
    if (start === undefined || stop === undefined) {
      const bad = start === undefined ? begin : end;
      throw new FormatError(`${quoted(bad.value)} is not a number of seconds (${SEGMENTS_SHAPE})`, { ...place, column: bad.column });
    }
    checkUniqueId(id.value, line, seen, place);
    checkSpan(start, stop, place, warnings, 'this segment');
    segments.set(id.value, { start, end: stop, line });
  });
  return segments;
}

function readKaldi(bytes: Uint8Array, options: ReadOptions = {}): ReadResult {
  const warnings: FormatWarning[] = [];
  const segments = options.segments === undefined ? undefined : readSegments(options.segments.name, options.segments.bytes, warnings);
  const rows: TranscriptRow[] = [];
  const seen = new Map<string, number>();
  splitLines(decodeText(bytes)).forEach((text, k) => {
    const line = k + 1;
    if (text.trim() === '') return;
    const [id, ...words] = fieldsOf(text).map((field) => field.value);
    checkUniqueId(id, line, seen);
    const row: TranscriptRow = { transcript: words.join(' ') };
    if (segments !== undefined) {
      const segment = segments.get(id);
      if (segment === undefined) throw new FormatError(`the utterance ${quoted(id)} has no line in ${options.segments?.name}: its times are unknown`, { line });
      row.start_time = segment.start;
      row.end_time = segment.end;
    }
    row.utterance_id = id;
    rows.push(row);
  });
  if (segments !== undefined) {
    const unused = [...segments.entries()].filter(([id]) => !seen.has(id));
    if (unused.length > 0) {
      warnings.push({
        message: `${unused.length} segment(s) name an utterance the text does not hold (first: ${quoted(unused[0][0])}): not rows`,
        location: { file: options.segments?.name, line: unused[0][1].line },
      });
    }
  }
  return { rows, warnings };
}

export const kaldiFormat: FormatAdapter = {
  name: 'kaldi',
  title: "Kaldi text, \"utterance-id words\" a line, times from a segments file (a file named text)",
  extensions: [],
  fileNames: ['text'],
  // Any line of words is "id words": the file's name says it is Kaldi's, the content only confirms it.
  sniff: (text) => {
    const lines = splitLines(text.slice(0, 4096).replace(/^\uFEFF/, '')).filter((line) => line.trim() !== '');
    return lines.length > 0 && lines.every((line) => /^(?=[\w.:/-]*[\d_-])[\w.:/-]+(?:\s|$)/.test(line) && !/\(\S+\)\s*$/.test(line));
  },
  read: readKaldi,
};
