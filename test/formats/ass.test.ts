import fc from 'fast-check';
import { assFormat, dialogueText } from '../../src/formats/ass';
import { TranscriptRow } from '../../src/formats/types';
import { fixtureBytes, formatErrorOf, utf8 } from './helpers';

const read = (text: string) => assFormat.read(utf8(text));

const HEAD = [
  '[Script Info]',
  'ScriptType: v4.00+',
  '',
  '[V4+ Styles]',
  'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
  'Style: Default,Arial,20,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,2,2,2,10,10,10,1',
  '',
  '[Events]',
  'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
];

/** `h:mm:ss.cc` of a whole number of centiseconds. */
function assTime(cs: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(cs / 360_000)}:${pad(Math.floor(cs / 6000) % 60)}:${pad(Math.floor(cs / 100) % 60)}.${pad(cs % 100)}`;
}

describe('Advanced SubStation Alpha', () => {
  describe('when the file is built from known rows', () => {
    it('gives one row per Dialogue line, speaker from Name, override tags and breaks removed', () => {
      const file = [
        ...HEAD,
        'Comment: 0,0:00:00.00,0:00:01.00,Default,,0,0,0,,not a row',
        'Dialogue: 0,0:00:01.50,0:00:03.25,Default,Mira Murati,0,0,0,,{\\i1}Hello,{\\i0} everyone.\\NWelcome\\hback.',
        'Dialogue: 1,0:01:02.00,1:00:00.00,Other, ,10,10,10,Fade,{a brace comment}Text, with, commas',
        'Dialogue: 0,0:01:03.00,0:01:04.00,Default,,0,0,0,,{\\p1}m 0 0 l 100 0 100 100{\\p0}Sign',
      ].join('\n');
      expect(read(file)).toEqual({
        rows: [
          { transcript: 'Hello, everyone. Welcome back.', speaker: 'Mira Murati', start_time: 1.5, end_time: 3.25 },
          { transcript: 'Text, with, commas', start_time: 62, end_time: 3600 },
          { transcript: 'Sign', start_time: 63, end_time: 64 },
        ],
        warnings: [],
      });
    });

    it('reads the fields by the Format line, Actor as the speaker field of older writers', () => {
      const file = '[Script Info]\nScriptType: v4.00\n\n[Events]\nFormat: Marked, Start, End, Style, Actor, MarginL, MarginR, MarginV, Effect, Text\nDialogue: Marked=0,0:00:01.00,0:00:02.00,Default,Bob,0000,0000,0000,,Hi\n';
      expect(read(file).rows).toEqual([{ transcript: 'Hi', speaker: 'Bob', start_time: 1, end_time: 2 }]);
    });

    it('gives back any rows written as Dialogue lines (property)', () => {
      const text = fc.string({ minLength: 1, unit: 'grapheme' }).filter((s) => s.trim() !== '' && !/[\r\n{}\\]/.test(s));
      const name = fc.option(fc.stringMatching(/^[A-Z][a-z]{0,8}( [A-Z][a-z]{0,8})?$/), { nil: undefined });
      const row = fc.record({ start: fc.nat(3_600_000), end: fc.nat(3_600_000), speaker: name, text }).map((r) => (r.end >= r.start ? r : { ...r, start: r.end, end: r.start }));
      fc.assert(
        fc.property(fc.array(row, { maxLength: 12 }), (rows) => {
          const file = [...HEAD, ...rows.map((r) => `Dialogue: 0,${assTime(r.start)},${assTime(r.end)},Default,${r.speaker ?? ''},0,0,0,,${r.text}`)].join('\r\n');
          const expected: TranscriptRow[] = rows.map((r) => ({
            transcript: r.text.trim().replace(/\s+/g, ' '),
            ...(r.speaker ? { speaker: r.speaker } : {}),
            start_time: r.start / 100,
            end_time: r.end / 100,
          }));
          expect(read(file).rows).toEqual(expected);
        }),
      );
    });

    it('keeps a Dialogue line without text as an empty row, with a warning', () => {
      const result = read([...HEAD, 'Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,{\\an8}'].join('\n'));
      expect(result.rows).toEqual([{ transcript: '', start_time: 1, end_time: 2 }]);
      expect(result.warnings).toEqual([{ message: 'this Dialogue line has no text: kept as an empty row', location: { line: 10 } }]);
    });
  });

  describe('the text of a Dialogue line', () => {
    it.each([
      ['{\\pos(10,10)\\c&H00FF00&}Green', 'Green'],
      ['Line one\\Nline two\\nthree', 'Line one line two three'],
      ['Open { brace', 'Open { brace'],
      ['{\\p2}m 0 0 l 1 1{\\p0} after {\\p1}m 1 1', 'after'],
    ])('reads %j as %j', (field, expected) => expect(dialogueText(field)).toBe(expected));
  });

  describe('when the file is malformed', () => {
    it('names the line and column of a bad time', () => {
      const error = formatErrorOf(() => read([...HEAD, 'Dialogue: 0,0:00:01.00,0:00:2.00,Default,,0,0,0,,ok', 'Dialogue: 0,0:0x:01.00,0:00:02.00,Default,,0,0,0,,bad'].join('\n')));
      expect(error.location).toEqual({ line: 11, column: 13 });
      expect(error.message).toBe('the start time "0:0x:01.00" is not h:mm:ss.cc');
    });

    it('names the line of a Dialogue line with too few fields', () => {
      const error = formatErrorOf(() => read([...HEAD, 'Dialogue: 0,0:00:01.00,0:00:02.00,Default'].join('\n')));
      expect(error.location).toEqual({ line: 10 });
      expect(error.message).toBe('the Dialogue line has 4 fields, the Format line (line 9) names 10');
    });

    it('needs a Format line before the Dialogue lines, with Start, End and Text last', () => {
      expect(formatErrorOf(() => read('[Events]\nDialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,Hi\n')).location).toEqual({ line: 2 });
      expect(formatErrorOf(() => read('[Events]\nFormat: Layer, Start, Text, End\n')).message).toBe('the [Events] Format line must end with the Text field');
      expect(formatErrorOf(() => read('[Events]\nFormat: Layer, End, Text\n')).message).toBe('the [Events] Format line has no Start field');
    });

    it('needs an [Events] section', () => {
      expect(formatErrorOf(() => read('[Script Info]\nTitle: none\n')).message).toMatch(/^no \[Events\] section/);
    });
  });

  describe('sniff', () => {
    it('accepts a script opening with [Script Info]', () => {
      expect(assFormat.sniff('\uFEFF[Script Info]\n; comment\n')).toBe(true);
    });

    it('rejects subtitles of other formats', () => {
      expect(assFormat.sniff('WEBVTT\n\n00:01.000 --> 00:02.000\n[Script Info]\n')).toBe(false);
      expect(assFormat.sniff('1\n00:00:01,000 --> 00:00:02,000\nHi\n')).toBe(false);
    });
  });

  describe('real files (lattifai GPT-4o benchmark, 0:09:15 to 0:11:50 of each file)', () => {
    const file = (name: string) => fixtureBytes('lattifai', `Introducing_GPT-4o_${name}.ass`);

    it('reads the ground truth: 53 rows, four named speakers', () => {
      const { rows, warnings } = assFormat.read(file('GroundTruth'));
      expect(rows).toHaveLength(53);
      expect(warnings).toEqual([]);
      expect(rows[0]).toEqual({ transcript: "Hi I'm, uh, I'm Barrett.", speaker: 'Barrett Zoph', start_time: 558.8, end_time: 559.92 });
      expect([...new Set(rows.map((row) => row.speaker))].sort()).toEqual(['Barrett Zoph', 'ChatGPT', 'Mark Chen', 'Mira Murati']);
    });

    it('reads each machine file, leaving rows with an empty Name without a speaker', () => {
      const counts = Object.fromEntries(
        ['Gemini', 'Gemini3', 'Gemini3_Flash', 'Gemini3_Flash_LattifAI'].map((name) => {
          const { rows } = assFormat.read(file(name));
          return [name, { rows: rows.length, withoutSpeaker: rows.filter((row) => !('speaker' in row)).length }];
        }),
      );
      expect(counts).toEqual({
        Gemini: { rows: 28, withoutSpeaker: 13 },
        Gemini3: { rows: 17, withoutSpeaker: 5 },
        Gemini3_Flash: { rows: 23, withoutSpeaker: 8 },
        Gemini3_Flash_LattifAI: { rows: 51, withoutSpeaker: 36 },
      });
    });

    it('keeps the Name as written: the machine files end it with a colon', () => {
      const { rows } = assFormat.read(file('Gemini'));
      expect(rows.slice(0, 3)).toEqual([
        { transcript: "Hi, I'm, uh, I'm Barret.", speaker: 'Barret Zoph:', start_time: 558.1, end_time: 559 },
        { transcript: "Hey, I'm Mark.", speaker: 'Mark Chen:', start_time: 559, end_time: 560 },
        { transcript: "So one of the key capabilities we're really excited to share with you today is real-time conversational speech.", start_time: 560, end_time: 567 },
      ]);
    });
  });
});
