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
import { arrayAt, pathTo, readJsonObject, sniffJsonObject, stringAt } from './json-value';
import { spanRows, timedSpanAt } from './span-rows';
import { FormatError, type FormatAdapter, type FormatWarning, type ReadResult } from './types';
import { sentenceRows } from './word-sentences';

// Utterances, sentences and words give their times in milliseconds.
const SPAN = { textKey: 'text', perSecond: 1000 };

function readAssemblyAi(bytes: Uint8Array): ReadResult {
  const root = readJsonObject(bytes);
  const status = root['status'];
  if (typeof status === 'string' && status !== 'completed') {
    const reason = typeof root['error'] === 'string' ? `: ${root['error']}` : '';
    throw new FormatError(`the transcript's status is "${status}", not "completed"${reason}`, { path: 'status' });
  }
  const warnings: FormatWarning[] = [];
  const utterances = root['utterances'];
  if (utterances !== undefined && utterances !== null) return { rows: spanRows(arrayAt(utterances, 'utterances'), 'utterances', SPAN, warnings), warnings };
  if (root['sentences'] !== undefined) return { rows: spanRows(arrayAt(root['sentences'], 'sentences'), 'sentences', SPAN, warnings), warnings };
  if (Array.isArray(root['words']) && root['words'].length > 0) {
    return { rows: sentenceRows(root['words'].map((word, i) => timedSpanAt(word, pathTo('words', i), SPAN, warnings))), warnings };
  }
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

