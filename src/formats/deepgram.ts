/**
 * Deepgram pre-recorded responses (`/v1/listen`), times in seconds.
 *
 * Rows: one per `results.utterances[]` entry (present with `utterances=true`), speaker as given
 * turned into a string (Deepgram numbers speakers from 0: speaker `0` is `"0"`; no `speaker`
 * without diarization, then no speaker key). Without utterances, the first channel's first
 * alternative gives one row per sentence: its `paragraphs.paragraphs[].sentences[]` where present
 * (each paragraph's speaker for its sentences), else its `words[]` split into sentences after
 * terminal punctuation (`punctuated_word` where given), else its `transcript` as one row. Other
 * channels of a multichannel response are not read (a warning says so).
 */
import { arrayAt, isObject, numberAt, objectAt, parseJson, pathTo, sniffJsonObject, speakerAt, stringAt, type Json, type JsonObject } from './json-value';
import type { FormatAdapter, FormatWarning, ReadResult, TranscriptRow } from './types';
import { sentenceRows, type TimedWord } from './word-sentences';

/** A row from an object with `start`, `end` and its text under `textKey`, or undefined when the text is blank. */
function timedRow(value: Json, path: string, textKey: string, speaker: string | undefined): TranscriptRow | undefined {
  const span = objectAt(value, path);
  const transcript = stringAt(span[textKey], pathTo(path, textKey)).trim();
  const start = numberAt(span['start'], pathTo(path, 'start'));
  const end = numberAt(span['end'], pathTo(path, 'end'));
  if (transcript === '') return undefined;
  const row: TranscriptRow = { transcript };
  if (speaker !== undefined) row.speaker = speaker;
  row.start_time = start;
  row.end_time = end;
  return row;
}

function alternativeRows(alternative: JsonObject, path: string): TranscriptRow[] {
  const paragraphs = alternative['paragraphs'];
  if (isObject(paragraphs) && paragraphs['paragraphs'] !== undefined) {
    const at = pathTo(pathTo(path, 'paragraphs'), 'paragraphs');
    return arrayAt(paragraphs['paragraphs'], at).flatMap((value, i) => {
      const paragraphPath = pathTo(at, i);
      const paragraph = objectAt(value, paragraphPath);
      const speaker = speakerAt(paragraph['speaker'], pathTo(paragraphPath, 'speaker'));
      const sentencesPath = pathTo(paragraphPath, 'sentences');
      return arrayAt(paragraph['sentences'], sentencesPath).flatMap((sentence, j) => timedRow(sentence, pathTo(sentencesPath, j), 'text', speaker) ?? []);
    });
  }
  const words = alternative['words'];
  if (Array.isArray(words) && words.length > 0) {
    const wordsPath = pathTo(path, 'words');
    return sentenceRows(
      words.map((value, i): TimedWord => {
        const at = pathTo(wordsPath, i);
        const word = objectAt(value, at);
        const text = word['punctuated_word'] !== undefined ? stringAt(word['punctuated_word'], pathTo(at, 'punctuated_word')) : stringAt(word['word'], pathTo(at, 'word'));
        const speaker = speakerAt(word['speaker'], pathTo(at, 'speaker'));
        return { text, start: numberAt(word['start'], pathTo(at, 'start')), end: numberAt(word['end'], pathTo(at, 'end')), ...(speaker !== undefined ? { speaker } : {}) };
      }),
    );
  }
  const transcript = alternative['transcript'] === undefined ? '' : stringAt(alternative['transcript'], pathTo(path, 'transcript')).trim();
  return transcript === '' ? [] : [{ transcript }];
}

function readDeepgram(bytes: Uint8Array): ReadResult {
  const root = objectAt(parseJson(bytes), '');
  const results = objectAt(root['results'], 'results');
  const warnings: FormatWarning[] = [];
  if (results['utterances'] !== undefined && results['utterances'] !== null) {
    const utterances = arrayAt(results['utterances'], 'results.utterances');
    const rows = utterances.flatMap((value, i) => {
      const path = pathTo('results.utterances', i);
      return timedRow(value, path, 'transcript', speakerAt(objectAt(value, path)['speaker'], pathTo(path, 'speaker'))) ?? [];
    });
    if (rows.length < utterances.length) warnings.push({ message: `${utterances.length - rows.length} utterance(s) with a blank transcript are not rows`, location: { path: 'results.utterances' } });
    return { rows, warnings };
  }
  const channels = arrayAt(results['channels'], 'results.channels');
  if (channels.length === 0) return { rows: [], warnings };
  if (channels.length > 1) warnings.push({ message: `the response has ${channels.length} channels: only the first is read (ask Deepgram for utterances to read them all)`, location: { path: 'results.channels' } });
  const channel = objectAt(channels[0], 'results.channels[0]');
  const alternatives = arrayAt(channel['alternatives'], 'results.channels[0].alternatives');
  if (alternatives.length === 0) return { rows: [], warnings };
  const path = 'results.channels[0].alternatives[0]';
  return { rows: alternativeRows(objectAt(alternatives[0], path), path), warnings };
}

export const deepgramFormat: FormatAdapter = {
  name: 'deepgram',
  title: 'Deepgram response (.json)',
  extensions: ['.json'],
  sniff: (text) => {
    const results = sniffJsonObject(text)?.['results'];
    return isObject(results) && (Array.isArray(results['channels']) || Array.isArray(results['utterances'])) && !('items' in results) && !('transcripts' in results);
  },
  read: (bytes) => readDeepgram(bytes),
};
