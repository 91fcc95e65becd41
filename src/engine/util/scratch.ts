/**
 * Scratch memory that the engine's inner loops reuse from call to call (a thread runs one diff at
 * a time): typed arrays that only grow, and hash tables whose live slots carry a stamp, so that
 * starting a call clears nothing. A diff of 30,000 rows makes hundreds of thousands of such calls;
 * allocating per call would hand that much garbage to the collector.
 */

/** `buffer` when it holds `size` entries, else a new zeroed one of at least `size` and twice its length; contents are not kept. */
export function grownInt32(buffer: Int32Array, size: number): Int32Array {
  return size <= buffer.length ? buffer : new Int32Array(Math.max(size, 2 * buffer.length));
}

/** `grownInt32`, with the buffer's first `used` entries copied into a new one. */
export function grownInt32Keeping(buffer: Int32Array, size: number, used: number = buffer.length): Int32Array {
  if (size <= buffer.length) return buffer;
  const bigger = new Int32Array(Math.max(size, 2 * buffer.length));
  bigger.set(buffer.subarray(0, used));
  return bigger;
}

/** `grownInt32` for doubles. */
export function grownFloat64(buffer: Float64Array, size: number): Float64Array {
  return size <= buffer.length ? buffer : new Float64Array(Math.max(size, 2 * buffer.length));
}

/** `grownInt32` for bytes. */
export function grownUint8(buffer: Uint8Array, size: number): Uint8Array {
  return size <= buffer.length ? buffer : new Uint8Array(Math.max(size, 2 * buffer.length));
}

/**
 * The slots of an open-addressing table reused across calls. A slot is live in the current call
 * when its stamp field holds `stamp`: starting a call takes a new stamp instead of clearing.
 */
export interface StampedTable {
  slots: Int32Array;
  stamp: number;
}

export function createStampedTable(length: number): StampedTable {
  return { slots: new Int32Array(length), stamp: 0 };
}

/**
 * Starts a call that needs `length` slots: every slot of the table is dead for the stamp returned.
 * A table too small is replaced (its slots zero: dead for any stamp from 1); when the stamps run
 * out the slots are zeroed and counting starts again.
 */
export function nextStamp(table: StampedTable, length: number): number {
  if (length > table.slots.length) {
    table.slots = new Int32Array(length);
    table.stamp = 0;
  }
  if (table.stamp === 0x7fffffff) {
    table.slots.fill(0);
    table.stamp = 0;
  }
  return ++table.stamp;
}
