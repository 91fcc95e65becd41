/**
 * One alignment of two whole token sequences, as partners: for each hypothesis token the
 * reference token it is aligned with (a hit or a substitution), or none (an insertion); reference
 * tokens no hypothesis token names are deletions. The word alignment of a transcript's rows that
 * decides where each word went (align/word-grouping.ts).
 *
 * Exact where the work allows: minimal in (distance, substitutions) (traced-alignment.ts), and of
 * equally good placements the one that matches as early as possible, so that a row repeating its
 * neighbour's last words (an ASR echo) is the one left over. Past the allowance the sequences are
 * anchored on unique k-grams (kgram-anchors.ts) and the gaps between anchors aligned exactly where
 * that is cheap; a gap too large even then is paired token by token in order, and the alignment is
 * marked inexact. Every pairing is a valid alignment, so its cost is never below the true distance.
 */
import { commonTokenPrefix, commonTokenSuffix } from '../text/common-affixes';
import { exactDistance } from './edit-distance';
import { approximateInto, approximation, WORD_ANCHOR_K } from './approximate-counts';
import { AlignmentSink, walkAnchored } from './kgram-anchors';
import { OVER_BUDGET, spend, WorkBudget } from './work-budget';

// A module constant rather than the global: a global read in the inner loop is slow where the
// code runs in another V8 context (jest's vm sandbox), and costs nothing here.
const UNREACHED = Number.POSITIVE_INFINITY;

export interface TokenAlignment {
  /** Per hypothesis token, its reference partner, or −1 (an insertion). */
  partner: Int32Array;
  /** 1 where the partner is the same token (a hit). */
  hit: Uint8Array;
  /** False when part of it was paired by the anchored approximation. */
  exact: boolean;
}

/** Middles whose full table is this small are aligned at once, without estimating their distance. */
const SMALL_TABLE_CELLS = 1 << 16;
/** The most cells one exact alignment may fill (2 bits each for the traceback). */
const EXACT_CELLS = 1 << 24;
/** A gap between anchors is aligned exactly up to this many cells, or as the last resort up to FINAL_GAP_CELLS. */
const GAP_CELLS = 1 << 16;
const FINAL_GAP_CELLS = 1 << 22;

// One result, reused by every call (a diff aligns thousands of runs, each read before the next).
const reused: TokenAlignment = { partner: new Int32Array(64), hit: new Uint8Array(64), exact: true };

function reusedAlignment(m: number): TokenAlignment {
  if (reused.partner.length < m) {
    reused.partner = new Int32Array(Math.max(m, 2 * reused.partner.length));
    reused.hit = new Uint8Array(reused.partner.length);
  }
  reused.partner.fill(-1, 0, m);
  reused.hit.fill(0, 0, m);
  reused.exact = true;
  return reused;
}

// The groups of the current call's tokens (alignTokens' refGroup and hypGroup).
const groups = { ref: new Int32Array(0), hyp: new Int32Array(0) };

/**
 * Aligns ref[0, n) (the reference) with hyp[0, m) (the hypothesis), spending `budget` (cells of
 * the exact tables) while it lasts. The result is reused by the next call. `distance`, when known
 * (≥ 0), is the edit distance of the two sequences. `refGroup[i]` and `hypGroup[j]` name the entry each token's
 * row is in: of equally short alignments, the one with fewest aligned pairs across entries wins.
 */
export function alignTokens(
  ref: Int32Array, n: number,
  hyp: Int32Array, m: number,
  refGroup: Int32Array, hypGroup: Int32Array,
  budget: WorkBudget,
  distance = -1,
): TokenAlignment {
  groups.ref = refGroup as Int32Array<ArrayBuffer>;
  groups.hyp = hypGroup as Int32Array<ArrayBuffer>;
  const out = reusedAlignment(m);
  // The common prefix is all hits in the earliest-matching alignment, as far as it stays within
  // entries; the common suffix is not stripped, since matching it first would match a repeated
  // phrase late.
  let lo = commonTokenPrefix(ref, 0, hyp, 0, n < m ? n : m);
  for (let k = 0; k < lo; k++) {
    if (refGroup[k] !== hypGroup[k]) {
      lo = k;
      break;
    }
  }
  matchRun(out, 0, 0, lo);
  const aLo = lo;
  const aHi = n;
  const bLo = lo;
  const bHi = m;
  const na = aHi - aLo;
  const nb = bHi - bLo;
  if (na === 0 || nb === 0) return out;
  // A known distance (of the whole sequences: the prefix stripped is all hits) bounds the band at once.
  if (distance >= 0 && traceExact(ref, aLo, aHi, hyp, bLo, bHi, distance, EXACT_CELLS, budget, out)) return out;
  if (traceExact(ref, aLo, aHi, hyp, bLo, bHi, Math.max(na, nb), SMALL_TABLE_CELLS, budget, out)) return out;
  // Larger: an anchored alignment bounds the distance, and with it the band an exact one needs.
  approximateInto(ref, aLo, aHi, hyp, bLo, bHi, WORD_ANCHOR_K);
  const upper = approximation.substitutions + approximation.deletions + approximation.insertions;
  if (traceExact(ref, aLo, aHi, hyp, bLo, bHi, upper, EXACT_CELLS, budget, out)) return out;
  anchored.ref = ref;
  anchored.hyp = hyp;
  anchored.out = out;
  anchored.budget = budget;
  walkAnchored(ref, aLo, aHi, hyp, bLo, bHi, WORD_ANCHOR_K, anchoredSink);
  anchored.out = null;
  return out;
}

function matchRun(out: TokenAlignment, a: number, b: number, length: number): void {
  for (let k = 0; k < length; k++) {
    out.partner[b + k] = a + k;
    out.hit[b + k] = 1;
  }
}

/** Reused traceback directions, 2 bits a cell. */
let directions = new Uint8Array(1024);
let rowA = new Float64Array(64);
let rowB = new Float64Array(64);
const DIAGONAL = 0;
const UP = 1;
const LEFT = 2;

/**
 * The exact alignment of ref[aLo, aHi) and hyp[bLo, bHi) into `out`, among alignments of at most
 * `upper` edits, paid from `budget`; false (nothing written) when that band would exceed `cap`
 * cells or the budget.
 *
 * Minimal in (edits, crossings): a crossing is a pair of aligned tokens whose groups differ
 * (`refGroup`, `hypGroup`: the row aligner's entry of each token's row), so that of the alignments
 * with fewest edits the one that keeps most words inside the row aligner's entries is taken
 * (which follow the rows' times). Keys d × K + c with K above any crossing count compare the two
 * lexicographically. The sequences are walked reversed, and the traceback prefers the diagonal
 * from its end, which is then the start: of equal placements, the earliest match.
 */
function traceExact(ref: Int32Array, aLo: number, aHi: number, hyp: Int32Array, bLo: number, bHi: number, upper: number, cap: number, budget: WorkBudget, out: TokenAlignment): boolean {
  const n = aHi - aLo;
  const m = bHi - bLo;
  const skew = m - n;
  const absSkew = skew < 0 ? -skew : skew;
  if (upper < absSkew) return false;
  const extra = Math.floor((upper - absSkew) / 2);
  const kMin = (skew < 0 ? skew : 0) - extra;
  const kMax = (skew > 0 ? skew : 0) + extra;
  const width = kMax - kMin + 1;
  const cells = (n + 1) * width;
  if (cells > cap || !spend(budget, cells)) return false;
  const K = (n < m ? n : m) + 1;
  const refGroup = groups.ref;
  const hypGroup = groups.hyp;
  if (rowA.length < width) {
    rowA = new Float64Array(width);
    rowB = new Float64Array(width);
  }
  const bytes = (cells + 3) >> 2;
  if (directions.length < bytes) directions = new Uint8Array(bytes);
  directions.fill(0, 0, bytes);
  const dirs = directions;
  let prev = rowA;
  let cur = rowB;
  prev.fill(UNREACHED, 0, width);
  // Reversed: step i of the table is reference token aHi − i, step j hypothesis token bHi − j.
  for (let j = 0; j <= m && j <= kMax; j++) {
    const idx = j - kMin;
    prev[idx] = j * K;
    if (j > 0) dirs[idx >> 2] |= LEFT << ((idx & 3) << 1);
  }
  for (let i = 1; i <= n; i++) {
    cur.fill(UNREACHED, 0, width);
    const jLo = i + kMin > 0 ? i + kMin : 0;
    const jHi = i + kMax < m ? i + kMax : m;
    const a = aHi - i;
    const ai = ref[a];
    const ga = refGroup[a];
    const base = i * width;
    for (let j = jLo; j <= jHi; j++) {
      const idx = j - i - kMin;
      let best = UNREACHED;
      let dir = DIAGONAL;
      if (j > 0) {
        const b = bHi - j;
        best = prev[idx] + (ai === hyp[b] ? 0 : K) + (ga === hypGroup[b] ? 0 : 1);
      }
      if (idx + 1 < width) {
        const up = prev[idx + 1] + K;
        if (up < best) {
          best = up;
          dir = UP;
        }
      }
      if (idx > 0 && j > 0) {
        const left = cur[idx - 1] + K;
        if (left < best) {
          best = left;
          dir = LEFT;
        }
      }
      cur[idx] = best;
      if (dir !== DIAGONAL) {
        const cell = base + idx;
        dirs[cell >> 2] |= dir << ((cell & 3) << 1);
      }
    }
    const swap = prev;
    prev = cur;
    cur = swap;
  }
  if (!(prev[m - n - kMin] < (upper + 1) * K)) return false;
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    const cell = i * width + (j - i - kMin);
    const dir = (dirs[cell >> 2] >> ((cell & 3) << 1)) & 3;
    if (dir === DIAGONAL) {
      const a = aHi - i;
      const b = bHi - j;
      out.partner[b] = a;
      out.hit[b] = ref[a] === hyp[b] ? 1 : 0;
      i--;
      j--;
    } else if (dir === UP) i--;
    else j--;
  }
  return true;
}

const anchored: { ref: Int32Array; hyp: Int32Array; out: TokenAlignment | null; budget: WorkBudget } = {
  ref: new Int32Array(0),
  hyp: new Int32Array(0),
  out: null,
  budget: { total: 0, remaining: 0 },
};

const anchoredSink: AlignmentSink = {
  match(aLo: number, bLo: number, length: number): void {
    matchRun(anchored.out as TokenAlignment, aLo, bLo, length);
  },
  gap(aLo: number, aHi: number, bLo: number, bHi: number, final: boolean): boolean {
    const out = anchored.out as TokenAlignment;
    const ga = aHi - aLo;
    const gb = bHi - bLo;
    if (ga === 0 || gb === 0) return true;
    const cap = final ? FINAL_GAP_CELLS : GAP_CELLS;
    if (traceExact(anchored.ref, aLo, aHi, anchored.hyp, bLo, bHi, Math.max(ga, gb), cap, anchored.budget, out)) return true;
    if (!final) return false;
    // No anchor left and too large to align: token by token in order, the surplus left alone.
    const paired = ga < gb ? ga : gb;
    for (let k = 0; k < paired; k++) {
      out.partner[bLo + k] = aLo + k;
      out.hit[bLo + k] = anchored.ref[aLo + k] === anchored.hyp[bLo + k] ? 1 : 0;
    }
    out.exact = false;
    return true;
  },
};

/**
 * The word edit distance of ref[aLo, aHi) and hyp[bLo, bHi), exactly, charged to `budget`; −1
 * when the budget cannot pay for it.
 */
export function tokenDistance(ref: Int32Array, aLo: number, aHi: number, hyp: Int32Array, bLo: number, bHi: number, budget: WorkBudget): number {
  const shorter = Math.min(aHi - aLo, bHi - bLo);
  const lo = commonTokenPrefix(ref, aLo, hyp, bLo, shorter);
  const hi = commonTokenSuffix(ref, aHi, hyp, bHi, shorter - lo);
  const d = exactDistance(ref, aLo + lo, aHi - aLo - lo - hi, hyp, bLo + lo, bHi - bLo - lo - hi, budget);
  return d === OVER_BUDGET ? -1 : d;
}
