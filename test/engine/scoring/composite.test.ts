import { computeComposite, gradeLabel, metricGrade, round2 } from '../../../src/engine/scoring/composite';
import { DEFAULT_CONFIG, DiffConfig, Scores } from '../../../src/engine/types';

const ALL_OFF: Partial<DiffConfig> = {
  enableCER: false,
  enableTranscriptCER: false,
  enableWER: false,
  enableTranscriptWER: false,
  enableSegER: false,
  enableSER: false,
  enableTranscriptSER: false,
};

function config(overrides: Partial<DiffConfig> = {}): DiffConfig {
  return { ...DEFAULT_CONFIG, ...overrides };
}

function scores(overrides: Partial<Scores> = {}): Scores {
  return {
    overallCER: 0.05,
    overallWER: 0.125,
    SegER: 0,
    transcriptCER: 0.1,
    transcriptWER: 0.2,
    SER: 0.5,
    transcriptSER: 0.25,
    SACR: 0.9,
    ...overrides,
  };
}

/** Only overallCER contributes, with the given rate. */
function cerOnly(rate: number) {
  return computeComposite(scores({ overallCER: rate }), config({ ...ALL_OFF, enableCER: true }));
}

describe('per-metric grade (D8.2)', () => {
  it('maps 0 %, 12.5 %, 25 %, 37.5 % and 50 % to 5, 4, 3, 2 and 1, and caps at 50 %', () => {
    expect([0, 12.5, 25, 37.5, 50, 80].map(metricGrade)).toEqual([5, 4, 3, 2, 1, 1]);
  });
});

describe('computeComposite (D8)', () => {
  it('averages the grades and error percentages of every default metric, in D8.1 order', () => {
    // e: CER 5, TCER 10, WER 12.5, TWER 20, SegER 0, SER 50, TSER 25 (SACR never counts)
    // grades: 4.6, 4.2, 4.0, 3.4, 5.0, 1.0, 3.0 → mean 25.2 / 7 = 3.6; percent 122.5 / 7 = 17.5
    expect(computeComposite(scores(), config())).toEqual({
      grade: 3.6,
      label: 'Acceptable',
      percent: '17.50%',
      enabledMetrics: ['CER', 'Transcript CER', 'WER', 'Transcript WER', 'SegER', 'SER', 'Transcript SER'],
    });
  });

  it('leaves out a metric whose …InComposite flag is false', () => {
    const c = computeComposite(scores(), config({ cerInComposite: false, werInComposite: false, segerInComposite: false, serInComposite: false }));
    // TCER 10, TWER 20, TSER 25 → grades 4.2, 3.4, 3.0 → 3.53; percent 55 / 3 = 18.333…
    expect(c).toEqual({ grade: 3.53, label: 'Acceptable', percent: '18.33%', enabledMetrics: ['Transcript CER', 'Transcript WER', 'Transcript SER'] });
  });

  it('leaves out disabled metrics (their score is null)', () => {
    const c = computeComposite(
      scores({ overallCER: null, SER: null }),
      config({ enableCER: false, enableSER: false }),
    );
    expect(c?.enabledMetrics).toEqual(['Transcript CER', 'WER', 'Transcript WER', 'SegER', 'Transcript SER']);
  });

  it('gives null grade, label and percent and no metrics when every metric is disabled', () => {
    expect(computeComposite(scores(), config(ALL_OFF))).toEqual({ grade: null, label: null, percent: null, enabledMetrics: [] });
  });

  it('is null when enableComposite is false', () => {
    expect(computeComposite(scores(), config({ enableComposite: false }))).toBeNull();
  });

  it('gives grade 5 and 0.00% for a perfect document, 1 for rates at or above 50 %', () => {
    expect(cerOnly(0)).toEqual({ grade: 5, label: 'Excellent', percent: '0.00%', enabledMetrics: ['CER'] });
    expect(cerOnly(0.5)).toMatchObject({ grade: 1, label: 'Unacceptable', percent: '50.00%' });
    expect(cerOnly(1)).toMatchObject({ grade: 1, label: 'Unacceptable', percent: '100.00%' });
  });

  it('labels grades exactly at each threshold of D8.4', () => {
    expect(cerOnly(0.0625)).toMatchObject({ grade: 4.5, label: 'Excellent' });
    expect(cerOnly(0.125)).toMatchObject({ grade: 4, label: 'Good' });
    expect(cerOnly(0.25)).toMatchObject({ grade: 3, label: 'Acceptable' });
    expect(cerOnly(0.375)).toMatchObject({ grade: 2, label: 'Below Average' });
    expect(cerOnly(0.4375)).toMatchObject({ grade: 1.5, label: 'Poor' });
  });

  it('labels from the rounded grade: 4.4992 rounds to 4.5 (Excellent), 4.4944 to 4.49 (Good)', () => {
    expect(cerOnly(0.0626)).toMatchObject({ grade: 4.5, label: 'Excellent', percent: '6.26%' });
    expect(cerOnly(0.0632)).toMatchObject({ grade: 4.49, label: 'Good' });
    expect(cerOnly(0.44)).toMatchObject({ grade: 1.48, label: 'Unacceptable' });
  });

  it('formats percent with two decimals', () => {
    expect(cerOnly(0.0725)?.percent).toBe('7.25%');
    expect(cerOnly(1 / 3)?.percent).toBe('33.33%');
  });
});

describe('helpers', () => {
  it('round2 rounds half up on the decimal value', () => {
    expect(round2(4.495)).toBe(4.5);
    expect(round2(1.005)).toBe(1.01);
    expect(round2(4.494999)).toBe(4.49);
  });
  it('gradeLabel covers every band', () => {
    expect([5, 4.5, 4.49, 4, 3.99, 3, 2.99, 2, 1.99, 1.5, 1.49, 1].map(gradeLabel)).toEqual([
      'Excellent', 'Excellent', 'Good', 'Good', 'Acceptable', 'Acceptable', 'Below Average', 'Below Average',
      'Poor', 'Poor', 'Unacceptable', 'Unacceptable',
    ]);
  });
});
