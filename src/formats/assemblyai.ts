/**
 * AssemblyAI transcripts (GET /v2/transcript/{id}, or its /sentences endpoint), times in
 * milliseconds (seconds in the rows).
 *
 * Rows: one per `utterances[]` entry (speaker turns, present when speaker labels were asked
 * for), speaker as given (`"A"`, `"B"`). Without utterances (`null` or absent): one row per
 * sentence: the `sentences[]` of the sentences endpoint where the file is one, else the `words[]`
 * split into sentences after terminal punctuation (times from the words), else the whole `text`
 * as one row without times. A transcript whose status is not `completed` is an error.
 */
import { arrayAt, numberAt, objectAt, parseJson, pathTo, sniffJsonObject, speakerAt, stringAt, type Json, type JsonObject } from './json-value';
import { FormatError, type FormatAdapter, type FormatWarning, type ReadResult, type TranscriptRow } from './types';
import { sentenceRows } from './word-sentences';

/** Rows from `utterances[]` or `sentences[]`: text, start, end (ms) and an optional speaker each. */
function spanRows(spans: Json[], path: string, warnings: FormatWarning[]): TranscriptRow[] {
  const rows: TranscriptRow[] = [];
  let blank = 0;
  spans.forEach((value, i) => {
    const at = pathTo(path, i);
    const span = objectAt(value, at);
    const transcript = stringAt(span['text'], pathTo(at, 'text')).trim();
    const start = numberAt(span['start'], pathTo(at, 'start')) / 1000;
    const end = numberAt(span['end'], pathTo(at, 'end')) / 1000;
    if (transcript === '') {
      blank++;
      return;
    }
    const row: TranscriptRow = { transcript };
    const speaker = speakerAt(span['speaker'], pathTo(at, 'speaker'));
    if (speaker !== undefined) row.speaker = speaker;
    row.start_time = start;
    row.end_time = end;
    rows.push(row);
  });
  if (blank > 0) warnings.push({ message: `${blank} entr(ies) of ${path} with blank text are not rows`, location: { path } });
  return rows;
}

function wordRows(root: JsonObject): TranscriptRow[] {
  const words = arrayAt(root['words'], 'words').map((value, i) => {
    const at = pathTo('words', i);
    const word = objectAt(value, at);
    const speaker = speakerAt(word['speaker'], pathTo(at, 'speaker'));
    return {
      text: stringAt(word['text'], pathTo(at, 'text')),
      start: numberAt(word['start'], pathTo(at, 'start')) / 1000,
      end: numberAt(word['end'], pathTo(at, 'end')) / 1000,
      ...(speaker !== undefined ? { speaker } : {}),
    };
  });
  return sentenceRows(words);
}

function readAssemblyAi(bytes: Uint8Array): ReadResult {
  const root = objectAt(parseJson(bytes), '');
  const status = root['status'];
  if (typeof status === 'string' && status !== 'completed') {
    const reason = typeof root['error'] === 'string' ? `: ${root['error']}` : '';
    throw new FormatError(`the transcript's status is "${status}", not "completed"${reason}`, { path: 'status' });
  }
  const warnings: FormatWarning[] = [];
  const utterances = root['utterances'];
  if (utterances !== undefined && utterances !== null) return { rows: spanRows(arrayAt(utterances, 'utterances'), 'utterances', warnings), warnings };
  if (root['sentences'] !== undefined) return { rows: spanRows(arrayAt(root['sentences'], 'sentences'), 'sentences', warnings), warnings };
  if (Array.isArray(root['words']) && root['words'].length > 0) return { rows: wordRows(root), warnings };
  const text = root['text'] === undefined || root['text'] === null ? '' : stringAt(root['text'], 'text').trim();
  return { rows: text === '' ? [] : [{ transcript: text }], warnings };
}

export const assemblyAiFormat: FormatAdapter = {
  name: 'assemblyai',
  title: 'AssemblyAI transcript (.json)',
  extensions: ['.json'],
  sniff: (text) => {
    const root = sniffJsonObject(text);
    if (!root || 'results' in root || 'segments' in root || 'monologues' in root) return false;
    return 'utterances' in root || ('audio_url' in root && ('words' in root || 'text' in root)) || (Array.isArray(root['sentences']) && 'audio_duration' in root);
  },
  read: (bytes) => readAssemblyAi(bytes),
};

