/**
 * OpenAI Whisper `verbose_json` output: `segments[]` with `start`, `end` (seconds) and `text`.
 * One row per segment whose text is not blank (a warning counts the blank ones).
 *
 * Whisper gives no speaker. Diarizing variants of the same shape (OpenAI's `diarized_json`,
 * WhisperX) put a `speaker` label on each segment: where a segment has one, it is the row's
 * speaker; otherwise the row has no speaker key.
 */
import { arrayAt, numberAt, objectAt, parseJson, pathTo, speakerAt, stringAt, sniffJsonObject, isObject } from './json-value';
import type { FormatAdapter, FormatWarning, ReadResult, TranscriptRow } from './types';

function readWhisper(bytes: Uint8Array): ReadResult {
  const root = objectAt(parseJson(bytes), '');
  const rows: TranscriptRow[] = [];
  let blank = 0;
  arrayAt(root['segments'], 'segments').forEach((value, i) => {
    const path = pathTo('segments', i);
    const segment = objectAt(value, path);
    const transcript = stringAt(segment['text'], pathTo(path, 'text')).trim();
    const start = numberAt(segment['start'], pathTo(path, 'start'));
    const end = numberAt(segment['end'], pathTo(path, 'end'));
    if (transcript === '') {
      blank++;
      return;
    }
    const row: TranscriptRow = { transcript };
    const speaker = speakerAt(segment['speaker'], pathTo(path, 'speaker'));
    if (speaker !== undefined) row.speaker = speaker;
    row.start_time = start;
    row.end_time = end;
    rows.push(row);
  });
  const warnings: FormatWarning[] = blank > 0 ? [{ message: `${blank} segment(s) with blank text are not rows`, location: { path: 'segments' } }] : [];
  return { rows, warnings };
}

export const whisperFormat: FormatAdapter = {
  name: 'whisper',
  title: 'OpenAI Whisper verbose_json (.json)',
  extensions: ['.json'],
  sniff: (text) => {
    const root = sniffJsonObject(text);
    const segments = root?.['segments'];
    if (!root || !Array.isArray(segments) || 'results' in root || 'monologues' in root || 'utterances' in root) return false;
    // An empty transcription still says what it did.
    if (segments.length === 0) return 'task' in root || 'language' in root || 'duration' in root;
    const first = segments[0];
    return isObject(first) && typeof first['start'] === 'number' && typeof first['text'] === 'string';
  },
  read: (bytes) => readWhisper(bytes),
};
