/**
 * What two sequences share at their start and end. Every comparison strips it first: in some
 * optimal alignment it is all hits, and on near-identical rows it is nearly the whole text.
 * The suffix never reaches back into the prefix, so the two never count a token twice.
 */
import { isHighSurrogate, isLowSurrogate } from './code-points';

/** Length of the common prefix of two strings, in UTF-16 units. */
export function commonPrefix(x: string, y: string): number {
  const minLen = x.length < y.length ? x.length : y.length;
  let p = 0;
  while (p < minLen && x.charCodeAt(p) === y.charCodeAt(p)) p++;
  return p;
}

/**
 * Length of the common suffix of two strings that leaves their first `prefix` units alone;
 * `known` units of it are already known to be common.
 */
export function commonSuffix(x: string, y: string, prefix: number, known = 0): number {
  const n = x.length;
  const m = y.length;
  const room = (n < m ? n : m) - prefix;
  let q = known;
  while (q < room && x.charCodeAt(n - 1 - q) === y.charCodeAt(m - 1 - q)) q++;
  return q;
}

/** `commonPrefix`, cut back so that it never ends between the two units of a surrogate pair. */
export function commonCodePointPrefix(x: string, y: string): number {
  const p = commonPrefix(x, y);
  return p > 0 && isHighSurrogate(x.charCodeAt(p - 1)) ? p - 1 : p;
}

/** `commonSuffix`, cut back so that it never starts between the two units of a surrogate pair. */
export function commonCodePointSuffix(x: string, y: string, prefix: number): number {
  const q = commonSuffix(x, y, prefix);
  return q > 0 && isLowSurrogate(x.charCodeAt(x.length - q)) ? q - 1 : q;
}

/** Length of the common prefix of a[aLo, …) and b[bLo, …), at most `max` tokens. */
export function commonTokenPrefix(a: ArrayLike<number>, aLo: number, b: ArrayLike<number>, bLo: number, max: number): number {
  let p = 0;
  while (p < max && a[aLo + p] === b[bLo + p]) p++;
  return p;
}

/** Length of the common suffix of a[…, aHi) and b[…, bHi), at most `max` tokens. */
export function commonTokenSuffix(a: ArrayLike<number>, aHi: number, b: ArrayLike<number>, bHi: number, max: number): number {
  let q = 0;
  while (q < max && a[aHi - 1 - q] === b[bHi - 1 - q]) q++;
  return q;
}
