/**
 * Comparison normalisation (decisions D5.3, D5.4). The caller's rows are never touched: these
 * functions build the comparison copy, and return the input string itself when nothing changes,
 * so that a 30,000-row document of clean text allocates almost nothing.
 */

// The Latin blocks and the punctuation, currency and letterlike blocks: the non-ASCII characters
// of most English and European transcripts (’ “ ” – — … £ € é ß). Scripts whose letters compose
// with each other under NFC (Hangul, several Indic scripts) are outside these ranges.
const COMMON_RANGES: ReadonlyArray<readonly [number, number]> = [[0x80, 0x2ff], [0x2000, 0x21ff]];
const MARK = /\p{M}/u;
const SPACE_CHARACTER = /\s/u;

/**
 * The characters of COMMON_RANGES that satisfy `keep`, as the body of a regular-expression class.
 * Built from Unicode's own data at start-up (String.prototype.normalize, \p{…}), so the fast
 * paths below follow the Node version's Unicode tables exactly.
 */
function characterClass(keep: (ch: string) => boolean): string {
  const hex = (c: number) => `\\u${c.toString(16).padStart(4, '0')}`;
  let body = '';
  for (const [lo, hi] of COMMON_RANGES) {
    let start = -1;
    for (let c = lo; c <= hi + 1; c++) {
      const ok = c <= hi && keep(String.fromCharCode(c));
      if (ok && start < 0) start = c;
      if (!ok && start >= 0) {
        body += `${hex(start)}-${hex(c - 1)}`;
        start = -1;
      }
    }
  }
  return body;
}

// Starters (no marks) that are not whitespace: with no mark in the text nothing can combine with
// them, so a text of these and ASCII is NFC exactly when each of its characters is.
const starter = (ch: string) => !SPACE_CHARACTER.test(ch) && !MARK.test(ch);
/** Non-ASCII characters NFC leaves as they are, whatever surrounds them (é, ’, …, £). */
const NFC_STABLE = characterClass((ch) => starter(ch) && ch.normalize('NFC') === ch);
/** Those NFD leaves as they are too: no diacritic to strip (’, …, £, ß, but not é). */
const nfdStable = (ch: string) => starter(ch) && ch.normalize('NFC') === ch && ch.normalize('NFD') === ch;
// 1 for the code units below PLAIN_LIMIT that carry no diacritic: ASCII and the NFD-stable
// characters of COMMON_RANGES. A table rather than a class: a class of many ranges costs a
// search per character in the regular expression engine, ~10 ns.
const PLAIN_LIMIT = COMMON_RANGES[COMMON_RANGES.length - 1][1] + 1;
const PLAIN = new Uint8Array(PLAIN_LIMIT);
PLAIN.fill(1, 0, 0x80);
for (const [lo, hi] of COMMON_RANGES) for (let c = lo; c <= hi; c++) if (nfdStable(String.fromCharCode(c))) PLAIN[c] = 1;

/** Whether any character of `text` may carry a diacritic (is neither ASCII nor NFD-stable). */
function mayCarryDiacritics(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= PLAIN_LIMIT || PLAIN[c] === 0) return true;
  }
  return false;
}
// Printable ASCII and NFC-stable characters with single inner spaces and no leading/trailing
// space: already normal.
const CLEAN = new RegExp(`^(?:[!-~${NFC_STABLE}]+(?: [!-~${NFC_STABLE}]+)*)?$`);
const WHITESPACE_RUN = /\s+/gu;
// Nonspacing and enclosing marks after NFD: the accents of é, ñ and the Arabic harakat (Mn).
// Spacing marks (Mc, e.g. Devanagari vowel signs) are letters' bodies, not diacritics: kept.
const COMBINING = /[\p{Mn}\p{Me}]/gu;
// Arabic marks D5.3 names that are not all combining (tatweel U+0640 is a letter modifier).
const ARABIC_MARKS = /[\u064B-\u065F\u0670\u06D6-\u06ED\u0640]/g;
// Alef variants folded to bare alef. NFD already splits أ إ آ into ا + a mark; ٱ has no decomposition.
const ALEF_VARIANTS = /[\u0622\u0623\u0625\u0671]/g;

/**
 * NFC, whitespace runs (NBSP, tabs, newlines, U+2028 …) collapsed to one space and trimmed. Text
 * that is clean once trimmed (a trailing space, a final newline) is just trimmed: whitespace
 * characters are starters that compose with nothing, so NFC and the collapsing leave it as it
 * is. On a 100,000-character cell with a trailing space that is one more scan instead of ICU's
 * NFC pass and a replace.
 */
export function normalizeSpace(text: string): string {
  if (CLEAN.test(text)) return text;
  const trimmed = text.trim();
  if (trimmed.length < text.length && CLEAN.test(trimmed)) return trimmed;
  return text.normalize('NFC').replace(WHITESPACE_RUN, ' ').trim();
}

/** Removes combining marks and normalises Arabic (D5.3); the result is NFC. */
export function stripDiacritics(text: string): string {
  if (!mayCarryDiacritics(text)) return text;
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
  // An hour field of some 300 digits overflows to Infinity: not a time (D4.4: numbers are finite).
  const seconds = hours * 3600 + Number(m[2]) * 60 + Number(m[3]);
  return Number.isFinite(seconds) ? seconds : undefined;
}

/** Times are equal within a millisecond; two absent times are equal (D5.4). */
export function timesEqual(a: number, b: number): boolean {
  if (Number.isNaN(a) || Number.isNaN(b)) return Number.isNaN(a) && Number.isNaN(b);
  return Math.abs(a - b) <= 0.001 + 1e-9;
}
