import { revFormat } from '../../src/formats/rev';
import type { TranscriptRow } from '../../src/formats/types';
import { formatErrorOf, utf8 } from './helpers';

const text = (value: string, ts: number, endTs: number) => ({ type: 'text', value, ts, end_ts: endTs, confidence: 0.95 });
const punct = (value: string) => ({ type: 'punct', value });

// GET /speechtotext/v1/jobs/{id}/transcript (application/vnd.rev.transcript.v1.0+json), as Rev.ai documents it.
const TRANSCRIPT = {
  monologues: [
    { speaker: 0, elements: [text('Hello', 0.5, 1.5), punct(' '), text('World', 1.75, 2.85), punct('.')] },
    { speaker: 1, speaker_name: 'Alice', elements: [text('Hi', 3.1, 3.3), punct(','), punct(' '), { type: 'unknown', value: '<inaudible>', ts: 3.4, end_ts: 4.2 }, punct(' '), text('there', 4.3, 4.6), punct('.'), punct(' ')] },
    { speaker: 0, speaker_name: '', elements: [punct(' ')] },
  ],
};

const json = (value: unknown) => utf8(JSON.stringify(value, null, 2));

describe('Rev.ai: a transcript', () => {
  it('gives one row per monologue, from its first to its last timed element, speaker_name else the number', () => {
    const result = revFormat.read(json(TRANSCRIPT));
    expect(result.rows).toEqual<TranscriptRow[]>([
      { transcript: 'Hello World.', speaker: '0', start_time: 0.5, end_time: 2.85 },
      { transcript: 'Hi, <inaudible> there.', speaker: 'Alice', start_time: 3.1, end_time: 4.6 },
    ]);
    expect(result.warnings).toEqual([{ message: '1 monologue(s) without words are not rows', location: { path: 'monologues' } }]);
  });

  it('gives back monologues written from known rows, every word once', () => {
    const rows: TranscriptRow[] = [
      { transcript: 'One, two.', speaker: 'Bob', start_time: 0, end_time: 2 },
      { transcript: 'Three?', speaker: '2', start_time: 2.5, end_time: 3 },
    ];
    const monologues = rows.map((row) => {
      const words = row.transcript.split(' ');
      const step = ((row.end_time as number) - (row.start_time as number)) / words.length;
      const elements = words.flatMap((w, k) => {
        const [, bare, mark] = /^(.*?)([,.?]?)$/.exec(w) as RegExpExecArray;
        const start = (row.start_time as number) + k * step;
        return [text(bare as string, start, start + step), ...(mark ? [punct(mark)] : []), ...(k < words.length - 1 ? [punct(' ')] : [])];
      });
      return row.speaker === 'Bob' ? { speaker: 0, speaker_name: 'Bob', elements } : { speaker: 2, elements };
    });
    expect(revFormat.read(json({ monologues })).rows).toEqual(rows);
  });
});

describe('Rev.ai: a malformed transcript', () => {
  it('names the JSON path of a value of the wrong type', () => {
    const bad = { monologues: [TRANSCRIPT.monologues[0], { speaker: 1, elements: [text('Hi', 3.1, 3.3), { type: 'text', value: 'x', ts: '3.4' }] }] };
    const error = formatErrorOf(() => revFormat.read(json(bad)));
    expect(error.message).toBe('expected a number at monologues[1].elements[1].ts, found the string "3.4"');
    expect(error.location).toEqual({ path: 'monologues[1].elements[1].ts' });
    expect(formatErrorOf(() => revFormat.read(json({ monologues: [{ speaker: 0 }] }))).location).toEqual({ path: 'monologues[0].elements' });
  });
});

describe('Rev.ai: sniff', () => {
  it('recognises a transcript and rejects rows and other providers', () => {
    expect(revFormat.sniff(JSON.stringify(TRANSCRIPT))).toBe(true);
    expect(revFormat.sniff(JSON.stringify([{ transcript: 'x' }]))).toBe(false);
    expect(revFormat.sniff(JSON.stringify({ segments: [{ start: 0, end: 1, text: 'x' }] }))).toBe(false);
  });
});
