import fc from 'fast-check';
import { cellSeconds, csvFormat, tsvFormat } from '../../src/formats/csv';
import { ReadOptions, TranscriptRow } from '../../src/formats/types';
import { fixtureBytes, formatErrorOf, utf8 } from './helpers';

const readCsv = (text: string, options: ReadOptions = {}) => csvFormat.read(utf8(text), options);
const readTsv = (text: string, options: ReadOptions = {}) => tsvFormat.read(utf8(text), options);

const COLUMNS = ['transcript', 'speaker', 'start_time', 'end_time', 'non_speech_events'] as const;

/** A CSV of `rows` with every cell quoted (RFC 4180), absent fields as empty cells. */
function csvOf(rows: TranscriptRow[]): string {
  const quote = (cell: string | number | undefined) => `"${String(cell ?? '').replace(/"/g, '""')}"`;
  return [COLUMNS.join(','), ...rows.map((row) => COLUMNS.map((c) => quote(row[c])).join(','))].join('\r\n') + '\r\n';
}

// Times as a writer prints milliseconds; text without CR (line breaks are read as LF) and, for
// the optional fields, with something visible (an empty cell is no value).
const seconds = fc.integer({ min: 0, max: 10_000_000 }).map((ms) => ms / 1000);
const text = fc.string({ unit: 'grapheme' }).map((s) => s.replace(/\r/g, ''));
const visible = text.filter((s) => s.trim() !== '');
const rowArbitrary: fc.Arbitrary<TranscriptRow> = fc.record(
  { transcript: text, speaker: visible, start_time: seconds, end_time: seconds, non_speech_events: visible },
  { requiredKeys: ['transcript'] },
).map((r) => (r.start_time === undefined || r.end_time === undefined || r.end_time >= r.start_time ? r : { ...r, start_time: r.end_time, end_time: r.start_time }));

describe('CSV', () => {
  describe('when the file is built from known rows', () => {
    it('gives exactly those rows, times in seconds', () => {
      const file = [
        'Start,End,Speaker,Text',
        '0,1.5,Alice,"Hello, world."',
        '00:00:01.500,00:00:03,Bob,"She said ""no""',
        'and left."',
        '1:02.25,01:03,,',
      ].join('\n');
      expect(readCsv(file)).toEqual({
        rows: [
          { transcript: 'Hello, world.', speaker: 'Alice', start_time: 0, end_time: 1.5 },
          { transcript: 'She said "no"\nand left.', speaker: 'Bob', start_time: 1.5, end_time: 3 },
          { transcript: '', start_time: 62.25, end_time: 63 },
        ],
        warnings: [],
      });
    });

    it('gives back any rows written as quoted CSV (property)', () => {
      fc.assert(
        fc.property(fc.array(rowArbitrary, { maxLength: 15 }), (rows) => {
          expect(readCsv(csvOf(rows)).rows).toEqual(rows);
        }),
      );
    });

    it('reads the columns named in the map, case-insensitively', () => {
      const file = 'Who;Said;Start\nA;bonjour;2,5\n';
      const error = formatErrorOf(() => readCsv(file, { map: { transcript: 'said', speaker: 'WHO' } }));
      // The semicolon CSV of spreadsheets writes decimal commas; times must be seconds with a point.
      expect(error.message).toBe('"Start" is "2,5": expected a time in seconds (12.5), hh:mm:ss(.fff) or mm:ss(.fff)');
      expect(readCsv('Who;Said\nA;bonjour\n', { map: { transcript: 'said', speaker: 'WHO' } }).rows).toEqual([{ transcript: 'bonjour', speaker: 'A' }]);
    });

    it('does not carry other columns, and says which it left', () => {
      const result = readCsv('id,transcript,confidence\n1,yes,0.9\n');
      expect(result.rows).toEqual([{ transcript: 'yes' }]);
      expect(result.warnings).toEqual([
        {
          message: 'columns not read: "id", "confidence" (rows carry only transcript, speaker, start_time, end_time, non_speech_events, utterance_id; every field a row has is compared)',
          location: { line: 1 },
        },
      ]);
    });

    it('prefers the transcript column to a text column, and the first of two alike', () => {
      expect(readCsv('text,transcript\na,b\n').rows).toEqual([{ transcript: 'b' }]);
      const twice = readCsv('Text,TEXT\na,b\n');
      expect(twice.rows).toEqual([{ transcript: 'a' }]);
      expect(twice.warnings[0].message).toMatch(/^columns not read: "TEXT" /);
    });
  });

  describe('when the file is malformed', () => {
    it('names the line and the column of a bad time', () => {
      const error = formatErrorOf(() => readCsv('text,start\n"two\nlines",1\nok,soon\n'));
      expect(error.location).toEqual({ line: 4 });
      expect(error.message).toBe('"start" is "soon": expected a time in seconds (12.5), hh:mm:ss(.fff) or mm:ss(.fff)');
      expect(formatErrorOf(() => readCsv('text,start\na,00:75\n')).location).toEqual({ line: 2 });
    });

    it('names the line of a row with more cells than the header', () => {
      const error = formatErrorOf(() => readCsv('text,speaker\na,A\n\n"b\nc",B,extra\n'));
      expect(error.message).toBe('the row has 3 cells but the header has 2');
      expect(error.location).toEqual({ line: 4 });
    });

    it('names the line where a quote is opened and never closed', () => {
      const error = formatErrorOf(() => readCsv('text\r\nfine\r\n\r\n"never closed\r\nmore\r\n'));
      expect(error.location).toEqual({ line: 4 });
    });

    it('lists the headers found and the map option when no column is the transcript', () => {
      const error = formatErrorOf(() => readCsv('Start,Words\n0,hi\n'));
      expect(error.message).toBe(
        'no transcript column: expected a header named transcript or text (or sentence, utterance, content); the header has: "Start", "Words"; name the column with --map transcript=NAME',
      );
      expect(error.location).toEqual({ line: 1 });
    });

    it('says when the map names a column that does not exist', () => {
      expect(formatErrorOf(() => readCsv('text\na\n', { map: { speaker: 'Who' } })).message).toBe(
        'the map names a column "Who" for speaker, but the header has: "text"',
      );
    });

    it('refuses an empty file', () => {
      expect(formatErrorOf(() => readCsv('\n \n')).message).toMatch(/^the file is empty/);
    });
  });

  describe('sniff', () => {
    it('accepts a header that names a transcript column, comma or semicolon separated', () => {
      expect(csvFormat.sniff('\uFEFF"start","end","Text"\n0,1,a\n')).toBe(true);
      expect(csvFormat.sniff('speaker;transcript\n')).toBe(true);
    });

    it('rejects TSV, JSON and subtitles', () => {
      expect(csvFormat.sniff('start\tend\ttext\n')).toBe(false);
      expect(csvFormat.sniff('[{"transcript": "a", "speaker": "b"}]')).toBe(false);
      expect(csvFormat.sniff('1\n00:00:01,000 --> 00:00:02,000\ntext\n')).toBe(false);
    });
  });

  describe('time cells', () => {
    it.each([
      ['12.5', 12.5],
      ['.5', 0.5],
      ['01:02', 62],
      ['1:02.5', 62.5],
      ['01:02:03.456', 3723.456],
      ['1:00:00,5', 3600.5],
      ['  ', undefined],
    ])('reads %j as %p', (cell, expected) => expect(cellSeconds(cell)).toBe(expected));

    it.each(['-1', '1e3', '12:60', '1:60:00', 'abc', '1.2.3'])('refuses %j', (cell) => expect(cellSeconds(cell)).toBeNull());
  });
});

describe('TSV', () => {
  it('gives exactly the rows a file was built from', () => {
    const rows: TranscriptRow[] = [
      { transcript: 'Hello, "world".', speaker: 'A', start_time: 0.25, end_time: 1 },
      { transcript: 'Second', start_time: 1, end_time: 2.5 },
    ];
    const file = ['transcript\tspeaker\tstart_time\tend_time', ...rows.map((r) => [r.transcript, r.speaker ?? '', r.start_time, r.end_time].join('\t'))].join('\n');
    expect(readTsv(file)).toEqual({ rows, warnings: [] });
  });

  it('gives back any rows without tabs or line breaks (property)', () => {
    const cell = text.map((s) => s.replace(/[\t\n]/g, ' '));
    const row = fc.record({ transcript: cell, speaker: cell.filter((s) => s.trim() !== '') }, { requiredKeys: ['transcript'] });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 15 }), (rows) => {
        const file = ['speaker\ttranscript', ...rows.map((r) => `${r.speaker ?? ''}\t${r.transcript}`)].join('\n');
        expect(readTsv(file).rows).toEqual(rows);
      }),
    );
  });

  it('names the line of a ragged row', () => {
    const error = formatErrorOf(() => readTsv('text\tspeaker\na\tA\nb\tB\tC\n'));
    expect(error.location).toEqual({ line: 3 });
  });

  it('sniffs a tab-separated header and rejects a comma-separated one', () => {
    expect(tsvFormat.sniff('begin\tend\tutterance\n')).toBe(true);
    expect(tsvFormat.sniff('begin,end,utterance\n')).toBe(false);
  });

  describe('a real TSV (the first lines of camel-wild-diacritics WikiNewsMax, one word a line)', () => {
    const bytes = fixtureBytes('camel-wild-diacritics', 'WikiNewsMax.tsv');

    it('has no transcript header: the error lists its columns', () => {
      expect(formatErrorOf(() => tsvFormat.read(bytes)).message).toMatch(/the header has: "dediac", "original_gold", "max_gold", "max_gold_alt"; name the column with --map/);
    });

    it('reads every line as a row with the mapped column, bare quotation marks included', () => {
      const { rows, warnings } = tsvFormat.read(bytes, { map: { transcript: 'original_gold' } });
      expect(rows).toHaveLength(174);
      expect(rows.slice(0, 2)).toEqual([{ transcript: '#' }, { transcript: 'ثَقَافَةٌ' }]);
      expect(rows[168]).toEqual({ transcript: '"' });
      expect(rows.every((row) => Object.keys(row).join() === 'transcript')).toBe(true);
      expect(warnings.map((w) => w.message)).toEqual([
        'columns not read: "dediac", "max_gold", "max_gold_alt" (rows carry only transcript, speaker, start_time, end_time, non_speech_events, utterance_id; every field a row has is compared)',
      ]);
    });
  });
});
