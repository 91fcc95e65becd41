/**
 * Shared buffers that carry a request's body to the engine worker and its answer back.
 *
 * Why: every ArrayBuffer the event loop's thread allocates counts as V8 external memory, and each
 * 64 MB of it starts a mark-compact of that thread's heap. A realistic-30k diff brought ~14 MB of
 * its own (a 4 MB body buffer, a 10 MB answer transferred back), so with two diffs running the
 * event loop marked its heap every few hundred ms, in steps of up to 8 ms that health probes
 * waited behind (--trace-gc, --trace-incremental-marking: "external memory pressure"). A slot is
 * allocated once and reused: the body is gathered into it, the worker reads it there and writes
 * the answer over it (when the answer fits), and the response is sent from it, so a request
 * allocates no large buffer on the event loop's thread at all.
 *
 * A slot goes back to the pool once nothing holds it: its response has closed and its diff has
 * settled. A diff that was stopped (a client gone, a time budget spent, a worker dead) never lets
 * go of its slot: the stopped thread might still be writing into it, so it must never carry
 * another request, and it is left to the garbage collector.
 */
import type { ServerResponse } from 'node:http';

/**
 * Bytes a slot holds: the body (at most 5 MiB, decisions D1.5) and later the answer, which was at
 * most 3.1× the body on every benchmark body (docs/benchmark.md). A larger answer comes back in a
 * buffer of its own. Pages are committed only as they are written.
 */
export const SLOT_BYTES = 32 * 1024 * 1024;

/** Free slots kept for reuse; more are made when more requests are in flight, and dropped after. */
export const SLOTS_KEPT = 4;

export interface BodySlot {
  readonly shared: SharedArrayBuffer;
  /** The whole slot as a Buffer. */
  readonly bytes: Buffer;
}

export interface SlotPool {
  /** A slot for `res`'s request, held until `res` closes. */
  take(res: ServerResponse): BodySlot;
  /** One more hold on `slot` (a diff reading and writing it). */
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
  // Weak: a slot whose diff was stopped keeps a hold for ever and must still be collectable.
  const holds = new WeakMap<BodySlot, number>();
  const pool: SlotPool = {
    take(res) {
      let slot = free.pop();
      if (slot === undefined) {
        const shared = new SharedArrayBuffer(slotBytes);
        slot = { shared, bytes: Buffer.from(shared) };
      }
      const taken = slot;
      holds.set(taken, 1);
      res.once('close', () => pool.drop(taken));
      return taken;
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
  return pool;
}

/** Bytes `copyIntoSlot` moves through its staging buffer at a time: a socket read's worth. */
const STAGE_BYTES = 64 * 1024;
/** Chunks shorter than this are copied directly (measured: 64-byte chunks 3.5× slower staged, 512-byte ones faster). */
const STAGE_MIN_BYTES = 512;
let stage: Buffer | undefined;

/**
 * Copies `chunk` into `slot` at `at`, as `chunk.copy(slot, at)` does, but fast when the two are
 * not aligned alike.
 *
 * Why: V8 copies into a SharedArrayBuffer with relaxed atomic stores, a machine word at a time
 * only when source and target addresses agree modulo 8, and else one byte at a time. A body's
 * chunks rarely agree with their place in the slot (the first chunk starts after the headers,
 * and every offset after it is a sum of read sizes), so gathering a 5 MB body cost the event
 * loop's thread ~1.3 ms of byte copies even in cache, and `perf record` of that thread while
 * health probes waited put over a quarter of its on-CPU time in V8's `relaxed_memmove`. Copied
 * first into a private buffer at the slot's alignment (a plain memmove), the bytes then go into
 * the slot a word at a time: 0.36 ms for 5 MiB.
 *
 * Array buffers are allocated at least 8-byte aligned, so an address modulo 8 is its view's
 * `byteOffset` modulo 8. Were that ever not so, the bytes would still be the same, only slower.
 * Like `TypedArray.set`, and unlike `Buffer.copy`, it throws rather than truncates when the chunk
 * does not fit, and `chunk` must not overlap `slot`.
 */
export function copyIntoSlot(chunk: Uint8Array, slot: Buffer, at: number): void {
  const shift = (slot.byteOffset + at) & 7;
  // Staging pays only for a chunk worth it (below ~512 bytes the direct copy is faster) and for a
  // private chunk (a shared one is read byte by byte either way).
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
