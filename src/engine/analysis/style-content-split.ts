/**
 * The transcript's word errors split into style and content (`analysis.editKinds.transcriptWord`),
 * read off the alignment each unit's confusions are traced on (word-confusions.ts), the one whose
 * S, D and I are the unit's counts:
 * - a substitution of two words equal once case-folded and stripped of punctuation (bare-text.ts:
 *   "So," and "so", "don’t" and "don't") is style;
 * - a deletion or insertion of a word of punctuation alone ("-", "…") is style;
 * - every other edit is content;
 * - except in a unit whose two texts have the same words under that same key (edit-kinds.ts
 *   `sameWords`): there every error is style. The fewest-substitutions alignment may explain such
 *   a pair as a word moved ("A a" → "a A": one deletion, one insertion of "A"), which the rule
 *   above would call content although only the case changed.
 * Per unit, style S, D and I are at most the unit's counted S, D and I, and content is the rest, so
 * the split adds up exactly to counts.transcriptWord (also for a unit whose alignment is an
 * approximation that does not reproduce its counts, D7.11).
 */
import type { EntryEdits, WordErrors } from '../types';
import { DELETION, type EditList, SUBSTITUTION } from '../distance/traced-alignment';
import { punctuationOnly, sameWordUnderStyle } from './edit-kinds';

export function emptyWordErrors(): WordErrors {
  return { substitutions: 0, deletions: 0, insertions: 0 };
}

export class StyleContentSplit {
  readonly style = emptyWordErrors();
  readonly content = emptyWordErrors();

  /**
   * Adds one unit: its traced edits over its words (indices into `refWords` and `hypWords`), its
   * counted [S, D, I, N], and whether its texts have the same words under the style key.
   */
  addUnit(edits: EditList, refWords: readonly string[], hypWords: readonly string[], [s, d, i]: EntryEdits, sameWords: boolean): void {
    let styleS = s;
    let styleD = d;
    let styleI = i;
    if (!sameWords) {
      styleS = 0;
      styleD = 0;
      styleI = 0;
      for (let e = 0; e < edits.kinds.length; e++) {
        const kind = edits.kinds[e];
        if (kind === SUBSTITUTION) {
          if (sameWordUnderStyle(refWords[edits.refIndex[e]!]!, hypWords[edits.hypIndex[e]!]!)) styleS++;
        } else if (kind === DELETION) {
          if (punctuationOnly(refWords[edits.refIndex[e]!]!)) styleD++;
        } else if (punctuationOnly(hypWords[edits.hypIndex[e]!]!)) styleI++;
      }
    }
    this.add(styleS < s ? styleS : s, styleD < d ? styleD : d, styleI < i ? styleI : i, s, d, i);
  }

  private add(styleS: number, styleD: number, styleI: number, s: number, d: number, i: number): void {
    this.style.substitutions += styleS;
    this.style.deletions += styleD;
    this.style.insertions += styleI;
    this.content.substitutions += s - styleS;
    this.content.deletions += d - styleD;
    this.content.insertions += i - styleI;
  }
}
