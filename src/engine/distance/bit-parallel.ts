/**
 * Distances of all suffix pairs of two token sequences, packed as bit-vectors: Myers' bit-vector
 * algorithm in Hyyrö's block form (G. Myers, J. ACM 46(3), 1999; H. Hyyrö, "A bit-vector
 * algorithm for computing Levenshtein and Damerau edit distances", 2003), over 32-bit words.
 *
 * The dynamic programme runs over the reversed sequences, so its cell (i′, j′) is the distance
 * G(n − i′, m − j′) between the suffixes a[n − i′, n) and b[m − j′, m). A column holds, for one i′,
 * the vertical differences G(·, m − j′) − G(·, m − j′ + 1) of all j′ as two bit-vectors (+1 and
 * −1), 32 rows to a word; one step of a word updates 32 cells with about twenty word operations
 * and no data-dependent branch, which is what makes it cheap on rows rewritten at distances where
 * a diagonal-transition search meets a branch misprediction at every cell. Every column is kept
 * (`columns`), so the caller can read G anywhere: the band that finds the fewest-substitution
 * split visits only cells on some optimal path with it.
 *
 * Work: ⌈m / 32⌉ word steps per token of a, plus one table look-up per token.
 */
import { createStampedTable, grownInt32, nextStamp } from '../util/scratch';

// A module constant rather than the global `Math`: a global read in the inner loop is slow where
// the code runs in another V8 context (jest's vm sandbox), and costs nothing here.
const imul = Math.imul;

/**
 * The columns of the last `suffixDistances`: column i′ (0 ≤ i′ ≤ n) occupies words
 * [i′ · words, (i′ + 1) · words) of `plus` and `minus`; bit j′ − 1 of a column is set in `plus`
 * (`minus`) when G(n − i′, m − j′) exceeds (falls short of) G(n − i′, m − j′ + 1) by one.
 */
export const columns: { plus: Int32Array; minus: Int32Array; words: number } = {
  plus: new Int32Array(256),
  minus: new Int32Array(256),
  words: 1,
};

// Per-pair symbol table: open addressing over b's distinct tokens, a stamp marking the live slots
// (a pair clears nothing); a slot is (stamp, token, row of `peq`).
const symbols = createStampedTable(3 * 256);
let slots: Int32Array = symbols.slots;
let stamp = 0;
let tableMask = 15;
let tableShift = 28;
// The free slot where the last unsuccessful `rowOf` stopped.
let lastSlot = 0;
// Match masks: row r holds, for b's r-th distinct token, one bit per position of reversed b; the
// row after the last is all zeros (the mask of any token absent from b).
let peq: Int32Array = new Int32Array(256);
let textRows: Int32Array = new Int32Array(256);

/** Set bits of a 32-bit integer. */
export function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** Word steps plus table look-ups that `suffixDistances` spends on n and m tokens. */
export function suffixDistancesCost(n: number, m: number): number {
  return n * ((m + 31) >>> 5) + n + m;
}

/**
 * Levenshtein distance of a[aLo, aLo + n) and b[bLo, bLo + m) (both non-empty), leaving the
 * distances of all their suffix pairs in `columns`. The work is linear in n and in ⌈m / 32⌉, so
 * the caller passes the shorter sequence as b.
 */
export function suffixDistances(a: ArrayLike<number>, aLo: number, n: number, b: ArrayLike<number>, bLo: number, m: number): number {
  const words = (m + 31) >>> 5;
  const absent = numberReversed(b, bLo, m, words);
  const rows = (textRows = grownInt32(textRows, n));
  for (let i = 0; i < n; i++) {
    const r = rowOf(a[aLo + n - 1 - i]);
    rows[i] = (r < 0 ? absent : r) * words;
  }
  const size = (n + 1) * words;
  if (columns.plus.length < size) {
    columns.plus = grownInt32(columns.plus, size);
    columns.minus = grownInt32(columns.minus, size);
  }
  columns.words = words;
  const P = columns.plus;
  const M = columns.minus;
  // Column 0: G(n, m − j′) = j′, every vertical difference +1.
  P.fill(-1, 0, words);
  M.fill(0, 0, words);
  const eq = peq;
  const lastWord = words - 1;
  const lastBit = (m - 1) & 31;
  let score = m;
  for (let i = 0; i < n; i++) {
    const eqBase = rows[i];
    const from = i * words;
    const to = from + words;
    // Horizontal difference entering the first word from above: +1 (row 0 holds G(n − i′, m) = i′).
    let hin = 1;
    for (let w = 0; ; w++) {
      const Pv = P[from + w];
      const Mv = M[from + w];
      // hin is −1, 0 or +1; hneg is 1 exactly when it is −1.
      const hneg = hin >>> 31;
      const e = eq[eqBase + w] | hneg;
      const Xv = eq[eqBase + w] | Mv;
      const Xh = ((((e & Pv) + Pv) | 0) ^ Pv) | e;
      let Ph = Mv | ~(Xh | Pv);
      let Mh = Pv & Xh;
      if (w === lastWord) {
        // Row m may sit anywhere in the last word: the score follows that row.
        score += ((Ph >>> lastBit) & 1) - ((Mh >>> lastBit) & 1);
      }
      const hout = (Ph >>> 31) - (Mh >>> 31);
      Ph = (Ph << 1) | ((hin + 1) >>> 1);
      Mh = (Mh << 1) | hneg;
      P[to + w] = Mh | ~(Xv | Ph);
      M[to + w] = Ph & Xv;
      if (w === lastWord) break;
      hin = hout;
    }
  }
  return score;
}

/**
 * Fills `peq` with the match masks of reversed b[bLo, bLo + m) and the symbol table with its
 * distinct tokens; returns the row of the all-zero mask.
 */
function numberReversed(b: ArrayLike<number>, bLo: number, m: number, words: number): number {
  let size = 16;
  while (size < 2 * m) size *= 2;
  stamp = nextStamp(symbols, 3 * size);
  slots = symbols.slots;
  tableMask = size - 1;
  tableShift = 32 - Math.log2(size);
  peq = grownInt32(peq, (m + 1) * words);
  const eq = peq;
  let rows = 0;
  for (let j = 0; j < m; j++) {
    const token = b[bLo + m - 1 - j];
    let r = rowOf(token);
    if (r < 0) {
      r = rows++;
      // A loop, not fill(): a row is a word or three, and a builtin call per distinct token cost
      // more than the row.
      for (let w = r * words; w < r * words + words; w++) eq[w] = 0;
      slots[3 * lastSlot] = stamp;
      slots[3 * lastSlot + 1] = token;
      slots[3 * lastSlot + 2] = r;
    }
    eq[r * words + (j >>> 5)] |= 1 << (j & 31);
  }
  for (let w = rows * words; w < rows * words + words; w++) eq[w] = 0;
  return rows;
}

/** The `peq` row of `token`, or −1 (then `lastSlot` is where it would go). */
function rowOf(token: number): number {
  let slot = imul(token, 0x9e3779b1) >>> tableShift;
  for (;;) {
    if (slots[3 * slot] !== stamp) {
      lastSlot = slot;
      return -1;
    }
    if (slots[3 * slot + 1] === token) return slots[3 * slot + 2];
    slot = (slot + 1) & tableMask;
  }
}
