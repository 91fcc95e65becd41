/**
 * The composite grade (decisions D8.1–D8.5): a 1–5 grade over the enabled error rates.
 */
import { Composite, DiffConfig, Scores } from '../types';

/** Rounded-grade thresholds of D8.4, highest first; below the last one: Unacceptable. */
export const GRADE_LABELS: ReadonlyArray<readonly [number, string]> = [
  [4.5, 'Excellent'],
  [4.0, 'Good'],
  [3.0, 'Acceptable'],
  [2.0, 'Below Average'],
  [1.5, 'Poor'],
];

/** D8.2: e = rate × 100; 0 % → 5.0, 12.5 % → 4.0, 25 % → 3.0, 37.5 % → 2.0, 50 % or more → 1.0. */
export function metricGrade(errorPercent: number): number {
  return 5 - (4 * Math.min(errorPercent, 50)) / 50;
}

/** D8.4: the label of a grade already rounded to 2 decimals. */
export function gradeLabel(grade: number): string {
  for (const [threshold, label] of GRADE_LABELS) if (grade >= threshold) return label;
  return 'Unacceptable';
}

/**
 * Half-up rounding to 2 decimals of the decimal value a double stands for: 12 significant digits
 * first remove binary noise (4.4999999999999996 is 4.5 to the caller), then Math.round.
 */
export function round2(x: number): number {
  return Math.round(Number((x * 100).toPrecision(12))) / 100;
}

/**
 * The contributing metrics, in D8.1's order: each only when enabled and, where an `…InComposite`
 * flag exists, when that flag is true. SACR never contributes.
 */
function contributing(scores: Scores, config: DiffConfig): Array<[string, number]> {
  const candidates: Array<[string, number | null, boolean]> = [
    ['CER', scores.overallCER, config.enableCER && config.cerInComposite],
    ['Transcript CER', scores.transcriptCER, config.enableTranscriptCER],
    ['WER', scores.overallWER, config.enableWER && config.werInComposite],
    ['Transcript WER', scores.transcriptWER, config.enableTranscriptWER],
    ['SegER', scores.SegER, config.enableSegER && config.segerInComposite],
    ['SER', scores.SER, config.enableSER && config.serInComposite],
    ['Transcript SER', scores.transcriptSER, config.enableTranscriptSER],
  ];
  const out: Array<[string, number]> = [];
  for (const [name, rate, included] of candidates) if (included && rate !== null) out.push([name, rate]);
  return out;
}

/**
 * `data.composite` (D8): null when `enableComposite` is false; grade, label and percent null with
 * `enabledMetrics: []` when no metric contributes; otherwise the mean per-metric grade rounded to
 * 2 decimals, its label, and the mean error percentage as e.g. "7.25%".
 */
export function computeComposite(scores: Scores, config: DiffConfig): Composite | null {
  if (!config.enableComposite) return null;
  const metrics = contributing(scores, config);
  if (metrics.length === 0) return { grade: null, label: null, percent: null, enabledMetrics: [] };
  let gradeSum = 0;
  let percentSum = 0;
  for (const [, rate] of metrics) {
    const e = rate * 100;
    gradeSum += metricGrade(e);
    percentSum += e;
  }
  const grade = round2(gradeSum / metrics.length);
  return {
    grade,
    label: gradeLabel(grade),
    percent: `${round2(percentSum / metrics.length).toFixed(2)}%`,
    enabledMetrics: metrics.map(([name]) => name),
  };
}
