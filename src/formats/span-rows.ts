/**
 * An ASR provider's timed text as rows. Providers write a word, a sentence or a speaker turn
 * alike: an object with its text, `start`, `end` and maybe a `speaker`. Lists of sentences or
 * turns (Whisper segments, AssemblyAI utterances and sentences, Deepgram utterances and paragraph
 * sentences) give one row per entry whose text is not blank, and a warning counts the others.
 */
import { numberAt, objectAt, pathTo, speakerAt, stringAt, type Json } from './json-value';
import { orderedRow } from './row-fields';
import { checkSpan } from './time-span';
import type { FormatWarning, TranscriptRow } from './types';
import type { TimedWord } from './word-sentences';

export interface SpanShape {
  /** The key of the text: `text`, or Deepgram's `transcript`, `word` or `punctuated_word`. */
  textKey: string;
  /** Units of `start` and `end` per second: 1 for seconds, 1000 for AssemblyAI's milliseconds. */
  perSecond: number;
  /** The speaker where the object names none (a Deepgram paragraph's, for its sentences). */
  speaker?: string;
}

/** The object at `path` as text (as written), times in seconds, and a speaker where there is one. */
export function timedSpanAt(value: Json, path: string, shape: SpanShape, warnings: FormatWarning[]): TimedWord & { start: number; end: number } {
  const span = objectAt(value, path);
  const text = stringAt(span[shape.textKey], pathTo(path, shape.textKey));
  const start = numberAt(span['start'], pathTo(path, 'start')) / shape.perSecond;
  const end = numberAt(span['end'], pathTo(path, 'end')) / shape.perSecond;
  checkSpan(start, end, { path }, warnings, 'this entry');
  const speaker = speakerAt(span['speaker'], pathTo(path, 'speaker')) ?? shape.speaker;
  return speaker === undefined ? { text, start, end } : { text, start, end, speaker };
}

/** The rows of `spans` (the array at `path`), in their order. */
export function spanRows(spans: Json[], path: string, shape: SpanShape, warnings: FormatWarning[]): TranscriptRow[] {
  const rows = spans.flatMap((value, i) => {
    const { text, start, end, speaker } = timedSpanAt(value, pathTo(path, i), shape, warnings);
    const transcript = text.trim();
    return transcript === '' ? [] : [orderedRow({ transcript, speaker, start_time: start, end_time: end })];
  });
  const blank = spans.length - rows.length;
  if (blank > 0) warnings.push({ message: `entries of ${path} with blank text are not rows: ${blank} of ${spans.length}`, location: { path } });
  return rows;
}
