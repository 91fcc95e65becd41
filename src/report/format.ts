/**
 * How the report writes numbers, shared by the page (src/browser) and the files built in Node:
 * one spelling of a rate, a grade and a time everywhere, so tests can compare text exactly.
 */
import type { Composite, EditCounts } from '../engine/index';

/** A rate in [0, 1] as a percentage with two decimals (`12.34 %`), or `n/a` for a metric that measured nothing. */
export function formatRate(rate: number | null): string {
  return rate === null ? 'n/a' : `${(rate * 100).toFixed(2)} %`;
}

/** The composite grade with its label (`4.21 Good`), or `n/a` when there is none. */
export function formatGrade(composite: Composite | null): string {
  if (composite === null || composite.grade === null) return 'n/a';
  return composite.label ? `${composite.grade.toFixed(2)} ${composite.label}` : composite.grade.toFixed(2);
}

/**
 * Seconds as `h:mm:ss.s` (`decimals` digits after the point, 1 by default). Rounded once, on the
 * whole value, so 59.96 s reads `0:01:00.0`, never `0:00:60.0`. Empty for a missing time (NaN).
 */
export function formatTime(seconds: number, decimals = 1): string {
  if (!Number.isFinite(seconds)) return '';
  const scale = 10 ** decimals;
  const ticks = Math.round(Math.abs(seconds) * scale);
  const whole = Math.floor(ticks / scale);
  const fraction = ticks % scale;
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  const sign = seconds < 0 && ticks > 0 ? '-' : '';
  const tail = decimals > 0 ? `.${String(fraction).padStart(decimals, '0')}` : '';
  return `${sign}${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}${tail}`;
}

/** A span of two times, either of which may be missing (`0:00:01.2–0:00:03.4`, `0:00:01.2–`). */
export function formatSpan(start: number, end: number, decimals = 1): string {
  if (!Number.isFinite(start) && !Number.isFinite(end)) return '';
  return `${formatTime(start, decimals)}–${formatTime(end, decimals)}`;
}

/** Errors over reference tokens as D7.1 states a rate: at most 1; an empty reference gives 0, or 1 when anything was inserted. */
export function editRate(counts: EditCounts): number {
  const errors = counts.substitutions + counts.deletions + counts.insertions;
  if (counts.referenceLength === 0) return errors === 0 ? 0 : 1;
  return Math.min(1, errors / counts.referenceLength);
}

/** Seconds with milliseconds (`0.125 s`), or `n/a`. */
export function formatSeconds(seconds: number | null): string {
  return seconds === null ? 'n/a' : `${seconds.toFixed(3)} s`;
}
