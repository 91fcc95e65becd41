/**
 * Shared buffers that carry a request's body to the engine worker and its answer back.
 *
 * Why: every ArrayBuffer the event loop's thread allocates counts as V8 external memory, and each
 * 64 MB of it starts a mark-compact of that thread's heap, in steps that health probes wait
 * behind (--trace-gc, --trace-incremental-marking: "external memory pressure"). A large diff
 * brings a body buffer and an answer several times its size. A slot is allocated once and
 * reused: the body is gathered into it, the worker reads it there and writes the answer over it
 * (when the answer fits), and the response is sent from it, so a request allocates no large
 * buffer on the event loop's thread at all.
 *
 * A slot goes back to the pool once nothing holds it: the request that took it has dropped it
 * (its response has closed) and its task has settled. A task that was stopped (a client gone, a
 * time budget spent, a worker dead) never lets go of its slot: the stopped thread might still be
 * writing into it, so it must never carry another request, and it is left to the garbage
 * collector.
 */

/**
 * Bytes a slot holds: the body (at most 5 MiB, decisions D1.5) and later the answer, which stayed
 * within a few times the body on every benchmark body (docs/operations.md, Sizing). A larger answer
 * comes back in a buffer of its own. Pages are committed only as they are written.
 */
export const SLOT_BYTES = 32 * 1024 * 1024;

/** Free slots kept for reuse; more are made when more requests are in flight, and dropped after. */
export const SLOTS_KEPT = 4;

export interface BodySlot {
  /** The whole slot: a Buffer over its SharedArrayBuffer. */
  readonly bytes: Buffer;
}

/** A request body gathered into a slot: the slot's first `length` bytes. */
export interface SlotBody {
  readonly slot: BodySlot;
  readonly length: number;
}

export interface SlotPool {
  /** A slot, held by the caller until it drops it. */
  take(): BodySlot;
  /** One more hold on `slot` (a task reading and writing it). */
  hold(slot: BodySlot): void;
  /** Drops one hold; the last one returns the slot to the pool. */
  drop(slot: BodySlot): void;
  /** Bytes each slot holds. */
  readonly slotBytes: number;
  /** Free slots now kept. */
  readonly kept: number;
}

export function createSlotPool(options: { slotBytes?: number; keep?: number } = {}): SlotPool {
  const slotBytes = options.slotBytes ?? SLOT_BYTES;
  const keep = options.keep ?? SLOTS_KEPT;
  const free: BodySlot[] = [];
  // Weak: a slot whose task was stopped keeps a hold for ever and must still be collectable.
  const holds = new WeakMap<BodySlot, number>();
  return {
    take() {
      const slot = free.pop() ?? { bytes: Buffer.from(new SharedArrayBuffer(slotBytes)) };
      holds.set(slot, 1);
      return slot;
    },
    hold(slot) {
      holds.set(slot, (holds.get(slot) ?? 0) + 1);
    },
    drop(slot) {
      const left = (holds.get(slot) ?? 1) - 1;
      if (left > 0) {
        holds.set(slot, left);
        return;
      }
      holds.delete(slot);
      if (free.length < keep) free.push(slot);
    },
    slotBytes,
    get kept() {
      return free.length;
    },
  };
}

/** Bytes `copyIntoSlot` moves through its staging buffer at a time: a socket read's worth. */
const STAGE_BYTES = 64 * 1024;
/** Chunks shorter than this are copied directly: for them the direct copy is the faster. */
const STAGE_MIN_BYTES = 512;
let stage: Buffer | undefined;

/**
 * Copies `chunk` into `slot` at `at`, as `chunk.copy(slot, at)` does, but fast when the two are
 * not aligned alike.
 *
 * Why: V8 copies into a SharedArrayBuffer with relaxed atomic stores, a machine word at a time
 * only when source and target addresses agree modulo 8, and else one byte at a time. A body's
 * chunks rarely agree with their place in the slot (the first chunk starts after the headers,
 * and every offset after it is a sum of read sizes), so a large body was gathered byte by byte on
 * the event loop's thread, and `perf record` of that thread while health probes waited found a
 * large share of its time in V8's `relaxed_memmove`. Copied first into a private buffer at the
 * slot's alignment (a plain memmove), the bytes then go into the slot a word at a time, several
 * times faster (docs/benchmark.md).
 *
 * Array buffers are allocated at least 8-byte aligned, so an address modulo 8 is its view's
 * `byteOffset` modulo 8. Were that ever not so, the bytes would still be the same, only slower.
 * Like `TypedArray.set`, and unlike `Buffer.copy`, it throws rather than truncates when the chunk
 * does not fit, and `chunk` must not overlap `slot`.
 */
export function copyIntoSlot(chunk: Uint8Array, slot: Buffer, at: number): void {
  const shift = (slot.byteOffset + at) & 7;
  // Staging pays only for a chunk worth it (STAGE_MIN_BYTES) and for a private chunk (a shared
  // one is read byte by byte either way).
  if (
    !(slot.buffer instanceof SharedArrayBuffer) ||
    chunk.length < STAGE_MIN_BYTES ||
    chunk.buffer instanceof SharedArrayBuffer ||
    ((chunk.byteOffset - shift) & 7) === 0
  ) {
    slot.set(chunk, at);
    return;
  }
  stage ??= Buffer.allocUnsafeSlow(STAGE_BYTES + 8);
  for (let done = 0; done < chunk.length; done += STAGE_BYTES) {
    const n = Math.min(STAGE_BYTES, chunk.length - done);
    stage.set(chunk.subarray(done, done + n), shift);
    slot.set(stage.subarray(shift, shift + n), at + done);
  }
}
