/**
 * The index page's charts: the WER histogram's bins (every scored pair in exactly one bar, edges
 * in the bar they open, the range chosen to fit the largest rate) and the SVG's bars carrying
 * the counts they draw.
 */
import fc from 'fast-check';
import { gradeChartSvg, WER_BINS, werHistogram, werHistogramSvg } from '../../src/batch/corpus-charts';

function barCounts(svg: string): number[] {
  return [...svg.matchAll(/<rect [^>]*data-count="(\d+)"/g)].map((m) => Number(m[1]));
}

describe('werHistogram', () => {
  it('puts each rate in one bar, a rate on an edge in the bar it opens, and null rates apart', () => {
    const h = werHistogram([0, 0.01, 0.15, 0.1999, 0.2, null, null]);
    expect(h.top).toBe(0.2);
    expect(h.missing).toBe(2);
    // Bars of 1 %: 0 and 0.01 open bars 0 and 1, 0.15 opens bar 15; 0.2 is the last bar's upper bound.
    expect(h.counts[0]).toBe(1);
    expect(h.counts[1]).toBe(1);
    expect(h.counts[15]).toBe(1);
    expect(h.counts[19]).toBe(2);
    expect(h.counts.reduce((a, b) => a + b, 0)).toBe(5);
  });

  it('spans the smallest of 5, 10, 20, 50 and 100 % that holds the largest rate', () => {
    expect(werHistogram([0.03]).top).toBe(0.05);
    expect(werHistogram([0.05]).top).toBe(0.05);
    expect(werHistogram([0.0501]).top).toBe(0.1);
    expect(werHistogram([0.3]).top).toBe(0.5);
    expect(werHistogram([1]).top).toBe(1);
    expect(werHistogram([]).top).toBe(0.05);
  });

  it('counts every rate exactly once (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: null })), (rates) => {
        const h = werHistogram(rates);
        expect(h.counts).toHaveLength(WER_BINS);
        expect(h.counts.reduce((a, b) => a + b, 0) + h.missing).toBe(rates.length);
        expect(h.missing).toBe(rates.filter((r) => r === null).length);
      }),
    );
  });
});

describe('the SVG charts', () => {
  it('draws one bar per bin, and one for the pairs without a rate, whose counts add up to the pairs', () => {
    const svg = werHistogramSvg(werHistogram([0.01, 0.02, 0.02, null]), 'transcript WER');
    expect(barCounts(svg)).toHaveLength(WER_BINS + 1);
    expect(barCounts(svg).reduce((a, b) => a + b, 0)).toBe(4);
    expect(svg).toContain('aria-label="Histogram of the per-pair transcript WER of 4 scored pairs');
    expect(werHistogramSvg(werHistogram([0.01]), 'transcript WER')).not.toContain('bar-missing');
  });

  it('draws a bar per grade label with its count, and escapes the labels', () => {
    const svg = gradeChartSvg({ Excellent: 3, Good: 0, none: 1, '<b>': 2 });
    expect(barCounts(svg)).toEqual([3, 0, 1, 2]);
    expect(svg).toContain('>no grade<');
    expect(svg).toContain('&lt;b&gt;');
    expect(svg).not.toContain('<b>');
  });
});
