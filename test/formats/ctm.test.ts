import { ctmFormat } from '../../src/formats/ctm';
import type { ReadOptions } from '../../src/formats/types';
import { formatErrorOf, utf8 } from './helpers';

const read = (text: string, options: ReadOptions = {}) => ctmFormat.read(utf8(text), options);

// Two channels of one call, sorted by channel then time as sclite wants them, with a comment.
const CALL = [
  ';; hypothesis of call 4150',
  'sw4150 A 0.50 0.30 hello 0.98',
  'sw4150 A 0.80 0.25 there 0.91',
  'sw4150 A 2.30 0.40 again 0.80',
  'sw4150 B 1.00 0.50 hi',
  'sw4150 B 1.55 0.35 yes',
].join('\n');

describe('NIST CTM', () => {
  describe('when the file is built from known words', () => {
    it('gives one row per channel and pause, from the first word\'s begin to the last word\'s end, without speakers', () => {
      expect(read(CALL)).toEqual({
        rows: [
          { transcript: 'hello there', start_time: 0.5, end_time: 1.05 },
          { transcript: 'again', start_time: 2.3, end_time: 2.7 },
          { transcript: 'hi yes', start_time: 1, end_time: 1.9 },
        ],
        warnings: [],
      });
    });

    it('starts a new row only after a pause longer than --ctm-gap', () => {
      expect(read(CALL, { ctmGap: 1.25 }).rows.map((row) => row.transcript)).toEqual(['hello there again', 'hi yes']);
      // Words that touch (0.80 = 0.50 + 0.30) are one row even at a gap of 0.
      expect(read(CALL, { ctmGap: 0 }).rows.map((row) => row.transcript)).toEqual(['hello there', 'again', 'hi', 'yes']);
    });

    it('starts a new row at a change of speaker when the file names speakers (NIST RT: confidence, type, speaker)', () => {
      const file = 'mtg 1 0.0 0.5 so 0.9 lex spkA\nmtg 1 0.5 0.5 yes 0.9 lex spkB\nmtg 1 1.0 0.5 right 0.9 lex spkB\n';
      expect(read(file).rows).toEqual([
        { transcript: 'so', speaker: 'spkA', start_time: 0, end_time: 0.5 },
        { transcript: 'yes right', speaker: 'spkB', start_time: 0.5, end_time: 1.5 },
      ]);
    });

    it('gives the channels in the order sclite sorts an STM (file, then channel), not as they first appear or by time', () => {
      // Channel B speaks first and the words are interleaved by time, as a recogniser may write them;
      // the STM reference of the same call lists channel A's segments first.
      const interleaved = 'sw2 B 0.2 0.3 hi\nsw2 A 0.5 0.3 hello\nsw2 B 0.9 0.2 yes\nsw1 A 9.0 0.2 first\nsw2 A 3.0 0.2 again\n';
      expect(read(interleaved).rows.map((row) => row.transcript)).toEqual(['first', 'hello', 'again', 'hi yes']);
    });

    it('orders the words of a channel by begin time', () => {
      expect(read('f 1 1.0 0.2 b\nf 1 0.5 0.2 a\n').rows).toEqual([{ transcript: 'a b', start_time: 0.5, end_time: 1.2 }]);
    });
  });

  describe('when the file is malformed', () => {
    it('names the line and column of a begin time or duration that is not a number', () => {
      const error = formatErrorOf(() => read('f 1 0.5 0.2 a\nf 1 one 0.2 b\n'));
      expect([error.message, error.location]).toEqual(['the begin time "one" is not a number of seconds (file channel begin duration word [confidence [type [speaker]]])', { line: 2, column: 5 }]);
      expect(formatErrorOf(() => read('f 1 0.5 -0.2 a\n')).location).toEqual({ line: 1, column: 9 });
    });

    it('names the line of an sclite alternation, which has no times and no one text', () => {
      const error = formatErrorOf(() => read('f A 0.5 0.2 a\nf A * * <ALT_BEGIN>\nf A 0.7 0.2 um\nf A * * <ALT>\nf A 0.7 0.2 uh\nf A * * <ALT_END>\n'));
      expect([error.message, error.location]).toEqual(['<ALT_BEGIN> opens, separates or closes an sclite alternation, which is not read: keep one alternative', { line: 2, column: 9 }]);
    });

    it('names the line of a line with too few fields', () => {
      expect(formatErrorOf(() => read('f 1 0.5 0.2 a\nf 1 0.9\n')).location).toEqual({ line: 2 });
    });
  });

  it('recognises a CTM and not an STM', () => {
    expect(ctmFormat.sniff(CALL)).toBe(true);
    expect(ctmFormat.sniff('rec 1 A 0.0 1.0 <o,f0,male> hello\n')).toBe(false);
  });
});
