/**
 * The normalisation profiles of `config.normalization`: named, versioned rules that make the
 * comparison copy of a text cell more lenient than D5.3 alone. Each runs on a cell's text after
 * D5.3 (NFC, whitespace, `stripDiacritics`) and the `structuralTransforms` (D5.5), so that a rule
 * written against the text as sent still finds its case and punctuation; its result has single
 * spaces and none at either end, like every comparison text. An empty text stays empty.
 *
 * A profile's rules never change under its version: a change is a new version, and the answer's
 * `meta.normalization` names the version that made it.
 *
 * - `case` (1): full case folding (case-folding.ts).
 * - `punctuation` (1): punctuation removed, apostrophes and hyphens inside a word kept (punctuation.ts).
 * - `case+punctuation` (1): both, case first.
 * - `basic` (1), in the spirit of Whisper's BasicTextNormalizer: NFKC; full case folding; bracketed
 *   spans removed (bracketed-spans.ts); every punctuation and symbol character to a space.
 */
import { removeBracketedSpans } from './bracketed-spans';
import { foldCase } from './case-folding';
import { collapseSpaces, punctuationAndSymbolsToSpaces, removePunctuation } from './punctuation';
import type { NormalizationName } from '../types';

export interface NormalizationProfile {
  name: NormalizationName;
  version: number;
  /** The profile's text from a D5.3-normal text; null for `none`, which changes nothing. */
  apply: ((text: string) => string) | null;
}

const WHITESPACE_RUN = /\s+/gu;

/** NFKC can bring back spaces of other kinds (U+3000 → U+0020 is one; ¨ gives a space and a mark). */
function basic(text: string): string {
  const folded = foldCase(text.normalize('NFKC'));
  return punctuationAndSymbolsToSpaces(removeBracketedSpans(folded)).replace(WHITESPACE_RUN, ' ').trim();
}

const PROFILES: Readonly<Record<NormalizationName, NormalizationProfile>> = {
  none: { name: 'none', version: 1, apply: null },
  case: { name: 'case', version: 1, apply: foldCase },
  punctuation: { name: 'punctuation', version: 1, apply: (text) => collapseSpaces(removePunctuation(text)) },
  'case+punctuation': { name: 'case+punctuation', version: 1, apply: (text) => collapseSpaces(removePunctuation(foldCase(text))) },
  basic: { name: 'basic', version: 1, apply: basic },
};

/** The profile of a validated name. */
export function normalizationProfile(name: NormalizationName): NormalizationProfile {
  return PROFILES[name];
}
