/**
 * Maximum-weight one-to-one assignment between rows and columns of a rectangular matrix of
 * non-negative integer weights (the Hungarian method, Kuhn–Munkres, in its O(k³) shortest
 * augmenting path form, k = max(rows, columns)).
 *
 * Only cells of positive weight are reported: a row or column whose best share of an optimal
 * assignment is a zero cell is left unassigned, since a zero carries no evidence for the pair.
 *
 * Ties: among all matchings of maximum total weight, the result is the one that gives row 0 the
 * lowest-indexed column it can have in any of them, then row 1 the lowest it can still have, and
 * so on; a row that can have no positive cell in any of them is unassigned. The rule depends on
 * the matrix alone, never on the order in which the search happens to meet the cells.
 *
 * Exactness: every weight is an integer, so every dual potential is one too (each update adds a
 * difference of them), exact as a double below 2^53, and "tight" (reduced cost zero) is an exact
 * test. Potentials shift by at most one augmenting path's length per row; the input guard keeps
 * the largest weight × (k + 1)² below 2^53 so that they stay far from that limit.
 */

export interface AssignedPair {
  row: number;
  column: number;
  weight: number;
}

export interface Assignment {
  /** Sum of the weights of the assigned pairs: the maximum over all one-to-one assignments. */
  total: number;
  /** The assigned pairs, each with positive weight, in ascending row order. */
  pairs: AssignedPair[];
}

/**
 * The maximum-weight one-to-one assignment of rows to columns (`weights[row][column]`, every
 * row the same length, non-negative integers), with the tie rule of this module.
 * Throws a RangeError on a ragged matrix or a weight that is negative, fractional or too large
 * to keep the arithmetic exact.
 */
export function maxWeightAssignment(weights: ReadonlyArray<ArrayLike<number>>): Assignment {
  const rows = weights.length;
  const columns = rows === 0 ? 0 : weights[0].length;
  for (let r = 1; r < rows; r++) {
    if (weights[r].length !== columns) {
      throw new RangeError(`assignment weights: row ${r} has ${weights[r].length} columns, row 0 has ${columns}`);
    }
  }
  if (rows === 0 || columns === 0) return { total: 0, pairs: [] };
  const k = Math.max(rows, columns);

  // Square cost matrix, padded with zero rows or columns: minimising −weight maximises weight,
  // and a padded cell is the "unassigned" choice.
  const cost = new Float64Array(k * k);
  let largest = 0;
  for (let r = 0; r < rows; r++) {
    const line = weights[r];
    for (let c = 0; c < columns; c++) {
      const w = line[c];
      if (!Number.isSafeInteger(w) || w < 0) {
        throw new RangeError(`assignment weights: [${r}][${c}] is ${w}, not a non-negative integer`);
      }
      if (w > largest) largest = w;
      cost[r * k + c] = -w;
    }
  }
  if (largest > Number.MAX_SAFE_INTEGER / ((k + 1) * (k + 1))) {
    throw new RangeError(`assignment weights: the largest weight ${largest} is too large for exact arithmetic on ${rows} × ${columns} weights`);
  }

  const { rowOf, u, v } = hungarian(cost, k);
  const colOf = new Int32Array(k);
  for (let c = 0; c < k; c++) colOf[rowOf[c]] = c;
  preferLowestColumns(cost, k, rows, columns, colOf, rowOf, u, v);

  const pairs: AssignedPair[] = [];
  let total = 0;
  for (let r = 0; r < rows; r++) {
    const c = colOf[r];
    if (c >= columns) continue;
    const weight = -cost[r * k + c];
    if (weight === 0) continue;
    pairs.push({ row: r, column: c, weight });
    total += weight;
  }
  return { total, pairs };
}

/**
 * Minimum-cost perfect matching of a k × k matrix by shortest augmenting paths with potentials
 * (one row added per phase, Dijkstra over reduced costs): O(k³). On return u[r] + v[c] ≤ cost
 * of (r, c) everywhere, with equality on the matched cells.
 */
function hungarian(cost: Float64Array, k: number): { rowOf: Int32Array; u: Float64Array; v: Float64Array } {
  // 1-based internally: column 0 is the virtual start of each phase's search.
  const u = new Float64Array(k + 1);
  const v = new Float64Array(k + 1);
  const owner = new Int32Array(k + 1); // owner[c]: row (1-based) matched to column c, 0 for none
  const way = new Int32Array(k + 1);
  const minv = new Float64Array(k + 1);
  const used = new Uint8Array(k + 1);
  for (let i = 1; i <= k; i++) {
    owner[0] = i;
    let c0 = 0;
    minv.fill(Infinity);
    used.fill(0);
    do {
      used[c0] = 1;
      const r0 = owner[c0];
      const base = (r0 - 1) * k - 1;
      const ur = u[r0];
      let delta = Infinity;
      let c1 = 0;
      for (let c = 1; c <= k; c++) {
        if (used[c]) continue;
        const reduced = cost[base + c] - ur - v[c];
        if (reduced < minv[c]) {
          minv[c] = reduced;
          way[c] = c0;
        }
        if (minv[c] < delta) {
          delta = minv[c];
          c1 = c;
        }
      }
      for (let c = 0; c <= k; c++) {
        if (used[c]) {
          u[owner[c]] += delta;
          v[c] -= delta;
        } else {
          minv[c] -= delta;
        }
      }
      c0 = c1;
    } while (owner[c0] !== 0);
    do {
      const c1 = way[c0];
      owner[c0] = owner[c1];
      c0 = c1;
    } while (c0 !== 0);
  }
  const rowOf = new Int32Array(k);
  for (let c = 1; c <= k; c++) rowOf[c - 1] = owner[c] - 1;
  return { rowOf, u: u.subarray(1), v: v.subarray(1) };
}

/**
 * Moves an optimal matching to the one the tie rule names. With optimal potentials, the optimal
 * assignments are exactly the perfect matchings of the tight cells (complementary slackness).
 * Row by row, a tight positive cell (r, c) belongs to one of them, given the rows already
 * settled, when c is r's own column or c's current row can reach r by a chain of rows each
 * taking the next one's column over tight cells; the lowest such c is taken by rotating that
 * chain, and r is settled. One search over k rows per settled row: O(k³) in all.
 */
function preferLowestColumns(
  cost: Float64Array,
  k: number,
  rows: number,
  columns: number,
  colOf: Int32Array,
  rowOf: Int32Array,
  u: Float64Array,
  v: Float64Array,
): void {
  const settled = new Uint8Array(k);
  const reaches = new Uint8Array(k);
  const next = new Int32Array(k); // next[r]: the row whose column r takes on the chain towards the row being settled
  const queue = new Int32Array(k);
  const tight = (r: number, c: number) => cost[r * k + c] - u[r] - v[c] === 0;

  for (let r = 0; r < rows; r++) {
    // Rows that can hand their column on, through tight cells, until r's own column is taken.
    reaches.fill(0);
    reaches[r] = 1;
    queue[0] = r;
    let head = 0;
    let tail = 1;
    while (head < tail) {
      const target = queue[head++];
      const column = colOf[target];
      for (let other = 0; other < k; other++) {
        if (reaches[other] || settled[other] || !tight(other, column)) continue;
        reaches[other] = 1;
        next[other] = target;
        queue[tail++] = other;
      }
    }

    let chosen = -1;
    for (let c = 0; c < columns; c++) {
      if (cost[r * k + c] === 0 || !tight(r, c)) continue;
      const holder = rowOf[c];
      if (!settled[holder] && reaches[holder]) {
        chosen = c;
        break;
      }
    }
    // No positive cell is reachable: r ends on a zero cell in every optimal assignment that
    // keeps the settled rows, so it stays free for the later rows' rotations.
    if (chosen < 0) continue;

    if (rowOf[chosen] !== r) {
      const chain: number[] = [];
      for (let x = rowOf[chosen]; x !== r; x = next[x]) chain.push(x);
      const newCols = chain.map((x) => colOf[next[x]]);
      colOf[r] = chosen;
      rowOf[chosen] = r;
      chain.forEach((x, idx) => {
        colOf[x] = newCols[idx];
        rowOf[newCols[idx]] = x;
      });
    }
    settled[r] = 1;
  }
}
