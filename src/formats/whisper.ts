/**
 * OpenAI Whisper `verbose_json` output: `segments[]` with `start`, `end` (seconds) and `text`.
 * One row per segment whose text is not blank (a warning counts the blank ones).
 *
 * Whisper gives no speaker. Diarizing variants of the same shape (OpenAI's `diarized_json`,
 * WhisperX) put a `speaker` label on each segment: where a segment has one, it is the row's
 * speaker; otherwise the row has no speaker key.
 */
import { arrayAt, isObject, readJsonObject, sniffJsonObject } from './json-value';
import { spanRows } from './span-rows';
import type { FormatAdapter, FormatWarning, ReadResult } from './types';

function readWhisper(bytes: Uint8Array): ReadResult {
  const root = readJsonObject(bytes);
  const warnings: FormatWarning[] = [];
  const rows = spanRows(arrayAt(root['segments'], 'segments'), 'segments', { textKey: 'text', perSecond: 1 }, warnings);
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
