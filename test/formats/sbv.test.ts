import { sbvFormat } from '../../src/formats/sbv';
import type { ReadOptions } from '../../src/formats/types';
import { formatErrorOf, utf8 } from './helpers';

const read = (text: string, options: ReadOptions = {}) => sbvFormat.read(utf8(text), options);

describe('YouTube SBV', () => {
  it('gives one row per caption, its lines joined, with its times', () => {
    expect(read('0:00:00.599,0:00:04.160\n>> ALICE: Hello there,\nhow are you?\n\n0:00:04.160,1:02:03.5\nFine.\n')).toEqual({
      rows: [
        { transcript: 'ALICE: Hello there, how are you?', start_time: 0.599, end_time: 4.16 },
        { transcript: 'Fine.', start_time: 4.16, end_time: 3723.5 },
      ],
      warnings: [],
    });
  });

  it('reads >> NAME: as the speaker when asked', () => {
    expect(read('0:00:00.000,0:00:01.000\n>> ALICE: Hi.\n>> BOB: Hey.\n', { speakerPrefix: true }).rows).toEqual([
      { transcript: 'Hi.', speaker: 'ALICE', start_time: 0, end_time: 1 },
      { transcript: 'Hey.', speaker: 'BOB', start_time: 0, end_time: 1 },
    ]);
  });

  it('names the line of a timing line that does not parse or is cut short, and of a caption ending before it starts', () => {
    expect(formatErrorOf(() => read('0:00:00.000,0:00:01.000\nA\n\n0:00:02.000,0:0\nB\n')).location).toEqual({ line: 4 });
    expect(read('0:00:03.000,0:00:01.000\nA\n').warnings).toEqual([{ message: 'this cue ends (1 s) before it starts (3 s): kept as written', location: { line: 1 } }]);
  });

  it('recognises SBV and not SubRip', () => {
    expect(sbvFormat.sniff('0:00:00.599,0:00:04.160\nHi\n')).toBe(true);
    expect(sbvFormat.sniff('1\n00:00:00,000 --> 00:00:01,000\nHi\n')).toBe(false);
  });
});
