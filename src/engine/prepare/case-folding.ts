/**
 * Unicode full case folding (CaseFolding.txt, statuses C and F), the same in every locale: the
 * `case` normalisation profile and the edit kinds' `case`. From a table (case-folding-table.ts)
 * rather than the built-ins, neither of which is folding (test/engine/prepare/case-folding.test.ts
 * compares them over every code point; on Node 20 with Unicode 17, 297 and 174 code points differ):
 * toLowerCase keeps ß and ﬁ (folding gives ss and fi) and ς, lower-cases a capital Σ to ς at the
 * end of a word (folding gives σ wherever it stands) and maps Cherokee the other way;
 * toUpperCase().toLowerCase() turns ẞ into ß and ı into i. A table also gives the same answer on
 * every Node version.
 *
 * Not applied: the Turkic T lines (I folds to i, not ı; U+0130 İ folds to i + U+0307 COMBINING
 * DOT ABOVE, its F line) and the simple S lines (ẞ U+1E9E folds to ss, not ß).
 */
import { FULL_FOLDINGS, SIMPLE_FOLDING_RUNS } from './case-folding-table';

/** Per BMP code unit: 0 when it folds to itself, else 1 + an index in `foldedTexts`. */
let bmpFolding: Uint16Array | null = null;
/** Supplementary code points that fold (they fold to one code point). */
let supplementaryFolding: Map<number, string> | null = null;
const foldedTexts: string[] = [];

/** Builds the lookup tables on first use: a service that never folds never pays for them. */
function tables(): Uint16Array {
  if (bmpFolding !== null) return bmpFolding;
  const bmp = new Uint16Array(0x10000);
  const supplementary = new Map<number, string>();
  const set = (code: number, folded: string) => {
    if (code > 0xffff) supplementary.set(code, folded);
    else {
      foldedTexts.push(folded);
      bmp[code] = foldedTexts.length;
    }
  };
  for (let r = 0; r < SIMPLE_FOLDING_RUNS.length; r += 4) {
    const [start, count, step, delta] = SIMPLE_FOLDING_RUNS.slice(r, r + 4) as [number, number, number, number];
    for (let k = 0; k < count; k++) set(start + k * step, String.fromCodePoint(start + k * step + delta));
  }
  for (const [code, folded] of FULL_FOLDINGS) set(code, folded);
  supplementaryFolding = supplementary;
  bmpFolding = bmp;
  return bmp;
}

/** A character outside printable ASCII (and tab, line feed, carriage return): the general path. */
const BEYOND_ASCII = /[^ -~\t\n\r]/;

/**
 * The full case folding of `text`, then NFC (folding can decompose: ǰ folds to j + U+030C, which
 * NFC composes again, so that both spellings of one text fold alike). Returns `text` itself when
 * nothing folds.
 */
export function foldCase(text: string): string {
  // ASCII folds exactly as toLowerCase does (the Kelvin sign and ſ, which fold to k and s, are not ASCII).
  if (!BEYOND_ASCII.test(text)) return text.toLowerCase();
  const bmp = tables();
  let out = '';
  let last = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    let folded: string | undefined;
    let width = 1;
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        width = 2;
        folded = (supplementaryFolding as Map<number, string>).get((c - 0xd800) * 0x400 + (d - 0xdc00) + 0x10000);
      }
    } else if (bmp[c] !== 0) folded = foldedTexts[bmp[c] - 1];
    if (folded !== undefined) {
      out += text.slice(last, i) + folded;
      last = i + width;
    }
    if (width === 2) i++;
  }
  if (last === 0) return text;
  return (out + text.slice(last)).normalize('NFC');
}
