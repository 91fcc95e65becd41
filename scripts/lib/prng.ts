/**
 * A small seeded pseudo-random generator (mulberry32) for the evaluation and the benchmark.
 * Every random choice in scripts/ goes through it, so that one seed always yields the same data
 * on every machine and Node version (Math.random is neither seedable nor reproducible).
 */

export interface Prng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max] (both inclusive). */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  /** One element of a non-empty array. */
  pick<T>(items: readonly T[]): T;
  /** A float in [min, max). */
  range(min: number, max: number): number;
}

/** mulberry32: 32-bit state, full period 2^32, good enough for test data (not for secrets). */
export function createPrng(seed: number): Prng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty array');
      return items[Math.floor(next() * items.length)] as (typeof items)[number];
    },
    range: (min, max) => min + next() * (max - min),
  };
}

/** A seed derived from a label, so that each dataset draws from its own independent stream. */
export function seedFrom(label: string, base = 0): number {
  // FNV-1a over UTF-16 units: stable, and different labels give unrelated streams.
  let h = (0x811c9dc5 ^ base) >>> 0;
  for (let i = 0; i < label.length; i++) {
    h ^= label.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}
