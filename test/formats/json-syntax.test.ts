import fc from 'fast-check';
import { invalidJsonOffset } from '../../src/formats/json-syntax';
import { parseJson } from '../../src/formats/json-value';
import { formatErrorOf, utf8 } from './helpers';

const parses = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

describe('where JSON text stops being valid', () => {
  it('finds the first offending character', () => {
    expect(invalidJsonOffset('{"a": }')).toBe(6);
    expect(invalidJsonOffset('[1, 2,]')).toBe(6);
    expect(invalidJsonOffset('{"a": 1}\n x')).toBe(10);
    expect(invalidJsonOffset('{"a": "line\nbreak"}')).toBe(11);
    expect(invalidJsonOffset('[1, 2')).toBe(5);
    expect(invalidJsonOffset(' {"a": [true, null, -1.5e3, "\\u00e9\\n"]} ')).toBeUndefined();
  });

  it('agrees with JSON.parse on what is valid (property)', () => {
    const pieces = fc.constantFrom('{', '}', '[', ']', ',', ':', '"a"', '"\\u12"', '"\\x"', '1', '-0.5', '01', '1e', 'true', 'nul', ' ', '\n', '"');
    fc.assert(
      fc.property(fc.oneof(fc.json(), fc.array(pieces, { maxLength: 12 }).map((list) => list.join(''))), (text) => {
        expect(invalidJsonOffset(text) === undefined).toBe(parses(text));
      }),
    );
  });

  it('makes a FormatError with the line and column for a file that is not JSON', () => {
    const error = formatErrorOf(() => parseJson(utf8('{\n  "segments": [\n    {"start": 1,}\n  ]\n}')));
    expect(error.message).toMatch(/^the file is not valid JSON: /);
    expect(error.location).toEqual({ line: 3, column: 17 });
  });
});
