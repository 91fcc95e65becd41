/**
 * Turning a file's bytes into text, and pointing at a place in it. Transcripts are never altered
 * in silence: bytes that are not valid in the encoding are an error naming their line, not a
 * U+FFFD.
 */
import { FormatError } from './types';

/** Encodings an adapter may name; without one, a byte order mark decides, else UTF-8. */
export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'latin1';

/**
 * The text of `bytes`. A UTF-8 or UTF-16 byte order mark decides the encoding and is dropped;
 * without one, UTF-16 is recognised from its zero bytes (Praat writes UTF-16 with a mark, but
 * other tools do not), and anything else is read as `fallback` (UTF-8 unless an adapter knows
 * better, e.g. an XML declaration). Throws FormatError for bytes invalid in that encoding.
 */
export function decodeText(bytes: Uint8Array, fallback: TextEncoding = 'utf-8'): string {
  let encoding = fallback;
  let start = 0;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    encoding = 'utf-8';
    start = 3;
  } else if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    encoding = 'utf-16le';
    start = 2;
  } else if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    encoding = 'utf-16be';
    start = 2;
  } else if (bytes.length >= 2 && bytes[0] !== 0 && bytes[1] === 0) {
    encoding = 'utf-16le';
  } else if (bytes.length >= 2 && bytes[0] === 0 && bytes[1] !== 0) {
    encoding = 'utf-16be';
  }
  const body = bytes.subarray(start);
  if (encoding === 'latin1') return new TextDecoder('latin1').decode(body);
  if ((encoding === 'utf-16le' || encoding === 'utf-16be') && body.length % 2 === 1) {
    throw new FormatError(`the file is ${encoding.toUpperCase()} with an odd number of bytes: it was cut short`);
  }
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(body);
  } catch {
    throw new FormatError(`the file is not valid ${encoding.toUpperCase()}: save it as UTF-8`, { line: firstInvalidLine(body, encoding) });
  }
}

/** The 1-based line holding the first byte sequence the decoder refuses (UTF-8 or UTF-16). */
function firstInvalidLine(bytes: Uint8Array, encoding: TextEncoding): number | undefined {
  const decoder = new TextDecoder(encoding, { fatal: true });
  // Decode line by line: the first line that fails holds the bad bytes. Lines end at a newline
  // byte (UTF-8) or unit (UTF-16), which never occurs inside a valid multi-byte sequence.
  const unit = encoding === 'utf-8' ? 1 : 2;
  const newlineAt = (k: number) =>
    unit === 1 ? bytes[k] === 0x0a : encoding === 'utf-16le' ? bytes[k] === 0x0a && bytes[k + 1] === 0 : bytes[k] === 0 && bytes[k + 1] === 0x0a;
  let line = 1;
  let from = 0;
  for (let k = 0; k <= bytes.length; k += unit) {
    if (k < bytes.length && !newlineAt(k)) continue;
    try {
      decoder.decode(bytes.subarray(from, k));
    } catch {
      return line;
    }
    line++;
    from = k + unit;
  }
  return undefined;
}

/**
 * The text of `bytes` as decodeText reads it or, where that fails, as ISO Latin-1 (in which
 * every byte is a character), with the error that made it fall back. Bytes that fail even so (a
 * UTF-8 or UTF-16 byte order mark the rest of the file breaks) throw decodeText's first error.
 */
export function decodeTextOrLatin1(bytes: Uint8Array): { text: string; notDecoded?: FormatError } {
  try {
    return { text: decodeText(bytes) };
  } catch (error) {
    if (!(error instanceof FormatError)) throw error;
    try {
      return { text: decodeText(bytes, 'latin1'), notDecoded: error };
    } catch {
      throw error;
    }
  }
}

/**
 * A function from a UTF-16 offset in `text` to its 1-based line and column, for a parser that
 * reports many places (a binary search over the line starts). CR LF, LF and a lone CR each end a
 * line, as splitLines counts them.
 */
export function positionFinder(text: string): (offset: number) => { line: number; column: number } {
  const starts = [0];
  for (let k = 0; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (c === 0x0a || (c === 0x0d && text.charCodeAt(k + 1) !== 0x0a)) starts.push(k + 1);
  }
  return (offset) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((starts[mid] as number) <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - (starts[low] as number) + 1 };
  };
}

/** The 1-based line and column of UTF-16 offset `index` in `text`. */
export function positionOf(text: string, index: number): { line: number; column: number } {
  return positionFinder(text)(index);
}

/** The lines of `text`, whatever its line endings (LF, CRLF or CR). */
export function splitLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}

