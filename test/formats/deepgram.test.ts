import { deepgramFormat } from '../../src/formats/deepgram';
import type { TranscriptRow } from '../../src/formats/types';
import { formatErrorOf, utf8 } from './helpers';

const word = (text: string, start: number, end: number, speaker: number, punctuated: string) => ({ word: text, start, end, confidence: 0.99, speaker, speaker_confidence: 0.7, punctuated_word: punctuated });
const WORDS = [
  word('yeah', 0.08, 0.32, 0, 'Yeah.'),
  word('as', 0.4, 0.5, 0, 'As'),
  word('much', 0.5, 0.7, 0, 'much'),
  word('as', 0.7, 0.8, 0, 'as'),
  word('ever', 0.8, 1.2, 0, 'ever.'),
  word('right', 1.5, 1.9, 1, 'Right?'),
];

// POST /v1/listen?diarize=true&punctuate=true&paragraphs=true&utterances=true, as Deepgram documents it (fewer fields).
const RESPONSE = {
  metadata: { transaction_key: 'deprecated', request_id: 'c7e4b1a2-0000-4000-8000-000000000000', created: '2024-05-01T10:00:00.000Z', duration: 2.1, channels: 1, models: ['1abfe86b-e047-4eed-858a-35e5625b41ee'] },
  results: {
    channels: [
      {
        alternatives: [
          {
            transcript: 'yeah as much as ever right',
            confidence: 0.99,
            words: WORDS,
            paragraphs: {
              transcript: '\nSpeaker 0: Yeah. As much as ever.\n\nSpeaker 1: Right?',
              paragraphs: [
                { sentences: [{ text: 'Yeah.', start: 0.08, end: 0.32 }, { text: 'As much as ever.', start: 0.4, end: 1.2 }], speaker: 0, num_words: 5, start: 0.08, end: 1.2 },
                { sentences: [{ text: 'Right?', start: 1.5, end: 1.9 }], speaker: 1, num_words: 1, start: 1.5, end: 1.9 },
              ],
            },
          },
        ],
      },
    ],
    utterances: [
      { start: 0.08, end: 1.2, confidence: 0.97, channel: 0, transcript: 'Yeah. As much as ever.', words: WORDS.slice(0, 5), speaker: 0, id: 'u-1' },
      { start: 1.5, end: 1.9, confidence: 0.95, channel: 0, transcript: 'Right?', words: WORDS.slice(5), speaker: 1, id: 'u-2' },
    ],
  },
};

const json = (value: unknown) => utf8(JSON.stringify(value, null, 2));
const withoutUtterances = () => ({ ...RESPONSE, results: { channels: RESPONSE.results.channels } });

describe('Deepgram: a response', () => {
  it('gives one row per utterance, the speaker number as a string', () => {
    expect(deepgramFormat.read(json(RESPONSE))).toEqual({
      rows: [
        { transcript: 'Yeah. As much as ever.', speaker: '0', start_time: 0.08, end_time: 1.2 },
        { transcript: 'Right?', speaker: '1', start_time: 1.5, end_time: 1.9 },
      ],
      warnings: [],
    });
  });

  it('without utterances, gives the paragraphs\' sentences, each with its paragraph\'s speaker', () => {
    expect(deepgramFormat.read(json(withoutUtterances())).rows).toEqual<TranscriptRow[]>([
      { transcript: 'Yeah.', speaker: '0', start_time: 0.08, end_time: 0.32 },
      { transcript: 'As much as ever.', speaker: '0', start_time: 0.4, end_time: 1.2 },
      { transcript: 'Right?', speaker: '1', start_time: 1.5, end_time: 1.9 },
    ]);
  });

  it('without paragraphs, groups the punctuated words into sentences, split at a change of speaker', () => {
    const response = withoutUtterances();
    const alternative: Record<string, unknown> = { ...response.results.channels[0]!.alternatives[0]! };
    delete alternative['paragraphs'];
    const noParagraphs = { ...response, results: { channels: [{ alternatives: [alternative] }] } };
    expect(deepgramFormat.read(json(noParagraphs)).rows).toEqual<TranscriptRow[]>([
      { transcript: 'Yeah.', speaker: '0', start_time: 0.08, end_time: 0.32 },
      { transcript: 'As much as ever.', speaker: '0', start_time: 0.4, end_time: 1.2 },
      { transcript: 'Right?', speaker: '1', start_time: 1.5, end_time: 1.9 },
    ]);
    // Without diarization: no speaker key at all.
    const plain = { results: { channels: [{ alternatives: [{ transcript: 'hi there', confidence: 1, words: [{ word: 'hi', start: 0, end: 0.5, confidence: 1 }, { word: 'there', start: 0.5, end: 1, confidence: 1 }] }] }] } };
    expect(deepgramFormat.read(json(plain)).rows).toEqual([{ transcript: 'hi there', start_time: 0, end_time: 1 }]);
  });

  it('counts the utterances and sentences with blank text, which are not rows', () => {
    const blankUtterance = { ...RESPONSE, results: { ...RESPONSE.results, utterances: [...RESPONSE.results.utterances, { start: 2, end: 2.1, transcript: ' ', speaker: 1 }] } };
    expect(deepgramFormat.read(json(blankUtterance)).warnings).toEqual([
      { message: 'entries of results.utterances with blank text are not rows: 1 of 3', location: { path: 'results.utterances' } },
    ]);
    const blankSentence = { results: { channels: [{ alternatives: [{ transcript: 'a', paragraphs: { paragraphs: [{ speaker: 0, sentences: [{ text: 'A.', start: 0, end: 1 }, { text: '', start: 1, end: 2 }] }] } }] }] } };
    expect(deepgramFormat.read(json(blankSentence))).toEqual({
      rows: [{ transcript: 'A.', speaker: '0', start_time: 0, end_time: 1 }],
      warnings: [{ message: 'entries of results.channels[0].alternatives[0].paragraphs.paragraphs[0].sentences with blank text are not rows: 1 of 2', location: { path: 'results.channels[0].alternatives[0].paragraphs.paragraphs[0].sentences' } }],
    });
  });

  it('reads only the first channel of a multichannel response without utterances, and says so', () => {
    const response = withoutUtterances();
    const twoChannels = { ...response, results: { channels: [response.results.channels[0], response.results.channels[0]] } };
    const result = deepgramFormat.read(json(twoChannels));
    expect(result.rows).toHaveLength(3);
    expect(result.warnings).toEqual([{ message: 'the response has 2 channels: only the first is read (ask Deepgram for utterances to read them all)', location: { path: 'results.channels' } }]);
  });
});

describe('Deepgram: a malformed response', () => {
  it('names the JSON path of a value of the wrong type', () => {
    const bad = { ...RESPONSE, results: { ...RESPONSE.results, utterances: [RESPONSE.results.utterances[0], { ...RESPONSE.results.utterances[1], transcript: 42 }] } };
    const error = formatErrorOf(() => deepgramFormat.read(json(bad)));
    expect(error.message).toBe('expected a string at results.utterances[1].transcript, found the number 42');
    expect(error.location).toEqual({ path: 'results.utterances[1].transcript' });
    const noSentences = { results: { channels: [{ alternatives: [{ transcript: '', paragraphs: { paragraphs: [{ speaker: 0 }] } }] }] } };
    expect(formatErrorOf(() => deepgramFormat.read(json(noSentences))).location).toEqual({ path: 'results.channels[0].alternatives[0].paragraphs.paragraphs[0].sentences' });
  });
});

describe('Deepgram: sniff', () => {
  it('recognises a response and rejects rows and other providers', () => {
    expect(deepgramFormat.sniff(JSON.stringify(RESPONSE))).toBe(true);
    expect(deepgramFormat.sniff(JSON.stringify(withoutUtterances()))).toBe(true);
    expect(deepgramFormat.sniff(JSON.stringify({ results: { transcripts: [{ transcript: 'x' }], items: [] } }))).toBe(false);
    expect(deepgramFormat.sniff(JSON.stringify({ utterances: [], audio_url: 'x' }))).toBe(false);
    expect(deepgramFormat.sniff(JSON.stringify([{ transcript: 'x' }]))).toBe(false);
  });
});
