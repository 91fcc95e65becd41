import fc from 'fast-check';
import { stmFormat } from '../../src/formats/stm';
import { TranscriptRow } from '../../src/formats/types';
import { fixtureBytes, formatErrorOf, utf8 } from './helpers';

const read = (text: string) => stmFormat.read(utf8(text));

describe('NIST STM', () => {
  describe('when the file is built from known rows', () => {
    it('gives one row per segment, without the label, comments and blank lines', () => {
      const file = [
        ';; CATEGORY "0" "" ""',
        ';; LABEL "O" "Overall" "Overall"',
        '2345 A 2345-a 0.10 2.03 <O,F,00> uh huh   yes i thought',
        '',
        '2345 A 2345-b 2.10 3.04 dog walking is a { very / @ } (good) thing',
      ].join('\n');
      expect(read(file)).toEqual({
        rows: [
          { transcript: 'uh huh yes i thought', speaker: '2345-a', start_time: 0.1, end_time: 2.03 },
          { transcript: 'dog walking is a { very / @ } (good) thing', speaker: '2345-b', start_time: 2.1, end_time: 3.04 },
        ],
        warnings: [],
      });
    });

    it('gives back any segments written as STM (property)', () => {
      const word = fc.stringMatching(/^[^\s<;][^\s]{0,9}$/);
      const row = fc.record({
        speaker: fc.stringMatching(/^spk_[0-9a-z]{1,6}$/),
        start: fc.nat(10_000_000),
        end: fc.nat(10_000_000),
        words: fc.array(word, { minLength: 1, maxLength: 8 }).filter((w) => w.join(' ').toLowerCase() !== 'ignore_time_segment_in_scoring'),
        label: fc.boolean(),
      })
        .map((r) => (r.end >= r.start ? r : { ...r, start: r.end, end: r.start }));
      fc.assert(
        fc.property(fc.array(row, { maxLength: 12 }), (rows) => {
          const file = rows.map((r) => `rec 1 ${r.speaker} ${r.start / 1000} ${r.end / 1000}${r.label ? ' <o,f0,male>' : ''} ${r.words.join('\t ')}`).join('\r\n');
          const expected: TranscriptRow[] = rows.map((r) => ({ transcript: r.words.join(' '), speaker: r.speaker, start_time: r.start / 1000, end_time: r.end / 1000 }));
          expect(read(file).rows).toEqual(expected);
        }),
      );
    });

    it('skips gaps and excluded regions without words, keeps one with words as a row with a warning', () => {
      const file = [
        'f 1 excluded_region 0.0 1.0 <o,,unknown> ignore_time_segment_in_scoring',
        'f 1 inter_segment_gap 1.0 2.0 <o,f0,>',
        'f A f_A_inter_segment_gap 2.0 3.0 <O>',
        'f 1 spk1 3.0 4.0 IGNORE_TIME_SEGMENT_IN_SCORING',
        'f 1 inter_segment_gap 4.0 5.0 <o,f0,> words here',
        'f 1 spk1 5.0 6.0 <o,f0,male>',
      ].join('\n');
      expect(read(file)).toEqual({
        rows: [
          { transcript: 'words here', speaker: 'inter_segment_gap', start_time: 4, end_time: 5 },
          { transcript: '', speaker: 'spk1', start_time: 5, end_time: 6 },
        ],
        warnings: [
          { message: 'this segment of inter_segment_gap (a gap, not a speaker) carries words: kept as a row with that speaker', location: { line: 5 } },
          { message: 'this segment has no words: kept as an empty row', location: { line: 6 } },
        ],
      });
    });
  });

  describe('when the file is malformed', () => {
    it('names the line of a segment with too few fields', () => {
      const error = formatErrorOf(() => read(';; ok\nf 1 spk 0.5 1.0 fine\nf 1 spk 2.0\n'));
      expect(error.location).toEqual({ line: 3 });
      expect(error.message).toBe('expected file channel speaker begin end [<label>] transcript; found 4 fields');
    });

    it('names the line and column of a time that is not a number', () => {
      const error = formatErrorOf(() => read('f 1 spk 0.5 1,5 words'));
      expect(error.location).toEqual({ line: 1, column: 13 });
      expect(error.message).toBe('the end time "1,5" is not a number of seconds (file channel speaker begin end [<label>] transcript)');
    });
  });

  describe('sniff', () => {
    it('accepts segments, after comments too', () => {
      expect(stmFormat.sniff(';; comment\n\nf 1 spk 0.5 1.0 words\n')).toBe(true);
      expect(stmFormat.sniff('f 1 spk 0 1')).toBe(true);
    });

    it('rejects CSV, SubRip and plain prose', () => {
      expect(stmFormat.sniff('start,end,text\n0,1,a\n')).toBe(false);
      expect(stmFormat.sniff('1\n00:00:01,000 --> 00:00:02,000\nHi\n')).toBe(false);
      expect(stmFormat.sniff('We met at 10 and left at 11 on Monday.\n')).toBe(false);
    });
  });

  describe('real files', () => {
    it('kallaama wol_41014 (an excerpt of the draft): the gap that carries words is a row and a warning', () => {
      const { rows, warnings } = stmFormat.read(fixtureBytes('kallaama', 'raw', 'wol_41014.stm'));
      expect(rows).toHaveLength(19);
      expect(rows[0]).toEqual({ transcript: 'Louga gii', speaker: 'locuteur_2', start_time: 281.34, end_time: 281.881 });
      expect(new Set(rows.map((row) => row.speaker))).toEqual(new Set(['locuteur_2', 'locuteur_3', 'locuteur_4', 'inter_segment_gap']));
      expect(warnings).toEqual([{ message: 'this segment of inter_segment_gap (a gap, not a speaker) carries words: kept as a row with that speaker', location: { line: 35 } }]);
      expect(rows.find((row) => row.speaker === 'inter_segment_gap')).toEqual({
        transcript: 'ñoom ñoo war a njëkk a joxe le :fra bon :fra exemple :fra',
        speaker: 'inter_segment_gap',
        start_time: 306.332,
        end_time: 308.178,
      });
    });

    it('NIST SCTK test.arb2004: two channels, their gap speakers skipped', () => {
      const { rows, warnings } = stmFormat.read(fixtureBytes('nist-sctk', 'test.arb2004.txt.stm'));
      expect(rows).toHaveLength(33);
      expect(warnings).toEqual([]);
      expect(rows[0]).toEqual({ transcript: '(%تردّد) (%تردّد) The previous two words are %>h', speaker: 'test.arb2004_A', start_time: 1, end_time: 2 });
      expect(new Set(rows.map((row) => row.speaker))).toEqual(new Set(['test.arb2004_A', 'test.arb2004_B']));
    });
  });
});
