import { normalizeSpace, normalizeText, parseTime, stripDiacritics, timesEqual } from '../../src/engine/normalize';

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
  it.each(['abc', '1:2:3:4', {}, true, '12s'])('rejects %p', (input) => {
    expect(parseTime(input)).toBeUndefined();
  });
  it('compares within a millisecond and treats two absent times as equal', () => {
    expect(timesEqual(1.0005, 1.001)).toBe(true);
    expect(timesEqual(1, 1.002)).toBe(false);
    expect(timesEqual(NaN, NaN)).toBe(true);
    expect(timesEqual(NaN, 0)).toBe(false);
  });
});
