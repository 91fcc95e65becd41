/**
 * The kind of change of a MODIFIED, SPLIT or MERGED entry (`editKinds`, with enableAnalysis): style
 * (`case`, `punctuation`, `whitespace`, any mix of them) or `content`, read off its transcript's
 * texts as the metric pass compares them (after the normalisation profile, so that under `case`
 * no entry is of kind `case`).
 *
 * Three views of a text take one kind of style away each: case folded (case-folding.ts),
 * punctuation removed (punctuation.ts: the `punctuation` profile's rule, so an apostrophe or hyphen
 * inside a word is spelling, not punctuation: "its" → "it's" is content), whitespace removed.
 * - `content`: the texts differ still with all three taken away: a letter, digit or symbol changed.
 * - Otherwise each kind whose view, with the other two taken away, still differs: `case` when
 *   they differ once punctuation and whitespace are gone, `punctuation` once case and whitespace
 *   are, `whitespace` once case and punctuation are (spaces collapsed: a word boundary moved or
 *   dropped, "week end" → "weekend"). Listed in that order.
 * - A space that moved across punctuation ("a. b" → "a .b") shows in none of the three views: it is
 *   `whitespace`.
 * An entry whose transcript did not change (a speaker or a time did) has no kind: [].
 */
import type { EditKind } from '../types';
import { BARE, DROP_PUNCTUATION, DROP_SPACES, FOLD_CASE, sameView } from './text-views';

export interface EntryKinds {
  readonly kinds: readonly EditKind[];
  /**
   * Whether the two texts have the same words once case-folded and stripped of punctuation (a
   * word of punctuation alone dropped): then none of the entry's word errors is content.
   */
  readonly sameWords: boolean;
}

// The answers are shared by the entries that have them (read-only): one object per changed
// entry was 12,000 more to collect on realistic-30k.
const UNCHANGED: EntryKinds = { kinds: Object.freeze([]), sameWords: true };
const CONTENT: EntryKinds = { kinds: Object.freeze(['content'] as const), sameWords: false };
/** Style kinds by bits (1 case, 2 punctuation, 4 whitespace), without and with the same words. */
const STYLE: ReadonlyArray<readonly [EntryKinds, EntryKinds]> = Array.from({ length: 8 }, (_, bits) => {
  const kinds = Object.freeze((['case', 'punctuation', 'whitespace'] as const).filter((_kind, k) => bits & (1 << k)));
  return [{ kinds, sameWords: false }, { kinds, sameWords: true }] as const;
});

/** The kinds of change from `hypothesis` (the original's text) to `reference` (the reworked's). */
export function entryEditKinds(reference: string, hypothesis: string): EntryKinds {
  if (reference === hypothesis) return UNCHANGED;
  if (!sameView(reference, hypothesis, BARE)) return CONTENT;
  let bits = 0;
  if (!sameView(reference, hypothesis, DROP_PUNCTUATION | DROP_SPACES)) bits |= 1;
  if (!sameView(reference, hypothesis, FOLD_CASE | DROP_SPACES)) bits |= 2;
  const sameWords = sameView(reference, hypothesis, FOLD_CASE | DROP_PUNCTUATION);
  if (!sameWords || bits === 0) bits |= 4;
  return STYLE[bits]![sameWords ? 1 : 0]!;
}

/** Whether two words are one under `case+punctuation` (a word has no space). */
export function sameWordUnderStyle(a: string, b: string): boolean {
  return sameView(a, b, BARE);
}

/** Whether a word is punctuation alone ("-", "…", "'"): nothing is left of it under `case+punctuation`. */
export function punctuationOnly(word: string): boolean {
  return sameView(word, '', BARE);
}
