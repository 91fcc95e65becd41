/**
 * Punctuation (Unicode General_Category P: Pc Pd Ps Pe Pi Pf Po) as the normalisation profiles and
 * the edit kinds remove it.
 *
 * `removePunctuation` deletes every punctuation character, leaving no space where it stood (as
 * jiwer's RemovePunctuation does): "U.S.A." → "USA", "end.Start" → "endStart", "yes—no" → "yesno".
 * An apostrophe (' U+0027, ’ U+2019) or hyphen (- U+002D, ‐ U+2010, ‑ U+2011) inside a word,
 * a letter, mark or number on each side of it in the text as given, is kept, as ' or - (so
 * "don’t" and "don't" are one word, and "its" and "it's" two): "well-known", "rock'n'roll".
 * Symbols (S: $ + < = > ^ ` | ~ € ©) are not punctuation and stay.
 */

const ANY_PUNCTUATION = /\p{P}/u;

/**
 * Every punctuation character but an apostrophe or hyphen inside a word. Lookarounds read the text
 * as given, so that in "d':fra" the apostrophe, followed by a colon, goes with it.
 */
const REMOVED =
  /(?<![\p{L}\p{M}\p{N}])['\u2019\u2010\u2011-]|['\u2019\u2010\u2011-](?![\p{L}\p{M}\p{N}])|[^\P{P}'\u2019\u2010\u2011-]/gu;
const TYPOGRAPHIC_APOSTROPHE = /\u2019/g;
const TYPOGRAPHIC_HYPHEN = /[\u2010\u2011]/g;

/** `text` without its punctuation (the rule above); spaces are left as they are. */
export function removePunctuation(text: string): string {
  if (!ANY_PUNCTUATION.test(text)) return text;
  const removed = text.replace(REMOVED, '');
  return removed.replace(TYPOGRAPHIC_APOSTROPHE, "'").replace(TYPOGRAPHIC_HYPHEN, '-');
}

const PUNCTUATION_OR_SYMBOL = /[\p{P}\p{S}]/gu;

/** Every punctuation and symbol character (General_Category P or S) replaced by a space. */
export function punctuationAndSymbolsToSpaces(text: string): string {
  return text.replace(PUNCTUATION_OR_SYMBOL, ' ');
}

/** Runs of U+0020 as one space, and none at either end (the texts are D5.3-normal: no other whitespace). */
export function collapseSpaces(text: string): string {
  if (text.indexOf('  ') < 0 && text.charCodeAt(0) !== 0x20 && text.charCodeAt(text.length - 1) !== 0x20) return text;
  return text.replace(/ {2,}/g, ' ').trim();
}
