import fc from 'fast-check';
import { longestIncreasing } from '../../../src/engine/util/longest-increasing';

/** The length of a longest strictly increasing subsequence, by the quadratic textbook programme. */
function plainLength(values: number[]): number {
  const best = values.map(() => 1);
  for (let i = 0; i < values.length; i++) for (let j = 0; j < i; j++) if (values[j] < values[i]) best[i] = Math.max(best[i], best[j] + 1);
  return Math.max(0, ...best);
}

describe('longestIncreasing', () => {
  it('finds a longest strictly increasing subsequence, as indices in order', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 30 }), { maxLength: 60 }), (values) => {
        const chain = longestIncreasing(Int32Array.from(values), values.length);
        const indices = Array.from(chain.indices.subarray(0, chain.length));
        expect(chain.length).toBe(plainLength(values));
        for (let t = 1; t < indices.length; t++) {
          expect(indices[t]).toBeGreaterThan(indices[t - 1]);
          expect(values[indices[t]]).toBeGreaterThan(values[indices[t - 1]]);
        }
      }),
      { numRuns: 500, seed: 12 },
    );
  });

  it('takes a sorted run whole and an empty one as empty', () => {
    const chain = longestIncreasing(Int32Array.from([1, 2, 3, 4, 5]), 5);
    expect(Array.from(chain.indices.subarray(0, chain.length))).toEqual([0, 1, 2, 3, 4]);
    expect(longestIncreasing(new Int32Array(0), 0).length).toBe(0);
  });
});
