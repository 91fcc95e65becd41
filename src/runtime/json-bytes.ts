/**
 * The UTF-8 JSON of a response's `data`, byte for byte what `Buffer.from(JSON.stringify(value))`
 * gives, produced piece by piece.
 *
 * Why: V8 returns the JSON of a multi-megabyte answer as a string built from thousands of parts,
 * and its first UTF-8 encoding (which flattens it) costs more than JSON.stringify itself.
 * Serialised a few dozen entries at a time, every piece is a small flat string, encoded straight
 * into the byte buffer: both steps together then cost less than the stringify alone did
 * (docs/benchmark.md), and pieces much smaller or larger were slower.
 */

/** Array elements serialised per piece: a few dozen result entries, a few kilobytes of JSON. */
const ELEMENTS_PER_PIECE = 64;
/** UTF-8 bytes one UTF-16 unit can need at most (a surrogate pair: 4 bytes for 2 units). */
const MAX_BYTES_PER_UNIT = 3;

// The bytes are assembled in the caller's buffer while they fit (the engine worker passes the
// request's shared buffer, so the answer needs no copy at all), else in one buffer kept for the
// thread's life and grown to the largest answer it has built. Memory touched for the first time
// costs a page fault for every page, so filling a fresh buffer is several times slower than
// refilling a reused one, and a buffer doubled from 64 KiB up to an answer's size would touch
// several times the answer's size in new memory for every answer.
let assembly = Buffer.allocUnsafeSlow(64 * 1024);

/** A byte buffer written from strings: the caller's `into` while it has room, then `assembly`. */
class ByteSink {
  private buffer: Buffer;
  private length = 0;

  constructor(into: Buffer | undefined) {
    this.buffer = into ?? assembly;
  }

  write(text: string): void {
    // With room for the worst case the write cannot be cut short, and no scan of the text is
    // needed first (a scan of every piece for non-ASCII characters costs a measurable share of
    // the answer's time). JSON text holds no lone surrogate: JSON.stringify escapes them.
    if (this.length + MAX_BYTES_PER_UNIT * text.length > this.buffer.length) {
      const size = Buffer.byteLength(text, 'utf8');
      if (this.length + size > this.buffer.length) this.moveToAssembly(this.length + size);
    }
    this.length += this.buffer.write(text, this.length, 'utf8');
  }

  /** The bytes written so far, where they are. */
  bytes(): Buffer {
    return this.buffer.subarray(0, this.length);
  }

  /** Continues in `assembly`, grown to at least `needed` bytes, with what was written so far. */
  private moveToAssembly(needed: number): void {
    if (assembly.length < needed) {
      let capacity = assembly.length * 2;
      while (capacity < needed) capacity *= 2;
      const bigger = Buffer.allocUnsafeSlow(capacity);
      this.buffer.copy(bigger, 0, 0, this.length);
      assembly = bigger;
    } else if (this.buffer !== assembly) {
      this.buffer.copy(assembly, 0, 0, this.length);
    }
    this.buffer = assembly;
  }
}

/**
 * The bytes of `JSON.stringify(value)` (see `jsonBytes`), written into `into` when they fit there
 * (the result is then a view of `into`), otherwise into a buffer this thread reuses: that result
 * is valid only until the next call, so copy it before then.
 */
export function serializeJson(value: object, into?: Buffer): Buffer {
  const sink = new ByteSink(into);
  let separator = '{';
  for (const key of Object.keys(value)) {
    const item: unknown = (value as Record<string, unknown>)[key];
    if (Array.isArray(item) && item.length > ELEMENTS_PER_PIECE) {
      sink.write(`${separator}${JSON.stringify(key)}:[`);
      writeElements(sink, item);
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

/** The elements of an array's JSON, comma-separated, without the brackets. */
function writeElements(sink: ByteSink, items: readonly unknown[]): void {
  for (let k = 0; k < items.length; k += ELEMENTS_PER_PIECE) {
    const piece = JSON.stringify(items.slice(k, k + ELEMENTS_PER_PIECE));
    // Written apart: ',' + piece would be a cons string, flattened (copied) by the write.
    if (k > 0) sink.write(',');
    sink.write(piece.slice(1, -1));
  }
}

/**
 * `Buffer.from(JSON.stringify(value), 'utf8')` for a plain object, with its long arrays
 * serialised a few elements at a time. Properties whose JSON is undefined (undefined values,
 * functions) are left out, exactly as JSON.stringify leaves them out.
 */
export function jsonBytes(value: object): Buffer {
  return ownCopy(serializeJson(value));
}

/**
 * A copy of `bytes` in an ArrayBuffer of exactly their size. Not Buffer.from: a small copy lands
 * in Node's shared pool (8 KiB on Node 20, 64 KiB on Node 24), and a Buffer sent to another
 * thread is cloned with its whole ArrayBuffer, pool included.
 */
export function ownCopy(bytes: Uint8Array): Buffer {
  const copy = Buffer.allocUnsafeSlow(bytes.byteLength);
  copy.set(bytes);
  return copy;
}
