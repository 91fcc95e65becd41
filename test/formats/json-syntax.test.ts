import fc from 'fast-check';
import { jsonSyntaxFault, parseJson } from '../../src/formats/json-syntax';
import { formatErrorOf } from './helpers';

const parses = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

describe('where JSON text stops being valid', () => {
  it('finds the first offending character, and what was expected there', () => {
    expect(jsonSyntaxFault('{"a": }')).toEqual({ index: 6, expected: 'a value (a string, number, object, array, true, false or null)' });
    expect(jsonSyntaxFault('[1, 2,]')).toEqual({ index: 6, expected: 'a value (a string, number, object, array, true, false or null)' });
    expect(jsonSyntaxFault('{"a": 1}\n x')).toEqual({ index: 10, expected: 'nothing after the end of the JSON value' });
    expect(jsonSyntaxFault('[1, 2')).toEqual({ index: 5, expected: "',' or ']'" });
    expect(jsonSyntaxFault('{"a" 1}')).toEqual({ index: 5, expected: "':' after the property name" });
    expect(jsonSyntaxFault(' {"a": [true, null, -1.5e3, "\\u00e9\\n"]} ')).toBeNull();
  });

  it('points at the start of a string that is not closed on its line, or holds a bad escape', () => {
    expect(jsonSyntaxFault('{"a": "line\nbreak"}')).toEqual({ index: 6, expected: 'a string closed on its line, with valid escapes' });
    expect(jsonSyntaxFault('["ok", "\\x"]')).toEqual({ index: 7, expected: 'a string closed on its line, with valid escapes' });
  });

  it('scans nesting deeper than a recursive scanner could', () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    expect(jsonSyntaxFault(deep)).toBeNull();
    expect(jsonSyntaxFault(`${deep}]`)).toEqual({ index: 200_000, expected: 'nothing after the end of the JSON value' });
  });

  it('agrees with JSON.parse on what is valid (property)', () => {
    const pieces = fc.constantFrom('{', '}', '[', ']', ',', ':', '"a"', '"\\u12"', '"\\x"', '1', '-0.5', '01', '1e', 'true', 'nul', ' ', '\n', '"');
    fc.assert(
      fc.property(fc.oneof(fc.json(), fc.array(pieces, { maxLength: 12 }).map((list) => list.join(''))), (text) => {
        expect(jsonSyntaxFault(text) === null).toBe(parses(text));
      }),
    );
  });

  // Everything before the damage is a valid prefix, so the fault lies at or after it, except a
  // string the damage left unclosed, which is reported where it opens.
  it('locates the first fault at or after the place a valid text was damaged (property)', () => {
    const texts = fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value, null, 1));
    fc.assert(
      fc.property(texts, fc.nat(), (text, at) => {
        const cut = at % text.length;
        const damaged = text.slice(0, cut) + text.slice(cut + 1);
        if (parses(damaged)) return;
        const error = formatErrorOf(() => parseJson(damaged));
        const { line = 0, column = 0 } = error.location;
        const lines = damaged.split('\n');
        const index = lines.slice(0, line - 1).reduce((sum, l) => sum + l.length + 1, 0) + column - 1;
        expect(index).toBeLessThanOrEqual(damaged.length);
        if (index < cut) {
          expect(damaged[index]).toBe('"');
          expect(error.message).toMatch(/closed on its line/);
        }
      }),
    );
  });
});

describe('JSON text to a value', () => {
  it('gives the value of valid JSON', () => {
    expect(parseJson('{"segments": [{"start": 1}]}')).toEqual({ segments: [{ start: 1 }] });
  });

  it('makes a FormatError with the line, the column and what was expected', () => {
    const error = formatErrorOf(() => parseJson('{\n  "segments": [\n    {"start": 1,}\n  ]\n}'));
    expect(error.message).toBe('the file is not valid JSON: expected a property name in double quotes, found "}\\n  ]\\n}"');
    expect(error.location).toEqual({ line: 3, column: 17 });
  });

  it('says the file ended where it did', () => {
    const error = formatErrorOf(() => parseJson('[{"transcript": "a"},\n'));
    expect(error.location).toEqual({ line: 2, column: 1 });
    expect(error.message).toMatch(/expected a value .*found the end of the file/);
  });
});
