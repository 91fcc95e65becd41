/**
 * Unit-cost Levenshtein distance (the number only, no split) by Myers' bit-vector algorithm in
 * Hyyrö's block form (G. Myers, J. ACM 46(3), 1999; H. Hyyrö, "A bit-vector algorithm for
 * computing Levenshtein and Damerau edit distances", 2003), over 32-bit words.
 *
 * The dynamic programme's columns follow the longer sequence (the text) and its rows the shorter
 * one (the pattern), 32 rows to a block: one step of a block updates 32 cells with about twenty
 * word operations and no data-dependent branch, which is what makes it cheap on rows rewritten at
 * distances where a diagonal-transition search meets a branch misprediction at every cell.
 * Work: ⌈pattern / 32⌉ block steps per text token, plus one table look-up per token.
 */

// Per-pair symbol table: open addressing over the pattern's distinct tokens, a stamp marking the
// live slots (a pair clears nothing); a slot is (stamp, token, row of `peq`).
let slots: Int32Array = new Int32Array(3 * 256);
let stamp = 0;
// Match masks: row r holds, for the pattern's r-th distinct token, one bit per pattern position;
// the row after the last is all zeros (the mask of any token absent from the pattern).
let peq: Int32Array = new Int32Array(256);
let textRows: Int32Array = new Int32Array(256);
let pv: Int32Array = new Int32Array(16);
let mv: Int32Array = new Int32Array(16);

function grown(buf: Int32Array, size: number): Int32Array {
  if (buf.length >= size) return buf;
  let n = buf.length;
  while (n < size) n *= 2;
  return new Int32Array(n);
}

/** Block steps plus table look-ups that `bitParallelDistance` spends on n and m tokens. */
export function bitParallelCost(n: number, m: number): number {
  const text = n > m ? n : m;
  const pattern = n > m ? m : n;
  return text * ((pattern + 31) >>> 5) + n + m;
}

/**
 * Levenshtein distance of a[aLo, aLo + n) and b[bLo, bLo + m), both non-empty. Symmetric, so the
 * shorter side is the pattern.
 */
export function bitParallelDistance(a: ArrayLike<number>, aLo: number, n: number, b: ArrayLike<number>, bLo: number, m: number): number {
  return m <= n ? distance(a, aLo, n, b, bLo, m) : distance(b, bLo, m, a, aLo, n);
}

function distance(text: ArrayLike<number>, tLo: number, n: number, pattern: ArrayLike<number>, pLo: number, m: number): number {
  const words = (m + 31) >>> 5;
  const absent = numberPattern(pattern, pLo, m, words);
  const rows = (textRows = grown(textRows, n));
  for (let i = 0; i < n; i++) {
    const r = rowOf(text[tLo + i]);
    rows[i] = (r < 0 ? absent : r) * words;
  }
  pv = grown(pv, words);
  mv = grown(mv, words);
  const P = pv;
  const M = mv;
  // Column 0: D(i, 0) = i, every vertical difference +1.
  P.fill(-1, 0, words);
  M.fill(0, 0, words);
  const eq = peq;
  const lastWord = words - 1;
  const lastBit = (m - 1) & 31;
  let score = m;
  for (let i = 0; i < n; i++) {
    const base = rows[i];
    // Horizontal difference entering the block from above: +1 on row 0 (D(0, j) = j).
    let hin = 1;
    for (let w = 0; ; w++) {
      const Pv = P[w];
      const Mv = M[w];
      // hin is −1, 0 or +1; hneg is 1 exactly when it is −1.
      const hneg = hin >>> 31;
      const e = eq[base + w] | hneg;
      const Xv = eq[base + w] | Mv;
      const Xh = ((((e & Pv) + Pv) | 0) ^ Pv) | e;
      let Ph = Mv | ~(Xh | Pv);
      let Mh = Pv & Xh;
      if (w === lastWord) {
        // Row m may sit anywhere in the last block: the score follows that row.
        score += ((Ph >>> lastBit) & 1) - ((Mh >>> lastBit) & 1);
      }
      const hout = (Ph >>> 31) - (Mh >>> 31);
      Ph = (Ph << 1) | ((hin + 1) >>> 1);
      Mh = (Mh << 1) | hneg;
      P[w] = Mh | ~(Xv | Ph);
      M[w] = Ph & Xv;
      if (w === lastWord) break;
      hin = hout;
    }
  }
  return score;
}

/**
 * Fills `peq` with the match masks of pattern[pLo, pLo + m) and the symbol table with its distinct
 * tokens; returns the row of the all-zero mask.
 */
function numberPattern(pattern: ArrayLike<number>, pLo: number, m: number, words: number): number {
  let size = 16;
  while (size < 2 * m) size *= 2;
  if (3 * size > slots.length) {
    slots = new Int32Array(3 * size);
    stamp = 0;
  }
  if (stamp === 0x7fffffff) {
    slots.fill(0);
    stamp = 0;
  }
  stamp++;
  tableMask = size - 1;
  tableShift = 32 - Math.log2(size);
  peq = grown(peq, (m + 1) * words);
  const eq = peq;
  let rows = 0;
  for (let j = 0; j < m; j++) {
    const token = pattern[pLo + j];
    let r = rowOf(token);
    if (r < 0) {
      r = rows++;
      eq.fill(0, r * words, r * words + words);
      slots[3 * lastSlot] = stamp;
      slots[3 * lastSlot + 1] = token;
      slots[3 * lastSlot + 2] = r;
    }
    eq[r * words + (j >>> 5)] |= 1 << (j & 31);
  }
  eq.fill(0, rows * words, rows * words + words);
  return rows;
}

let tableMask = 15;
let tableShift = 28;
// The free slot where the last unsuccessful `rowOf` stopped.
let lastSlot = 0;

/** The `peq` row of `token`, or −1 (then `lastSlot` is where it would go). */
function rowOf(token: number): number {
  let slot = Math.imul(token, 0x9e3779b1) >>> tableShift;
  for (;;) {
    if (slots[3 * slot] !== stamp) {
      lastSlot = slot;
      return -1;
    }
    if (slots[3 * slot + 1] === token) return slots[3 * slot + 2];
    slot = (slot + 1) & tableMask;
  }
}
