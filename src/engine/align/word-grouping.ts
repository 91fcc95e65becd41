/**
 * Rows grouped by where their words went, and each entry's share of one word alignment
 * (docs/metrics.md, "One alignment of the whole text").
 *
 * The row aligner's beads are cut into runs at the pairs whose transcripts are equal, at least
 * CUT_MIN_WORDS words long and, where both carry times, overlapping in time: nothing crosses a row
 * that is the same on both sides. A short row ("Okay.") is no such boundary: a transcript re-cut
 * into one row a word pairs its one-word rows with whichever reworked row says the same word, and
 * the words must still be free to align past it. A very large run is also cut where both sides
 * keep a segment's times (cutPoints). Within a run of two or more beads, the words of
 * the run's rows are aligned as one text on each side (token-alignment.ts); the hits of that
 * alignment regroup the rows where they cross the row aligner's entries (link-grouping.ts), and
 * they decide which entry counts each hypothesis word:
 * - a word aligned with a reference word (a hit or a substitution) is counted in the entry that
 *   holds that reference word, wherever its own row went;
 * - an inserted word stays in its own row's entry, unless the words around it moved: then it goes
 *   with them, so that every entry's words keep their order.
 * An entry that neither lost nor gained a word is counted on its own rows' text, as always.
 */
import { approximateInto, approximation, WORD_ANCHOR_K } from '../distance/approximate-counts';
import { alignTokens, tokenDistance } from '../distance/token-alignment';
import { createWorkBudget, type WorkBudget } from '../distance/work-budget';
import type { Prepared } from '../prepare/prepared-sides';
import { WordIds } from '../text/word-ids';
import type { DiffConfig } from '../types';
import type { Bead } from './bead-programme';
import type { MovedRows } from './row-alignment';
import { groupByHits, type GroupingOptions, type RowHits, type RowTimes } from './link-grouping';
import { looseText, timeOverlap } from './row-similarity';
import { wordCount } from '../text/words';
import { timesEqual } from '../prepare/normalize';
import { grownInt32 } from '../util/scratch';
import { rowTokens, type RowTokens } from './transcript-tokens';

const NOTHING_MOVED: MovedRows = { original: null, reworked: null };

/** The fewest words of an equal pair that cuts the beads into runs (see above). */
export const CUT_MIN_WORDS = 4;

export interface WordGrouping {
  beads: Bead[];
  /**
   * Per bead (which is the scoring unit of the same index), the hypothesis transcript its counts
   * read when words moved into or out of it; undefined: its own rows' text.
   */
  hypotheses: Array<string | undefined>;
  /** Per bead: 1 when its share comes from an alignment that is not exact (D7.11). */
  approximate: Uint8Array;
}

/**
 * Cells of exact word alignment a request may fill to learn where its words went: a floor, plus
 * a share proportional to its transcripts (work, not time, so the same request always gets the
 * same answer, D6.9). Past it, runs are aligned on anchors (D7.11).
 */
export const LINK_FLOOR_CELLS = 16_000_000;
export const LINK_CELLS_PER_CHARACTER = 16;

export function linkBudget(prep: Prepared): WorkBudget {
  let characters = 0;
  for (const text of prep.original.transcript) characters += text.length;
  for (const text of prep.reworked.transcript) characters += text.length;
  return createWorkBudget(LINK_FLOOR_CELLS + LINK_CELLS_PER_CHARACTER * characters);
}

/**
 * Regroups `beads` (the row aligner's path) by the word alignment of each run, and shares the
 * words. Rows the row aligner found to have moved elsewhere (`moved`) keep their words out of it.
 */
export function groupByWords(prep: Prepared, beads: Bead[], config: DiffConfig, moved: MovedRows = NOTHING_MOVED, budget: WorkBudget = linkBudget(prep)): WordGrouping {
  const unchanged: WordGrouping = { beads, hypotheses: [], approximate: new Uint8Array(beads.length) };
  // Rows paired by position or by id are compared within their entries only.
  if (config.positionalMode || prep.pairKeys) return unchanged;
  const options: GroupingOptions = {
    splits: !config.simpleMode && config.enableSplits,
    merges: !config.simpleMode && config.enableMerges,
  };
  const hypTexts = prep.original.transcript;
  const refTexts = prep.reworked.transcript;
  const times = {
    originalStart: prep.original.start,
    originalEnd: prep.original.end,
    reworkedStart: prep.reworked.start,
    reworkedEnd: prep.reworked.end,
  };
  const sameText = (bead: Bead): boolean => {
    if (bead.kind !== 'pair') return false;
    const o = bead.oi[0];
    const r = bead.ri[0];
    if (hypTexts[o] !== refTexts[r] || wordCount(hypTexts[o]) < CUT_MIN_WORDS) return false;
    return timeOverlap(times.originalStart[o], times.originalEnd[o], times.reworkedStart[r], times.reworkedEnd[r]) !== 0;
  };
  const sameTimes = (bead: Bead): boolean => {
    if (bead.kind !== 'pair') return false;
    const o = bead.oi[0];
    const r = bead.ri[0];
    return !Number.isNaN(times.originalStart[o] + times.originalEnd[o]) && timesEqual(times.originalStart[o], times.reworkedStart[r]) && timesEqual(times.originalEnd[o], times.reworkedEnd[r]);
  };
  const cut = Uint8Array.from(beads, (bead) => (sameText(bead) ? 1 : 0));

  const out: Bead[] = [];
  const hypotheses: Array<string | undefined> = [];
  const approximateBeads: number[] = [];
  const context: RunContext = { prep, moved, budget, times, options, sameTimes, words: new WordIds(1024), hypotheses, approximateBeads };
  let oPos = 0;
  let rPos = 0;
  for (let b = 0; b < beads.length; ) {
    if (cut[b] === 1) {
      out.push(beads[b]);
      oPos++;
      rPos++;
      b++;
      continue;
    }
    let e = b;
    let aHi = oPos;
    let bHi = rPos;
    while (e < beads.length && cut[e] === 0) {
      aHi += beads[e].oi.length;
      bHi += beads[e].ri.length;
      e++;
    }
    const run = beads.slice(b, e);
    const regrouped = run.length >= 2 ? regroupRun(context, run, oPos, aHi, rPos, bHi, out.length) : null;
    for (const bead of regrouped ?? run) out.push(bead);
    oPos = aHi;
    rPos = bHi;
    b = e;
  }
  const approximate = new Uint8Array(out.length);
  for (const k of approximateBeads) approximate[k] = 1;
  return { beads: out, hypotheses, approximate };
}

interface RunContext {
  prep: Prepared;
  moved: MovedRows;
  budget: WorkBudget;
  times: RowTimes;
  options: GroupingOptions;
  /** Whether a bead is a pair whose start and end times are equal on both sides. */
  sameTimes: (bead: Bead) => boolean;
  words: WordIds;
  /** Filled for the request: each entry's share (by output bead index) and the inexact ones. */
  hypotheses: Array<string | undefined>;
  approximateBeads: number[];
}

/**
 * The beads a run of two or more (rows aLo..aHi and bLo..bHi) becomes, and each of them's share of
 * the hypothesis words (into the context, for output beads from `first`); null when it stays as
 * it is and no word moves.
 */
function regroupRun(context: RunContext, run: readonly Bead[], aLo: number, aHi: number, bLo: number, bHi: number, first: number): Bead[] | null {
  const { prep, moved, budget } = context;
  if (!sampledRelated(context, aLo, aHi, bLo, bHi)) return null;
  const hyp = rowTokens(prep.original.transcript, aLo, aHi, context.words, 0, moved.original);
  const ref = rowTokens(prep.reworked.transcript, bLo, bHi, context.words, 1, moved.reworked);
  if (hyp.count === 0 || ref.count === 0) return null;
  // A large run whose anchored alignment matches little of it has little in common (rows moved
  // far away, unrelated files): its words are not aligned across its entries. When the whole run
  // is no closer than its entries one by one, some alignment with fewest edits keeps every word in
  // its entry, and the alignment taken (fewest edits, then fewest crossings) is one of them:
  // nothing moves. Distances are cheap; the traced table is not.
  if (!relatedRun(hyp, ref)) return null;
  const apart = entryDistances(run, hyp, ref, budget);
  // A run too large to align whole, or more than the budget has left, is cut where both sides
  // keep a segment's times, and each part aligned on its own.
  if (apart >= 0 && exactCells(hyp.count, ref.count, apart) > Math.min(RUN_EXACT_CELLS, budget.remaining)) {
    const parts = cutAtSameTimes(context, run, aLo, bLo, first);
    if (parts !== undefined) return parts;
  }
  const whole = apart < 0 ? -1 : tokenDistance(ref.ids, 0, ref.count, hyp.ids, 0, hyp.count, budget);
  if (whole >= 0 && whole === apart) return null;
  const refGroups = tokenGroups(run, ref, false, 0);
  const hypGroups = tokenGroups(run, hyp, true, 1);
  const alignment = alignTokens(ref.ids, ref.count, hyp.ids, hyp.count, refGroups, hypGroups, budget, whole);
  // Every word aligned within its own entry: nothing to regroup, and no word moves.
  let crossing = false;
  for (let t = 0; t < hyp.count && !crossing; t++) crossing = alignment.partner[t] >= 0 && hypGroups[t] !== refGroups[alignment.partner[t]];
  if (!crossing) return null;
  const regrouped = groupByHits(run, aLo, aHi, bLo, bHi, rowHits(prep, hyp, ref, alignment.partner, alignment.hit), context.times, context.options) ?? [...run];
  shareWords(prep, regrouped, aLo, bLo, hyp, ref, alignment.partner, first, context.hypotheses);
  if (!alignment.exact) for (let k = 0; k < regrouped.length; k++) context.approximateBeads.push(first + k);
  return regrouped;
}

/**
 * Cells from which a run is cut at its pairs of equal times rather than aligned whole: an
 * inserted word at the end of one row and a missed word at the start of the next are one
 * substitution in a best alignment, so a smaller run keeps that freedom.
 */
export const RUN_EXACT_CELLS = 16_000_000;

/** The cells of the band an exact alignment of n and m tokens at distance at most d fills. */
function exactCells(n: number, m: number, d: number): number {
  return (n + 1) * (Math.abs(n - m) + 2 * d + 1);
}

/**
 * The run cut at its pairs whose times are equal on both sides, each part of two beads or more
 * regrouped on its own (regroupRun); undefined when it has no such pair, null when no part
 * changed.
 */
function cutAtSameTimes(context: RunContext, run: readonly Bead[], aLo: number, bLo: number, first: number): Bead[] | null | undefined {
  if (!run.some(context.sameTimes)) return undefined;
  const out: Bead[] = [];
  let changed = false;
  let o = aLo;
  let r = bLo;
  for (let b = 0; b < run.length; ) {
    let e = b;
    let oEnd = o;
    let rEnd = r;
    while (e < run.length && (e === b || !context.sameTimes(run[e])) && !(e > b && context.sameTimes(run[e - 1]))) {
      oEnd += run[e].oi.length;
      rEnd += run[e].ri.length;
      e++;
    }
    const part = run.slice(b, e);
    const regrouped = part.length >= 2 ? regroupRun(context, part, o, oEnd, r, rEnd, first + out.length) : null;
    if (regrouped !== null) changed = true;
    for (const bead of regrouped ?? part) out.push(bead);
    o = oEnd;
    r = rEnd;
    b = e;
  }
  return changed ? out : null;
}

/** Runs with more characters than this (both sides) are sampled before they are read whole. */
const SAMPLE_ABOVE_CHARS = 200_000;
/** Samples, their reach on the original side in words, and the reworked side's margin around them. */
const SAMPLES = 4;
const SAMPLE_WORDS = 1000;

/**
 * Whether a large run may be related, from a few samples: a stretch of the original's rows at
 * the start, a quarter, half and three quarters of the run, each against the reworked rows around
 * the same place with a wide margin. Related text shows in one of them at least; two unrelated
 * files of 30,000 rows are told apart without reading 400,000 words. Small runs are always read.
 */
function sampledRelated(context: RunContext, aLo: number, aHi: number, bLo: number, bHi: number): boolean {
  const { prep, moved, words } = context;
  const hypTexts = prep.original.transcript;
  const refTexts = prep.reworked.transcript;
  let chars = 0;
  for (let o = aLo; o < aHi && chars <= SAMPLE_ABOVE_CHARS; o++) chars += hypTexts[o].length;
  for (let r = bLo; r < bHi && chars <= SAMPLE_ABOVE_CHARS; r++) chars += refTexts[r].length;
  if (chars <= SAMPLE_ABOVE_CHARS) return true;
  // Rows a sample takes, from the average characters a row (about six a word).
  const hypRowChars = Math.max(1, chars / (aHi - aLo + bHi - bLo));
  const span = Math.max(1, Math.ceil((6 * SAMPLE_WORDS) / hypRowChars));
  for (let k = 0; k < SAMPLES; k++) {
    const o0 = aLo + Math.floor((k * (aHi - aLo)) / SAMPLES);
    const o1 = Math.min(aHi, o0 + span);
    const center = bLo + Math.floor((k * (bHi - bLo)) / SAMPLES);
    const r0 = Math.max(bLo, center - span);
    const r1 = Math.min(bHi, center + 2 * span);
    const hyp = rowTokens(hypTexts, o0, o1, words, 0, moved.original);
    const ref = rowTokens(refTexts, r0, r1, words, 1, moved.reworked);
    if (hyp.count === 0 || ref.count === 0) continue;
    approximateInto(ref.ids, 0, ref.count, hyp.ids, 0, hyp.count, WORD_ANCHOR_K);
    if (approximation.hits >= RELATED_SHARE * Math.min(hyp.count, ref.count)) return true;
  }
  return false;
}

/** Runs whose full table holds up to this many cells are taken as related without a look. */
const SMALL_RUN_CELLS = 1 << 16;
/** Share of the shorter side that the anchored alignment of a larger run must match for it to be related. */
export const RELATED_SHARE = 0.25;

function relatedRun(hyp: RowTokens, ref: RowTokens): boolean {
  if ((hyp.count + 1) * (ref.count + 1) <= SMALL_RUN_CELLS) return true;
  approximateInto(ref.ids, 0, ref.count, hyp.ids, 0, hyp.count, WORD_ANCHOR_K);
  return approximation.hits >= RELATED_SHARE * Math.min(hyp.count, ref.count);
}

/** Σ of the word distances of the run's beads, each on its own rows' words; −1 past the budget. */
function entryDistances(run: readonly Bead[], hyp: RowTokens, ref: RowTokens, budget: WorkBudget): number {
  let sum = 0;
  let h = 0;
  let r = 0;
  for (const bead of run) {
    const hEnd = bead.oi.length === 0 ? h : hyp.rowStart[bead.oi[bead.oi.length - 1] - hyp.lo + 1];
    const rEnd = bead.ri.length === 0 ? r : ref.rowStart[bead.ri[bead.ri.length - 1] - ref.lo + 1];
    const d = tokenDistance(ref.ids, r, rEnd, hyp.ids, h, hEnd, budget);
    if (d < 0) return -1;
    sum += d;
    h = hEnd;
    r = rEnd;
  }
  return sum;
}

const groupScratch: [Int32Array, Int32Array] = [new Int32Array(64), new Int32Array(64)];

/**
 * For each token of one side of a run, the index in `run` of the bead that holds its row, in a
 * reused array (`slot`), valid until the next call with that slot.
 */
function tokenGroups(run: readonly Bead[], tokens: RowTokens, original: boolean, slot: 0 | 1): Int32Array {
  const groups = (groupScratch[slot] = grownInt32(groupScratch[slot], tokens.count));
  let t = 0;
  run.forEach((bead, k) => {
    for (const row of original ? bead.oi : bead.ri) {
      const end = tokens.rowStart[row - tokens.lo + 1];
      for (; t < end; t++) groups[t] = k;
    }
  });
  return groups;
}

/**
 * The hits between rows, in the order of the hypothesis tokens (so sorted by both rows). A hit
 * whose word is also left unaligned in a neighbouring original row says nothing of where its row
 * belongs: the alignment could as well have matched that copy (an ASR echo of the previous row's
 * last words matches them as well as the row it repeats). Such hits are left out. A substitution
 * of words that differ only in case, punctuation or diacritics ("You" for "you", "disconnect"
 * for "disconnect.") counts as a hit here: where a word went does not depend on its spelling,
 * just as which rows correspond does not (row-similarity.ts looseText).
 */
function rowHits(prep: Prepared, hyp: RowTokens, ref: RowTokens, partner: Int32Array, hit: Uint8Array): RowHits {
  const rows = hyp.rows;
  const unaligned: Array<Set<number> | undefined> = new Array(rows);
  for (let t = 0; t < hyp.count; t++) {
    if (partner[t] >= 0) continue;
    const k = hyp.row[t] - hyp.lo;
    (unaligned[k] ??= new Set()).add(hyp.ids[t]);
  }
  const repeatedNearby = (t: number): boolean => {
    const k = hyp.row[t] - hyp.lo;
    const id = hyp.ids[t];
    return (k > 0 && unaligned[k - 1]?.has(id) === true) || (k + 1 < rows && unaligned[k + 1]?.has(id) === true);
  };
  const o: number[] = [];
  const r: number[] = [];
  const count: number[] = [];
  const looselyEqual = (t: number): boolean => {
    const p = partner[t];
    const hypWord = prep.original.transcript[hyp.row[t]].slice(hyp.start[t], hyp.end[t]);
    const refWord = prep.reworked.transcript[ref.row[p]].slice(ref.start[p], ref.end[p]);
    const loose = looseText(hypWord);
    return loose !== '' && loose === looseText(refWord);
  };
  for (let t = 0; t < hyp.count; t++) {
    if (partner[t] < 0 || (hit[t] === 0 && !looselyEqual(t)) || repeatedNearby(t)) continue;
    const ho = hyp.row[t];
    const hr = ref.row[partner[t]];
    const last = o.length - 1;
    if (last >= 0 && o[last] === ho && r[last] === hr) count[last]++;
    else {
      o.push(ho);
      r.push(hr);
      count.push(1);
    }
  }
  const words = (tokens: RowTokens) => {
    const out = new Int32Array(tokens.rows);
    for (let k = 0; k < tokens.rows; k++) out[k] = tokens.rowStart[k + 1] - tokens.rowStart[k];
    return out;
  };
  return { o: Int32Array.from(o), r: Int32Array.from(r), count: Int32Array.from(count), length: o.length, originalWords: words(hyp), reworkedWords: words(ref) };
}

/**
 * Which entry counts each hypothesis token of the run (see the module comment), and the
 * hypothesis text of each entry whose words changed, at hypotheses[first + k] for the run's bead k.
 */
function shareWords(
  prep: Prepared,
  run: readonly Bead[],
  aLo: number,
  bLo: number,
  hyp: RowTokens,
  ref: RowTokens,
  partner: Int32Array,
  first: number,
  hypotheses: Array<string | undefined>,
): void {
  const beadOfO = new Int32Array(hyp.rows);
  const beadOfR = new Int32Array(ref.rows);
  run.forEach((bead, k) => {
    for (const o of bead.oi) beadOfO[o - aLo] = k;
    for (const r of bead.ri) beadOfR[r - bLo] = k;
  });
  // The entry of the next aligned token at or after each token (the last entry past the end).
  const next = new Int32Array(hyp.count + 1);
  next[hyp.count] = run.length - 1;
  for (let t = hyp.count - 1; t >= 0; t--) next[t] = partner[t] >= 0 ? beadOfR[ref.row[partner[t]] - bLo] : next[t + 1];
  const entry = new Int32Array(hyp.count);
  const foreign = new Uint8Array(run.length);
  const assigned = new Int32Array(run.length);
  let previous = 0;
  for (let t = 0; t < hyp.count; t++) {
    let e: number;
    if (partner[t] >= 0) e = next[t];
    else {
      e = beadOfO[hyp.row[t] - aLo];
      if (e < previous) e = previous;
      if (e > next[t + 1]) e = next[t + 1];
    }
    entry[t] = e;
    assigned[e]++;
    if (beadOfO[hyp.row[t] - aLo] !== e) foreign[e] = 1;
    previous = e;
  }
  // Entries never decrease along the tokens, so each entry's tokens are one range of them.
  let t = 0;
  run.forEach((bead, k) => {
    const from = t;
    while (t < hyp.count && entry[t] === k) t++;
    let own = 0;
    for (const o of bead.oi) own += hyp.rowStart[o - aLo + 1] - hyp.rowStart[o - aLo];
    if (foreign[k] === 0 && assigned[k] === own) return;
    const parts: string[] = [];
    for (let u = from; u < t; u++) parts.push(prep.original.transcript[hyp.row[u]].slice(hyp.start[u], hyp.end[u]));
    hypotheses[first + k] = parts.join(' ');
  });
}
