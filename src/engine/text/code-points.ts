/**
 * Characters are Unicode code points (decisions D7.4): an emoji is one character, never two
 * UTF-16 units. A lone surrogate counts as one code point, as `codePointAt` reads it.
 */
import { grownInt32 } from '../util/scratch';

const HIGH_SURROGATE_MIN = 0xd800;
const HIGH_SURROGATE_MAX = 0xdbff;
const LOW_SURROGATE_MIN = 0xdc00;
const LOW_SURROGATE_MAX = 0xdfff;
const ANY_SURROGATE = /[\uD800-\uDFFF]/;

export function isHighSurrogate(c: number): boolean {
  return c >= HIGH_SURROGATE_MIN && c <= HIGH_SURROGATE_MAX;
}

export function isLowSurrogate(c: number): boolean {
  return c >= LOW_SURROGATE_MIN && c <= LOW_SURROGATE_MAX;
}

/** True when `text` holds a surrogate: only then do its code points and UTF-16 units differ. */
export function hasSurrogates(text: string): boolean {
  return ANY_SURROGATE.test(text);
}

/** Number of Unicode code points in `text`. */
export function codePointLength(text: string): number {
  if (!ANY_SURROGATE.test(text)) return text.length;
  return codePointCount(text, 0, text.length);
}

/** Number of code points in text[start, end). */
export function codePointCount(text: string, start: number, end: number): number {
  let count = 0;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (isHighSurrogate(c) && i + 1 < end && isLowSurrogate(text.charCodeAt(i + 1))) i++;
    count++;
  }
  return count;
}

/**
 * Writes the code points of text[start, end) into `out` (grown when too small) and returns the
 * buffer and the count. `end` must not split a surrogate pair.
 */
export function toCodePoints(
  text: string,
  start = 0,
  end = text.length,
  out: Int32Array = new Int32Array(end - start),
): { points: Int32Array; length: number } {
  const points = grownInt32(out, end - start);
  let n = 0;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (isHighSurrogate(c) && i + 1 < end) {
      const d = text.charCodeAt(i + 1);
      if (isLowSurrogate(d)) {
        points[n++] = ((c - HIGH_SURROGATE_MIN) << 10) + (d - LOW_SURROGATE_MIN) + 0x10000;
        i++;
        continue;
      }
    }
    points[n++] = c;
  }
  return { points, length: n };
}
