import { createStampedTable, grownInt32, grownInt32Keeping, nextStamp } from '../../../src/engine/util/scratch';

describe('scratch', () => {
  it('grows a buffer only when it is too small, keeping its contents when asked', () => {
    const small = Int32Array.from([1, 2, 3]);
    expect(grownInt32(small, 3)).toBe(small);
    const bigger = grownInt32(small, 4);
    expect(bigger.length).toBeGreaterThanOrEqual(6);
    expect(bigger[0]).toBe(0);
    const kept = grownInt32Keeping(small, 10, 2);
    expect(Array.from(kept.subarray(0, 3))).toEqual([1, 2, 0]);
    expect(kept.length).toBe(10);
  });

  it('gives every call a stamp no live slot of an earlier call holds, also when the stamps run out', () => {
    const table = createStampedTable(4);
    const first = nextStamp(table, 4);
    table.slots[0] = first;
    expect(nextStamp(table, 4)).not.toBe(first);
    table.stamp = 0x7fffffff;
    table.slots[1] = 0x7fffffff;
    const fresh = nextStamp(table, 4);
    expect(Array.from(table.slots)).not.toContain(fresh);
    const replaced = nextStamp(table, 64);
    expect(table.slots.length).toBe(64);
    expect(Array.from(table.slots)).not.toContain(replaced);
  });
});
