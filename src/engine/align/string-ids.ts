/**
 * Dense ids for strings, equal strings getting equal ids: an open-addressing table of FNV-1a
 * hashes over the strings' UTF-16 units, each hit confirmed by string equality.
 *
 * It replaces a `Map<string, number>` on the aligner's per-row passes (every row's text, every
 * gap row's loose key). On the 60,000 transcripts of realistic-30k the Map took 14 ms and this
 * table 6.5–8.8 ms (one process, medians of 12 alternating runs): the Map grows by rehashing into
 * fresh large-object pages, while this table is sized once from the number of strings. On 60,000
 * copies of one text (adv-alternate) both take 7–8 ms.
 */

// A module constant rather than the global `Math`: a global read in the inner loop is slow where
// the code runs in another V8 context (jest's vm sandbox), and costs nothing here.
const imul = Math.imul;

export class StringIds {
  private slots: Int32Array;
  private mask: number;
  private readonly strings: string[] = [];

  /** `capacity`: the number of strings expected; more are accepted (the table then grows). */
  constructor(capacity: number) {
    let size = 16;
    while (size < 2 * capacity) size *= 2;
    this.slots = new Int32Array(size);
    this.mask = size - 1;
  }

  /** The id of `text`: the number of distinct strings seen before its first occurrence. */
  id(text: string): number {
    let slot = slotOf(text) & this.mask;
    for (;;) {
      const held = this.slots[slot] - 1;
      if (held < 0) break;
      if (this.strings[held] === text) return held;
      slot = (slot + 1) & this.mask;
    }
    const id = this.strings.length;
    this.strings.push(text);
    this.slots[slot] = id + 1;
    if (2 * this.strings.length > this.slots.length) this.grow();
    return id;
  }

  /** Distinct strings so far. */
  get size(): number {
    return this.strings.length;
  }

  private grow(): void {
    const size = this.slots.length * 2;
    this.slots = new Int32Array(size);
    this.mask = size - 1;
    for (let id = 0; id < this.strings.length; id++) {
      let slot = slotOf(this.strings[id]) & this.mask;
      while (this.slots[slot] !== 0) slot = (slot + 1) & this.mask;
      this.slots[slot] = id + 1;
    }
  }
}

/** FNV-1a over the UTF-16 units, folded so that the low bits depend on all of them. */
function slotOf(text: string): number {
  let h = 0x811c9dc5 | 0;
  for (let i = 0; i < text.length; i++) h = imul(h ^ text.charCodeAt(i), 0x01000193);
  return h ^ (h >>> 15);
}
