import fc from 'fast-check';
import { clockSeconds, unsignedDecimal } from '../../src/formats/seconds';
import { decodeText, decodeTextOrLatin1, positionOf, splitLines } from '../../src/formats/text';
import { formatErrorOf, utf8 } from './helpers';

const latin1 = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

describe('decoding a file', () => {
  it('follows a byte order mark, recognises UTF-16 without one, and reads UTF-8 otherwise', () => {
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('café')]))).toBe('café');
    expect(decodeText(new Uint8Array([0xff, 0xfe, 0x61, 0x00, 0xe9, 0x00]))).toBe('aé');
    expect(decodeText(new Uint8Array([0x00, 0x61, 0x00, 0xe9]))).toBe('aé');
    expect(decodeText(utf8('déjà'))).toBe('déjà');
  });

  it('names the line of a byte that is not UTF-8, and a UTF-16 file cut short', () => {
    expect(formatErrorOf(() => decodeText(latin1('ok\nstill ok\ncaf\u00e9\n'))).location).toEqual({ line: 3 });
    expect(formatErrorOf(() => decodeText(new Uint8Array([0xff, 0xfe, 0x61]))).message).toMatch(/odd number of bytes/);
  });

  it('falls back to ISO Latin-1 with the error that made it, unless a byte order mark says otherwise', () => {
    const { text, notDecoded } = decodeTextOrLatin1(latin1('Zo\u00e9\n'));
    expect(text).toBe('Zoé\n');
    expect(notDecoded?.location).toEqual({ line: 1 });
    expect(decodeTextOrLatin1(utf8('Zoé'))).toEqual({ text: 'Zoé' });
    expect(formatErrorOf(() => decodeTextOrLatin1(new Uint8Array([0xef, 0xbb, 0xbf, 0xe9]))).message).toMatch(/not valid UTF-8/);
  });
});

describe('places in a text', () => {
  it('counts LF, CR LF and a lone CR as line ends, as splitLines does', () => {
    const text = 'a\r\nbc\rd\ne';
    expect(splitLines(text)).toEqual(['a', 'bc', 'd', 'e']);
    expect([0, 3, 4, 6, 8, 9].map((index) => positionOf(text, index))).toEqual([
      { line: 1, column: 1 },
      { line: 2, column: 1 },
      { line: 2, column: 2 },
      { line: 3, column: 1 },
      { line: 4, column: 1 },
      { line: 4, column: 2 },
    ]);
  });

  it('agrees with splitLines on every offset (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', '\n', '\r') }), fc.nat(), (text, at) => {
        const index = text.length === 0 ? 0 : at % text.length;
        const { line, column } = positionOf(text, index);
        const before = splitLines(text.slice(0, index));
        // An offset between the CR and the LF of a line end is still on the line the CR LF ends.
        const insideLineEnd = text[index - 1] === '\r' && text[index] === '\n';
        expect(line).toBe(insideLineEnd ? before.length - 1 : before.length);
        if (!insideLineEnd) expect(column).toBe((before[before.length - 1] as string).length + 1);
      }),
    );
  });
});

describe('times written as text', () => {
  it.each([
    ['12', 12],
    ['12.5', 12.5],
    ['.5', 0.5],
    ['12.', 12],
  ])('reads the decimal %j as %p', (text, value) => expect(unsignedDecimal(text)).toBe(value));

  it.each(['-1', '+1', '1e3', '1,5', ' 1', '', '0x10'])('refuses %j', (text) => expect(unsignedDecimal(text)).toBeUndefined());

  it('reads a clock time so that equal times written alike are equal doubles', () => {
    expect(clockSeconds('0', '00', '01', '1')).toBe(1.1);
    expect(clockSeconds('1', '02', '03', '456')).toBe(3723.456);
    expect(clockSeconds('0', '00', '05')).toBe(5);
  });
});
