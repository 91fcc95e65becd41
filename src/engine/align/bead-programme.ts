/**
 * Pass 5: align the rows left between anchors with a Gale–Church style bead programme.
 * Beads: 1-0 (deleted), 0-1 (added), 1-1 (pair), 1-k (split) and k-1 (merge), k ≤ MAX_GROUP.
 * Each unpaired row costs UNPAIRED; a pair or group costs 1 − its similarity (plus GROUP_PENALTY
 * per extra row) and is *forbidden* unless the evidence says the rows correspond: a capped cost
 * alone would let the programme merge unrelated rows ("Okay." ×3 → "Okay!").
 * Small gaps get the full table; large ones a band around the diagonal, so the cost stays
 * O(rows × band) whatever the input.
 */
import { grownFloat64, grownInt32, grownUint8 } from '../util/scratch';
import { intersection, joinProfiles, Profile, profile, profileWordDice, SHORT_ROW, belowUpperBound, textSimilarity, wordDice, timeContainment, timeOverlap, wordIntersection } from './row-similarity';

export type BeadKind = 'pair' | 'del' | 'add' | 'split' | 'merge';

/** One step of the alignment path; indices are absolute row indices. */
export interface Bead {
  kind: BeadKind;
  oi: number[];
  ri: number[];
}

export interface SideFeatures {
  loose: string[];
  /**
   * Rows whose exact twin is a unique row elsewhere on the other side, outside this gap (a moved
   * row): they cannot pair here, so the programme skips them at no cost.
   */
  moved: Uint8Array;
  start: Float64Array;
  end: Float64Array;
  /** Each row's loose key as an id shared by both sides: equal keys share their profile. */
  looseId: Int32Array;
  /** Shared by both sides of one alignment. */
  memo: PairMemo;
}

const MEMO_SLOTS = 4096;

/**
 * Profiles by loose id, and a direct-mapped memo of the text similarity of loose-id pairs: a
 * document of repeated rows ("Yeah." × 1,000, or one text with every second row edited) asks the
 * same question thousands of times.
 */
export interface PairMemo {
  profiles: Array<Profile | undefined>;
  keyA: Int32Array;
  keyB: Int32Array;
  text: Float64Array;
}

export function createPairMemo(looseIds: number): PairMemo {
  return {
    profiles: new Array(looseIds),
    keyA: new Int32Array(MEMO_SLOTS).fill(-1),
    keyB: new Int32Array(MEMO_SLOTS).fill(-1),
    text: new Float64Array(MEMO_SLOTS),
  };
}

export interface GapOptions {
  splits: boolean;
  merges: boolean;
}

/** Thresholds; the reasons are in docs/engine.md. */
export const ALIGN = {
  UNPAIRED: 0.5,
  /** Bigram Dice from which two rows are the same row with edits. */
  PAIR_TEXT: 0.45,
  /** Time IoU from which two rows are the same segment, however rewritten. */
  PAIR_TIME: 0.5,
  /** Time IoU from which a row nested (≥ 90 %) inside the other is the same segment. */
  PAIR_TIME_NESTED: 0.3,
  /** Weight of time agreement in a pair's similarity when both rows carry times. */
  TIME_WEIGHT: 0.4,
  /**
   * Word Dice from which a one-row gap is a pair without a profile: with 60 % of the words shared,
   * the bigram Dice is far above what the full test needs, so the answer is the same, cheaper.
   */
  QUICK_WORDS: 0.6,
  MAX_GROUP: 6,
  GROUP_PENALTY: 0.05,
  /** Joined pieces must have a length within this ratio of the single row. */
  GROUP_LENGTH: 0.6,
  /** Each piece must find this share of its words in the single row. */
  GROUP_CONTAINMENT: 0.6,
  GROUP_TEXT: 0.5,
  /** How much better the whole group must match than the group without either end piece. */
  GROUP_GAIN: 0.001,
  /** Time IoU between the single row and the pieces' span from which times alone allow a group. */
  GROUP_TIME: 0.7,
  /** Gaps with more cells than this get a band instead of the full table. */
  FULL_TABLE_CELLS: 250_000,
  BAND: 24,
  /** Gaps with more rows than this (no anchor in thousands of rows) get the narrow band. */
  WIDE_GAP_ROWS: 4000,
  NARROW_BAND: 8,
} as const;

function prof(side: SideFeatures, i: number): Profile {
  const id = side.looseId[i];
  let p = side.memo.profiles[id];
  if (p === undefined) {
    p = profile(side.loose[i]);
    side.memo.profiles[id] = p;
  }
  return p;
}

/** textSimilarity of original row o and reworked row r, memoised by their loose ids. */
function pairText(orig: SideFeatures, rew: SideFeatures, o: number, r: number, po: Profile, pr: Profile): number {
  const a = orig.looseId[o];
  const b = rew.looseId[r];
  const memo = orig.memo;
  const slot = (Math.imul(a, 0x9e3779b1) ^ b) & (MEMO_SLOTS - 1);
  if (memo.keyA[slot] === a && memo.keyB[slot] === b) return memo.text[slot];
  const text = textSimilarity(intersection(po, pr), po, pr, orig.loose[o], rew.loose[r]);
  memo.keyA[slot] = a;
  memo.keyB[slot] = b;
  memo.text[slot] = text;
  return text;
}

const hasSpan = (side: SideFeatures, i: number): boolean => side.end[i] >= side.start[i];

/**
 * Cost of pairing original row o with reworked row r, or Infinity when nothing says they are the
 * same row: neither text similarity nor (with times on both sides) time overlap.
 */
function pairCost(orig: SideFeatures, rew: SideFeatures, o: number, r: number): number {
  if (orig.moved[o] || rew.moved[r]) return Infinity;
  const po = prof(orig, o);
  const pr = prof(rew, r);
  // Dice can never exceed 2·min/(a+b): skip the intersections when even that is too low.
  const wordTotal = po.words.length + pr.words.length;
  const wordBound = wordTotal === 0 ? 1 : (2 * Math.min(po.words.length, pr.words.length)) / wordTotal;
  const bound = ((2 * Math.min(po.size, pr.size)) / (po.size + pr.size) + wordBound) / 2;
  const timed = hasSpan(orig, o) && hasSpan(rew, r);
  const overlap = timed ? timeOverlap(orig.start[o], orig.end[o], rew.start[r], rew.end[r]) : NaN;
  const sameSegment = timed && sameTimeSegment(orig, o, rew, r, overlap);
  const short = Math.max(orig.loose[o].length, rew.loose[r].length) <= SHORT_ROW;
  if (!short && !sameSegment && (bound < ALIGN.PAIR_TEXT || belowUpperBound(po, pr, ALIGN.PAIR_TEXT))) return Infinity;
  const text = pairText(orig, rew, o, r, po, pr);
  if (text < ALIGN.PAIR_TEXT && !sameSegment) return Infinity;
  const sim = timed ? (1 - ALIGN.TIME_WEIGHT) * text + ALIGN.TIME_WEIGHT * overlap : text;
  return Math.min(1 - sim, 2 * ALIGN.UNPAIRED - 0.05);
}

/**
 * Whether the times alone say two rows are one segment: they overlap by half their union, or one
 * lies almost wholly inside the other (an annotator trims a one-word row to the word itself).
 */
function sameTimeSegment(orig: SideFeatures, o: number, rew: SideFeatures, r: number, overlap: number): boolean {
  if (overlap >= ALIGN.PAIR_TIME) return true;
  if (!(overlap >= ALIGN.PAIR_TIME_NESTED)) return false;
  const inside = Math.max(
    timeContainment(orig.start[o], orig.end[o], rew.start[r], rew.end[r]),
    timeContainment(rew.start[r], rew.end[r], orig.start[o], orig.end[o]),
  );
  return inside >= 0.9;
}

// The bead programme's tables, reused by every gap (alignGap is never re-entered): thousands of
// small gaps each allocated eight typed arrays and two Maps.
interface TableScratch {
  lo: Int32Array;
  hi: Int32Array;
  offset: Int32Array;
  cost: Float64Array;
  move: Uint8Array;
  span: Uint8Array;
  prefO: Float64Array;
  prefR: Float64Array;
}
const tableScratch: TableScratch = {
  lo: new Int32Array(64),
  hi: new Int32Array(64),
  offset: new Int32Array(64),
  cost: new Float64Array(256),
  move: new Uint8Array(256),
  span: new Uint8Array(256),
  prefO: new Float64Array(64),
  prefR: new Float64Array(64),
};
const joinedCache = [new Map<number, Profile>(), new Map<number, Profile>()];

const enum Move {
  None = 0,
  Pair = 1,
  Split = 2,
  Merge = 3,
  Del = 4,
  Add = 5,
}

/** Aligns original rows [aLo, aHi) with reworked rows [bLo, bHi); returns the beads in order. */
export function alignGap(
  orig: SideFeatures,
  rew: SideFeatures,
  aLo: number, aHi: number,
  bLo: number, bHi: number,
  options: GapOptions,
): Bead[] {
  const n = aHi - aLo;
  const m = bHi - bLo;
  if (n === 0 || m === 0 || allMoved(orig, aLo, aHi) || allMoved(rew, bLo, bHi)) {
    const beads: Bead[] = [];
    for (let i = aLo; i < aHi; i++) beads.push({ kind: 'del', oi: [i], ri: [] });
    for (let j = bLo; j < bHi; j++) beads.push({ kind: 'add', oi: [], ri: [j] });
    return beads;
  }

  if (n === 1 && m === 1) {
    // The commonest gap (one edited row between anchors): no table needed, and when the rows share
    // most of their text as a common prefix and suffix, not even a profile.
    const paired =
      mostlyShared(orig.loose[aLo], rew.loose[bLo]) ||
      quickWordDice(orig, aLo, rew, bLo) >= ALIGN.QUICK_WORDS ||
      pairCost(orig, rew, aLo, bLo) < Infinity;
    return paired
      ? [{ kind: 'pair', oi: [aLo], ri: [bLo] }]
      : [{ kind: 'del', oi: [aLo], ri: [] }, { kind: 'add', oi: [], ri: [bLo] }];
  }

  if (n === m && diagonalMostlyShared(orig, aLo, rew, bLo, n)) {
    // Edited rows in a run, each still mostly its counterpart's text: row i is row i, and the
    // table would only confirm it (see diagonalMostlyShared).
    const beads: Bead[] = [];
    for (let k = 0; k < n; k++) beads.push({ kind: 'pair', oi: [aLo + k], ri: [bLo + k] });
    return beads;
  }
  return beadTable(orig, rew, aLo, aHi, bLo, bHi, options);
}

/** The joined profile of rows from..to of `many`, memoised per beadTable call (joinedCache). */
function joinedProfile(many: SideFeatures, cache: Map<number, Profile>, from: number, to: number): Profile {
  const key = from * ALIGN.MAX_GROUP + (to - from);
  let joined = cache.get(key);
  if (joined === undefined) {
    joined = joinProfiles(many.loose.slice(from, to + 1));
    cache.set(key, joined);
  }
  return joined;
}

/**
 * Cost of row `s` of `single` (one side of the gap) becoming rows first..last of `many` (the
 * other side), or Infinity when the group is forbidden.
 */
function groupCost(orig: SideFeatures, rew: SideFeatures, single: SideFeatures, s: number, many: SideFeatures, first: number, last: number): number {
  const k = last - first + 1;
  if (single.moved[s]) return Infinity;
  const ps = prof(single, s);
  let timed = hasSpan(single, s);
  for (let p = first; p <= last; p++) {
    if (many.loose[p].length === 0 || many.moved[p]) return Infinity;
    timed &&= hasSpan(many, p);
  }
  // With times, every piece must lie mostly inside the single row; when the pieces also cover
  // its span, the times alone say it is one group, however much the text was rewritten.
  const span = timed ? timeOverlap(single.start[s], single.end[s], many.start[first], many.end[last]) : NaN;
  if (timed) {
    for (let p = first; p <= last; p++) {
      if (timeContainment(many.start[p], many.end[p], single.start[s], single.end[s]) < 0.5) return Infinity;
    }
  }
  const byTime = span >= ALIGN.GROUP_TIME;
  if (!byTime) {
    for (let p = first; p <= last; p++) {
      const pp = prof(many, p);
      if (wordIntersection(pp, ps) < ALIGN.GROUP_CONTAINMENT * pp.words.length) return Infinity;
    }
  }
  const cache = joinedCache[many === orig ? 0 : 1];
  const similarityTo = (from: number, to: number): number => {
    // One piece: the pair similarity of the two rows, memoised (its value does not depend on
    // which side is the single row).
    if (from === to) return single === orig ? pairText(orig, rew, s, from, ps, prof(many, from)) : pairText(orig, rew, from, s, prof(many, from), ps);
    const joined = joinedProfile(many, cache, from, to);
    return textSimilarity(intersection(ps, joined), ps, joined, single.loose[s]);
  };
  const text = similarityTo(first, last);
  if (!byTime) {
    if (text < ALIGN.GROUP_TEXT) return Infinity;
    // Every end piece must earn its place: a row that only repeats words of its neighbour (an
    // ASR echo, a stray "So.") is a deletion next to a pair, not part of a group.
    if (text < similarityTo(first + 1, last) + ALIGN.GROUP_GAIN) return Infinity;
    if (text < similarityTo(first, last - 1) + ALIGN.GROUP_GAIN) return Infinity;
  }
  const sim = timed ? (1 - ALIGN.TIME_WEIGHT) * text + ALIGN.TIME_WEIGHT * span : text;
  return 1 - sim + ALIGN.GROUP_PENALTY * (k - 1);
}

/**
 * The bead programme proper: the cheapest path through the gap's table (or its band), for gaps
 * that the shortcuts of `alignGap` leave open. Both sides must be non-empty.
 */
export function beadTable(
  orig: SideFeatures,
  rew: SideFeatures,
  aLo: number, aHi: number,
  bLo: number, bHi: number,
  options: GapOptions,
): Bead[] {
  const n = aHi - aLo;
  const m = bHi - bLo;
  // Band: row i (0..n) may use columns [lo[i], hi[i]]; consecutive rows overlap so a path exists.
  const lo = (tableScratch.lo = grownInt32(tableScratch.lo, n + 1));
  const hi = (tableScratch.hi = grownInt32(tableScratch.hi, n + 1));
  const full = (n + 1) * (m + 1) <= ALIGN.FULL_TABLE_CELLS;
  const band = n + m > ALIGN.WIDE_GAP_ROWS ? ALIGN.NARROW_BAND : ALIGN.BAND;
  for (let i = 0; i <= n; i++) {
    if (full) {
      lo[i] = 0;
      hi[i] = m;
    } else {
      lo[i] = Math.max(0, Math.floor((i * m) / n) - band);
      hi[i] = Math.min(m, Math.ceil(((i + 1) * m) / n) + band);
    }
  }
  lo[0] = 0;
  hi[n] = m;
  const offset = (tableScratch.offset = grownInt32(tableScratch.offset, n + 2));
  offset[0] = 0;
  for (let i = 0; i <= n; i++) offset[i + 1] = offset[i] + (hi[i] - lo[i] + 1);
  const cells = offset[n + 1];
  const cost = (tableScratch.cost = grownFloat64(tableScratch.cost, cells));
  cost.fill(Infinity, 0, cells);
  const move = (tableScratch.move = grownUint8(tableScratch.move, cells));
  const span = (tableScratch.span = grownUint8(tableScratch.span, cells));

  const at = (i: number, j: number): number => (j < lo[i] || j > hi[i] ? -1 : offset[i] + j - lo[i]);
  // Joined profiles of piece ranges, per side (groupCost): the same range is tried against several
  // single rows and again, shortened, by the end-piece test.
  joinedCache[0].clear();
  joinedCache[1].clear();

  // Joined length of pieces [x, y) is pref[y] - pref[x] + (y - x - 1): lets the group loops
  // reject or stop on length alone before any similarity is computed.
  const prefO = (tableScratch.prefO = grownFloat64(tableScratch.prefO, n + 1));
  const prefR = (tableScratch.prefR = grownFloat64(tableScratch.prefR, m + 1));
  prefO[0] = 0;
  prefR[0] = 0;
  for (let i = 0; i < n; i++) prefO[i + 1] = prefO[i] + orig.loose[aLo + i].length + 1;
  for (let j = 0; j < m; j++) prefR[j + 1] = prefR[j] + rew.loose[bLo + j].length + 1;
  const minRatio = ALIGN.GROUP_LENGTH;

  // Set for each cell below, before any candidate is considered.
  let best: number;
  let bestMove: Move;
  let bestSpan: number;
  const consider = (from: number, step: number, mv: Move, k: number): void => {
    if (from < 0) return;
    const total = cost[from] + step;
    if (total < best) {
      best = total;
      bestMove = mv;
      bestSpan = k;
    }
  };

  cost[0] = 0;
  for (let i = 0; i <= n; i++) {
    for (let j = lo[i]; j <= hi[i]; j++) {
      if (i === 0 && j === 0) continue;
      const c = at(i, j);
      best = Infinity;
      bestMove = Move.None;
      bestSpan = 0;
      if (i > 0 && j > 0) {
        const prev = at(i - 1, j - 1);
        if (prev >= 0 && cost[prev] < Infinity) {
          consider(prev, pairCost(orig, rew, aLo + i - 1, bLo + j - 1), Move.Pair, 1);
        }
        if (options.splits) {
          const single = orig.loose[aLo + i - 1].length;
          for (let k = 2; k <= ALIGN.MAX_GROUP && j - k >= 0; k++) {
            const joined = prefR[j] - prefR[j - k] - 1;
            if (minRatio * joined > single) break;
            if (joined < minRatio * single) continue;
            const from = at(i - 1, j - k);
            if (from < 0 || cost[from] === Infinity) continue;
            const step = groupCost(orig, rew, orig, aLo + i - 1, rew, bLo + j - k, bLo + j - 1);
            consider(from, step, Move.Split, k);
          }
        }
        if (options.merges) {
          const single = rew.loose[bLo + j - 1].length;
          for (let k = 2; k <= ALIGN.MAX_GROUP && i - k >= 0; k++) {
            const joined = prefO[i] - prefO[i - k] - 1;
            if (minRatio * joined > single) break;
            if (joined < minRatio * single) continue;
            const from = at(i - k, j - 1);
            if (from < 0 || cost[from] === Infinity) continue;
            const step = groupCost(orig, rew, rew, bLo + j - 1, orig, aLo + i - k, aLo + i - 1);
            consider(from, step, Move.Merge, k);
          }
        }
      }
      if (i > 0) consider(at(i - 1, j), ALIGN.UNPAIRED, Move.Del, 1);
      if (j > 0) consider(at(i, j - 1), ALIGN.UNPAIRED, Move.Add, 1);
      cost[c] = best;
      move[c] = bestMove;
      span[c] = bestSpan;
    }
  }
  return pathOf(at, n, m, aLo, bLo);
}

/** The beads of the cheapest path, read back from the moves of the table from cell (n, m). */
function pathOf(at: (i: number, j: number) => number, n: number, m: number, aLo: number, bLo: number): Bead[] {
  const { move, span } = tableScratch;
  const beads: Bead[] = [];
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    const c = at(i, j);
    const k = span[c];
    switch (move[c] as Move) {
      case Move.Pair:
        beads.push({ kind: 'pair', oi: [aLo + i - 1], ri: [bLo + j - 1] });
        i--;
        j--;
        break;
      case Move.Split:
        beads.push({ kind: 'split', oi: [aLo + i - 1], ri: range(bLo + j - k, k) });
        i--;
        j -= k;
        break;
      case Move.Merge:
        beads.push({ kind: 'merge', oi: range(aLo + i - k, k), ri: [bLo + j - 1] });
        i -= k;
        j--;
        break;
      case Move.Del:
        beads.push({ kind: 'del', oi: [aLo + i - 1], ri: [] });
        i--;
        break;
      case Move.Add:
        beads.push({ kind: 'add', oi: [], ri: [bLo + j - 1] });
        j--;
        break;
      default:
        throw new Error(`alignment path broken at ${i},${j}`);
    }
  }
  return beads.reverse();
}

/**
 * Rows longer than this get their profiles before the word Dice of a one-row gap: the test after
 * it (pairCost) needs them, and they carry the same word hashes, so long words are hashed once.
 */
const PROFILE_FIRST_ABOVE = 1024;

/** Word Dice of original row o and reworked row r (the same value whichever way it is computed). */
function quickWordDice(orig: SideFeatures, o: number, rew: SideFeatures, r: number): number {
  if (orig.loose[o].length + rew.loose[r].length > PROFILE_FIRST_ABOVE) return profileWordDice(prof(orig, o), prof(rew, r));
  return wordDice(orig.loose[o], rew.loose[r]);
}

/**
 * Whether original row aLo + k and reworked row bLo + k share a common prefix and suffix covering
 * 80 % of the longer text, for every k < n, and none of them moved. Then every pair costs almost
 * nothing, every alternative path is dearer (an unpaired row costs 0.5; a split must be paid back
 * by a merge within the same square gap, and a pair of groups costs at least 0.1 plus what their
 * texts lack), and the programme's answer is the diagonal: consecutive edited rows, the commonest
 * multi-row gap of a post-edit, are settled without profiles or a table.
 */
function diagonalMostlyShared(orig: SideFeatures, aLo: number, rew: SideFeatures, bLo: number, n: number): boolean {
  for (let k = 0; k < n; k++) {
    if (orig.moved[aLo + k] || rew.moved[bLo + k]) return false;
    if (!mostlyShared(orig.loose[aLo + k], rew.loose[bLo + k])) return false;
  }
  return true;
}

function allMoved(side: SideFeatures, lo: number, hi: number): boolean {
  for (let i = lo; i < hi; i++) if (!side.moved[i]) return false;
  return true;
}

/** Whether a common prefix and suffix cover at least 80 % of the longer text. */
function mostlyShared(a: string, b: string): boolean {
  const longest = Math.max(a.length, b.length);
  if (longest === 0) return true;
  const shortest = Math.min(a.length, b.length);
  let prefix = 0;
  while (prefix < shortest && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix++;
  let suffix = 0;
  while (suffix < shortest - prefix && a.charCodeAt(a.length - 1 - suffix) === b.charCodeAt(b.length - 1 - suffix)) suffix++;
  return prefix + suffix >= 0.8 * longest;
}

function range(start: number, count: number): number[] {
  const out = new Array<number>(count);
  for (let k = 0; k < count; k++) out[k] = start + k;
  return out;
}
