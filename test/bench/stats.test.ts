import { growthExponent, median, quantile, summarize } from '../../scripts/bench/stats';
import { firstSegmentPerLine, sourceMapper, summarizeProfile, type CpuProfile } from '../../scripts/bench/profile-analysis';
import { table } from '../../scripts/bench/report';

describe('quantile (nearest rank)', () => {
  it('returns an observed sample', () => {
    const xs = [5, 1, 4, 2, 3];
    expect(quantile(xs, 0.5)).toBe(3);
    expect(quantile(xs, 0.9)).toBe(5);
    expect(quantile(xs, 0.2)).toBe(1);
    expect(quantile(Array.from({ length: 100 }, (_, i) => i + 1), 0.99)).toBe(99);
  });
  it('is NaN without samples', () => {
    expect(quantile([], 0.5)).toBeNaN();
    expect(median([])).toBeNaN();
  });
});

describe('median', () => {
  it('averages the two middle samples of an even count', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
  });
  it('summarize gives n, median, p90, p99 and max', () => {
    expect(summarize([1, 2, 3, 4, 100])).toEqual({ n: 5, median: 3, p90: 100, p99: 100, max: 100 });
  });
});

describe('growthExponent', () => {
  it('is 1 for linear and 2 for quadratic cost', () => {
    const sizes = [1000, 5000, 15000, 30000];
    expect(growthExponent(sizes.map((size) => ({ size, cost: 3 * size })))).toBeCloseTo(1, 10);
    expect(growthExponent(sizes.map((size) => ({ size, cost: size * size })))).toBeCloseTo(2, 10);
  });
  it('needs two distinct sizes', () => {
    expect(growthExponent([{ size: 10, cost: 1 }])).toBeNaN();
    expect(growthExponent([{ size: 10, cost: 1 }, { size: 10, cost: 2 }])).toBeNaN();
  });
});

describe('summarizeProfile', () => {
  // root → a (self 2 samples) → b (self 1 sample); an idle sample; 1 ms between samples.
  const profile: CpuProfile = {
    startTime: 0,
    endTime: 5000,
    nodes: [
      { id: 1, callFrame: { functionName: '(root)', url: '', lineNumber: -1, columnNumber: -1 }, children: [2, 4] },
      { id: 2, callFrame: { functionName: 'a', url: 'file:///repo/dist/src/x.js', lineNumber: 9, columnNumber: 0 }, children: [3] },
      { id: 3, callFrame: { functionName: 'b', url: 'file:///repo/dist/src/y.js', lineNumber: 0, columnNumber: 0 } },
      { id: 4, callFrame: { functionName: '(idle)', url: '', lineNumber: -1, columnNumber: -1 } },
    ],
    samples: [2, 2, 3, 4, 2],
    timeDeltas: [0, 1000, 1000, 1000, 1000],
  };
  it('charges each sample the interval to the next and ranks by self time', () => {
    const s = summarizeProfile(profile, '/repo');
    expect(s.idleMs).toBe(1);
    expect(s.busyMs).toBe(4);
    const [first, second] = s.functions;
    expect(first).toMatchObject({ functionName: 'a', file: 'dist/src/x.js', line: 10, selfMs: 3, totalMs: 4 });
    expect(second).toMatchObject({ functionName: 'b', selfMs: 1, totalMs: 1, selfShare: 0.25 });
  });
});

describe('source maps', () => {
  it('decodes the original line of each generated line', () => {
    expect(firstSegmentPerLine('AAAA;AACA,CAAC;;AAEA')).toEqual([[0, 0], [0, 1], undefined, [0, 3]]);
  });
  it('maps a dist file and line to its TypeScript source', () => {
    const map = sourceMapper((path) => (path === '/r/dist/src/x.js.map' ? JSON.stringify({ sources: ['../../src/x.ts'], mappings: 'AAAA;AAEA' }) : undefined));
    expect(map('/r/dist/src/x.js', 2)).toEqual({ file: '/r/src/x.ts', line: 3 });
    expect(map('/r/dist/src/none.js', 1)).toBeUndefined();
  });
});

describe('table', () => {
  it('pads columns and right-aligns numbers', () => {
    expect(table(['body', 'ms'], [['a', 1], ['long', 100]])).toBe(['| body |  ms |', '|:-----|----:|', '| a    |   1 |', '| long | 100 |'].join('\n'));
  });
});
