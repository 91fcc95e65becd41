/**
 * Views of a text that take kinds of style away, for the edit kinds (edit-kinds.ts) and the
 * style/content split (style-content-split.ts): case folded (case-folding.ts), punctuation removed
 * (punctuation.ts: an apostrophe or hyphen inside a word stays, as ' or -), spaces removed or
 * (else) collapsed to single spaces with none at either end.
 *
 * `sameView` compares the views of two ASCII texts character by character, allocating nothing and
 * stopping at the first difference: most changed entries differ in content at the first view
 * compared, and building the views as strings cost as much as the rest of the analysis on
 * realistic transcripts. A text beyond ASCII takes the general path, `viewText`, which builds the
 * views with the normalisation profiles' own functions.
 */
import { foldCase } from '../prepare/case-folding';
import { collapseSpaces, removePunctuation } from '../prepare/punctuation';

export const FOLD_CASE = 1;
export const DROP_PUNCTUATION = 2;
export const DROP_SPACES = 4;
/** Case folded, punctuation and spaces removed: what is left differs only in content. */
export const BARE = FOLD_CASE | DROP_PUNCTUATION | DROP_SPACES;

const OTHER = 0;
/** A letter or digit: part of a word, and what makes an apostrophe or hyphen inside one. */
const WORD = 1;
const SPACE = 2;
/** Punctuation, always removed. */
const PUNCTUATION = 3;
/** ' and -: removed unless inside a word. */
const JOINER = 4;

const ASCII = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  if (/[A-Za-z0-9]/.test(ch)) ASCII[c] = WORD;
  else if (ch === ' ') ASCII[c] = SPACE;
  else if (ch === "'" || ch === '-') ASCII[c] = JOINER;
  else if (/\p{P}/u.test(ch)) ASCII[c] = PUNCTUATION;
  else ASCII[c] = OTHER;
}

/** Returned by `next` when a character beyond ASCII comes before the text's next view character. */
const NOT_ASCII = -2;
/** Returned by `next` at the end of the range. */
const END = -1;

/** Where the character `next` returned stands (the next call starts after it). */
let at = 0;

/**
 * The next character of the view of text[from, end) (its position in `at`), END, or NOT_ASCII.
 * `start` and `end` bound the whole range compared: a text, or one cut at spaces, outside which is
 * as good as a space. With spaces collapsed, `emitted` says whether the view has a character
 * already: a space comes only between two.
 */
function next(text: string, from: number, start: number, end: number, view: number, emitted: boolean): number {
  let spaced = false;
  for (let i = from; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c >= 128) return NOT_ASCII;
    const kind = ASCII[c];
    if (kind === SPACE) {
      spaced = true;
      continue;
    }
    if (view & DROP_PUNCTUATION) {
      if (kind === PUNCTUATION) continue;
      if (kind === JOINER) {
        const before = i > start ? text.charCodeAt(i - 1) : 0x20;
        const after = i + 1 < end ? text.charCodeAt(i + 1) : 0x20;
        // A neighbour beyond ASCII may be a letter: the general path decides.
        if (before >= 128 || after >= 128) return NOT_ASCII;
        if (ASCII[before] !== WORD || ASCII[after] !== WORD) continue;
      }
    }
    if (spaced && emitted && (view & DROP_SPACES) === 0) {
      at = i - 1;
      return 0x20;
    }
    at = i;
    return view & FOLD_CASE && c >= 0x41 && c <= 0x5a ? c + 0x20 : c;
  }
  return END;
}

/** The view of a text as a string (the general path). */
export function viewText(text: string, view: number): string {
  let out = view & FOLD_CASE ? foldCase(text) : text;
  if (view & DROP_PUNCTUATION) out = removePunctuation(out);
  return view & DROP_SPACES ? out.replace(/ /g, '') : collapseSpaces(out);
}

/**
 * Whether two texts have the same view. With spaces removed, what the two share up to a space and
 * from a space on has the same view on both sides (a character's part in it depends on itself and
 * its neighbours only), so only the middle between those spaces is compared.
 */
export function sameView(a: string, b: string, view: number): boolean {
  const n = a.length;
  const m = b.length;
  let start = 0;
  let endA = n;
  let endB = m;
  if (view & DROP_SPACES) {
    const shorter = n < m ? n : m;
    let p = 0;
    for (; p < shorter; p++) {
      const c = a.charCodeAt(p);
      if (c !== b.charCodeAt(p)) break;
      if (c === 0x20) start = p + 1;
    }
    if (p === n && p === m) return true;
    for (let t = 1; t <= shorter - p; t++) {
      const c = a.charCodeAt(n - t);
      if (c !== b.charCodeAt(m - t)) break;
      if (c === 0x20) {
        endA = n - t;
        endB = m - t;
      }
    }
  }
  let i = start;
  let j = start;
  let emitted = false;
  for (;;) {
    const x = next(a, i, start, endA, view, emitted);
    const nextI = at + 1;
    const y = next(b, j, start, endB, view, emitted);
    if (x === NOT_ASCII || y === NOT_ASCII) return viewText(a, view) === viewText(b, view);
    if (x !== y) return false;
    if (x === END) return true;
    i = nextI;
    j = at + 1;
    emitted = true;
  }
}
