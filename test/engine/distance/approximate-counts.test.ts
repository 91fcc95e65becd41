import { approximateCharCounts, approximateWordCounts } from '../../../src/engine/distance/approximate-counts';
import { editCounts } from '../../../src/engine/distance/edit-distance';
import { cps, editText, randomText, wordIds, xorshift } from '../support/text-pairs';

describe('anchored approximation (D7.11)', () => {
  it('is exact on near-identical long texts whose words anchor the alignment', () => {
    const words: string[] = [];
    for (let i = 0; i < 3000; i++) words.push(`w${i}`);
    const ref = words.join(' ');
    const hyp = words.map((w, i) => (i % 500 === 7 ? w + 'x' : w)).join(' ');
    expect(approximateCharCounts(ref, hyp)).toMatchObject({ distance: 6, insertions: 6, substitutions: 0, deletions: 0 });
    expect(approximateWordCounts(ref, hyp)).toMatchObject({ distance: 6, substitutions: 6 });
  });

  it('counts a side without tokens as all deletions or all insertions', () => {
    expect(approximateCharCounts('abc', '')).toEqual({ distance: 3, substitutions: 0, deletions: 3, insertions: 0, hits: 0 });
    expect(approximateWordCounts('', 'a b')).toEqual({ distance: 2, substitutions: 0, deletions: 0, insertions: 2, hits: 0 });
  });

  it('stays a valid alignment within 1.5 × the exact distance on 5 %-edited random texts, with and without spaces', () => {
    const rnd = xorshift(2026);
    for (const spaces of [false, true]) {
      for (const length of [600, 2000, 5000]) {
        for (let trial = 0; trial < 3; trial++) {
          const ref = randomText(rnd, length, spaces);
          const hyp = editText(rnd, ref, 0.05).text;
          const a = cps(ref);
          const b = cps(hyp);
          const exact = editCounts(a, b)!;
          const approx = approximateCharCounts(ref, hyp);
          expect(approx.distance).toBeGreaterThanOrEqual(exact.distance);
          expect(approx.distance).toBeLessThanOrEqual(1.5 * exact.distance);
          expect(approx.substitutions + approx.deletions + approx.insertions).toBe(approx.distance);
          expect(approx.hits + approx.substitutions + approx.deletions).toBe(a.length);
          expect(approx.hits + approx.substitutions + approx.insertions).toBe(b.length);
          if (!spaces) continue;
          const [wa, wb] = wordIds(ref, hyp);
          const exactWords = editCounts(wa, wb)!;
          const approxWords = approximateWordCounts(ref, hyp);
          expect(approxWords.distance).toBeGreaterThanOrEqual(exactWords.distance);
          expect(approxWords.distance).toBeLessThanOrEqual(1.5 * exactWords.distance);
          expect(approxWords.hits + approxWords.substitutions + approxWords.deletions).toBe(wa.length);
        }
      }
    }
  });
});
