/**
 * Amazon Transcribe batch output: `results.items[]`, each a `pronunciation` (a word, with
 * `start_time`/`end_time` as strings of seconds and its text in `alternatives[0].content`) or a
 * `punctuation` mark, which belongs to the word before it.
 *
 * With speaker diarization (`results.speaker_labels.segments[]`, each with a `speaker_label`,
 * `start_time`, `end_time` and the times of its words in `items[]`): one row per segment, its
 * words in item order, the segment's times and label (`spk_0`). A word no segment lists stays
 * with the segment of the word before it (at the start, after it), with a warning. Without speaker labels: one row
 * per sentence, split after terminal punctuation, times from its words.
 *
 * With channel identification (`results.channel_labels.channels[]`, each with a `channel_label`
 * and its own `items[]`): the words of all channels in time order, one row per turn, a turn being
 * the run of words of one channel until another channel speaks; the speaker is the channel's
 * label (`ch_0`). A word that ends before it starts is kept, with a warning at its path.
 *
 * `results.audio_segments[]` of newer outputs are not used: they are recognition segments, not
 * speaker turns or sentences, and older outputs lack them.
 */
import { arrayAt, isObject, objectAt, pathTo, readJsonObject, secondsAt, sniffJsonObject, stringAt, type Json, type JsonObject } from './json-value';
import { checkSpan } from './time-span';
import { FormatError, type FormatAdapter, type FormatWarning, type ReadResult, type TranscriptRow } from './types';
import { sentenceRows } from './word-sentences';

/** A spoken word with the punctuation that follows it, times in seconds. */
interface Word {
  text: string;
  start: number;
  end: number;
}

function readWords(items: Json | undefined, itemsPath: string, warnings: FormatWarning[]): Word[] {
  const words: Word[] = [];
  let leading = '';
  arrayAt(items, itemsPath).forEach((value, i) => {
    const path = pathTo(itemsPath, i);
    const item = objectAt(value, path);
    const type = stringAt(item['type'], pathTo(path, 'type'));
    const alternatives = arrayAt(item['alternatives'], pathTo(path, 'alternatives'));
    const content = stringAt(objectAt(alternatives[0], pathTo(path, 'alternatives[0]'))['content'], pathTo(path, 'alternatives[0].content'));
    if (type === 'punctuation') {
      const previous = words[words.length - 1];
      if (previous) previous.text += content;
      else leading += content;
    } else if (type === 'pronunciation') {
      const start = secondsAt(item['start_time'], pathTo(path, 'start_time'));
      const end = secondsAt(item['end_time'], pathTo(path, 'end_time'));
      checkSpan(start, end, { path }, warnings, 'this word');
      words.push({ text: leading + content, start, end });
      leading = '';
    } else {
      throw new FormatError(`expected "pronunciation" or "punctuation" at ${pathTo(path, 'type')}, found "${type}"`, { path: pathTo(path, 'type') });
    }
  });
  return words;
}

function segmentRows(words: Word[], segments: JsonObject[], warnings: FormatWarning[]): TranscriptRow[] {
  // A word belongs to the segment that lists its times; equal times are taken in segment order.
  const listed = new Map<string, number[]>();
  segments.forEach((segment, s) => {
    const itemsPath = pathTo(pathTo('results.speaker_labels.segments', s), 'items');
    arrayAt(segment['items'], itemsPath).forEach((value, k) => {
      const at = pathTo(itemsPath, k);
      const item = objectAt(value, at);
      const key = `${secondsAt(item['start_time'], pathTo(at, 'start_time'))}|${secondsAt(item['end_time'], pathTo(at, 'end_time'))}`;
      listed.set(key, [...(listed.get(key) ?? []), s]);
    });
  });
  const owners = words.map((word) => listed.get(`${word.start}|${word.end}`)?.shift());
  const firstListed = owners.find((owner) => owner !== undefined);
  const unlisted = owners.filter((owner) => owner === undefined).length;
  if (firstListed === undefined) {
    if (words.length > 0) warnings.push({ message: 'no word of results.items is listed in a speaker segment: rows are sentences, without speakers', location: { path: 'results.speaker_labels.segments' } });
    return sentenceRows(words);
  }
  if (unlisted > 0) {
    warnings.push({ message: `${unlisted} word(s) of results.items are in no speaker segment: each is kept with the segment of the word before it (at the start, after it)`, location: { path: 'results.speaker_labels.segments' } });
  }
  const wordsOf: Word[][] = segments.map(() => []);
  let owner = firstListed;
  words.forEach((word, i) => {
    owner = owners[i] ?? owner;
    wordsOf[owner]?.push(word);
  });

  const rows: TranscriptRow[] = [];
  let empty = 0;
  segments.forEach((segment, s) => {
    const path = pathTo('results.speaker_labels.segments', s);
    const speaker = stringAt(segment['speaker_label'], pathTo(path, 'speaker_label'));
    const start = secondsAt(segment['start_time'], pathTo(path, 'start_time'));
    const end = secondsAt(segment['end_time'], pathTo(path, 'end_time'));
    const segmentWords = wordsOf[s] ?? [];
    if (segmentWords.length === 0) {
      empty++;
      return;
    }
    rows.push({ transcript: segmentWords.map((word) => word.text).join(' '), speaker, start_time: start, end_time: end });
  });
  if (empty > 0) warnings.push({ message: `${empty} speaker segment(s) hold no word of results.items and are not rows`, location: { path: 'results.speaker_labels.segments' } });
  return rows;
}

/** One row per channel turn: the channels' words merged by start time (ties in channel order). */
function channelRows(labels: JsonObject, warnings: FormatWarning[]): TranscriptRow[] {
  const channelsPath = 'results.channel_labels.channels';
  const words = arrayAt(labels['channels'], channelsPath).flatMap((value, c) => {
    const path = pathTo(channelsPath, c);
    const channel = objectAt(value, path);
    const label = stringAt(channel['channel_label'], pathTo(path, 'channel_label'));
    return readWords(channel['items'], pathTo(path, 'items'), warnings).map((word) => ({ ...word, label }));
  });
  words.sort((a, b) => a.start - b.start);
  const rows: TranscriptRow[] = [];
  let turn: typeof words = [];
  const close = () => {
    if (turn.length === 0) return;
    rows.push({ transcript: turn.map((word) => word.text).join(' '), speaker: turn[0].label, start_time: turn[0].start, end_time: Math.max(...turn.map((word) => word.end)) });
    turn = [];
  };
  for (const word of words) {
    if (turn.length > 0 && word.label !== turn[0].label) close();
    turn.push(word);
  }
  close();
  return rows;
}

function readAws(bytes: Uint8Array): ReadResult {
  const root = readJsonObject(bytes);
  const status = root['status'];
  if (typeof status === 'string' && status !== 'COMPLETED') {
    throw new FormatError(`the transcription job's status is "${status}", not "COMPLETED"`, { path: 'status' });
  }
  const results = objectAt(root['results'], 'results');
  const warnings: FormatWarning[] = [];
  const labels = results['speaker_labels'];
  const channels = results['channel_labels'];
  if ((labels === undefined || labels === null) && channels !== undefined && channels !== null) {
    return { rows: channelRows(objectAt(channels, 'results.channel_labels'), warnings), warnings };
  }
  const words = readWords(results['items'], 'results.items', warnings);
  if (labels === undefined || labels === null) return { rows: sentenceRows(words), warnings };
  const segmentsPath = 'results.speaker_labels.segments';
  const segments = arrayAt(objectAt(labels, 'results.speaker_labels')['segments'], segmentsPath).map((value, s) => objectAt(value, pathTo(segmentsPath, s)));
  return { rows: segmentRows(words, segments, warnings), warnings };
}

export const awsFormat: FormatAdapter = {
  name: 'aws',
  title: 'Amazon Transcribe output (.json)',
  extensions: ['.json'],
  sniff: (text) => {
    const results = sniffJsonObject(text)?.['results'];
    return isObject(results) && (Array.isArray(results['items']) || Array.isArray(results['transcripts']));
  },
  read: (bytes) => readAws(bytes),
};
