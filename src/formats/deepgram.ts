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
import { arrayAt, isObject, objectAt, pathTo, readJsonObject, sniffJsonObject, speakerAt, stringAt, type JsonObject } from './json-value';
import { spanRows, timedSpanAt } from './span-rows';
import type { FormatAdapter, FormatWarning, ReadResult, TranscriptRow } from './types';
import { sentenceRows } from './word-sentences';

function alternativeRows(alternative: JsonObject, path: string, warnings: FormatWarning[]): TranscriptRow[] {
  const paragraphs = alternative['paragraphs'];
  if (isObject(paragraphs) && paragraphs['paragraphs'] !== undefined) {
    const at = pathTo(pathTo(path, 'paragraphs'), 'paragraphs');
    return arrayAt(paragraphs['paragraphs'], at).flatMap((value, i) => {
      const paragraphPath = pathTo(at, i);
      const paragraph = objectAt(value, paragraphPath);
      const speaker = speakerAt(paragraph['speaker'], pathTo(paragraphPath, 'speaker'));
      const sentencesPath = pathTo(paragraphPath, 'sentences');
      return spanRows(arrayAt(paragraph['sentences'], sentencesPath), sentencesPath, { textKey: 'text', perSecond: 1, speaker }, warnings);
    });
  }
  const words = alternative['words'];
  if (Array.isArray(words) && words.length > 0) {
    const wordsPath = pathTo(path, 'words');
    return sentenceRows(
      words.map((word, i) => {
        const textKey = isObject(word) && word['punctuated_word'] !== undefined ? 'punctuated_word' : 'word';
        return timedSpanAt(word, pathTo(wordsPath, i), { textKey, perSecond: 1 }, warnings);
      }),
    );
  }
  const transcript = alternative['transcript'] === undefined ? '' : stringAt(alternative['transcript'], pathTo(path, 'transcript')).trim();
  return transcript === '' ? [] : [{ transcript }];
}

function readDeepgram(bytes: Uint8Array): ReadResult {
  const root = readJsonObject(bytes);
  const results = objectAt(root['results'], 'results');
  const warnings: FormatWarning[] = [];
  if (results['utterances'] !== undefined && results['utterances'] !== null) {
    const path = 'results.utterances';
    return { rows: spanRows(arrayAt(results['utterances'], path), path, { textKey: 'transcript', perSecond: 1 }, warnings), warnings };
  }
  const channels = arrayAt(results['channels'], 'results.channels');
  if (channels.length === 0) return { rows: [], warnings };
  if (channels.length > 1) warnings.push({ message: `the response has ${channels.length} channels: only the first is read (ask Deepgram for utterances to read them all)`, location: { path: 'results.channels' } });
  const channel = objectAt(channels[0], 'results.channels[0]');
  const alternatives = arrayAt(channel['alternatives'], 'results.channels[0].alternatives');
  if (alternatives.length === 0) return { rows: [], warnings };
  const path = 'results.channels[0].alternatives[0]';
  return { rows: alternativeRows(objectAt(alternatives[0], path), path, warnings), warnings };
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
