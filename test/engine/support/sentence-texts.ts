/** Texts for the sentence tests: characters of every class the known-class scanner handles, and others. */
import fc from 'fast-check';

// Characters of every class the scanner knows, weighted towards the ones the rules look at.
export const KNOWN = [
  'a', 'b', 'x', 'A', 'B', 'U', 'S', '1', '7', ' ', ' ', ' ', '.', '.', '.', '!', '?', '"', "'", '(', ')', '[', ']',
  '{', '}', '«', '»', '\u2018', '\u2019', '\u201c', '\u201d', ',', '-', ':', ';', '\u2013', '\u2014', '\u2026',
  '#', '%', '/', '@', 'é', 'É', 'ß', 'ÿ', '×', '÷', '£', '¢', '¥', '§', '©', '®', '°', '±', '·', '¶', '¡', '¿', '²', '¹',
  '¼', '´', '¨', '¬', '¯', '¸', 'ŋ', 'Ŋ', 'ɓ', 'Ɓ', 'ɗ', 'ƴ', 'ǅ', 'ǃ', 'ʔ', 'ſ', 'ı', 'ȸ',
];
// Plus characters it does not know: other terminators, separators, marks, format characters,
// CJK, Arabic, emoji, other spaces.
export const OTHER = [
  '。', '؟', '।', '‼', '⁇', '\u2024', '\uff0e', '\n', '\r', '\u2029', '\u0301', '\u200d', '\u00ad', '中', 'ب',
  '😀', '\u00a0', '\u3000', '\u0660', 'Ω', 'ω', 'ʰ', '\u02c6', 'ª', 'µ', 'º', '\u300c', '\u300d',
];

export const knownText = fc.array(fc.constantFrom(...KNOWN), { maxLength: 40 }).map((a) => a.join(''));
export const anyText = fc
  .array(fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...KNOWN) }, { weight: 1, arbitrary: fc.constantFrom(...OTHER) }), {
    maxLength: 40,
  })
  .map((a) => a.join(''));
