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
import { AMPLIFICATION_ALLOWANCE, type GrowthAllowance, REQUEST_GROWTH_ALLOWANCE } from './transforms';
import { EngineInputError, type NormalizationName } from '../types';

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

/** What the profile may still add to a request's compared text, all cells together. */
export function profileAllowance(): GrowthAllowance {
  return { left: REQUEST_GROWTH_ALLOWANCE };
}

/**
 * Charges a cell's growth under the profile. Folding and NFKC can lengthen a text (ß → ss, ﬃ → ffi,
 * and NFKC spells the ligature ﷺ U+FDFA in 18 characters): as D5.5 bounds the transforms, a cell
 * may grow to at most twice its length plus AMPLIFICATION_ALLOWANCE, and all cells together by at
 * most REQUEST_GROWTH_ALLOWANCE, or a body of ligatures would cost a worker many times the text
 * sent. Past either line, an EngineInputError on `config.normalization` (a 422).
 */
export function chargeGrowth(name: NormalizationName, before: number, after: number, request: GrowthAllowance): void {
  if (after <= before) return;
  if (after > 2 * before + AMPLIFICATION_ALLOWANCE) {
    throw new EngineInputError('config.normalization', `the ${name} profile grows a cell past twice its size plus ${AMPLIFICATION_ALLOWANCE} characters`);
  }
  request.left -= after - before;
  if (request.left < 0) {
    throw new EngineInputError('config.normalization', `the ${name} profile grows the request's compared text by more than ${REQUEST_GROWTH_ALLOWANCE} characters`);
  }
}
