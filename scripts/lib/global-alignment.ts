/**
 * The global word alignment the engine's transcript counts are checked against (jiwer `-g`: every
 * row of a side joined): the tokens the engine counts, and the unit-cost word edit distance of two
 * token lists by the textbook table. Shared by scripts/peers/global-wer-check.ts and the tests.
 */
import { normalizeText } from '../../src/engine/index';

/**
 * The words of a side's transcripts as the engine counts them: D5.3's text with diacritics
 * stripped, then `profile` (a normalisation profile's text; none by default), split on spaces.
 */
export function engineWords(rows: ReadonlyArray<{ transcript?: unknown }>, profile: (text: string) => string = (text) => text): string[] {
  const out: string[] = [];
  for (const row of rows) {
    const text = profile(normalizeText(row.transcript, true));
    if (text !== '') out.push(...text.split(' '));
  }
  return out;
}

/** Unit-cost word Levenshtein distance by the textbook table, two rows at a time. */
export function wordDistance(ref: readonly string[], hyp: readonly string[]): number {
  const ids = new Map<string, number>();
  const id = (w: string) => ids.get(w) ?? (ids.set(w, ids.size), ids.size - 1);
  const a = Int32Array.from(ref, id);
  const b = Int32Array.from(hyp, id);
  let prev = new Int32Array(b.length + 1);
  let cur = new Int32Array(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    const ai = a[i - 1];
    for (let j = 1; j <= b.length; j++) {
      const diagonal = prev[j - 1] + (ai === b[j - 1] ? 0 : 1);
      const up = prev[j] + 1;
      const left = cur[j - 1] + 1;
      cur[j] = diagonal < up ? (diagonal < left ? diagonal : left) : up < left ? up : left;
    }
    [prev, cur] = [cur, prev];
  }
  return prev[b.length];
}
