import fc from 'fast-check';
import { collapseSpaces, punctuationAndSymbolsToSpaces, removePunctuation } from '../../../src/engine/prepare/punctuation';

describe('removePunctuation', () => {
  it.each([
    ['So, yes.', 'So yes'],
    ['"Hello" (she said) — fine…', 'Hello she said  fine'],
    ['U.S.A.', 'USA'],
    ['end.Start', 'endStart'],
    ['yes—no', 'yesno'],
    ['¿Qué? ¡Sí!', 'Qué Sí'],
    ['«bonjour» 「こんにちは」', 'bonjour こんにちは'],
    ['50% off_peak #1 @home', '50 offpeak 1 home'],
  ])('removes punctuation, leaving no space: %j → %j', (text, expected) => {
    expect(removePunctuation(text)).toBe(expected);
  });

  it.each([
    ["don't", "don't"],
    ['don’t', "don't"],
    ['well-known', 'well-known'],
    ['well‐known well‑known', 'well-known well-known'],
    ["rock'n'roll", "rock'n'roll"],
    ["l'été", "l'été"],
    ['COVID-19', 'COVID-19'],
  ])('keeps an apostrophe or hyphen inside a word, as \' or -: %j → %j', (text, expected) => {
    expect(removePunctuation(text)).toBe(expected);
  });

  it.each([
    ["'cause", 'cause'],
    ["dogs'", 'dogs'],
    ['- yes -', ' yes '],
    ['-5', '5'],
    ["d':fra", 'dfra'],
    ['well--known', 'wellknown'],
    ["'quoted'", 'quoted'],
  ])('removes an apostrophe or hyphen at the edge of a word: %j → %j', (text, expected) => {
    expect(removePunctuation(text)).toBe(expected);
  });

  it('keeps symbols, which are not punctuation', () => {
    expect(removePunctuation('$5 + 3 = 8 € <unk> ^ | ~ ©')).toBe('$5 + 3 = 8 € <unk> ^ | ~ ©');
  });

  it('returns the same string when there is no punctuation', () => {
    const text = 'nothing to remove here';
    expect(removePunctuation(text)).toBe(text);
  });

  it('leaves no punctuation but inner apostrophes and hyphens, and touches nothing else', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'É', '1', ' ', '.', ',', "'", '’', '-', '‐', '—', '(', ')', '$', '_') }), (text) => {
        const out = removePunctuation(text);
        for (const [i, ch] of [...out].entries()) {
          if (!/\p{P}/u.test(ch)) continue;
          expect(["'", '-']).toContain(ch);
          expect(/[\p{L}\p{M}\p{N}]/u.test([...out][i - 1] ?? '')).toBe(true);
        }
        const kept = (t: string) => t.replace(/[\p{P}]/gu, '');
        expect(kept(out)).toBe(kept(text));
      }),
    );
  });
});

describe('punctuationAndSymbolsToSpaces', () => {
  it('turns every punctuation and symbol character into a space, apostrophes included', () => {
    expect(punctuationAndSymbolsToSpaces("don't $5+3=8, well-known!")).toBe('don t  5 3 8  well known ');
  });
  it('keeps letters, marks and numbers', () => {
    expect(punctuationAndSymbolsToSpaces('e\u0301 नमस्ते ٣')).toBe('e\u0301 नमस्ते ٣');
  });
});

describe('collapseSpaces', () => {
  it('collapses runs of spaces and trims', () => {
    expect(collapseSpaces('  a   b ')).toBe('a b');
  });
  it('returns the same string when there is nothing to collapse', () => {
    const text = 'a b c';
    expect(collapseSpaces(text)).toBe(text);
  });
});
