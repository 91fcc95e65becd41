import { seglstFormat } from '../../src/formats/seglst';
import type { ReadOptions } from '../../src/formats/types';
import { formatErrorOf, utf8 } from './helpers';

const read = (value: unknown, options: ReadOptions = {}) => seglstFormat.read(utf8(JSON.stringify(value, null, 2)), options);
const segment = (session: string, speaker: string, start: number, end: number, words: string) => ({ session_id: session, speaker, start_time: start, end_time: end, words, confidence: 0.9 });

const TWO_SESSIONS = [segment('S01', 'P1', 0.5, 2, 'hello there'), segment('S01', 'P2', 1.5, 3, ' hi '), segment('S02', 'P1', 0, 1, 'other')];

describe('meeteval SegLST', () => {
  it('gives one row per segment of the session, in file order, with speaker and times; other keys are not read', () => {
    expect(read(TWO_SESSIONS.slice(0, 2))).toEqual({
      rows: [
        { transcript: 'hello there', speaker: 'P1', start_time: 0.5, end_time: 2 },
        { transcript: 'hi', speaker: 'P2', start_time: 1.5, end_time: 3 },
      ],
      warnings: [],
    });
  });

  it('reads the session named, and asks for one when the file holds several', () => {
    expect(read(TWO_SESSIONS, { session: 'S02' }).rows).toEqual([{ transcript: 'other', speaker: 'P1', start_time: 0, end_time: 1 }]);
    const several = formatErrorOf(() => read(TWO_SESSIONS));
    expect(several.message).toBe('the file holds 2 sessions: name one with --session ID ("S01", "S02")');
    expect(formatErrorOf(() => read(TWO_SESSIONS, { session: 'S9' })).message).toBe('the file has no session "S9"; its sessions are "S01", "S02"');
  });

  it('names the JSON path of a missing or broken field, and of a segment ending before it starts', () => {
    expect(formatErrorOf(() => read([{ session_id: 'S', speaker: 'A', start_time: 0, end_time: 1 }])).location).toEqual({ path: '[0].words' });
    expect(read([segment('S', 'A', 2, 1, 'x')]).warnings).toEqual([{ message: 'this segment ends (1 s) before it starts (2 s): kept as written', location: { path: '[0]' } }]);
    expect(formatErrorOf(() => seglstFormat.read(utf8('[{"session_id": "S",\n "words": }]'))).location).toEqual({ line: 2, column: 11 });
  });

  it('recognises a SegLST array and not JSON rows', () => {
    expect(seglstFormat.sniff(JSON.stringify(TWO_SESSIONS))).toBe(true);
    expect(seglstFormat.sniff('[{"transcript": "a", "speaker": "A"}]')).toBe(false);
  });
});
