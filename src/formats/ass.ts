/**
 * Advanced SubStation Alpha and SubStation Alpha subtitles (.ass, .ssa). Rows are the `Dialogue:`
 * lines of the [Events] section, read by the field names of its `Format:` line; Text is the last
 * field and keeps its commas. `Comment:` lines and the other event kinds are not rows.
 *
 * The speaker is the Name (older writers: Actor) field as written, and rows have no speaker where
 * it is empty: a name written inside the text is left there. Override blocks `{…}` (tags and
 * brace comments) are removed, and so is the vector drawing they may switch on (`{\p1}…{\p0}`);
 * the line breaks `\N`, `\n` and the hard space `\h` become spaces. Layer, style, margins and
 * effect are presentation, not content, so they are not row fields.
 */
import { nonBlank, oneLine, orderedRow } from './row-fields';
import { quoted } from './quote';
import { clockSeconds } from './seconds';
import { decodeText, splitLines } from './text';
import { checkSpan } from './time-span';
import { FormatAdapter, FormatError, FormatWarning, ReadResult, TranscriptRow } from './types';

const SECTION = /^\s*\[(.+)\]\s*$/;
const TIME = /^\s*(\d+):(\d{1,2}):(\d{1,2})(?:\.(\d+))?\s*$/;
const SPEAKER_FIELDS = ['name', 'actor'];

/** A Dialogue line's fields, each with the 1-based column where it starts. */
function splitFields(line: string, valueAt: number, count: number): { value: string; column: number }[] {
  const fields: { value: string; column: number }[] = [];
  let from = valueAt;
  for (let k = 0; k < count - 1; k++) {
    const comma = line.indexOf(',', from);
    if (comma < 0) break;
    fields.push({ value: line.slice(from, comma), column: from + 1 });
    from = comma + 1;
  }
  fields.push({ value: line.slice(from), column: from + 1 });
  return fields;
}

/** The spoken text of a Text field: override blocks and drawings removed, breaks as spaces. */
export function dialogueText(field: string): string {
  let text = '';
  let drawing = false;
  // An override block is `{…}`; a `{` never closed is shown as written, so it is text.
  for (const part of field.split(/(\{[^}]*\})/)) {
    if (part.startsWith('{') && part.endsWith('}')) {
      for (const scale of part.matchAll(/\\p(\d+)/g)) drawing = Number(scale[1]) > 0;
    } else if (!drawing) {
      text += part;
    }
  }
  return oneLine(text.replace(/\\[Nnh]/g, ' '));
}

interface EventFormat {
  line: number;
  names: string[];
  start: number;
  end: number;
  speaker: number;
}

function parseFormat(value: string, line: number): EventFormat {
  const names = value.split(',').map((name) => name.trim().toLowerCase());
  const index = (name: string) => names.indexOf(name);
  for (const required of ['start', 'end', 'text']) {
    if (index(required) < 0) throw new FormatError(`the [Events] Format line has no ${required[0].toUpperCase()}${required.slice(1)} field`, { line });
  }
  if (index('text') !== names.length - 1) throw new FormatError('the [Events] Format line must end with the Text field', { line });
  return { line, names, start: index('start'), end: index('end'), speaker: SPEAKER_FIELDS.map(index).find((k) => k >= 0) ?? -1 };
}

function readAss(bytes: Uint8Array): ReadResult {
  const lines = splitLines(decodeText(bytes));
  const rows: TranscriptRow[] = [];
  const warnings: FormatWarning[] = [];
  let section = '';
  let sawEvents = false;
  let format: EventFormat | null = null;
  for (let k = 0; k < lines.length; k++) {
    const text = lines[k];
    const line = k + 1;
    const header = SECTION.exec(text);
    if (header !== null) {
      section = header[1].trim().toLowerCase();
      sawEvents ||= section === 'events';
      continue;
    }
    if (section !== 'events') continue;
    const colon = text.indexOf(':');
    if (colon < 0) continue;
    const kind = text.slice(0, colon).trim().toLowerCase();
    if (kind === 'format') {
      format = parseFormat(text.slice(colon + 1), line);
      continue;
    }
    if (kind !== 'dialogue') continue;
    if (format === null) throw new FormatError('expected the [Events] Format line before the first Dialogue line', { line });
    const valueAt = colon + 1 + (text.slice(colon + 1).match(/^\s*/)?.[0].length ?? 0);
    const fields = splitFields(text, valueAt, format.names.length);
    if (fields.length < format.names.length) {
      throw new FormatError(`the Dialogue line has ${fields.length} fields, the Format line (line ${format.line}) names ${format.names.length}`, { line });
    }
    const names = format.names;
    const seconds = (at: number) => {
      const m = TIME.exec(fields[at].value);
      if (m === null || Number(m[2]) >= 60 || Number(m[3]) >= 60) {
        const negative = fields[at].value.trim().startsWith('-') ? ' (a time before the start of the video)' : '';
        throw new FormatError(`the ${names[at]} time ${quoted(fields[at].value.trim())} is not h:mm:ss.cc${negative}`, { line, column: fields[at].column });
      }
      return clockSeconds(m[1], m[2], m[3], m[4]);
    };
    const speaker = format.speaker < 0 ? undefined : nonBlank(fields[format.speaker].value);
    const transcript = dialogueText(fields[fields.length - 1].value);
    if (transcript === '') warnings.push({ message: 'this Dialogue line has no text: kept as an empty row', location: { line } });
    const start = seconds(format.start);
    const end = seconds(format.end);
    checkSpan(start, end, { line }, warnings, 'this Dialogue line');
    rows.push(orderedRow({ transcript, speaker, start_time: start, end_time: end }));
  }
  if (!sawEvents) throw new FormatError('no [Events] section: expected [Events] with a Format line and Dialogue lines');
  return { rows, warnings };
}

/** True when the text opens with [Script Info] (every ASS and SSA script does) or holds an [Events] section. */
function sniffAss(text: string): boolean {
  const first = /^.*\S.*$/m.exec(text)?.[0] ?? '';
  return /^\uFEFF?\s*\[script info\]\s*$/i.test(first) || /^[ \t]*\[events\][ \t]*\r?$/im.test(text);
}

export const assFormat: FormatAdapter = {
  name: 'ass',
  title: 'Advanced SubStation Alpha / SubStation Alpha subtitles (.ass, .ssa)',
  extensions: ['.ass', '.ssa'],
  sniff: sniffAss,
  read: readAss,
};
