import fc from 'fast-check';
import { awsFormat } from '../../src/formats/aws';
import type { TranscriptRow } from '../../src/formats/types';
import { formatErrorOf, utf8 } from './helpers';

type Item = { id: number; type: string; alternatives: { confidence: string; content: string }[]; start_time?: string; end_time?: string; speaker_label?: string };
const word = (id: number, content: string, start: string, end: string, speaker: string): Item => ({ id, start_time: start, speaker_label: speaker, end_time: end, alternatives: [{ confidence: '0.999', content }], type: 'pronunciation' });
const mark = (id: number, content: string, speaker: string): Item => ({ id, speaker_label: speaker, alternatives: [{ confidence: '0.0', content }], type: 'punctuation' });

// A batch job's output with speaker diarization, as the Amazon Transcribe guide shows it.
const ITEMS: Item[] = [
  word(0, "I've", '4.87', '5.02', 'spk_0'),
  word(1, 'been', '5.02', '5.17', 'spk_0'),
  word(2, 'on', '5.17', '5.29', 'spk_0'),
  word(3, 'hold', '5.29', '5.64', 'spk_0'),
  word(4, 'for', '5.64', '5.84', 'spk_0'),
  word(5, 'an', '6.11', '6.26', 'spk_0'),
  word(6, 'hour', '6.26', '6.88', 'spk_0'),
  mark(7, '.', 'spk_0'),
  word(8, 'Sorry', '8.49', '8.88', 'spk_1'),
  word(9, 'about', '8.88', '9.05', 'spk_1'),
  word(10, 'that', '9.05', '9.24', 'spk_1'),
  mark(11, '.', 'spk_1'),
];
const segment = (speaker: string, items: Item[]) => ({
  start_time: items[0]!.start_time,
  speaker_label: speaker,
  end_time: items[items.length - 1]!.end_time,
  items: items.map((item) => ({ start_time: item.start_time, speaker_label: speaker, end_time: item.end_time })),
});
const OUTPUT = {
  jobName: 'my-first-transcription-job',
  accountId: '111122223333',
  results: {
    transcripts: [{ transcript: "I've been on hold for an hour. Sorry about that." }],
    speaker_labels: { channel_label: 'ch_0', speakers: 2, segments: [segment('spk_0', ITEMS.slice(0, 7)), segment('spk_1', ITEMS.slice(8, 11))] },
    items: ITEMS,
  },
  status: 'COMPLETED',
};

const json = (value: unknown) => utf8(JSON.stringify(value, null, 2));
const withoutLabels = (items: Item[]) => ({ jobName: 'job', accountId: '1', results: { transcripts: [{ transcript: '' }], items: items.map((item) => Object.fromEntries(Object.entries(item).filter(([key]) => key !== 'speaker_label'))) }, status: 'COMPLETED' });

describe('AWS Transcribe: an output', () => {
  it('gives one row per speaker segment, punctuation with the word before it, times and label of the segment', () => {
    expect(awsFormat.read(json(OUTPUT))).toEqual({
      rows: [
        { transcript: "I've been on hold for an hour.", speaker: 'spk_0', start_time: 4.87, end_time: 6.88 },
        { transcript: 'Sorry about that.', speaker: 'spk_1', start_time: 8.49, end_time: 9.24 },
      ],
      warnings: [],
    });
  });

  it('without speaker labels, gives one row per sentence, times from its words', () => {
    expect(awsFormat.read(json(withoutLabels(ITEMS))).rows).toEqual<TranscriptRow[]>([
      { transcript: "I've been on hold for an hour.", start_time: 4.87, end_time: 6.88 },
      { transcript: 'Sorry about that.', start_time: 8.49, end_time: 9.24 },
    ]);
  });

  it('with channel identification, gives one row per channel turn, the channel as speaker', () => {
    const strip = (items: Item[]) => items.map(({ speaker_label: _label, ...item }) => item);
    // Channel 1 answers while channel 0 pauses, then channel 0 speaks again: three turns.
    const ch0 = strip([...ITEMS.slice(0, 4), word(12, 'again', '10.1', '10.5', 'spk_0'), mark(13, '!', 'spk_0')]);
    const ch1 = strip(ITEMS.slice(8));
    const output = {
      results: {
        transcripts: [{ transcript: '' }],
        channel_labels: { number_of_channels: 2, channels: [{ channel_label: 'ch_0', items: ch0 }, { channel_label: 'ch_1', items: ch1 }] },
        items: [...ch0, ...ch1],
      },
      status: 'COMPLETED',
    };
    expect(awsFormat.read(json(output))).toEqual({
      rows: [
        { transcript: "I've been on hold", speaker: 'ch_0', start_time: 4.87, end_time: 5.64 },
        { transcript: 'Sorry about that.', speaker: 'ch_1', start_time: 8.49, end_time: 9.24 },
        { transcript: 'again!', speaker: 'ch_0', start_time: 10.1, end_time: 10.5 },
      ],
      warnings: [],
    });
    const backwards = { ...output, results: { ...output.results, channel_labels: { channels: [{ channel_label: 'ch_0', items: [word(0, 'x', '2.0', '1.5', 'a')] }] } } };
    expect(awsFormat.read(json(backwards)).warnings).toEqual([{ message: 'this word ends (1.5 s) before it starts (2 s): kept as written', location: { path: 'results.channel_labels.channels[0].items[0]' } }]);
  });

  it('keeps a word no segment lists with the segment of the word before it, and says so', () => {
    const output = { ...OUTPUT, results: { ...OUTPUT.results, speaker_labels: { ...OUTPUT.results.speaker_labels, segments: [segment('spk_0', ITEMS.slice(0, 6)), segment('spk_1', ITEMS.slice(8, 11))] } } };
    const result = awsFormat.read(json(output));
    expect(result.rows.map((row) => row.transcript)).toEqual(["I've been on hold for an hour.", 'Sorry about that.']);
    expect(result.warnings).toEqual([{ message: '1 word(s) of results.items are in no speaker segment: each is kept with the segment of the word before it (at the start, after it)', location: { path: 'results.speaker_labels.segments' } }]);
  });

  it('puts every word in exactly one row, in order, with or without speaker labels (property)', () => {
    const spoken = fc.array(fc.tuple(fc.constantFrom('yes', 'no', 'maybe', 'well'), fc.constantFrom('', '.', ',', '?'), fc.constantFrom('spk_0', 'spk_1')), { minLength: 1, maxLength: 20 });
    fc.assert(
      fc.property(spoken, (spec) => {
        const items: Item[] = [];
        spec.forEach(([content, punctuation, speaker], k) => {
          items.push(word(items.length, content, (k * 0.5).toFixed(2), (k * 0.5 + 0.4).toFixed(2), speaker));
          if (punctuation) items.push(mark(items.length, punctuation, speaker));
        });
        // Segments: runs of one speaker's words, as Transcribe cuts them.
        const runs: Item[][] = [];
        for (const item of items.filter((i) => i.type === 'pronunciation')) {
          const run = runs[runs.length - 1];
          if (run && run[0]!.speaker_label === item.speaker_label) run.push(item);
          else runs.push([item]);
        }
        const labelled = { results: { transcripts: [], items, speaker_labels: { speakers: 2, segments: runs.map((run) => segment(run[0]!.speaker_label!, run)) } }, status: 'COMPLETED' };
        const expectedWords = spec.map(([content, punctuation]) => content + punctuation);
        for (const body of [labelled, withoutLabels(items)]) {
          const { rows } = awsFormat.read(json(body));
          expect(rows.flatMap((row) => row.transcript.split(' '))).toEqual(expectedWords);
        }
      }),
    );
  });
});

describe('AWS Transcribe: a malformed output', () => {
  it('names the JSON path of a value of the wrong type', () => {
    const items = ITEMS.map((item, k) => (k === 4 ? { ...item, start_time: 'soon' } : item));
    const error = formatErrorOf(() => awsFormat.read(json({ ...OUTPUT, results: { ...OUTPUT.results, items } })));
    expect(error.message).toBe('expected a time in seconds at results.items[4].start_time, found the string "soon"');
    expect(error.location).toEqual({ path: 'results.items[4].start_time' });
    const noContent = ITEMS.map((item, k) => (k === 2 ? { ...item, alternatives: [] } : item));
    expect(formatErrorOf(() => awsFormat.read(json(withoutLabels(noContent)))).location).toEqual({ path: 'results.items[2].alternatives[0]' });
  });

  it('refuses the output of a job that did not complete', () => {
    expect(formatErrorOf(() => awsFormat.read(json({ ...OUTPUT, status: 'FAILED' }))).message).toBe('the transcription job\'s status is "FAILED", not "COMPLETED"');
  });
});

describe('AWS Transcribe: sniff', () => {
  it('recognises an output and rejects rows and other providers', () => {
    expect(awsFormat.sniff(JSON.stringify(OUTPUT))).toBe(true);
    expect(awsFormat.sniff(JSON.stringify({ results: { channels: [], utterances: [] } }))).toBe(false);
    expect(awsFormat.sniff(JSON.stringify({ original: [{ transcript: 'results' }], reworked: [] }))).toBe(false);
  });
});
