/**
 * Entries from where the words went: given a run of beads (the row aligner's answer for rows
 * aLo..aHi and bLo..bHi) and the hits of the word alignment of those rows, the beads that leave
 * the fewest hits across an entry boundary.
 *
 * A hit links the original row of its hypothesis word to the reworked row of its reference word.
 * An entry is one original row with one or more reworked rows (a pair or a SPLIT), several
 * original rows with one reworked row (a MERGED), or one row alone (DELETED or ADDED), in order on
 * both sides. The programme minimises, in this order of weight:
 *   1. hits between rows of different entries (HIT per hit);
 *   2. disagreement with the row aligner's beads (AGREE per original-and-reworked row pair, or
 *      unpaired row, that the row aligner had and the new entries do not keep): where the words
 *      say nothing (no hit, or as many either way), its judgement of texts, times and speakers
 *      stands;
 *   3. pieces (PIECE per row beyond the first of a group).
 * AGREE is just over two hits: a row joins or leaves a group against the row aligner only when
 * three more of its words say so, so the few words an edit happens to align across a boundary
 * move nothing (set on the evaluation, docs/evaluation.md: with one hit, rows that ASR systems
 * add and annotators delete joined their neighbours). A row of one or two words that the row
 * aligner left alone is worth half a hit a word (AGREE_PER_WORD), so that "Thank you." at the end
 * of an unsegmented hypothesis joins its split when both its words are there. Where both rows carry times, the words may put two rows in one entry that the
 * row aligner kept apart only when one of them lies at least half inside the other
 * (PIECE_INSIDE, as for the row aligner's groups): a row repeating its neighbour's last words in
 * the pause after it (an ASR echo) matches those words as well as the neighbour does, and only
 * its times say it is not part of the segment.
 *
 * The cost of a group is a sum over its pieces, so the best group ending at a cell extends the
 * best one ending at its neighbour: a split or merge of any size costs O(1) per cell. The cells
 * are those of a band around the row aligner's path and the hits (every cell a group of linked
 * rows needs), so the work is the band's size, whatever the size of the groups.
 */
import type { Bead } from './bead-programme';
import { timeContainment } from './row-similarity';

export const LINK_GROUPING = {
  HIT: 1,
  /** Just over two hits: a row moves against the row aligner for three hits, and a tie keeps its answer. */
  AGREE: 2.001,
  /** A row of one or two words, left alone by the row aligner, is worth half a hit a word. */
  AGREE_PER_WORD: 0.5,
  PIECE: 0.01,
  PIECE_INSIDE: 0.5,
  /** A run whose band would hold more cells than this keeps the row aligner's beads. */
  MAX_CELLS: 4_000_000,
} as const;

/** Hits between original and reworked rows: triples sorted by original row, then reworked row. */
export interface RowHits {
  /** Absolute original row, absolute reworked row, number of hits; parallel arrays. */
  o: Int32Array;
  r: Int32Array;
  count: Int32Array;
  length: number;
  /** Words of each row of the run, by local index (row − aLo, row − bLo). */
  originalWords: Int32Array;
  reworkedWords: Int32Array;
}

export interface GroupingOptions {
  splits: boolean;
  merges: boolean;
}

/** Each side's row times in seconds (NaN: none), as PreparedSide has them. */
export interface RowTimes {
  originalStart: Float64Array;
  originalEnd: Float64Array;
  reworkedStart: Float64Array;
  reworkedEnd: Float64Array;
}

const enum Move {
  None = 0,
  Group = 1,
  Merge = 2,
  Del = 3,
  Add = 4,
}

/**
 * The beads for rows [aLo, aHi) × [bLo, bHi) that `beads` (the row aligner's, covering exactly
 * those rows in order) should become; null when they stay as they are.
 */
export function groupByHits(
  beads: readonly Bead[],
  aLo: number, aHi: number,
  bLo: number, bHi: number,
  hits: RowHits,
  times: RowTimes,
  options: GroupingOptions,
): Bead[] | null {
  const n = aHi - aLo;
  const m = bHi - bLo;
  // Which bead each row is in (local indices), and whether it was alone.
  const beadOfO = new Int32Array(n);
  const beadOfR = new Int32Array(m);
  // What keeping a row alone as the row aligner left it is worth (0: it was not alone).
  const aloneO = new Float64Array(n);
  const aloneR = new Float64Array(m);
  beads.forEach((bead, b) => {
    for (const o of bead.oi) {
      beadOfO[o - aLo] = b;
      if (bead.kind === 'del') aloneO[o - aLo] = aloneWorth(hits.originalWords[o - aLo]);
    }
    for (const r of bead.ri) {
      beadOfR[r - bLo] = b;
      if (bead.kind === 'add') aloneR[r - bLo] = aloneWorth(hits.reworkedWords[r - bLo]);
    }
  });
  let crossing = false;
  for (let k = 0; k < hits.length && !crossing; k++) crossing = beadOfO[hits.o[k] - aLo] !== beadOfR[hits.r[k] - bLo];
  if (!crossing) return null;

  const band = bandOf(beads, aLo, bLo, n, m, hits);
  if (band === null) return null;
  const { lo, hi, offset, cells } = band;
  const at = (i: number, j: number): number => (i < 0 || j < 0 || j < lo[i] || j > hi[i] ? -1 : offset[i] + j - lo[i]);

  const weight = new Map<number, number>();
  for (let k = 0; k < hits.length; k++) weight.set((hits.o[k] - aLo) * (m + 1) + (hits.r[k] - bLo), hits.count[k]);
  const { HIT, AGREE, PIECE, PIECE_INSIDE } = LINK_GROUPING;
  /** Whether the times (when both rows have them) let original row o and reworked row r be in one entry. */
  const timesAllow = (o: number, r: number): boolean => {
    const os = times.originalStart[aLo + o];
    const oe = times.originalEnd[aLo + o];
    const rs = times.reworkedStart[bLo + r];
    const re = times.reworkedEnd[bLo + r];
    if (!(oe >= os) || !(re >= rs)) return true;
    return timeContainment(os, oe, rs, re) >= PIECE_INSIDE || timeContainment(rs, re, os, oe) >= PIECE_INSIDE;
  };
  /** Cost of original row o and reworked row r in one entry, as one of its pieces. */
  const pieceCost = (o: number, r: number): number => {
    if (beadOfO[o] === beadOfR[r]) return PIECE - HIT * (weight.get(o * (m + 1) + r) ?? 0) - AGREE;
    if (!timesAllow(o, r)) return Infinity;
    return PIECE - HIT * (weight.get(o * (m + 1) + r) ?? 0);
  };

  const cost = new Float64Array(cells).fill(Infinity);
  const groupRun = new Float64Array(cells).fill(Infinity);
  const groupStart = new Uint8Array(cells);
  const mergeRun = new Float64Array(cells).fill(Infinity);
  const mergeStart = new Uint8Array(cells);
  const move = new Uint8Array(cells);
  cost[0] = 0;
  for (let i = 0; i <= n; i++) {
    for (let j = lo[i]; j <= hi[i]; j++) {
      const c = offset[i] + j - lo[i];
      if (i === 0 && j === 0) continue;
      let best = Infinity;
      let bestMove = Move.None;
      if (i > 0 && j > 0) {
        const diagonal = at(i - 1, j - 1);
        const fromDiagonal = diagonal >= 0 ? cost[diagonal] : Infinity;
        const piece = pieceCost(i - 1, j - 1);
        // Original row i − 1 with reworked rows up to j − 1: a pair, or a split extending along the row.
        const left = options.splits ? at(i, j - 1) : -1;
        const extend = left >= 0 ? groupRun[left] : Infinity;
        if (fromDiagonal <= extend) {
          groupRun[c] = fromDiagonal + piece;
          groupStart[c] = 1;
        } else {
          groupRun[c] = extend + piece;
        }
        if (groupRun[c] - PIECE < best) {
          best = groupRun[c] - PIECE;
          bestMove = Move.Group;
        }
        if (options.merges) {
          // Reworked row j − 1 with original rows up to i − 1, extending down the column.
          const up = at(i - 1, j);
          const extendDown = up >= 0 ? mergeRun[up] : Infinity;
          if (fromDiagonal <= extendDown) {
            mergeRun[c] = fromDiagonal + piece;
            mergeStart[c] = 1;
          } else {
            mergeRun[c] = extendDown + piece;
          }
          // A merge has two pieces at least: the run above must hold one already.
          if (extendDown + piece - PIECE < best) {
            best = extendDown + piece - PIECE;
            bestMove = Move.Merge;
          }
        }
      }
      if (i > 0) {
        const up = at(i - 1, j);
        if (up >= 0 && cost[up] - aloneO[i - 1] < best) {
          best = cost[up] - aloneO[i - 1];
          bestMove = Move.Del;
        }
      }
      if (j > 0) {
        const left = at(i, j - 1);
        if (left >= 0 && cost[left] - aloneR[j - 1] < best) {
          best = cost[left] - aloneR[j - 1];
          bestMove = Move.Add;
        }
      }
      cost[c] = best;
      move[c] = bestMove;
    }
  }

  const out: Bead[] = [];
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    const c = at(i, j);
    switch (move[c] as Move) {
      case Move.Group: {
        let first = j;
        while (groupStart[at(i, first)] === 0) first--;
        const ri = range(bLo + first - 1, j - first + 1);
        out.push({ kind: ri.length === 1 ? 'pair' : 'split', oi: [aLo + i - 1], ri });
        i--;
        j = first - 1;
        break;
      }
      case Move.Merge: {
        let first = i - 1;
        while (mergeStart[at(first, j)] === 0) first--;
        out.push({ kind: 'merge', oi: range(aLo + first - 1, i - first + 1), ri: [bLo + j - 1] });
        i = first - 1;
        j--;
        break;
      }
      case Move.Del:
        out.push({ kind: 'del', oi: [aLo + i - 1], ri: [] });
        i--;
        break;
      case Move.Add:
        out.push({ kind: 'add', oi: [], ri: [bLo + j - 1] });
        j--;
        break;
      default:
        throw new Error(`link grouping broke at ${i},${j}`);
    }
  }
  out.reverse();
  return sameBeads(out, beads) ? null : out;
}

/**
 * The cells the programme fills: row i (original rows consumed) holds columns lo[i]..hi[i]. They
 * cover every cell the row aligner's beads pass through, and for every original row with hits the
 * columns from its first linked reworked row to one past its last, in its own row and the next
 * (the cells a pair, split or merge of linked rows runs through); rows that nothing marks take
 * their neighbour's, and consecutive rows overlap, so a path always exists.
 */
function bandOf(beads: readonly Bead[], aLo: number, bLo: number, n: number, m: number, hits: RowHits) {
  const lo = new Int32Array(n + 1).fill(m + 1);
  const hi = new Int32Array(n + 1).fill(-1);
  const mark = (i: number, j: number): void => {
    if (j < lo[i]) lo[i] = j;
    if (j > hi[i]) hi[i] = j;
  };
  let i = 0;
  let j = 0;
  for (const bead of beads) {
    const i1 = i + bead.oi.length;
    const j1 = j + bead.ri.length;
    for (let k = i; k <= i1; k++) {
      mark(k, j);
      mark(k, j1);
    }
    i = i1;
    j = j1;
  }
  for (let k = 0; k < hits.length; ) {
    const o = hits.o[k] - aLo;
    const first = hits.r[k] - bLo;
    let last = first;
    while (k < hits.length && hits.o[k] - aLo === o) last = hits.r[k++] - bLo;
    for (const row of [o, o + 1]) {
      mark(row, first);
      mark(row, last + 1);
    }
  }
  for (let k = 0; k <= n; k++) {
    if (lo[k] > hi[k]) {
      lo[k] = k === 0 ? 0 : hi[k - 1];
      hi[k] = lo[k];
    }
    if (hi[k] > m) hi[k] = m;
    if (k > 0 && lo[k] > hi[k - 1]) lo[k] = hi[k - 1];
    if (k > 0 && hi[k] < lo[k - 1]) hi[k] = lo[k - 1];
  }
  lo[0] = 0;
  hi[n] = m;
  const offset = new Int32Array(n + 2);
  for (let k = 0; k <= n; k++) offset[k + 1] = offset[k] + (hi[k] - lo[k] + 1);
  const cells = offset[n + 1];
  return cells > LINK_GROUPING.MAX_CELLS ? null : { lo, hi, offset, cells };
}

/** AGREE for a row the row aligner left alone, less for a row of one or two words (AGREE_PER_WORD each). */
function aloneWorth(words: number): number {
  return Math.min(LINK_GROUPING.AGREE, LINK_GROUPING.AGREE_PER_WORD * words + 0.001);
}

function sameBeads(a: readonly Bead[], b: readonly Bead[]): boolean {
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) {
    if (a[k].oi.length !== b[k].oi.length || a[k].ri.length !== b[k].ri.length) return false;
    if (a[k].oi[0] !== b[k].oi[0] || a[k].ri[0] !== b[k].ri[0]) return false;
    if ((a[k].kind === 'pair') !== (b[k].kind === 'pair')) return false;
  }
  return true;
}

function range(start: number, count: number): number[] {
  const out = new Array<number>(count);
  for (let k = 0; k < count; k++) out[k] = start + k;
  return out;
}
