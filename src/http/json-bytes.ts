/**
 * The UTF-8 JSON of a response's `data`, byte for byte what `Buffer.from(JSON.stringify(value))`
 * gives, produced piece by piece.
 *
 * Why: V8 returns the JSON of a 10 MB answer as a string built from thousands of parts, and its
 * first UTF-8 encoding (which flattens it) cost more than JSON.stringify itself: on realistic-30k
 * stringify ~40 ms, then ~70 ms to encode. Serialised a few dozen entries at a time, every piece
 * is a small flat string, and a piece with no character above U+007F (most of them) is copied
 * byte for byte: ~47 ms for both steps together (scratch measurement, 5 runs each).
 */

/** Array elements serialised per piece: a few dozen result entries, a few kilobytes of JSON. */
const ELEMENTS_PER_PIECE = 64;
const NON_ASCII = /[^\x00-\x7f]/;

// The bytes are assembled in one buffer kept for the thread's life and grown to the largest
// answer it has built. Memory touched for the first time costs a page fault, and on the
// benchmark machine a fault costs ~11 µs (3 ms a MB: a fresh 10 MB buffer filled in 32 ms, a
// reused one in 4 ms); a buffer doubled from 64 KiB up to an answer's size touched ~36 MB of new
// memory a realistic-30k answer. Only the answer's own copy is new memory now.
let assembly = Buffer.allocUnsafeSlow(64 * 1024);

/** A growing byte buffer written from strings, over `assembly`. */
class ByteSink {
  private length = 0;

  write(text: string): void {
    const ascii = !NON_ASCII.test(text);
    const size = ascii ? text.length : Buffer.byteLength(text, 'utf8');
    if (this.length + size > assembly.length) {
      let capacity = assembly.length * 2;
      while (capacity < this.length + size) capacity *= 2;
      const bigger = Buffer.allocUnsafeSlow(capacity);
      assembly.copy(bigger, 0, 0, this.length);
      assembly = bigger;
    }
    this.length += assembly.write(text, this.length, size, ascii ? 'latin1' : 'utf8');
  }

  /**
   * The bytes written, copied into an exactly sized buffer of their own: it can be transferred
   * (the assembly buffer stays), and the event loop's thread counts a transferred buffer as
   * external memory whole.
   */
  bytes(): Buffer {
    return Buffer.from(assembly.subarray(0, this.length));
  }
}

/**
 * `Buffer.from(JSON.stringify(value), 'utf8')` for a plain object, with its long arrays
 * serialised a few elements at a time. Properties whose JSON is undefined (undefined values,
 * functions) are left out, exactly as JSON.stringify leaves them out.
 */
export function jsonBytes(value: Record<string, unknown>): Buffer {
  const sink = new ByteSink();
  let separator = '{';
  for (const key of Object.keys(value)) {
    const item = value[key];
    if (Array.isArray(item) && item.length > ELEMENTS_PER_PIECE) {
      sink.write(`${separator}${JSON.stringify(key)}:[`);
      for (let k = 0; k < item.length; k += ELEMENTS_PER_PIECE) {
        const piece = JSON.stringify(item.slice(k, k + ELEMENTS_PER_PIECE));
        // Written apart: ',' + piece would be a cons string, flattened (copied) by the write.
        if (k > 0) sink.write(',');
        sink.write(piece.slice(1, -1));
      }
      sink.write(']');
    } else {
      const text = JSON.stringify(item);
      if (text === undefined) continue;
      sink.write(`${separator}${JSON.stringify(key)}:${text}`);
    }
    separator = ',';
  }
  sink.write(separator === '{' ? '{}' : '}');
  return sink.bytes();
}
