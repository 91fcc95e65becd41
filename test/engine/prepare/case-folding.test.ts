import fc from 'fast-check';
import { foldCase } from '../../../src/engine/prepare/case-folding';
import { CASE_FOLDING_SOURCE, FULL_FOLDINGS, SIMPLE_FOLDING_RUNS } from '../../../src/engine/prepare/case-folding-table';

/** CaseFolding.txt's C and F lines, decoded from the generated table: code point → its folding. */
function foldingTable(): Map<number, string> {
  const table = new Map<number, string>();
  for (let r = 0; r < SIMPLE_FOLDING_RUNS.length; r += 4) {
    const [start, count, step, delta] = SIMPLE_FOLDING_RUNS.slice(r, r + 4) as [number, number, number, number];
    for (let k = 0; k < count; k++) table.set(start + k * step, String.fromCodePoint(start + k * step + delta));
  }
  for (const [code, folded] of FULL_FOLDINGS) table.set(code, folded);
  return table;
}

function* codePoints(): Generator<number> {
  for (let c = 0; c <= 0x10ffff; c++) if (c < 0xd800 || c > 0xdfff) yield c;
}

describe('the case folding table', () => {
  const table = foldingTable();

  it('holds the C and F lines of CaseFolding-17.0.0.txt', () => {
    expect(CASE_FOLDING_SOURCE).toBe('CaseFolding-17.0.0.txt');
    // 1,481 C lines and 104 F lines in CaseFolding-17.0.0.txt.
    expect(table.size).toBe(1481 + 104);
    expect(table.get(0x41)).toBe('a');
    expect(table.get(0xdf)).toBe('ss');
    expect(table.get(0x1e9e)).toBe('ss');
    expect(table.get(0x3c2)).toBe('σ');
    expect(table.get(0xab70)).toBe('\u13a0');
    expect(table.get(0x10400)).toBe('\u{10428}');
  });

  it('folds every code point as the table says (then NFC), and leaves the others as they are', () => {
    const wrong: string[] = [];
    for (const c of codePoints()) {
      const text = String.fromCodePoint(c);
      const folded = table.get(c);
      const expected = folded === undefined ? text : folded.normalize('NFC');
      if (foldCase(text) !== expected) wrong.push(c.toString(16));
    }
    expect(wrong).toEqual([]);
  });

  // Why a table: neither built-in lower-casing is full case folding. Counted over single code
  // points (the context-free part; toLowerCase's final sigma is a context rule, below).
  it('is not what toLowerCase() or toUpperCase().toLowerCase() give', () => {
    const lowerWrong: number[] = [];
    const upperLowerWrong: number[] = [];
    for (const c of codePoints()) {
      const text = String.fromCodePoint(c);
      const expected = table.get(c) ?? text;
      if (text.toLowerCase() !== expected) lowerWrong.push(c);
      if (text.toUpperCase().toLowerCase() !== expected) upperLowerWrong.push(c);
    }
    // toLowerCase keeps ß (folds to ss), ς (to σ), ſ (to s), µ (to μ) and the ligatures, and
    // lower-cases Cherokee capitals that folding keeps.
    expect(lowerWrong).toEqual(expect.arrayContaining([0xdf, 0x3c2, 0x17f, 0xb5, 0xfb01, 0x13a0]));
    // The round trip fixes those, but makes ẞ ß (folds to ss), dotless ı i (folds to itself) and
    // Cherokee small letters small again (they fold to capitals).
    expect(upperLowerWrong).toEqual(expect.arrayContaining([0x1e9e, 0x131, 0xab70]));
    expect(lowerWrong.length).toBeGreaterThan(250);
    expect(upperLowerWrong.length).toBeGreaterThan(150);
  });
});

describe('foldCase', () => {
  it('makes ß and ss, ẞ and SS, ﬁ and fi equal', () => {
    expect(foldCase('Straße')).toBe(foldCase('STRASSE'));
    expect(foldCase('STRAẞE')).toBe('strasse');
    expect(foldCase('ﬁne')).toBe('fine');
  });

  it('folds every sigma to σ, final or not (toLowerCase gives ς at the end of a word)', () => {
    expect('ΟΔΟΣ'.toLowerCase()).toBe('οδος');
    expect(foldCase('ΟΔΟΣ')).toBe('οδοσ');
    expect(foldCase('οδος')).toBe('οδοσ');
  });

  it('is not Turkish: I folds to i, İ to i + U+0307, and dotless ı stays ı', () => {
    expect(foldCase('I')).toBe('i');
    expect(foldCase('İstanbul')).toBe('i\u0307stanbul');
    expect(foldCase('İstanbul')).not.toBe(foldCase('istanbul'));
    expect(foldCase('ılık')).toBe('ılık');
  });

  it('gives NFC: ǰ folds to j + U+030C, composed again', () => {
    expect(foldCase('ǰ')).toBe('ǰ');
    expect(foldCase('J\u030c')).toBe('ǰ');
  });

  it('returns the same string when nothing folds', () => {
    const text = 'déjà vu, ça va';
    expect(foldCase(text)).toBe(text);
  });

  it('folds supplementary code points and leaves unpaired surrogates', () => {
    expect(foldCase('\u{10400}x')).toBe('\u{10428}x');
    expect(foldCase('A\ud800B')).toBe('a\ud800b');
    expect(foldCase('😀É')).toBe('😀é');
  });

  it('is idempotent and agrees with itself on ASCII and mixed text', () => {
    const unit = fc.oneof(fc.string({ maxLength: 4 }), fc.constantFrom('ß', 'ẞ', 'Σ', 'ς', 'İ', 'ǰ', 'ﬃ', 'Ꭰ', 'ꭰ', 'K', 'Å'));
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 8 }), (parts) => {
        const text = parts.join('').normalize('NFC');
        const folded = foldCase(text);
        expect(foldCase(folded)).toBe(folded);
        expect(foldCase(text.toUpperCase())).toBe(foldCase(foldCase(text).toUpperCase()));
      }),
    );
  });
});
