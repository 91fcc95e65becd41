/**
 * WebVTT subtitles (W3C WebVTT): the `WEBVTT` line, then blocks separated by blank lines. Cues are
 * an optional identifier, a timing line `(hh:)mm:ss.ttt --> (hh:)mm:ss.ttt [settings]` and text;
 * NOTE, STYLE and REGION blocks carry no speech and are skipped.
 *
 * Speakers come from voice spans `<v Name>`. A cue with several voices gives one row per voice, in
 * the cue's order and each with the cue's times, so that every word keeps its own speaker. Text
 * outside any voice has no speaker, unless ReadOptions.speakerPrefix reads a leading `NAME:`.
 * Other markup (classes, styling, ruby annotations, karaoke timestamps) is removed, character
 * references are decoded, and whitespace (line breaks and no-break spaces too) is one space.
 */
import { cueRows } from './cue-rows';
import { oneLine } from './row-fields';
import { clockSeconds } from './seconds';
import { prefixTurns, Turn } from './speaker-prefix';
import { decodeText, splitLines } from './text';
import { checkSpan } from './time-span';
import { FormatAdapter, FormatError, FormatWarning, ReadOptions, ReadResult, TranscriptRow } from './types';

const TIME = String.raw`(?:(\d+):)?(\d{2}):(\d{2})\.(\d{3})`;
const TIMING = new RegExp(String.raw`^\s*${TIME}[ \t]+-->[ \t]+${TIME}(?:[ \t].*)?$`);
const TIMING_EXAMPLE = '00:01.000 --> 00:04.500';
const SIGNATURE = /^WEBVTT(?:[ \t]|$)/;
const SKIPPED_BLOCK = /^(?:NOTE|STYLE|REGION)(?:[ \t]|$)/;
const VOICE = /^v(?:\.[^\s>]*)?(?:[ \t]+(.*))?$/s;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', nbsp: '\u00a0', lrm: '\u200e', rlm: '\u200f', quot: '"', apos: "'" };

/** `text` with WebVTT's character references decoded; an unknown name is left as written. */
function decodeEntities(text: string): string {
  return text.replace(/&(?:#(\d+)|#[xX]([0-9a-fA-F]+)|([a-zA-Z]+));/g, (whole, decimal?: string, hex?: string, name?: string) => {
    if (name !== undefined) return ENTITIES[name] ?? whole;
    const code = decimal !== undefined ? Number(decimal) : parseInt(hex as string, 16);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** The start and end seconds of a timing line, or null when it is not one. */
function parseTiming(line: string): [number, number] | null {
  const m = TIMING.exec(line);
  if (m === null || Number(m[3]) >= 60 || Number(m[7]) >= 60) return null;
  return [clockSeconds(m[1] ?? '0', m[2], m[3], m[4]), clockSeconds(m[5] ?? '0', m[6], m[7], m[8])];
}

interface Span {
  voice?: string;
  text: string;
}

/** The cue text split where voices begin and end, markup removed, references decoded. */
function voiceSpans(payload: string): Span[] {
  const spans: Span[] = [];
  let current: Span = { text: '' };
  let inRubyText = false;
  for (const part of payload.split(/(<[^>]*>)/)) {
    if (!part.startsWith('<') || !part.endsWith('>')) {
      // Ruby text (<rt>) annotates the reading of the base text: it is not said a second time.
      if (!inRubyText) current.text += part;
      continue;
    }
    const tag = part.slice(1, -1);
    const voice = VOICE.exec(tag);
    if (voice !== null || tag === '/v') {
      spans.push(current);
      const name = voice?.[1]?.trim();
      current = name ? { voice: name, text: '' } : { text: '' };
    } else if (tag === 'rt') {
      inRubyText = true;
    } else if (tag === '/rt') {
      inRubyText = false;
    }
  }
  spans.push(current);
  // A voice that resumes after a nested span (or an empty one) is still one turn.
  const merged: Span[] = [];
  for (const span of spans) {
    const text = decodeEntities(span.text);
    const last = merged[merged.length - 1];
    if (last !== undefined && last.voice === span.voice) last.text += text;
    else merged.push({ ...span, text });
  }
  return merged;
}

function cueTurns(payload: string, speakerPrefix: boolean): Turn[] {
  const turns = voiceSpans(payload).flatMap((span): Turn[] => {
    if (span.voice !== undefined) return [{ speaker: span.voice, text: oneLine(span.text) }];
    return speakerPrefix ? prefixTurns(span.text.split('\n')) : [{ text: oneLine(span.text) }];
  });
  const said = turns.filter((turn) => turn.text !== '');
  return said.length > 0 ? said : [{ text: '' }];
}

function readVtt(bytes: Uint8Array, options: ReadOptions = {}): ReadResult {
  const lines = splitLines(decodeText(bytes));
  if (!SIGNATURE.test(lines[0])) throw new FormatError('expected the line WEBVTT at the start of the file', { line: 1 });
  const rows: TranscriptRow[] = [];
  const warnings: FormatWarning[] = [];
  // The header runs to the first blank line; a timing line before it starts the first cue.
  let i = 1;
  while (i < lines.length && lines[i].trim() !== '' && !lines[i].includes('-->')) i++;
  if (i < lines.length && lines[i].includes('-->')) {
    warnings.push({ message: 'this cue starts without a blank line after the WEBVTT header', location: { line: i + 1 } });
  }
  while (i < lines.length) {
    if (lines[i].trim() === '') {
      i++;
      continue;
    }
    if (SKIPPED_BLOCK.test(lines[i])) {
      while (i < lines.length && lines[i].trim() !== '') i++;
      continue;
    }
    const timingAt = lines[i].includes('-->') ? i : i + 1;
    if (timingAt >= lines.length || !lines[timingAt].includes('-->')) {
      throw new FormatError(`expected a cue: an optional identifier line, then a timing line such as ${TIMING_EXAMPLE} (or a NOTE, STYLE or REGION block)`, {
        line: Math.min(timingAt, lines.length - 1) + 1,
      });
    }
    const times = parseTiming(lines[timingAt]);
    if (times === null) {
      throw new FormatError(`the timing line does not parse: expected (hh:)mm:ss.ttt --> (hh:)mm:ss.ttt, such as ${TIMING_EXAMPLE}`, { line: timingAt + 1 });
    }
    checkSpan(times[0], times[1], { line: timingAt + 1 }, warnings);
    // The text runs to a blank line; a line with `-->` cannot be text (the format forbids it) and starts the next cue.
    let end = timingAt + 1;
    while (end < lines.length && lines[end].trim() !== '' && !lines[end].includes('-->')) end++;
    if (end < lines.length && lines[end].includes('-->')) {
      warnings.push({ message: 'this cue starts without a blank line before it', location: { line: end + 1 } });
    }
    rows.push(...cueRows(cueTurns(lines.slice(timingAt + 1, end).join('\n'), options.speakerPrefix === true), times, { line: timingAt + 1 }, warnings));
    i = end;
  }
  return { rows, warnings };
}

export const vttFormat: FormatAdapter = {
  name: 'vtt',
  title: 'WebVTT subtitles (.vtt)',
  extensions: ['.vtt'],
  sniff: (text) => /^\uFEFF?WEBVTT(?:[ \t\r\n]|$)/.test(text),
  read: readVtt,
};
