import fc from 'fast-check';
import { maxWeightAssignment } from '../../../src/engine/analysis/assignment';

/**
 * Every matching of positive cells, rows in order, each row trying its columns in ascending order
 * and "unassigned" last: the first matching met with the largest total is the one the module's
 * tie rule names (lowest column for row 0, then row 1, ..., unassigned after every column).
 */
function bruteForce(weights: number[][]): { total: number; columnOfRow: number[] } {
  const rows = weights.length;
  const columns = rows === 0 ? 0 : weights[0].length;
  const taken = new Array<boolean>(columns).fill(false);
  const current = new Array<number>(rows).fill(-1);
  let best = { total: -1, columnOfRow: [] as number[] };
  const visit = (r: number, total: number) => {
    if (r === rows) {
      if (total > best.total) best = { total, columnOfRow: current.slice() };
      return;
    }
    for (let c = 0; c < columns; c++) {
      if (taken[c] || weights[r][c] === 0) continue;
      taken[c] = true;
      current[r] = c;
      visit(r + 1, total + weights[r][c]);
      taken[c] = false;
    }
    current[r] = -1;
    visit(r + 1, total);
  };
  visit(0, 0);
  return best;
}

function columnOfRow(rows: number, pairs: { row: number; column: number }[]): number[] {
  const out = new Array<number>(rows).fill(-1);
  for (const p of pairs) out[p.row] = p.column;
  return out;
}

const smallMatrix = (maxWeight: number) =>
  fc
    .tuple(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 6 }))
    .chain(([rows, columns]) =>
      fc.array(fc.array(fc.integer({ min: 0, max: maxWeight }), { minLength: columns, maxLength: columns }), {
        minLength: rows,
        maxLength: rows,
      }),
    );

describe('maxWeightAssignment against every assignment (k ≤ 6)', () => {
  it('reaches the same optimal total and the same tie-broken matching, with many ties', () => {
    fc.assert(
      fc.property(smallMatrix(3), (weights) => {
        const result = maxWeightAssignment(weights);
        const expected = bruteForce(weights);
        expect(result.total).toBe(expected.total);
        expect(columnOfRow(weights.length, result.pairs)).toEqual(expected.columnOfRow);
      }),
      { seed: 20, numRuns: 1500 },
    );
  });

  it('reaches the same optimal total with wide weights', () => {
    fc.assert(
      fc.property(smallMatrix(1_000_000), (weights) => {
        expect(maxWeightAssignment(weights).total).toBe(bruteForce(weights).total);
      }),
      { seed: 21, numRuns: 500 },
    );
  });

  it('returns a matching of positive cells: each row and column at most once, total = sum of its weights', () => {
    fc.assert(
      fc.property(smallMatrix(5), (weights) => {
        const { total, pairs } = maxWeightAssignment(weights);
        expect(new Set(pairs.map((p) => p.row)).size).toBe(pairs.length);
        expect(new Set(pairs.map((p) => p.column)).size).toBe(pairs.length);
        for (const p of pairs) {
          expect(p.weight).toBeGreaterThan(0);
          expect(p.weight).toBe(weights[p.row][p.column]);
        }
        expect(pairs.map((p) => p.row)).toEqual([...pairs.map((p) => p.row)].sort((a, b) => a - b));
        expect(total).toBe(pairs.reduce((s, p) => s + p.weight, 0));
      }),
      { seed: 22, numRuns: 1000 },
    );
  });
});

describe('maxWeightAssignment on chosen matrices', () => {
  it('gives up a greedy best cell when two others add up to more', () => {
    expect(maxWeightAssignment([[3, 2], [2, 0]])).toEqual({
      total: 4,
      pairs: [
        { row: 0, column: 1, weight: 2 },
        { row: 1, column: 0, weight: 2 },
      ],
    });
  });

  it('breaks a full tie by the lowest column for the first row, then the next', () => {
    const result = maxWeightAssignment([[1, 1, 1], [1, 1, 1]]);
    expect(result.pairs.map((p) => [p.row, p.column])).toEqual([[0, 0], [1, 1]]);
  });

  it('lets an earlier row keep its lowest column even when a later row then loses its own', () => {
    // Totals tie at 2: {0→0, 1→2} and {0→1, 1→0}; row 0 takes column 0.
    const result = maxWeightAssignment([[1, 1, 0], [1, 0, 1]]);
    expect(result.pairs.map((p) => [p.row, p.column])).toEqual([[0, 0], [1, 2]]);
  });

  it('prefers assigning a row to leaving it free when both are optimal', () => {
    // {0→0} and {1→0} both total 2; row 0 can be assigned, so it is.
    expect(maxWeightAssignment([[2], [2]]).pairs).toEqual([{ row: 0, column: 0, weight: 2 }]);
  });

  it('reports no pair of weight 0, on tall, wide and all-zero matrices', () => {
    expect(maxWeightAssignment([[0, 0], [0, 0]])).toEqual({ total: 0, pairs: [] });
    expect(maxWeightAssignment([[0], [4], [0]]).pairs).toEqual([{ row: 1, column: 0, weight: 4 }]);
    expect(maxWeightAssignment([[0, 0, 7, 0]]).pairs).toEqual([{ row: 0, column: 2, weight: 7 }]);
  });

  it('answers empty for no rows or no columns', () => {
    expect(maxWeightAssignment([])).toEqual({ total: 0, pairs: [] });
    expect(maxWeightAssignment([[], []])).toEqual({ total: 0, pairs: [] });
  });

  it('finds a hidden permutation among 200 × 200 labels with noise around it', () => {
    // Each hidden cell outweighs all the noise of a row and column together, so the optimum is
    // the hidden permutation whatever the noise.
    const k = 200;
    let seed = 12345;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const hidden = Array.from({ length: k }, (_, i) => i);
    for (let i = k - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [hidden[i], hidden[j]] = [hidden[j], hidden[i]];
    }
    const weights = Array.from({ length: k }, (_, r) =>
      Array.from({ length: k }, (_, c) => (c === hidden[r] ? 10_000 : Math.floor(random() * 5))),
    );
    const result = maxWeightAssignment(weights);
    expect(columnOfRow(k, result.pairs)).toEqual(hidden);
    expect(result.total).toBe(k * 10_000);
  });
});

describe('maxWeightAssignment on bad input', () => {
  it('throws a RangeError naming a ragged row', () => {
    expect(() => maxWeightAssignment([[1, 2], [3]])).toThrow(new RangeError('assignment weights: row 1 has 1 columns, row 0 has 2'));
    expect(() => maxWeightAssignment([[], [1]])).toThrow(RangeError);
  });

  it('throws a RangeError naming a negative, fractional or non-finite weight', () => {
    expect(() => maxWeightAssignment([[1, -1]])).toThrow(new RangeError('assignment weights: [0][1] is -1, not a non-negative integer'));
    expect(() => maxWeightAssignment([[0.5]])).toThrow(/\[0\]\[0\] is 0.5/);
    expect(() => maxWeightAssignment([[NaN]])).toThrow(/\[0\]\[0\] is NaN/);
    expect(() => maxWeightAssignment([[Infinity]])).toThrow(RangeError);
  });

  it('throws a RangeError when a weight is too large for exact sums', () => {
    expect(() => maxWeightAssignment([[Number.MAX_SAFE_INTEGER, 0], [0, 1]])).toThrow(/too large for exact arithmetic/);
  });
});
