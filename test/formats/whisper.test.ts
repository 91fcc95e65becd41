import fc from 'fast-check';
import { whisperFormat } from '../../src/formats/whisper';
import type { TranscriptRow } from '../../src/formats/types';
import { formatErrorOf, utf8 } from './helpers';

// A verbose_json response as the OpenAI audio API documents it (tokens shortened).
const VERBOSE_JSON = {
  task: 'transcribe',
  language: 'english',
  duration: 8.47,
  text: 'The beach was a popular spot on a hot summer day. People were swimming in the ocean.',
  segments: [
    { id: 0, seek: 0, start: 0.0, end: 3.32, text: ' The beach was a popular spot on a hot summer day.', tokens: [50364, 440, 7534], temperature: 0.0, avg_logprob: -0.28, compression_ratio: 1.24, no_speech_prob: 0.008 },
    { id: 1, seek: 0, start: 3.32, end: 5.1, text: ' ', tokens: [50530], temperature: 0.0, avg_logprob: -0.5, compression_ratio: 1.24, no_speech_prob: 0.6 },
    { id: 2, seek: 0, start: 5.1, end: 8.47, text: ' People were swimming in the ocean.', tokens: [50620, 3432], temperature: 0.0, avg_logprob: -0.31, compression_ratio: 1.24, no_speech_prob: 0.01 },
  ],
};

const json = (value: unknown) => utf8(JSON.stringify(value, null, 2));

describe('Whisper: a verbose_json response', () => {
  it('gives one row per segment with text, in seconds, without a speaker key', () => {
    const result = whisperFormat.read(json(VERBOSE_JSON));
    expect(result.rows).toEqual<TranscriptRow[]>([
      { transcript: 'The beach was a popular spot on a hot summer day.', start_time: 0, end_time: 3.32 },
      { transcript: 'People were swimming in the ocean.', start_time: 5.1, end_time: 8.47 },
    ]);
    expect(result.warnings).toEqual([{ message: 'entries of segments with blank text are not rows: 1 of 3', location: { path: 'segments' } }]);
  });

  it('keeps the speaker label of a diarizing variant of the shape (diarized_json, WhisperX)', () => {
    const diarized = { text: 'Hi. Hello.', segments: [{ id: 'seg_0', type: 'transcript.text.segment', start: 0, end: 1, text: 'Hi.', speaker: 'A' }, { id: 'seg_1', start: 1, end: 2, text: 'Hello.', speaker: 'B' }] };
    expect(whisperFormat.read(json(diarized)).rows).toEqual([
      { transcript: 'Hi.', speaker: 'A', start_time: 0, end_time: 1 },
      { transcript: 'Hello.', speaker: 'B', start_time: 1, end_time: 2 },
    ]);
  });

  it('gives back the segments written from known rows (property)', () => {
    const row = fc.record({ transcript: fc.string({ minLength: 1 }).filter((text) => text.trim() === text && text !== ''), start_time: fc.integer({ min: 0, max: 1e7 }).map((ms) => ms / 1000), end_time: fc.integer({ min: 0, max: 1e7 }).map((ms) => ms / 1000) }).map((r) => (r.end_time >= r.start_time ? r : { ...r, start_time: r.end_time, end_time: r.start_time }));
    fc.assert(
      fc.property(fc.array(row, { maxLength: 8 }), (rows) => {
        const body = { task: 'transcribe', language: 'english', duration: 1, text: '', segments: rows.map((r, id) => ({ id, seek: 0, start: r.start_time, end: r.end_time, text: ` ${r.transcript}` })) };
        expect(whisperFormat.read(json(body)).rows).toEqual(rows);
      }),
    );
  });
});

describe('Whisper: a malformed response', () => {
  it('names the JSON path of a value of the wrong type', () => {
    const bad = { ...VERBOSE_JSON, segments: [VERBOSE_JSON.segments[0], { ...VERBOSE_JSON.segments[2], start: '5.1' }] };
    const error = formatErrorOf(() => whisperFormat.read(json(bad)));
    expect(error.message).toBe('expected a number at segments[1].start, found the string "5.1"');
    expect(error.location).toEqual({ path: 'segments[1].start' });
    expect(formatErrorOf(() => whisperFormat.read(json([{ transcript: 'x' }]))).message).toBe('expected an object at the top level, found an array');
  });

  it('gives the line and column of a syntax error', () => {
    const error = formatErrorOf(() => whisperFormat.read(utf8('{\n  "segments": [\n    {"start": 0, "end": 1, "text": "a"\n  ]\n}')));
    expect(error.location).toEqual({ line: 4, column: 3 });
  });
});

describe('Whisper: sniff', () => {
  it('recognises verbose_json and rejects rows, request bodies and other providers', () => {
    expect(whisperFormat.sniff(JSON.stringify(VERBOSE_JSON))).toBe(true);
    expect(whisperFormat.sniff(JSON.stringify({ task: 'transcribe', language: 'english', duration: 0, text: '', segments: [] }))).toBe(true);
    expect(whisperFormat.sniff(JSON.stringify([{ transcript: 'hello', start_time: 0 }]))).toBe(false);
    expect(whisperFormat.sniff(JSON.stringify({ original: [], reworked: [] }))).toBe(false);
    expect(whisperFormat.sniff(JSON.stringify({ monologues: [] }))).toBe(false);
    expect(whisperFormat.sniff('1\n00:00:00,000 --> 00:00:01,000\nsegments\n')).toBe(false);
  });
});
