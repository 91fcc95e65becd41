/**
 * NIST time-marked conversation files (.ctm, SCTK's sclite hypothesis format): one word a line,
 * `file channel begin duration word [confidence [type [speaker]]]` (the last two as the NIST RT
 * evaluations write them), `;;` comment lines and blank lines ignored.
 *
 * A CTM has words, not utterances, so rows are made as sclite's STM reference cuts speech: per
 * recording file and channel, the words by begin time, a new row after a pause longer than
 * ReadOptions.ctmGap seconds (default 1.0) between one word's end and the next one's begin, and at
 * a change of speaker when the file names speakers. A row runs from its first word's begin to its
 * last word's end; its speaker is the words' speaker where the file has one, else the row has none.
 *
 * The files and channels come in the order sclite sorts both its CTM and its STM (file, then
 * channel, in ASCII order), not in the order they first appear: an STM reference lists all of
 * channel A before channel B, so a hypothesis whose channels are interleaved by time, or whose
 * channel B speaks first, still lines up with it row for row. Rows are not merged across
 * channels by time for the same reason.
 */
import { fieldsOf, type Field } from './line-fields';
import { quoted } from './quote';
import { unsignedDecimal } from './seconds';
import { decodeText, splitLines } from './text';
import { FormatError, type FormatAdapter, type ReadOptions, type ReadResult, type TranscriptRow } from './types';

export const DEFAULT_CTM_GAP = 1.0;
const SHAPE = 'file channel begin duration word [confidence [type [speaker]]]';
const SNIFF_CHARS = 4096;
const ALTERNATION = /^<ALT(?:_BEGIN|_END)?>$/;

interface Word {
  text: string;
  start: number;
  end: number;
  speaker?: string;
}

function seconds(field: Field, what: string, line: number): number {
  const value = unsignedDecimal(field.value);
  if (value === undefined) throw new FormatError(`the ${what} ${quoted(field.value)} is not a number of seconds (${SHAPE})`, { line, column: field.column });
  return value;
}

/** `a + b` rounded to the decimals written, so that 0.49 + 0.21 is 0.7 and not 0.7000000000000001. */
function decimalSum(a: number, b: number, written: string[]): number {
  const decimals = Math.max(...written.map((text) => (text.includes('.') ? text.length - text.indexOf('.') - 1 : 0)));
  return Number((a + b).toFixed(Math.min(decimals, 20)));
}

/** The words of one channel of one recording file. */
interface Channel {
  file: string;
  channel: string;
  words: Word[];
}

/** `sort`'s order in the C locale, which sclite's documentation prescribes: by code unit, never by locale. */
const asciiOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byFileThenChannel = (a: Channel, b: Channel) => asciiOrder(a.file, b.file) || asciiOrder(a.channel, b.channel);

function readCtm(bytes: Uint8Array, options: ReadOptions = {}): ReadResult {
  const gap = options.ctmGap ?? DEFAULT_CTM_GAP;
  const groups = new Map<string, Channel>();
  splitLines(decodeText(bytes)).forEach((text, k) => {
    const line = k + 1;
    if (text.trim() === '' || text.startsWith(';;')) return;
    const fields = fieldsOf(text);
    if (fields.length < 5) throw new FormatError(`expected ${SHAPE}; found ${fields.length} field${fields.length === 1 ? '' : 's'}`, { line });
    const [file, channel, beginField, durationField, word] = fields as [Field, Field, Field, Field, Field];
    // sclite's reference alternations have no times ("*") and several texts for one place: no one row.
    if (ALTERNATION.test(word.value)) throw new FormatError(`${word.value} opens, separates or closes an sclite alternation, which is not read: keep one alternative`, { line, column: word.column });
    const start = seconds(beginField, 'begin time', line);
    const end = decimalSum(start, seconds(durationField, 'duration', line), [beginField.value, durationField.value]);
    const speaker = fields[7]?.value;
    // Fields hold no whitespace, so a space keeps file and channel apart in the key.
    const key = `${file.value} ${channel.value}`;
    const group = groups.get(key) ?? { file: file.value, channel: channel.value, words: [] };
    group.words.push(speaker === undefined ? { text: word.value, start, end } : { text: word.value, start, end, speaker });
    groups.set(key, group);
  });
  const rows: TranscriptRow[] = [];
  for (const { words } of [...groups.values()].sort(byFileThenChannel)) {
    // sclite requires a CTM sorted by time within a channel; a stable sort accepts one that is not.
    words.sort((a, b) => a.start - b.start);
    let current: Word[] = [];
    let end = 0;
    const close = () => {
      if (current.length === 0) return;
      const row: TranscriptRow = { transcript: current.map((w) => w.text).join(' ') };
      if (current[0].speaker !== undefined) row.speaker = current[0].speaker;
      row.start_time = current[0].start;
      row.end_time = end;
      rows.push(row);
      current = [];
    };
    for (const word of words) {
      const last = current[current.length - 1];
      if (last !== undefined && (word.start - end > gap || word.speaker !== last.speaker)) close();
      end = current.length === 0 ? word.end : Math.max(end, word.end);
      current.push(word);
    }
    close();
  }
  return { rows, warnings: [] };
}

/** True when the first line that is not a comment has a CTM's shape: two numbers after two fields, then a word. */
function sniffCtm(text: string): boolean {
  const lines = splitLines(text.slice(0, SNIFF_CHARS).replace(/^\uFEFF/, ''));
  const first = lines.find((line) => line.trim() !== '' && !line.startsWith(';;'));
  // Only comments: a hypothesis with no words, which sclite reads (STM and trn take it alike).
  if (first === undefined) return lines.some((line) => line.startsWith(';;'));
  const fields = first.trim().split(/\s+/);
  return fields.length >= 5 && fields.length <= 8 && unsignedDecimal(fields[2]) !== undefined && unsignedDecimal(fields[3]) !== undefined;
}

export const ctmFormat: FormatAdapter = {
  name: 'ctm',
  title: 'NIST time-marked conversation, one word a line (.ctm)',
  extensions: ['.ctm'],
  sniff: sniffCtm,
  read: readCtm,
};
