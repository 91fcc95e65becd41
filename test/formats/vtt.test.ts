import fc from 'fast-check';
import { ReadOptions, TranscriptRow } from '../../src/formats/types';
import { vttFormat } from '../../src/formats/vtt';
import { clockTime, escapeMarkup, formatErrorOf, utf8 } from './helpers';

const read = (text: string, options: ReadOptions = {}) => vttFormat.read(utf8(text), options);

describe('WebVTT', () => {
  describe('when the file is built from known rows', () => {
    it('gives one row per cue, skipping the header, notes, styles and regions', () => {
      const file = [
        'WEBVTT - a title',
        'Kind: captions',
        '',
        'STYLE',
        '::cue { color: yellow }',
        '',
        'REGION',
        'id:top',
        '',
        'NOTE this is',
        'a comment',
        '',
        'intro',
        '00:01.000 --> 00:04.500 line:0 position:20%',
        '<c.loud>Hello</c> <i>there</i> &amp; welcome &lt;3',
        'to the show.',
        '',
        '01:00:00.000 --> 01:00:01.250',
        'Fish&nbsp;&amp;&nbsp;chips<00:00:00.500> now',
        '',
      ].join('\n');
      expect(read(file)).toEqual({
        rows: [
          { transcript: 'Hello there & welcome <3 to the show.', start_time: 1, end_time: 4.5 },
          { transcript: 'Fish & chips now', start_time: 3600, end_time: 3601.25 },
        ],
        warnings: [],
      });
    });

    it('gives the speaker of a voice span, and one row per voice of a cue', () => {
      const file = [
        'WEBVTT',
        '',
        '00:00:01.000 --> 00:00:02.000',
        '<v Roger Bingham>We are in New York City',
        '',
        '00:00:02.000 --> 00:00:05.000',
        '<v.loud Esme>Is it?</v> <v Roger Bingham>It is.',
        '<v Esme>Right.</v>',
        '',
        '00:00:05.000 --> 00:00:06.000',
        'Nobody in particular',
        '',
      ].join('\n');
      expect(read(file).rows).toEqual([
        { transcript: 'We are in New York City', speaker: 'Roger Bingham', start_time: 1, end_time: 2 },
        { transcript: 'Is it?', speaker: 'Esme', start_time: 2, end_time: 5 },
        { transcript: 'It is.', speaker: 'Roger Bingham', start_time: 2, end_time: 5 },
        { transcript: 'Right.', speaker: 'Esme', start_time: 2, end_time: 5 },
        { transcript: 'Nobody in particular', start_time: 5, end_time: 6 },
      ]);
    });

    it('reads a NAME: prefix outside voice spans only when asked', () => {
      const file = 'WEBVTT\n\n00:01.000 --> 00:02.000\nAnna: hi\n';
      expect(read(file, { speakerPrefix: true }).rows).toEqual([{ transcript: 'hi', speaker: 'Anna', start_time: 1, end_time: 2 }]);
      expect(read(file).rows).toEqual([{ transcript: 'Anna: hi', start_time: 1, end_time: 2 }]);
    });

    it('drops ruby annotations, which repeat the reading of their base text', () => {
      const file = 'WEBVTT\n\n00:01.000 --> 00:02.000\n<ruby>漢<rt>kan</rt>字<rt>ji</rt></ruby>です\n';
      expect(read(file).rows).toEqual([{ transcript: '漢字です', start_time: 1, end_time: 2 }]);
    });

    it('gives back any cues written as WebVTT, voices included (property)', () => {
      const words = fc.string({ minLength: 1, unit: 'grapheme' }).filter((s) => s.trim() !== '' && !/[\r\n]/.test(s) && !s.includes('-->'));
      const name = fc.stringMatching(/^[A-Z][a-z]{0,8}( [A-Z][a-z]{0,8})?$/);
      const cue = fc.record({ start: fc.nat(360_000_000), end: fc.nat(360_000_000), speaker: fc.option(name, { nil: undefined }), text: words }).map((r) => (r.end >= r.start ? r : { ...r, start: r.end, end: r.start }));
      fc.assert(
        fc.property(fc.array(cue, { maxLength: 12 }), (cues) => {
          const file = ['WEBVTT', '', ...cues.map((c) => `${clockTime(c.start, '.')} --> ${clockTime(c.end, '.')}\n${c.speaker ? `<v ${c.speaker}>` : ''}${escapeMarkup(c.text)}\n`)].join('\n');
          const expected: TranscriptRow[] = cues.map((c) => ({
            transcript: c.text.trim().replace(/\s+/g, ' '),
            ...(c.speaker ? { speaker: c.speaker } : {}),
            start_time: c.start / 1000,
            end_time: c.end / 1000,
          }));
          expect(read(file).rows).toEqual(expected);
        }),
      );
    });
  });

  describe('when the file is malformed', () => {
    it('needs the WEBVTT line', () => {
      const error = formatErrorOf(() => read('00:01.000 --> 00:02.000\nHi\n'));
      expect(error.location).toEqual({ line: 1 });
      expect(error.message).toBe('expected the line WEBVTT at the start of the file');
    });

    it('names the line of a timing line that does not parse', () => {
      const error = formatErrorOf(() => read('WEBVTT\n\n00:01.000 --> 00:02.000\nOk\n\n00:03,000 --> 00:04,000\nBad\n'));
      expect(error.location).toEqual({ line: 6 });
      expect(error.message).toMatch(/^the timing line does not parse: expected \(hh:\)mm:ss\.ttt/);
    });

    it('keeps a cue that follows the WEBVTT line without a blank line, with a warning', () => {
      expect(read('WEBVTT\n00:01.000 --> 00:02.000\nHi\n')).toEqual({
        rows: [{ transcript: 'Hi', start_time: 1, end_time: 2 }],
        warnings: [{ message: 'this cue starts without a blank line after the WEBVTT header', location: { line: 2 } }],
      });
    });

    it('names the line of a block that is no cue', () => {
      expect(formatErrorOf(() => read('WEBVTT\n\nloose words\nmore words\n')).location).toEqual({ line: 4 });
    });
  });

  describe('sniff', () => {
    it('accepts the WEBVTT signature, after a byte order mark too', () => {
      expect(vttFormat.sniff('\uFEFFWEBVTT\n')).toBe(true);
      expect(vttFormat.sniff('WEBVTT - title\n\n')).toBe(true);
    });

    it('rejects SubRip and a word that merely starts alike', () => {
      expect(vttFormat.sniff('1\n00:00:01,000 --> 00:00:02,000\nHi\n')).toBe(false);
      expect(vttFormat.sniff('WEBVTTX\n')).toBe(false);
    });
  });
});
