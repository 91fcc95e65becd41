/**
 * Counts of a token pair from an anchored alignment (kgram-anchors.ts): the over-budget path
 * of decisions D7.11, and the estimate that tells a long pair's exact cost before any is spent
 * (budgeted-counts.ts). Linear work, not charged to the request. A valid alignment, so its distance is
 * never below the true one.
 */
import { AlignmentSink, walkAnchored } from './kgram-anchors';
import { toCodePoints } from '../text/code-points';
import { EditResult, addAlignmentCounts, exact, exactDistance } from './edit-distance';
import { pairWordIds } from '../text/words';
import { OVER_BUDGET, WorkBudget } from './work-budget';

/**
 * k of the k-grams that anchor the approximation at its first level (halved per level). 16
 * characters are unique in long natural text, yet 0.95^16 ≈ 44 % of them survive 5 % random
 * edits; 4 words play the same part for word ids.
 */
export const CHAR_ANCHOR_K = 16;
export const WORD_ANCHOR_K = 4;

/**
 * Allowance for an exact comparison of one gap between anchors, per token of the gap plus a
 * floor: linear, and not charged to the request (it is what keeps an approximated pair close to
 * the truth).
 */
const GAP_UNITS_PER_TOKEN = 32;
const GAP_FLOOR_UNITS = 256;

/**
 * The counts of the last `approximateInto`. One pair is approximated at a time and nothing in it
 * recurses into another, so one record is enough and a pair costs no result object.
 */
export const approximation = { substitutions: 0, deletions: 0, insertions: 0, hits: 0 };

let sinkA: ArrayLike<number> = [];
let sinkB: ArrayLike<number> = [];
const gapBudget: WorkBudget = { total: 0, remaining: 0 };

/**
 * Scores the gaps of an anchored alignment: exactly when that fits a small allowance linear in
 * the gap's length, else (once no anchor is left) as substitutions plus the surplus as deletions
 * or insertions. Gaps too large for their allowance even as a full table are anchored first, so
 * no exact work is spent where it cannot pay.
 */
const countSink: AlignmentSink = {
  match(_aLo: number, _bLo: number, length: number): void {
    approximation.hits += length;
  },
  gap(aLo: number, aHi: number, bLo: number, bHi: number, final: boolean): boolean {
    const ga = aHi - aLo;
    const gb = bHi - bLo;
    if (ga === 0 || gb === 0) {
      approximation.deletions += ga;
      approximation.insertions += gb;
      return true;
    }
    const allowance = GAP_UNITS_PER_TOKEN * (ga + gb) + GAP_FLOOR_UNITS;
    if (!final && 2 * (ga + 1) * (gb + 1) > allowance) return false;
    gapBudget.remaining = allowance;
    const d = exactDistance(sinkA, aLo, ga, sinkB, bLo, gb, gapBudget);
    if (d !== OVER_BUDGET) {
      addAlignmentCounts(approximation, ga, gb, d, exact.substitutions);
      return true;
    }
    if (!final) return false;
    const sub = ga < gb ? ga : gb;
    approximation.substitutions += sub;
    approximation.deletions += ga - sub;
    approximation.insertions += gb - sub;
    return true;
  },
};

/** Anchored counts of a[aLo, aHi) against b[bLo, bHi) into `approximation` (reset first). */
export function approximateInto(a: ArrayLike<number>, aLo: number, aHi: number, b: ArrayLike<number>, bLo: number, bHi: number, k0: number): void {
  approximation.substitutions = 0;
  approximation.deletions = 0;
  approximation.insertions = 0;
  approximation.hits = 0;
  sinkA = a;
  sinkB = b;
  walkAnchored(a, aLo, aHi, b, bLo, bHi, k0, countSink);
}

function approximateResult(a: ArrayLike<number>, n: number, b: ArrayLike<number>, m: number, k0: number): EditResult {
  approximateInto(a, 0, n, b, 0, m, k0);
  const { substitutions, deletions, insertions, hits } = approximation;
  return { distance: substitutions + deletions + insertions, substitutions, deletions, insertions, hits };
}

/** Character counts from a k-gram-anchored alignment of a text pair. */
export function approximateCharCounts(reference: string, hypothesis: string): EditResult {
  const ra = toCodePoints(reference);
  const hb = toCodePoints(hypothesis);
  return approximateResult(ra.points, ra.length, hb.points, hb.length, CHAR_ANCHOR_K);
}

/** Word counts from a word-k-gram-anchored alignment of a text pair. */
export function approximateWordCounts(reference: string, hypothesis: string): EditResult {
  const words = pairWordIds(reference, 0, reference.length, hypothesis, 0, hypothesis.length);
  return approximateResult(words.reference, words.referenceLength, words.hypothesis, words.hypothesisLength, WORD_ANCHOR_K);
}
