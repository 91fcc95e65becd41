import fc from 'fast-check';
import { jsonFormat } from '../../src/formats/json';
import { fixtureBytes, formatErrorOf, utf8 } from './helpers';

const read = (text: string, side?: 'original' | 'reworked') => jsonFormat.read(utf8(text), side === undefined ? {} : { side });

const rowArbitrary = fc.record(
  {
    transcript: fc.string(),
    speaker: fc.string(),
    start_time: fc.double({ min: 0, max: 1e5, noNaN: true }),
    end_time: fc.double({ min: 0, max: 1e5, noNaN: true }),
    emotion: fc.string(),
    confidence: fc.double({ min: 0, max: 1, noNaN: true }),
  },
  { requiredKeys: ['transcript'] },
);

describe('JSON rows', () => {
  describe('when the file is an array of rows', () => {
    it('gives exactly those rows, extra fields included', () => {
      const rows = [
        { transcript: 'Hello there.', speaker: 'A', start_time: 0, end_time: 1.25 },
        { transcript: '', speaker: 'B', emotion: 'happy', file_name: 'a.wav' },
        { transcript: 'Bye', start_time: '00:00:02.500' },
      ];
      expect(read(JSON.stringify(rows, null, 2))).toEqual({ rows, warnings: [] });
    });

    it('gives back any rows written as JSON (property)', () => {
      fc.assert(
        fc.property(fc.array(rowArbitrary, { maxLength: 20 }), (rows) => {
          expect(read(JSON.stringify(rows)).rows).toEqual(rows);
        }),
      );
    });
  });

  describe('when the file is a request body', () => {
    const body = {
      original: [{ transcript: 'a b', speaker: 'S1' }],
      reworked: [{ transcript: 'a', speaker: 'S1' }, { transcript: 'b' }],
      config: { simpleMode: true },
    };

    it('reads the side asked for, and warns that the body config is not applied', () => {
      expect(read(JSON.stringify(body), 'original').rows).toEqual(body.original);
      const reworked = read(JSON.stringify(body), 'reworked');
      expect(reworked.rows).toEqual(body.reworked);
      expect(reworked.warnings).toEqual([{ message: "the body's config is not applied when rows are read from a file", location: { path: 'config' } }]);
    });

    it('refuses to guess a side', () => {
      expect(formatErrorOf(() => read(JSON.stringify(body))).message).toMatch(/say which side to read \(original or reworked\)/);
    });

    it('names the missing side', () => {
      const error = formatErrorOf(() => read(JSON.stringify({ original: [] }), 'reworked'));
      expect(error.location).toEqual({ path: 'reworked' });
    });
  });

  describe('when the file is malformed', () => {
    it('names the line and column of a syntax error', () => {
      const text = '[\n  {"transcript": "a"},\n  {"transcript": "b",}\n]';
      const error = formatErrorOf(() => read(text));
      expect(error.location).toEqual({ line: 3, column: 22 });
      expect(error.message).toBe('the file is not valid JSON: expected a property name in double quotes, found "}\\n]"');
    });

    it('points at the start of a string never closed', () => {
      expect(formatErrorOf(() => read('[{"transcript": "abc}]')).location).toEqual({ line: 1, column: 17 });
    });

    it('points inside a number or a literal at the character that breaks it', () => {
      const number = formatErrorOf(() => read('[{"transcript": "a", "start_time": 4.e-3}]'));
      expect(number.location).toEqual({ line: 1, column: 38 });
      expect(number.message).toBe('the file is not valid JSON: expected a digit after the decimal point, found "e-3}]"');
      expect(formatErrorOf(() => read('[{"transcript": "a", "speaker": nul}]')).location).toEqual({ line: 1, column: 36 });
    });

    it('says the file ended where a value was expected', () => {
      const error = formatErrorOf(() => read('[{"transcript": "a"},\n'));
      expect(error.location).toEqual({ line: 2, column: 1 });
      expect(error.message).toMatch(/expected a value .*found the end of the file/);
    });

    it('gives the JSON path of a row that is not an object', () => {
      expect(formatErrorOf(() => read('[{"transcript": "a"}, 5]')).location).toEqual({ path: '[1]' });
      expect(formatErrorOf(() => read('[["a", "b"]]')).message).toMatch(/2-D input/);
    });

    it('gives the JSON path of a missing or non-string transcript, in a body too', () => {
      expect(formatErrorOf(() => read('[{"text": "a"}]')).location).toEqual({ path: '[0].transcript' });
      const error = formatErrorOf(() => read('{"original": [{"transcript": "a"}, {"transcript": 3}], "reworked": []}', 'original'));
      expect(error.location).toEqual({ path: 'original[1].transcript' });
      expect(error.message).toBe('expected the transcript as a string, found the number 3');
    });

    it('says what an object of another shape holds', () => {
      expect(formatErrorOf(() => read('{"segments": [], "text": ""}')).message).toBe(
        'expected an array of row objects or a request body {original, reworked}, found an object with the keys segments, text',
      );
    });
  });

  describe('sniff', () => {
    it('accepts an array or a request body', () => {
      expect(jsonFormat.sniff(' [{"transcript": "a"}]')).toBe(true);
      expect(jsonFormat.sniff('[\n]')).toBe(true);
      expect(jsonFormat.sniff('\uFEFF{"reworked": []}')).toBe(true);
    });

    it('rejects other JSON and other formats', () => {
      expect(jsonFormat.sniff('{"segments": [{"start": 0, "end": 1, "text": "a"}]}')).toBe(false);
      expect(jsonFormat.sniff('1\n00:00:01,000 --> 00:00:02,000\nHello\n')).toBe(false);
      expect(jsonFormat.sniff('[Script Info]\nScriptType: v4.00+\n')).toBe(false);
    });
  });

  describe('real JSON that is not rows (the first entries of a revdotcom earnings21 normalisation file)', () => {
    it('is not taken for rows, and reading it says what it holds', () => {
      const bytes = fixtureBytes('revdotcom-earnings21', '4384683.norm.json');
      expect(jsonFormat.sniff(new TextDecoder().decode(bytes))).toBe(false);
      const error = formatErrorOf(() => jsonFormat.read(bytes));
      expect(error.location).toEqual({ path: '(top level)' });
      expect(error.message).toMatch(/^expected an array of row objects or a request body \{original, reworked\}, found an object with the keys 0, 3, /);
    });
  });
});
