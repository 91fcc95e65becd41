/**
 * A JSON body's bytes as the text JSON.parse reads, decoded as cheaply as its content allows.
 *
 * Why: a UTF-8 body is decoded fast only while it is all ASCII; one non-ASCII character anywhere
 * sends the whole text through V8's character-by-character decoder, and one character above
 * Latin-1 ('’') makes the result two-byte. Real transcripts have a few hundred non-ASCII
 * characters in megabytes of ASCII, and a latin1 decode of the same length is several times
 * faster (docs/benchmark.md). So a body whose non-ASCII characters are sparse is turned into
 * pure ASCII first, each non-ASCII character written as its JSON escape (`é` → `\u00e9`, an
 * astral character as its surrogate pair), and decoded as latin1.
 *
 * The escaped text means exactly what the original means, and fails exactly when it fails:
 * - inside a JSON string, `\uXXXX` denotes the character it replaces, and the characters around
 *   it are untouched (the escape has exactly four hex digits);
 * - outside a string, a non-ASCII character is a syntax error, and so is a backslash;
 * - after an odd run of backslashes the original is an invalid escape (`\é`) that the escaped
 *   text would turn into a valid one (`\\u00e9`): such a body is decoded the ordinary way instead,
 *   so that JSON.parse refuses it as before.
 */
import { isAscii, isUtf8 } from 'node:buffer';

/** Bytes per block: whole ASCII blocks are copied natively, others are escaped byte by byte. */
const BLOCK = 1024;
/**
 * Escaping pays while at most this share of the blocks hold a non-ASCII byte: the byte loop costs
 * about what the UTF-8 decoder does, so with most blocks to loop over nothing is saved.
 */
const MAX_DIRTY_SHARE = 0.5;

const BACKSLASH = 0x5c;
const HEX = Buffer.from('0123456789abcdef', 'latin1');

// The escaped copy, grown to the largest needed and kept for the thread's life (at most 3× the
// body limit, for a body of two-byte characters in every other block), and which blocks hold a
// non-ASCII byte.
let scratch = Buffer.allocUnsafeSlow(64 * 1024);
let dirtyBlocks = new Uint8Array(1024);

/** Thrown by `jsonText` for bytes that are not UTF-8. */
export class NotUtf8Error extends Error {}

/**
 * The text of a JSON body: its UTF-8 decoding, or an ASCII text that JSON.parse reads to the same
 * value (see above). A leading byte order mark is dropped. Throws NotUtf8Error for invalid UTF-8
 * (never replaced with U+FFFD).
 */
export function jsonText(bytes: Uint8Array): string {
  if (!isUtf8(bytes)) throw new NotUtf8Error('The body is not valid UTF-8.');
  const bom = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const body = Buffer.from(bytes.buffer, bytes.byteOffset + bom, bytes.byteLength - bom);
  if (isAscii(body)) return body.toString('latin1');
  return escapedAscii(body) ?? body.toString('utf8');
}

/** The body with every non-ASCII character as a JSON escape, or null when that would not pay or not be faithful. */
function escapedAscii(body: Buffer): string | null {
  const n = body.length;
  const blocks = Math.ceil(n / BLOCK);
  if (dirtyBlocks.length < blocks) dirtyBlocks = new Uint8Array(2 * blocks);
  const maxDirty = MAX_DIRTY_SHARE * blocks;
  let dirty = 0;
  for (let b = 0; b < blocks; b++) {
    dirtyBlocks[b] = isAscii(body.subarray(b * BLOCK, (b + 1) * BLOCK)) ? 0 : 1;
    dirty += dirtyBlocks[b];
    if (dirty > maxDirty) return null;
  }
  // A non-ASCII sequence of 2 or 4 bytes becomes 6 or 12 (3 bytes become 6): at most 2 more bytes
  // for each byte of a dirty block.
  const capacity = n + 2 * dirty * BLOCK;
  if (scratch.length < capacity) scratch = Buffer.allocUnsafeSlow(capacity);
  const out = scratch;
  let o = 0;
  let i = 0;
  while (i < n) {
    const b = Math.floor(i / BLOCK);
    const hi = Math.min(n, (b + 1) * BLOCK);
    if (dirtyBlocks[b] === 0) {
      body.copy(out, o, i, hi);
      o += hi - i;
      i = hi;
      continue;
    }
    while (i < hi) {
      const c = body[i];
      if (c < 0x80) {
        out[o++] = c;
        i++;
        continue;
      }
      // An odd run of backslashes before it: an invalid escape, which must stay invalid.
      let run = 0;
      while (run < o && out[o - 1 - run] === BACKSLASH) run++;
      if (run % 2 === 1) return null;
      // The sequence is valid UTF-8 (isUtf8 above); it may run past the block's end.
      let cp: number;
      if (c < 0xe0) {
        cp = ((c & 0x1f) << 6) | (body[i + 1] & 0x3f);
        i += 2;
      } else if (c < 0xf0) {
        cp = ((c & 0x0f) << 12) | ((body[i + 1] & 0x3f) << 6) | (body[i + 2] & 0x3f);
        i += 3;
      } else {
        cp = ((c & 0x07) << 18) | ((body[i + 1] & 0x3f) << 12) | ((body[i + 2] & 0x3f) << 6) | (body[i + 3] & 0x3f);
        i += 4;
      }
      if (cp < 0x10000) {
        o = writeEscape(out, o, cp);
      } else {
        o = writeEscape(out, o, 0xd800 + ((cp - 0x10000) >> 10));
        o = writeEscape(out, o, 0xdc00 + ((cp - 0x10000) & 0x3ff));
      }
    }
  }
  return out.toString('latin1', 0, o);
}

/** Writes `\uXXXX` for the UTF-16 unit `unit` at `o`; returns the new end. */
function writeEscape(out: Buffer, o: number, unit: number): number {
  out[o] = BACKSLASH;
  out[o + 1] = 0x75; // u
  out[o + 2] = HEX[(unit >> 12) & 15];
  out[o + 3] = HEX[(unit >> 8) & 15];
  out[o + 4] = HEX[(unit >> 4) & 15];
  out[o + 5] = HEX[unit & 15];
  return o + 6;
}
