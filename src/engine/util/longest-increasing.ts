/**
 * The longest strictly increasing subsequence, by patience sorting in O(c log c): the chain along
 * which unique matches become anchors (patience diff), for rows (row-anchors.ts) and for k-grams
 * (kgram-anchors.ts) alike.
 */
import { grownInt32 } from './scratch';

/** The chain of the last `longestIncreasing`: indices into its values, in order, `indices[0, length)`. */
export interface Chain {
  indices: Int32Array;
  length: number;
}

const chain: Chain = { indices: new Int32Array(256), length: 0 };
let back: Int32Array = new Int32Array(256);

/** A longest strictly increasing subsequence of values[0, count). The result is reused by the next call. */
export function longestIncreasing(values: Int32Array, count: number): Chain {
  const tails = (chain.indices = grownInt32(chain.indices, count));
  back = grownInt32(back, count);
  let length = 0;
  for (let k = 0; k < count; k++) {
    const v = values[k];
    let lo = 0;
    // A value extending the longest chain so far (the common case along a diagonal) needs no search.
    if (length > 0 && values[tails[length - 1]] < v) lo = length;
    else {
      let hi = length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (values[tails[mid]] < v) lo = mid + 1;
        else hi = mid;
      }
    }
    back[k] = lo > 0 ? tails[lo - 1] : -1;
    tails[lo] = k;
    if (lo === length) length++;
  }
  // Walk the chain backwards into `tails` so it reads forwards.
  for (let t = length - 1, k = length > 0 ? tails[length - 1] : -1; t >= 0; t--, k = back[k]) tails[t] = k;
  chain.length = length;
  return chain;
}
