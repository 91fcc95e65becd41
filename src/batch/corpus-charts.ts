/**
 * The corpus index page's two charts, drawn as static inline SVG in Node (no chart library, no
 * script): the histogram of the pairs' transcript WER, and the pairs per grade label. Every bar is
 * a `<rect>` carrying its `data-count`, with a `<title>` a pointer or a screen reader can read.
 */
import { escapeHtml } from '../report/html-text';

/** Bars of the WER histogram. */
export const WER_BINS = 20;
/**
 * The histogram spans 0 up to the first of these bounds that holds the largest WER, so a corpus
 * of low rates is not squeezed into a bar or two; each bound divided by WER_BINS is a round width.
 */
const WER_TOPS = [0.05, 0.1, 0.2, 0.5, 1] as const;

export interface WerHistogram {
  /** The upper bound of the last bar, a rate in (0, 1]. */
  top: number;
  /** Pairs per bar: bar k holds [k, k + 1) × top / WER_BINS, the last one its upper bound too. */
  counts: number[];
  /** Pairs whose rate is null (no reference words): drawn as a bar of their own. */
  missing: number;
}

/** Bins rates in [0, 1] (D7.1 clamps every rate into it); null rates are counted apart. */
export function werHistogram(rates: Iterable<number | null>): WerHistogram {
  const values: number[] = [];
  let missing = 0;
  for (const rate of rates) {
    if (rate === null) missing++;
    else values.push(Math.min(1, Math.max(0, rate)));
  }
  const largest = values.reduce((a, b) => Math.max(a, b), 0);
  const top = WER_TOPS.find((t) => largest <= t) ?? 1;
  const counts = new Array<number>(WER_BINS).fill(0);
  for (const rate of values) {
    // The small allowance keeps a rate on a bar edge (0.15 with bars of 0.01) in the bar it opens,
    // where the division's rounding would put it one bar lower.
    const bin = Math.min(WER_BINS - 1, Math.floor((rate * WER_BINS) / top + 1e-9));
    counts[bin]!++;
  }
  return { top, counts, missing };
}

/** A rate as a percentage with no more decimals than it needs (`2.5 %`), for axis labels. */
function percent(rate: number): string {
  return `${Number((rate * 100).toFixed(2))} %`;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

const WIDTH = 640;
const HEIGHT = 220;
const LEFT = 44;
const RIGHT = 28;
const TOP = 12;
const BOTTOM = 40;
/** Room for the bar of pairs without a rate, past a gap after the last bin. */
const MISSING_SLOT = 2;

/** The histogram as an `<svg>` element; `label` names the rate (e.g. `transcript WER`). */
export function werHistogramSvg(histogram: WerHistogram, label: string): string {
  const { top, counts, missing } = histogram;
  const slots = WER_BINS + (missing > 0 ? MISSING_SLOT : 0);
  const plotWidth = WIDTH - LEFT - RIGHT;
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const slot = plotWidth / slots;
  const most = Math.max(1, missing, ...counts);
  const height = (n: number) => (n / most) * plotHeight;
  const baseline = TOP + plotHeight;
  const parts: string[] = [];
  const bar = (x: number, n: number, range: string, kind: string) => {
    const h = height(n);
    parts.push(
      `<rect class="bar bar-${kind}" data-count="${n}" data-range="${escapeHtml(range)}" x="${(x + 1).toFixed(1)}" y="${(baseline - h).toFixed(1)}" width="${(slot - 2).toFixed(1)}" height="${h.toFixed(1)}"><title>${escapeHtml(`${range}: ${plural(n, 'pair')}`)}</title></rect>`,
    );
  };
  const width = top / WER_BINS;
  counts.forEach((n, k) => {
    const last = k === WER_BINS - 1;
    bar(LEFT + k * slot, n, `${percent(k * width)} to ${last ? 'and with ' : 'under '}${percent((k + 1) * width)}`, 'rate');
  });
  if (missing > 0) bar(LEFT + (slots - 1) * slot, missing, 'no rate (no reference words)', 'missing');
  // Axis: the base line, five labelled edges along it, and the tallest bar's count up the side.
  parts.push(`<line class="axis" x1="${LEFT}" y1="${baseline}" x2="${WIDTH - RIGHT}" y2="${baseline}"/>`);
  for (let k = 0; k <= WER_BINS; k += WER_BINS / 4) {
    const x = (LEFT + k * slot).toFixed(1);
    parts.push(`<line class="tick" x1="${x}" y1="${baseline}" x2="${x}" y2="${baseline + 4}"/><text class="tick-label" x="${x}" y="${baseline + 16}" text-anchor="middle">${escapeHtml(percent(k * width))}</text>`);
  }
  if (missing > 0) parts.push(`<text class="tick-label" x="${(LEFT + (slots - 0.5) * slot).toFixed(1)}" y="${baseline + 16}" text-anchor="middle">n/a</text>`);
  parts.push(`<text class="tick-label" x="${LEFT - 6}" y="${TOP + 4}" text-anchor="end">${most}</text><text class="tick-label" x="${LEFT - 6}" y="${baseline}" text-anchor="end">0</text>`);
  parts.push(`<text class="axis-label" x="${LEFT + plotWidth / 2}" y="${HEIGHT - 6}" text-anchor="middle">${escapeHtml(`${label} of the pair`)}</text>`);
  const total = counts.reduce((a, b) => a + b, 0) + missing;
  const summary = `Histogram of the per-pair ${label} of ${plural(total, 'scored pair')}, in ${WER_BINS} bars from 0 % to ${percent(top)}${missing > 0 ? `, and ${missing} without a rate` : ''}`;
  return `<svg class="chart histogram" role="img" aria-label="${escapeHtml(summary)}" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}">${parts.join('')}</svg>`;
}

const ROW = 24;
const LABEL_WIDTH = 120;
const COUNT_WIDTH = 60;

/** Pairs per grade label, one horizontal bar each, in the order of `grades` (best first, as the summary lists them). */
export function gradeChartSvg(grades: Record<string, number>): string {
  const entries = Object.entries(grades);
  const height = TOP + entries.length * ROW + 8;
  const plotWidth = WIDTH - LABEL_WIDTH - COUNT_WIDTH;
  const most = Math.max(1, ...entries.map(([, n]) => n));
  const parts = entries.map(([label, n], k) => {
    const y = TOP + k * ROW;
    const w = (n / most) * plotWidth;
    const name = label === 'none' ? 'no grade' : label;
    return (
      `<text class="bar-label" x="${LABEL_WIDTH - 8}" y="${y + ROW / 2 + 4}" text-anchor="end">${escapeHtml(name)}</text>` +
      `<rect class="bar bar-grade" data-grade-label="${escapeHtml(label)}" data-count="${n}" x="${LABEL_WIDTH}" y="${y + 3}" width="${w.toFixed(1)}" height="${ROW - 6}"><title>${escapeHtml(`${name}: ${plural(n, 'pair')}`)}</title></rect>` +
      `<text class="bar-count" x="${(LABEL_WIDTH + w + 6).toFixed(1)}" y="${y + ROW / 2 + 4}">${n}</text>`
    );
  });
  const summary = `Pairs per grade: ${entries.map(([label, n]) => `${label === 'none' ? 'no grade' : label} ${n}`).join(', ')}`;
  return `<svg class="chart grades" role="img" aria-label="${escapeHtml(summary)}" viewBox="0 0 ${WIDTH} ${height}" width="${WIDTH}" height="${height}">${parts.join('')}</svg>`;
}
