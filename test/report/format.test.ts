import { editRate, formatGrade, formatRate, formatSeconds, formatSpan, formatTime } from '../../src/report/format';

describe('formatRate', () => {
  it('writes a rate as a percentage with two decimals', () => {
    expect(formatRate(0.1234)).toBe('12.34 %');
    expect(formatRate(0)).toBe('0.00 %');
    expect(formatRate(1)).toBe('100.00 %');
  });
  it('writes n/a for a metric that measured nothing', () => {
    expect(formatRate(null)).toBe('n/a');
  });
});

describe('formatGrade', () => {
  it('writes the grade with two decimals and its label', () => {
    expect(formatGrade({ grade: 4.2149, label: 'Good', percent: '5%', enabledMetrics: ['CER'] })).toBe('4.21 Good');
  });
  it('writes n/a without a composite or without a grade', () => {
    expect(formatGrade(null)).toBe('n/a');
    expect(formatGrade({ grade: null, label: null, percent: null, enabledMetrics: [] })).toBe('n/a');
  });
});

describe('formatTime', () => {
  it('writes seconds as h:mm:ss.s', () => {
    expect(formatTime(0)).toBe('0:00:00.0');
    expect(formatTime(3723.45)).toBe('1:02:03.5');
    expect(formatTime(36000)).toBe('10:00:00.0');
  });
  it('rounds the whole value once, so 59.96 s carries into the minute', () => {
    expect(formatTime(59.96)).toBe('0:01:00.0');
    expect(formatTime(3599.99)).toBe('1:00:00.0');
  });
  it('takes the number of decimals', () => {
    expect(formatTime(1.2345, 3)).toBe('0:00:01.235');
    expect(formatTime(61, 0)).toBe('0:01:01');
  });
  it('is empty for a missing time and signed for a negative one', () => {
    expect(formatTime(NaN)).toBe('');
    expect(formatTime(-1.5)).toBe('-0:00:01.5');
    expect(formatTime(-0.01)).toBe('0:00:00.0');
  });
  it('writes a span, either end of which may be missing', () => {
    expect(formatSpan(1.2, 3.4)).toBe('0:00:01.2–0:00:03.4');
    expect(formatSpan(1.2, NaN)).toBe('0:00:01.2–');
    expect(formatSpan(NaN, NaN)).toBe('');
  });
});

describe('editRate', () => {
  const counts = (errors: number, referenceLength: number) => ({ substitutions: errors, deletions: 0, insertions: 0, hits: 0, referenceLength });
  it('is errors over reference tokens, at most 1 (D7.1)', () => {
    expect(editRate(counts(1, 4))).toBe(0.25);
    expect(editRate(counts(9, 4))).toBe(1);
  });
  it('is 0 or 1 on an empty reference', () => {
    expect(editRate(counts(0, 0))).toBe(0);
    expect(editRate(counts(2, 0))).toBe(1);
  });
  it('writes seconds with milliseconds', () => {
    expect(formatSeconds(0.1234)).toBe('0.123 s');
    expect(formatSeconds(null)).toBe('n/a');
  });
});
