import { childArgs, parseChildArgs, timeRuns } from '../../scripts/bench/daff-child';
import { lastTimes } from '../../scripts/bench/daff-peer';

describe("reading the peer child's reports", () => {
  it('takes the last complete report, skipping a line cut short by a kill', () => {
    const out = '{"warm":[9],"ms":[],"rows":3}\n{"warm":[9],"ms":[5],"rows":3}\n{"warm":[9],"ms":[5,4],"rows":3}\n{"warm":[9],"ms":[5,4,3],"ro';
    expect(lastTimes(out)).toEqual({ warm: [9], ms: [5, 4] });
    expect(lastTimes('{"warm":[9,8],"ms":[5,4,3],"rows":3}\n')).toEqual({ warm: [9, 8], ms: [5, 4, 3] });
  });

  it('has no times when nothing complete was reported', () => {
    expect(lastTimes('')).toEqual({ warm: [], ms: [] });
    expect(lastTimes('{"warm":[1')).toEqual({ warm: [], ms: [] });
  });
});

describe("the peer child's warm-up", () => {
  const times = (durations: number[], o: { warmups: number; leastWarmupMs: number; runs: number; leastRunMs: number }) => {
    let k = 0;
    const reports: Array<[number[], number[]]> = [];
    timeRuns(() => durations[k++] ?? 1, o, (warm, ms) => reports.push([[...warm], [...ms]]));
    return { calls: k, reports };
  };

  it('warms up for at least the given runs and the given time, then times the runs', () => {
    const { calls, reports } = times([20, 13, 7, 6, 5, 5, 5, 4, 4, 4], { warmups: 2, leastWarmupMs: 45, runs: 3, leastRunMs: 0 });
    // 20 + 13 + 7 = 40 < 45, + 6 = 46: four warm-up runs, then three timed.
    expect(calls).toBe(7);
    expect(reports.at(-1)).toEqual([[20, 13, 7, 6], [5, 5, 5]]);
    // A report after every run: a run cut off keeps the earlier ones.
    expect(reports).toHaveLength(7);
    expect(reports[3]).toEqual([[20, 13, 7, 6], []]);
  });

  it('keeps the warm-up count when the time is reached first', () => {
    expect(times([500, 400, 300, 200, 100], { warmups: 3, leastWarmupMs: 100, runs: 2, leastRunMs: 0 }).reports.at(-1)).toEqual([[500, 400, 300], [200, 100]]);
  });

  it('keeps timing until the timed runs have taken the given time', () => {
    const { calls, reports } = times([9, 9, 5, 4, 6, 5, 5, 5, 5], { warmups: 2, leastWarmupMs: 0, runs: 2, leastRunMs: 18 });
    // Timed: 5 + 4 = 9 after the two runs asked for, + 6 = 15, + 5 = 20 ≥ 18.
    expect(calls).toBe(6);
    expect(reports.at(-1)).toEqual([[9, 9], [5, 4, 6, 5]]);
  });
});

describe("the peer child's arguments", () => {
  it('reads back the options the runner passes, each in its place', () => {
    const options = { warmups: 3, leastWarmupMs: 1000, runs: 5, leastRunMs: 250 };
    expect(parseChildArgs(childArgs(options))).toEqual(options);
  });

  it('defaults the least times to 0 and refuses missing or invalid counts', () => {
    expect(parseChildArgs(['3', '5'])).toEqual({ warmups: 3, leastWarmupMs: 0, runs: 5, leastRunMs: 0 });
    expect(() => parseChildArgs(['3'])).toThrow('usage');
    expect(() => parseChildArgs(['3', 'x'])).toThrow('usage');
    expect(() => parseChildArgs(['3', '5', '-1'])).toThrow('usage');
  });
});
