/**
 * How adapters write a row's fields: the keys in one order, text on one line, and names that are
 * not blank.
 */
import type { TranscriptRow } from './types';

/**
 * `fields` as a row with its keys in the contract's order (transcript, speaker, start_time,
 * end_time, non_speech_events, utterance_id) and no key for a value that is undefined: the keys of the first
 * row become meta.headers (D6.7), and a format that has no speaker gives rows without the key.
 */
export function orderedRow(fields: TranscriptRow): TranscriptRow {
  const row: TranscriptRow = { transcript: fields.transcript };
  if (fields.speaker !== undefined) row.speaker = fields.speaker;
  if (fields.start_time !== undefined) row.start_time = fields.start_time;
  if (fields.end_time !== undefined) row.end_time = fields.end_time;
  if (fields.non_speech_events !== undefined) row.non_speech_events = fields.non_speech_events;
  if (fields.utterance_id !== undefined) row.utterance_id = fields.utterance_id;
  return row;
}

/** `text` on one line: line breaks and whitespace runs as one space, trimmed (as a player shows it). */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** `name` trimmed, or undefined when it is absent or blank (then the format's fallback names the speaker). */
export function nonBlank(name: string | undefined): string | undefined {
  const trimmed = name?.trim();
  return trimmed === undefined || trimmed === '' ? undefined : trimmed;
}
