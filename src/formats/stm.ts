/**
 * NIST segment time marks (.stm, SCTK's sclite reference format): one segment a line,
 * `file channel speaker begin end [<label>] transcript`, with `;;` comment lines and blank lines
 * ignored. The label (`<o,f0,male>`: subsets for sclite's reports) is not part of the transcript,
 * and the words are joined with single spaces, as sclite reads them. Rows are in document order
 * (the format sorts segments by file, channel and begin time).
 *
 * Stretches that are not speech: a transcript `IGNORE_TIME_SEGMENT_IN_SCORING` declares the time
 * out of bounds for scoring, and the speakers `inter_segment_gap` and `excluded_region` (also as
 * the end of a speaker id, `test_A_inter_segment_gap`) mark gaps. Such a segment with no words is
 * skipped; a gap that carries words is kept as a row, with a warning, since a real file may put
 * speech there.
 */
import { fieldsOf } from './line-fields';
import { quoted } from './quote';
import { unsignedDecimal } from './seconds';
import { decodeText, splitLines } from './text';
import { checkSpan } from './time-span';
import { FormatAdapter, FormatError, FormatWarning, ReadResult, TranscriptRow } from './types';

const LABEL = /^<[^>]*>$/;
const GAP_SPEAKER = /(?:^|_)(?:inter_segment_gap|excluded_region)$/i;
const OUT_OF_BOUNDS = /^ignore_time_segment_in_scoring$/i;
// Enough of the start of a file to pass the comment header that Transcriber's export writes.
const SNIFF_CHARS = 65536;
const SHAPE = 'file channel speaker begin end [<label>] transcript';

function readStm(bytes: Uint8Array): ReadResult {
  const rows: TranscriptRow[] = [];
  const warnings: FormatWarning[] = [];
  splitLines(decodeText(bytes)).forEach((text, k) => {
    const line = k + 1;
    if (text.trim() === '' || text.startsWith(';;')) return;
    const fields = fieldsOf(text);
    if (fields.length < 5) throw new FormatError(`expected ${SHAPE}; found ${fields.length} field${fields.length === 1 ? '' : 's'}`, { line });
    const [, , speakerField, beginField, endField] = fields;
    const seconds = (field: { value: string; column: number }, what: string) => {
      const value = unsignedDecimal(field.value);
      if (value === undefined) {
        throw new FormatError(`the ${what} time ${quoted(field.value)} is not a number of seconds (${SHAPE})`, { line, column: field.column });
      }
      return value;
    };
    const start = seconds(beginField, 'begin');
    const end = seconds(endField, 'end');
    checkSpan(start, end, { line }, warnings, 'this segment');
    const words = fields.slice(LABEL.test(fields[5]?.value ?? '') ? 6 : 5).map((field) => field.value);
    const transcript = words.join(' ');
    const speaker = speakerField.value;
    const gap = GAP_SPEAKER.test(speaker);
    // Not speech, so nothing to compare: an out-of-bounds segment, or a gap without words.
    if (OUT_OF_BOUNDS.test(transcript) || (gap && words.length === 0)) return;
    if (gap) warnings.push({ message: `this segment of ${speaker} (a gap, not a speaker) carries words: kept as a row with that speaker`, location: { line } });
    else if (words.length === 0) warnings.push({ message: 'this segment has no words: kept as an empty row', location: { line } });
    rows.push({ transcript, speaker, start_time: start, end_time: end });
  });
  return { rows, warnings };
}

/** True when the first line that is not a comment has the shape of a segment (or only comments open the file). */
function sniffStm(text: string): boolean {
  const lines = splitLines(text.slice(0, SNIFF_CHARS).replace(/^\uFEFF/, ''));
  if (text.length > SNIFF_CHARS) lines.pop(); // its last line may be cut short
  const first = lines.find((line) => line.trim() !== '' && !line.startsWith(';;'));
  if (first === undefined) return lines.some((line) => line.startsWith(';;'));
  const fields = first.trim().split(/\s+/);
  return fields.length >= 5 && unsignedDecimal(fields[3]) !== undefined && unsignedDecimal(fields[4]) !== undefined;
}

export const stmFormat: FormatAdapter = {
  name: 'stm',
  title: 'NIST segment time marks (.stm)',
  extensions: ['.stm'],
  sniff: sniffStm,
  read: readStm,
};
