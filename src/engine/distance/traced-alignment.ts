/**
 * One alignment of two token sequences that is minimal in (distance, substitutions), taken
 * lexicographically: the alignment behind the counts of edit-distance.ts, whose tie-break reports
 * the fewest substitutions among the minimum-distance alignments (D7.2). Its S, D and I are
 * therefore exactly the counts the kernels give for the same pair.
 *
 * A dynamic programme over the cells within the band that an alignment of cost at most `upper`
 * can reach (diagonals j − i within (upper − |n − m|) / 2 of the span between 0 and m − n), with a
 * 2-bit direction per cell for the traceback. Each cell keeps the key d × K + s with K = min(n, m)
 * + 1 > s, so comparing keys compares (d, s) lexicographically; (d, s) adds componentwise along a
 * path, so the optimum of every prefix is a prefix of an optimum.
 *
 * Traceback order (documented in docs/metrics.md, "Error analysis"): where several moves reach a cell at its optimum, the
 * diagonal (hit or substitution) is preferred, then a deletion (a reference token alone), then an
 * insertion (a hypothesis token alone). Traced from the end, so of equally good placements the
 * edit goes as late in the text as the diagonal allows.
 */

// A module constant rather than the global: a global read in the inner loop is slow where the
// code runs in another V8 context (jest's vm sandbox), and costs nothing here.
const UNREACHED = Number.POSITIVE_INFINITY;

/** The edits of an alignment, in traceback order (last first), as token indices of the two arrays. */
export interface EditList {
  /** 0 substitution (refIndex, hypIndex), 1 deletion (refIndex), 2 insertion (hypIndex). */
  kinds: number[];
  refIndex: number[];
  hypIndex: number[];
  substitutions: number;
  deletions: number;
  insertions: number;
}

export const SUBSTITUTION = 0;
export const DELETION = 1;
export const INSERTION = 2;

export function emptyEditList(): EditList {
  return { kinds: [], refIndex: [], hypIndex: [], substitutions: 0, deletions: 0, insertions: 0 };
}

/** Empties a list for reuse. */
export function clearEditList(list: EditList): void {
  list.kinds.length = 0;
  list.refIndex.length = 0;
  list.hypIndex.length = 0;
  list.substitutions = 0;
  list.deletions = 0;
  list.insertions = 0;
}

export function addEdit(into: EditList, kind: number, ref: number, hyp: number): void {
  into.kinds.push(kind);
  into.refIndex.push(ref);
  into.hypIndex.push(hyp);
  if (kind === SUBSTITUTION) into.substitutions++;
  else if (kind === DELETION) into.deletions++;
  else into.insertions++;
}

/**
 * Cells of the band `appendMinimalAlignment` fills for n and m tokens at distance at most
 * `upper` (0 when it needs no table; Infinity when `upper` is below |n − m|).
 */
export function bandCells(n: number, m: number, upper: number): number {
  const absSkew = n > m ? n - m : m - n;
  if (upper < absSkew) return UNREACHED;
  if (n === 0 || m === 0 || (n === 1 && m === 1)) return 0;
  return (n + 1) * (absSkew + 2 * Math.floor((upper - absSkew) / 2) + 1);
}

const DIAGONAL = 0;
const UP = 1;
const LEFT = 2;

let rowA = new Float64Array(64);
let rowB = new Float64Array(64);
let directions = new Uint8Array(64);

/**
 * Appends to `into` the edits of a (distance, substitutions)-minimal alignment of a[aLo, aLo + n)
 * (reference) against b[bLo, bLo + m) (hypothesis), tokens compared with ===, searching only alignments of distance at most
 * `upper`. Returns false, appending nothing, when the band holds more than `cellCap` cells or no
 * alignment is that cheap (`upper` below the true distance).
 */
export function appendMinimalAlignment<T>(
  a: ArrayLike<T>, aLo: number, n: number,
  b: ArrayLike<T>, bLo: number, m: number,
  upper: number,
  cellCap: number,
  into: EditList,
): boolean {
  const skew = m - n;
  const absSkew = skew < 0 ? -skew : skew;
  if (upper < absSkew) return false;
  if (n === 0 || m === 0) {
    for (let i = 0; i < n; i++) addEdit(into, DELETION, aLo + i, -1);
    for (let j = 0; j < m; j++) addEdit(into, INSERTION, -1, bLo + j);
    return true;
  }
  if (n === 1 && m === 1) {
    // One token a side, the commonest edit: no table.
    if (a[aLo] === b[bLo]) return true;
    if (upper < 1) return false;
    addEdit(into, SUBSTITUTION, aLo, bLo);
    return true;
  }
  const extra = Math.floor((upper - absSkew) / 2);
  const kMin = (skew < 0 ? skew : 0) - extra;
  const kMax = (skew > 0 ? skew : 0) + extra;
  const width = kMax - kMin + 1;
  const cells = (n + 1) * width;
  if (cells > cellCap) return false;

  const K = (n < m ? n : m) + 1;
  if (rowA.length < width) {
    rowA = new Float64Array(width);
    rowB = new Float64Array(width);
  }
  const bytes = (cells + 3) >> 2;
  if (directions.length < bytes) directions = new Uint8Array(bytes);
  directions.fill(0, 0, bytes);
  const dirs = directions;
  const setDir = (cell: number, dir: number): void => {
    dirs[cell >> 2] |= dir << ((cell & 3) << 1);
  };

  let prev = rowA;
  let cur = rowB;
  prev.fill(UNREACHED, 0, width);
  // Row 0: j = 0 … min(m, kMax), insertions only.
  for (let j = 0; j <= m && j <= kMax; j++) {
    const idx = j - kMin;
    prev[idx] = j * K;
    if (j > 0) setDir(idx, LEFT);
  }
  for (let i = 1; i <= n; i++) {
    cur.fill(UNREACHED, 0, width);
    const jLo = i + kMin > 0 ? i + kMin : 0;
    const jHi = i + kMax < m ? i + kMax : m;
    const ai = a[aLo + i - 1];
    const base = i * width;
    for (let j = jLo; j <= jHi; j++) {
      const idx = j - i - kMin;
      let best = UNREACHED;
      let dir = DIAGONAL;
      if (j > 0) best = prev[idx] + (ai === b[bLo + j - 1] ? 0 : K + 1);
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
      if (dir !== DIAGONAL) setDir(base + idx, dir);
    }
    const swap = prev;
    prev = cur;
    cur = swap;
  }
  const final = prev[m - n - kMin];
  if (!(final <= upper * K + K - 1)) return false;

  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    const cell = i * width + (j - i - kMin);
    const dir = (dirs[cell >> 2] >> ((cell & 3) << 1)) & 3;
    if (dir === DIAGONAL) {
      if (a[aLo + i - 1] !== b[bLo + j - 1]) addEdit(into, SUBSTITUTION, aLo + i - 1, bLo + j - 1);
      i--;
      j--;
    } else if (dir === UP) {
      addEdit(into, DELETION, aLo + i - 1, -1);
      i--;
    } else {
      addEdit(into, INSERTION, -1, bLo + j - 1);
      j--;
    }
  }
  return true;
}
