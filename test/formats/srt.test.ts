import fc from 'fast-check';
import { srtFormat } from '../../src/formats/srt';
import { ReadOptions, TranscriptRow } from '../../src/formats/types';
import { clockTime, formatErrorOf, utf8 } from './helpers';

const read = (text: string, options: ReadOptions = {}) => srtFormat.read(utf8(text), options);

/** An SRT file of cues, each given as its times in ms and its text lines. */
function srtOf(cues: { start: number; end: number; lines: string[] }[]): string {
  return cues.map((cue, k) => `${k + 1}\n${clockTime(cue.start, ',')} --> ${clockTime(cue.end, ',')}\n${cue.lines.join('\n')}\n`).join('\n');
}

describe('SubRip', () => {
  describe('when the file is built from known rows', () => {
    it('gives one row per cue, lines joined with a space, tags removed, no speaker', () => {
      const file = [
        '1',
        '00:00:01,000 --> 00:00:02,500',
        '<i>Hello</i> there,',
        '<font color="#ffff00">general</font> Kenobi.',
        '',
        '2',
        '00:01:02,040 --> 01:00:00,000 X1:100 X2:200 Y1:10 Y2:20',
        '{\\an8}I love you <3',
        '',
      ].join('\r\n');
      expect(read(file)).toEqual({
        rows: [
          { transcript: 'Hello there, general Kenobi.', start_time: 1, end_time: 2.5 },
          { transcript: 'I love you <3', start_time: 62.04, end_time: 3600 },
        ],
        warnings: [],
      });
    });

    it('gives back any cues written as SubRip (property)', () => {
      // Text lines hold something visible and no `>` (so none is a timing line) nor tag brackets.
      const line = fc.string({ minLength: 1, unit: 'grapheme' }).filter((s) => s.trim() !== '' && !/[\r\n<>{}\\]/.test(s));
      const cue = fc
        .record({ start: fc.nat(360_000_000), length: fc.nat(360_000_000), lines: fc.array(line, { minLength: 1, maxLength: 3 }) })
        .map(({ start, length, lines }) => ({ start, end: start + length, lines }));
      fc.assert(
        fc.property(fc.array(cue, { maxLength: 12 }), (cues) => {
          const expected: TranscriptRow[] = cues.map((c) => ({
            transcript: c.lines.map((l) => l.trim()).join(' ').replace(/\s+/g, ' '),
            start_time: c.start / 1000,
            end_time: c.end / 1000,
          }));
          expect(read(srtOf(cues)).rows).toEqual(expected);
        }),
      );
    });

    it('reads a leading NAME: as the speaker when asked, one row per named line', () => {
      const file = '1\n00:00:01,000 --> 00:00:03,000\nALICE: Are you there?\nBOB: Yes.\nI am.\n\n2\n00:00:04,000 --> 00:00:05,000\nAt 10:30 sharp.\n';
      expect(read(file, { speakerPrefix: true }).rows).toEqual([
        { transcript: 'Are you there?', speaker: 'ALICE', start_time: 1, end_time: 3 },
        { transcript: 'Yes. I am.', speaker: 'BOB', start_time: 1, end_time: 3 },
        { transcript: 'At 10:30 sharp.', start_time: 4, end_time: 5 },
      ]);
      expect(read(file).rows[0]).toEqual({ transcript: 'ALICE: Are you there? BOB: Yes. I am.', start_time: 1, end_time: 3 });
    });

    it('tolerates a missing index, a dot before the milliseconds and a missing blank line, with a warning', () => {
      const file = '00:00:01.5 --> 00:00:02.000\nFirst\n2\n00:00:03,000 --> 00:00:04,000\nSecond\n\n3\n00:00:05,000 --> 00:00:06,000\n\n';
      expect(read(file)).toEqual({
        rows: [
          { transcript: 'First', start_time: 1.5, end_time: 2 },
          { transcript: 'Second', start_time: 3, end_time: 4 },
          { transcript: '', start_time: 5, end_time: 6 },
        ],
        warnings: [
          { message: 'this cue starts without a blank line before it', location: { line: 3 } },
          { message: 'this cue has no text: kept as an empty row', location: { line: 8 } },
        ],
      });
    });
  });

  describe('markup, as a player shows it', () => {
    const text = (...lines: string[]) => read(`1\n00:00:01,000 --> 00:00:02,000\n${lines.join('\n')}\n`).rows[0]?.transcript;

    it('reads \\N and \\n as line breaks and \\h as a space', () => {
      expect(text('The\\hline\\hwill', 'break\\Nhere\\nand here')).toBe('The line will break here and here');
    });

    it('hides ASS override blocks and MicroDVD style codes', () => {
      expect(text('{\\an8}{Y:i}Top {c:$0000ff}line{\\b1} bold')).toBe('Top line bold');
    });

    it('hides the tags players render, tolerating spaces inside them, and <br> breaks the line', () => {
      expect(text('< u><i><font color="red" >Elephant\'s < s>Dream< /  i > Is<br/>Long</s>')).toBe("Elephant's Dream Is Long");
    });

    it('hides an unknown tag the cue closes, and shows one never closed or never opened', () => {
      expect(text('<wwww>hidden tags</wwww> <sub x=1>too</sub>')).toBe('hidden tags too');
      expect(text('<laughs but <invalid_tag_unclosed>shown', 'not opened</xyz>')).toBe('<laughs but <invalid_tag_unclosed>shown not opened</xyz>');
      expect(text('I <3 you, 2<3,5>1 and a < b')).toBe('I <3 you, 2<3,5>1 and a < b');
    });
  });

  describe('when the file is malformed', () => {
    it('names the line of a timing line that does not parse', () => {
      const error = formatErrorOf(() => read('1\n00:00:01,000 --> 00:00:02,000\nOk\n\n2\n00:00:03,000 = 00:00:04,000\nBad\n'));
      expect(error.location).toEqual({ line: 6 });
      expect(error.message).toBe('expected a timing line such as 00:00:01,000 --> 00:00:02,500 after the cue number');
      const badField = formatErrorOf(() => read('1\n00:00:61,000 --> 00:01:02,000\nBad\n'));
      expect(badField.location).toEqual({ line: 2 });
      expect(badField.message).toMatch(/^the timing line does not parse/);
    });

    it('names the line of a timing line cut short, instead of reading its end as 0 s', () => {
      const error = formatErrorOf(() => read('1\n00:00:15,000 --> 00:00:16,000\nOne\n\n2\n00:00:16,100 --> 00:0'));
      expect(error.location).toEqual({ line: 6 });
      expect(error.message).toMatch(/^the timing line does not parse/);
    });

    it('keeps a cue that ends before it starts as written, and names its line in a warning', () => {
      const result = read('1\n00:00:01,000 --> 00:00:02,000\nOk\n\n2\n00:00:05,000 --> 00:00:04,000\nBack\n');
      expect(result.rows[1]).toEqual({ transcript: 'Back', start_time: 5, end_time: 4 });
      expect(result.warnings).toEqual([{ message: 'this cue ends (4 s) before it starts (5 s): kept as written', location: { line: 6 } }]);
    });

    it('reads a short arrow "->", as pysubs2 and players do, with a warning', () => {
      expect(read('00:00:00.000 ->00:01:00.000\nAn example subtitle.\n')).toEqual({
        rows: [{ transcript: 'An example subtitle.', start_time: 0, end_time: 60 }],
        warnings: [{ message: 'the timing line\'s arrow is "->", not "-->": read as a timing line', location: { line: 1 } }],
      });
    });

    it('names the line of text where a cue should start', () => {
      expect(formatErrorOf(() => read('Hello\n00:00:01,000 --> 00:00:02,000\n')).location).toEqual({ line: 1 });
    });
  });

  describe('sniff', () => {
    it('accepts a file opening with a cue, with or without its index', () => {
      expect(srtFormat.sniff('\uFEFF\n1\n00:00:01,000 --> 00:00:02,000\nHi\n')).toBe(true);
      expect(srtFormat.sniff('00:00:01,000 --> 00:00:02,000\nHi\n')).toBe(true);
    });

    it('rejects WebVTT and CSV', () => {
      expect(srtFormat.sniff('WEBVTT\n\n00:01.000 --> 00:02.000\nHi\n')).toBe(false);
      expect(srtFormat.sniff('start,end,text\n0,1,a\n')).toBe(false);
    });
  });
});
