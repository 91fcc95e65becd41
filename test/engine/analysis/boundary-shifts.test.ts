import fc from 'fast-check';
import { boundaryShifts, timingAnalysis } from '../../../src/engine/analysis/boundary-shifts';

describe('boundaryShifts', () => {
  it('counts moved boundaries and those beyond the tolerance, with the mean and largest shift', () => {
    const result = boundaryShifts(
      [
        { original: 1.0, reworked: 1.0 },
        { original: 2.0, reworked: 2.05 },
        { original: 3.0, reworked: 2.7 }, // earlier: |shift| counts
        { original: 4.5, reworked: 4.75 },
      ],
      0.1,
    );
    expect(result.compared).toBe(4);
    expect(result.moved).toBe(3);
    expect(result.beyondTolerance).toBe(2);
    expect(result.meanAbsShift).toBeCloseTo((0 + 0.05 + 0.3 + 0.25) / 4, 12);
    expect(result.maxAbsShift).toBeCloseTo(0.3, 12);
  });

  it('does not count two parsings of the same written time as a move', () => {
    // 00:07:08.732 read as minutes × 60 + seconds, against 428.732 read as one decimal.
    expect(7 * 60 + 8.732).not.toBe(428.732);
    expect(1.1 + 2.2e-16).not.toBe(1.1); // the next double after 1.1
    const result = boundaryShifts(
      [
        { original: 7 * 60 + 8.732, reworked: 428.732 },
        { original: 1.1, reworked: 1.1 + 2.2e-16 },
        { original: 0.1 + 0.2, reworked: 0.3 },
      ],
      0,
    );
    expect(result).toEqual({ compared: 3, moved: 0, beyondTolerance: 0, meanAbsShift: 0, maxAbsShift: 0 });
  });

  it('still counts a shift of one millisecond, and of one microsecond, as a move', () => {
    const result = boundaryShifts(
      [
        { original: 12.345, reworked: 12.346 },
        { original: 7, reworked: 7.000001 },
      ],
      0.1,
    );
    expect(result.moved).toBe(2);
    expect(result.beyondTolerance).toBe(0);
    expect(result.maxAbsShift).toBe(0.001);
  });

  it('keeps a shift of exactly the tolerance within it, however the subtraction rounds', () => {
    // In doubles 1.3 − 1.2 is a little over 0.1 and 2.3 − 2.2 a little under it.
    expect(1.3 - 1.2).toBeGreaterThan(0.1);
    expect(2.3 - 2.2).toBeLessThan(0.1);
    const result = boundaryShifts(
      [
        { original: 1.2, reworked: 1.3 },
        { original: 2.3, reworked: 2.2 },
        { original: 0.2, reworked: 0.3 },
      ],
      0.1,
    );
    expect(result.moved).toBe(3);
    expect(result.beyondTolerance).toBe(0);
    expect(result.maxAbsShift).toBe(0.1);
    expect(result.meanAbsShift).toBe(0.1);
  });

  it('counts a shift one microsecond past the tolerance as beyond it', () => {
    expect(boundaryShifts([{ original: 1.2, reworked: 1.300001 }], 0.1).beyondTolerance).toBe(1);
    expect(boundaryShifts([{ original: 5, reworked: 4.899999 }], 0.1).beyondTolerance).toBe(1);
  });

  it('with a tolerance of 0, counts every move as beyond it', () => {
    const result = boundaryShifts(
      [
        { original: 1, reworked: 1.001 },
        { original: 2, reworked: 2 },
      ],
      0,
    );
    expect(result.moved).toBe(1);
    expect(result.beyondTolerance).toBe(1);
  });

  it('answers null mean and max when nothing is compared', () => {
    expect(boundaryShifts([], 0.1)).toEqual({ compared: 0, moved: 0, beyondTolerance: 0, meanAbsShift: null, maxAbsShift: null });
  });

  it('throws a RangeError naming a time that is not finite', () => {
    expect(() => boundaryShifts([{ original: 1, reworked: 1 }, { original: NaN, reworked: 2 }], 0.1)).toThrow(
      new RangeError('boundary pairs[1] is (NaN, 2): both times must be finite seconds'),
    );
    expect(() => boundaryShifts([{ original: 1, reworked: Infinity }], 0.1)).toThrow(RangeError);
  });

  it('throws a RangeError on a negative or non-finite tolerance', () => {
    expect(() => boundaryShifts([], -0.1)).toThrow(/timing tolerance is -0.1/);
    expect(() => boundaryShifts([], NaN)).toThrow(RangeError);
  });

  it('agrees with whole-millisecond arithmetic on moves, tolerance, mean and max (property)', () => {
    const ms = fc.integer({ min: 0, max: 10_000_000 });
    fc.assert(
      fc.property(fc.array(fc.tuple(ms, ms), { maxLength: 30 }), fc.integer({ min: 0, max: 2000 }), (pairs, toleranceMs) => {
        const result = boundaryShifts(
          pairs.map(([a, b]) => ({ original: a / 1000, reworked: b / 1000 })),
          toleranceMs / 1000,
        );
        const shifts = pairs.map(([a, b]) => Math.abs(a - b));
        expect(result.compared).toBe(pairs.length);
        expect(result.moved).toBe(shifts.filter((s) => s > 0).length);
        expect(result.beyondTolerance).toBe(shifts.filter((s) => s > toleranceMs).length);
        if (pairs.length === 0) {
          expect(result.meanAbsShift).toBeNull();
          expect(result.maxAbsShift).toBeNull();
        } else {
          expect(result.maxAbsShift).toBe(Math.max(...shifts) / 1000);
          expect(result.meanAbsShift).toBeCloseTo(shifts.reduce((s, x) => s + x, 0) / pairs.length / 1000, 9);
          expect(result.meanAbsShift!).toBeLessThanOrEqual(result.maxAbsShift!);
        }
      }),
      { seed: 2023, numRuns: 1000 },
    );
  });
});

describe('timingAnalysis', () => {
  it('reports starts and ends with the tolerance used', () => {
    expect(timingAnalysis([{ original: 0, reworked: 0.2 }], [{ original: 3, reworked: 3 }], 0.1)).toEqual({
      toleranceSeconds: 0.1,
      starts: { compared: 1, moved: 1, beyondTolerance: 1, meanAbsShift: 0.2, maxAbsShift: 0.2 },
      ends: { compared: 1, moved: 0, beyondTolerance: 0, meanAbsShift: 0, maxAbsShift: 0 },
    });
  });

  it('reports when only one kind of boundary has times on both sides', () => {
    const result = timingAnalysis([], [{ original: 3, reworked: 3.5 }], 0.1);
    expect(result?.starts).toEqual({ compared: 0, moved: 0, beyondTolerance: 0, meanAbsShift: null, maxAbsShift: null });
    expect(result?.ends.beyondTolerance).toBe(1);
  });

  it('is null when neither starts nor ends have anything to compare', () => {
    expect(timingAnalysis([], [], 0.1)).toBeNull();
  });

  it('rejects a bad tolerance even with nothing to compare', () => {
    expect(() => timingAnalysis([], [], -1)).toThrow(RangeError);
  });
});
