import { assemblyAiFormat } from '../../src/formats/assemblyai';
import type { TranscriptRow } from '../../src/formats/types';
import { formatErrorOf, utf8 } from './helpers';

const word = (text: string, start: number, end: number, speaker: string | null) => ({ text, start, end, confidence: 0.98, speaker });
const WORDS = [
  word('Smoke', 250, 650, 'A'),
  word('from', 730, 1022, 'A'),
  word('wildfires.', 1076, 1466, 'A'),
  word('Is', 1600, 1700, 'B'),
  word('it', 1700, 1800, 'B'),
  word('bad?', 1800, 2100, 'B'),
  word('Yes,', 2300, 2600, 'A'),
  word('very.', 2600, 3050, 'A'),
];

// GET /v2/transcript/{id} with speaker_labels=true, as AssemblyAI documents it (fewer fields).
const TRANSCRIPT = {
  id: '9ea68fd3-f953-42c1-9742-976c447fb463',
  language_model: 'assemblyai_default',
  acoustic_model: 'assemblyai_default',
  language_code: 'en_us',
  status: 'completed',
  audio_url: 'https://assembly.ai/wildfires.mp3',
  text: 'Smoke from wildfires. Is it bad? Yes, very.',
  words: WORDS,
  utterances: [
    { confidence: 0.97, start: 250, end: 1466, text: 'Smoke from wildfires.', words: WORDS.slice(0, 3), speaker: 'A' },
    { confidence: 0.95, start: 1600, end: 2100, text: 'Is it bad?', words: WORDS.slice(3, 6), speaker: 'B' },
    { confidence: 0.96, start: 2300, end: 3050, text: 'Yes, very.', words: WORDS.slice(6), speaker: 'A' },
  ],
  confidence: 0.96,
  audio_duration: 4,
  punctuate: true,
  format_text: true,
  speaker_labels: true,
};

const json = (value: unknown) => utf8(JSON.stringify(value, null, 2));
const TURNS: TranscriptRow[] = [
  { transcript: 'Smoke from wildfires.', speaker: 'A', start_time: 0.25, end_time: 1.466 },
  { transcript: 'Is it bad?', speaker: 'B', start_time: 1.6, end_time: 2.1 },
  { transcript: 'Yes, very.', speaker: 'A', start_time: 2.3, end_time: 3.05 },
];

describe('AssemblyAI: a transcript', () => {
  it('gives one row per utterance, speakers as given, milliseconds as seconds', () => {
    expect(assemblyAiFormat.read(json(TRANSCRIPT))).toEqual({ rows: TURNS, warnings: [] });
  });

  it('without utterances, splits the words into sentences, with their times', () => {
    const plain = { ...TRANSCRIPT, speaker_labels: false, utterances: null, words: WORDS.map((w) => ({ ...w, speaker: null })) };
    expect(assemblyAiFormat.read(json(plain)).rows).toEqual<TranscriptRow[]>([
      { transcript: 'Smoke from wildfires.', start_time: 0.25, end_time: 1.466 },
      { transcript: 'Is it bad?', start_time: 1.6, end_time: 2.1 },
      { transcript: 'Yes, very.', start_time: 2.3, end_time: 3.05 },
    ]);
  });

  it('reads the sentences endpoint, one row per sentence', () => {
    const sentences = {
      sentences: [
        { text: 'Smoke from wildfires.', start: 250, end: 1466, confidence: 0.97, words: WORDS.slice(0, 3), speaker: null },
        { text: 'Is it bad?', start: 1600, end: 2100, confidence: 0.95, words: WORDS.slice(3, 6), speaker: null },
      ],
      id: '9ea68fd3-f953-42c1-9742-976c447fb463',
      confidence: 0.96,
      audio_duration: 4,
    };
    expect(assemblyAiFormat.read(json(sentences)).rows).toEqual([
      { transcript: 'Smoke from wildfires.', start_time: 0.25, end_time: 1.466 },
      { transcript: 'Is it bad?', start_time: 1.6, end_time: 2.1 },
    ]);
  });

  it('falls back to the whole text as one row when there are no words', () => {
    expect(assemblyAiFormat.read(json({ id: 'x', status: 'completed', audio_url: 'a.mp3', text: ' Hello there. ', words: [], utterances: null })).rows).toEqual([{ transcript: 'Hello there.' }]);
  });
});

describe('AssemblyAI: a malformed transcript', () => {
  it('names the JSON path of a value of the wrong type', () => {
    const bad = { ...TRANSCRIPT, utterances: [TRANSCRIPT.utterances[0], { ...TRANSCRIPT.utterances[1], end: null }] };
    const error = formatErrorOf(() => assemblyAiFormat.read(json(bad)));
    expect(error.message).toBe('expected a number at utterances[1].end, found null');
    expect(error.location).toEqual({ path: 'utterances[1].end' });
  });

  it('refuses a transcript that did not complete, with AssemblyAI\'s reason', () => {
    const error = formatErrorOf(() => assemblyAiFormat.read(json({ id: 'x', status: 'error', error: 'Download error, unable to download https://x/a.mp3', audio_url: 'https://x/a.mp3', text: null, words: null, utterances: null })));
    expect(error.message).toBe('the transcript\'s status is "error", not "completed": Download error, unable to download https://x/a.mp3');
    expect(error.location).toEqual({ path: 'status' });
  });
});

describe('AssemblyAI: sniff', () => {
  it('recognises transcripts and the sentences endpoint, and rejects rows and other providers', () => {
    expect(assemblyAiFormat.sniff(JSON.stringify(TRANSCRIPT))).toBe(true);
    expect(assemblyAiFormat.sniff(JSON.stringify({ sentences: [], id: 'x', confidence: 1, audio_duration: 1 }))).toBe(true);
    expect(assemblyAiFormat.sniff(JSON.stringify([{ transcript: 'x' }]))).toBe(false);
    expect(assemblyAiFormat.sniff(JSON.stringify({ results: { utterances: [], channels: [] } }))).toBe(false);
    expect(assemblyAiFormat.sniff(JSON.stringify({ task: 'transcribe', segments: [] }))).toBe(false);
  });
});
