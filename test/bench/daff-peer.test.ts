import { lastTimes } from '../../scripts/bench/daff-peer';

describe("reading the peer child's reports", () => {
  it('takes the last complete report, skipping a line cut short by a kill', () => {
    const out = '{"ms":[5],"rows":3}\n{"ms":[5,4],"rows":3}\n{"ms":[5,4,3],"ro';
    expect(lastTimes(out)).toEqual([5, 4]);
    expect(lastTimes('{"ms":[5,4,3],"rows":3}\n')).toEqual([5, 4, 3]);
  });

  it('has no times when nothing complete was reported', () => {
    expect(lastTimes('')).toEqual([]);
    expect(lastTimes('{"ms":[1')).toEqual([]);
  });
});
