import fc from 'fast-check';
import { normalizeSpace, normalizeText, parseTime, stripDiacritics, timesEqual } from '../../../src/engine/prepare/normalize';

describe('normalizeSpace', () => {
  it('collapses every kind of whitespace run to one space and trims', () => {
    expect(normalizeSpace('  a\u00a0\tb\n\r\nc\u2028d  ')).toBe('a b c d');
  });
  it('composes to NFC', () => {
    expect(normalizeSpace('e\u0301')).toBe('\u00e9');
  });
  it('returns clean ASCII unchanged (same string)', () => {
    const s = 'Hello, world.';
    expect(normalizeSpace(s)).toBe(s);
  });
});

describe('stripDiacritics', () => {
  it('removes Latin accents', () => {
    expect(stripDiacritics('café niño Ångström')).toBe('cafe nino Angstrom');
  });
  it('removes Arabic tashkeel, superscript alef, Quranic marks and tatweel, and folds alef variants', () => {
    expect(stripDiacritics('كَتَبَ')).toBe('كتب');
    expect(stripDiacritics('عــلي')).toBe('علي');
    expect(stripDiacritics('أإآٱ')).toBe('اااا');
    expect(stripDiacritics('هٰذا\u06D6')).toBe('هذا');
  });
  it('keeps case and punctuation', () => {
    expect(normalizeText('Hé, THERE!', true)).toBe('He, THERE!');
  });
});

describe('the fast paths of normalizeSpace and stripDiacritics', () => {
  // The definitions of D5.3, spelled out: the fast paths must give exactly these.
  const spaced = (t: string) => t.normalize('NFC').replace(/\s+/gu, ' ').trim();
  const stripped = (t: string) =>
    t.normalize('NFD').replace(/[\u064B-\u065F\u0670\u06D6-\u06ED\u0640]/g, '').replace(/[\p{Mn}\p{Me}]/gu, '').replace(/[\u0622\u0623\u0625\u0671]/g, '\u0627').normalize('NFC');
  const special = ['é', 'e\u0301', '\u0301', 'ß', 'Ø', 'İ', 'Å', 'Å', '’', '…', '£', '€', '\u00ad', '\u00a0', '\u2028', '\u200b', '\t', '\n', 'ا', 'أ', 'كَ', '\u1100\u1161', '가', '😀', 'ǅ', '\u0338', '=', '<'];
  const unit = fc.oneof(
    fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
    fc.constantFrom(...special),
    fc.integer({ min: 0x80, max: 0x300 }).map((c) => String.fromCharCode(c)),
    fc.integer({ min: 0x2000, max: 0x2200 }).map((c) => String.fromCharCode(c)),
  );
  it('give the definitions on text mixing ASCII, Latin, punctuation, marks and other scripts', () => {
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 40 }), (text) => {
        expect(normalizeSpace(text)).toBe(spaced(text));
        expect(stripDiacritics(text)).toBe(stripped(text));
        expect(stripDiacritics(spaced(text))).toBe(stripped(spaced(text)));
      }),
      { seed: 5, numRuns: 5000 },
    );
  });
  it('give the definition on text with whitespace around it (the trimmed fast path)', () => {
    const space = fc.constantFrom(' ', '  ', '\t', '\n', '\r\n', '\u00a0', '\u2028', '\u3000', '\ufeff');
    const pad = fc.array(space, { maxLength: 3 }).map((p) => p.join(''));
    fc.assert(
      fc.property(pad, fc.string({ unit, maxLength: 40 }), pad, (before, text, after) => {
        expect(normalizeSpace(before + text + after)).toBe(spaced(before + text + after));
      }),
      { seed: 9, numRuns: 5000 },
    );
    const cell = 'The end of a cell. ';
    expect(normalizeSpace(cell)).toBe('The end of a cell.');
  });
  it('return typographic text unchanged (same string)', () => {
    const s = 'It’s £5 — “fine”… ok';
    expect(normalizeSpace(s)).toBe(s);
    expect(stripDiacritics(s)).toBe(s);
  });
});

describe('parseTime', () => {
  it.each([
    [12.5, 12.5],
    ['12.5', 12.5],
    ['01:02:03.5', 3723.5],
    ['02:03', 123],
    ['1:02:03', 3723],
  ])('reads %p as %p seconds', (input, seconds) => {
    expect(parseTime(input)).toBeCloseTo(seconds, 9);
  });
  it.each([null, undefined, ''])('reads %p as no time', (input) => {
    expect(parseTime(input)).toBeNaN();
  });
  it.each(['abc', '1:2:3:4', {}, true, '12s', `${'9'.repeat(309)}:00:00`, '1e400'])('rejects %p', (input) => {
    expect(parseTime(input)).toBeUndefined();
  });
  it('compares within a millisecond and treats two absent times as equal', () => {
    expect(timesEqual(1.0005, 1.001)).toBe(true);
    expect(timesEqual(1, 1.002)).toBe(false);
    expect(timesEqual(NaN, NaN)).toBe(true);
    expect(timesEqual(NaN, 0)).toBe(false);
  });
});
