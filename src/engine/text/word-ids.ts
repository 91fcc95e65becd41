/**
 * Dense ids for words (spans of texts), equal words getting equal ids, without a substring per
 * word: an open-addressing table of the words' FNV-1a hashes (span-ids.ts spanHash), each hit
 * confirmed unit by unit against the word's first occurrence. A document's transcript holds a few
 * hundred thousand words; a Map of substrings would allocate each of them.
 */
import { sameSpan } from './span-ids';

export class WordIds {
  private slots: Int32Array;
  private mask: number;
  // The first occurrence of each id: its text, start, end and hash.
  private texts: string[] = [];
  private starts: number[] = [];
  private ends: number[] = [];
  private hashes: number[] = [];

  /** `capacity`: the number of distinct words expected; more are accepted (the table then grows). */
  constructor(capacity: number) {
    let size = 16;
    while (size < 2 * capacity) size *= 2;
    this.slots = new Int32Array(size);
    this.mask = size - 1;
  }

  /** The id of text[start, end), whose spanHash is `hash`. */
  id(text: string, start: number, end: number, hash: number): number {
    let slot = scatter(hash) & this.mask;
    for (;;) {
      const held = this.slots[slot] - 1;
      if (held < 0) break;
      if (this.hashes[held] === hash && sameSpan(this.texts[held], this.starts[held], this.ends[held], text, start, end)) return held;
      slot = (slot + 1) & this.mask;
    }
    const id = this.texts.length;
    this.texts.push(text);
    this.starts.push(start);
    this.ends.push(end);
    this.hashes.push(hash);
    this.slots[slot] = id + 1;
    if (2 * this.texts.length > this.slots.length) this.grow();
    return id;
  }

  /** Distinct words so far. */
  get size(): number {
    return this.texts.length;
  }

  private grow(): void {
    const size = this.slots.length * 2;
    this.slots = new Int32Array(size);
    this.mask = size - 1;
    for (let id = 0; id < this.texts.length; id++) {
      let slot = scatter(this.hashes[id]) & this.mask;
      while (this.slots[slot] !== 0) slot = (slot + 1) & this.mask;
      this.slots[slot] = id + 1;
    }
  }
}

/** The low bits of an FNV hash depend on the last units only: fold the high ones in. */
function scatter(h: number): number {
  h ^= h >>> 16;
  return Math.imul(h, 0x85ebca6b) ^ (h >>> 13);
}
