/**
 * Comparison normalisation (decisions D5.3, D5.4). The caller's rows are never touched: these
 * functions build the comparison copy, and return the input string itself when nothing changes,
 * so that a 30,000-row document of clean text allocates almost nothing.
 */

// Printable ASCII with single inner spaces and no leading/trailing space: already normal.
const CLEAN_ASCII = /^(?:[!-~]+(?: [!-~]+)*)?$/;
const WHITESPACE_RUN = /\s+/gu;
// Nonspacing and enclosing marks after NFD: the accents of é, ñ and the Arabic harakat (Mn).
// Spacing marks (Mc, e.g. Devanagari vowel signs) are letters' bodies, not diacritics: kept.
const COMBINING = /[\p{Mn}\p{Me}]/gu;
// Arabic marks D5.3 names that are not all combining (tatweel U+0640 is a letter modifier).
const ARABIC_MARKS = /[\u064B-\u065F\u0670\u06D6-\u06ED\u0640]/g;
// Alef variants folded to bare alef. NFD already splits أ إ آ into ا + a mark; ٱ has no decomposition.
const ALEF_VARIANTS = /[\u0622\u0623\u0625\u0671]/g;
const NEEDS_DIACRITIC_PASS = /[^\x00-\x7f]/;

/** NFC, whitespace runs (NBSP, tabs, newlines, U+2028 …) collapsed to one space and trimmed. */
export function normalizeSpace(text: string): string {
  if (CLEAN_ASCII.test(text)) return text;
  return text.normalize('NFC').replace(WHITESPACE_RUN, ' ').trim();
}

/** Removes combining marks and normalises Arabic (D5.3); the result is NFC. */
export function stripDiacritics(text: string): string {
  if (!NEEDS_DIACRITIC_PASS.test(text)) return text;
  return text
    .normalize('NFD')
    .replace(ARABIC_MARKS, '')
    .replace(COMBINING, '')
    .replace(ALEF_VARIANTS, '\u0627')
    .normalize('NFC');
}

/** The comparison text of one cell value, before structural transforms. */
export function normalizeText(value: unknown, strip: boolean): string {
  const text = cellText(value);
  const spaced = normalizeSpace(text);
  return strip ? stripDiacritics(spaced) : spaced;
}

/**
 * The text a cell contributes to comparison: strings as they are, numbers and booleans in their
 * JSON spelling, absent and null as '' (D5.4: null, missing and "" are equal), anything else
 * (objects, arrays) as its JSON text so that a change inside it is still seen.
 */
export function cellText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value) ?? '';
}

const CLOCK = /^(?:(\d+):)?(\d{1,2}):(\d{1,2}(?:\.\d+)?)$/;
const NUMERIC = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * Seconds from a time cell (D4.2): a number, a numeric string, `hh:mm:ss(.fff)` or `mm:ss(.fff)`.
 * NaN for "no time" (null, missing, ""); undefined for a value that is not a time at all.
 */
export function parseTime(value: unknown): number | undefined {
  if (value === null || value === undefined) return NaN;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const s = value.trim();
  if (s === '') return NaN;
  if (NUMERIC.test(s)) {
    const n = Number(s);
    return Number.isFinite(n) ? n : undefined;
  }
  const m = CLOCK.exec(s);
  if (!m) return undefined;
  const hours = m[1] === undefined ? 0 : Number(m[1]);
  return hours * 3600 + Number(m[2]) * 60 + Number(m[3]);
}

/** Times are equal within a millisecond; two absent times are equal (D5.4). */
export function timesEqual(a: number, b: number): boolean {
  if (Number.isNaN(a) || Number.isNaN(b)) return Number.isNaN(a) && Number.isNaN(b);
  return Math.abs(a - b) <= 0.001 + 1e-9;
}
