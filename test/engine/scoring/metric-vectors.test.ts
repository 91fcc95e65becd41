/**
 * The edit-distance kernel against the published vectors of jiwer, sclite, fstalign, meeteval,
 * texterrors and SubER (test/fixtures/metric-vectors.json; sources and licences in
 * test/fixtures/SOURCES.md): each expected WER and CER (unclamped: these are the tools' raw
 * rates, not the service's clamped scores) and every S/D/I split a vector gives. Vectors from
 * tools that fold case or strip punctuation are compared after the same folding. `per-pair`
 * corpora sum errors and reference tokens over pairs; `contiguous` corpora are joined with one
 * space and aligned once.
 */
import { readFileSync } from 'node:fs';
import { toCodePoints } from '../../../src/engine/text/code-points';
import { EditResult, editCounts } from '../../../src/engine/distance/edit-distance';
import { wordIds } from '../support/text-pairs';
import { fixturePath } from '../../support/fixtures';

interface SplitCounts {
  sub?: number;
  del?: number;
  ins?: number;
  hits?: number;
}

interface Vector {
  id: string;
  reference?: string;
  hypothesis?: string;
  references?: string[];
  hypotheses?: string[];
  mode?: 'per-pair' | 'contiguous';
  wer?: number | null;
  cer?: number;
  counts?: SplitCounts;
  char_counts?: SplitCounts;
  ref_words?: number;
  sentence_error_rate?: number;
  empty_reference?: boolean;
  case_insensitive?: boolean;
  normalization?: string;
  oracle_args?: string[];
  sclite_expected?: { wer: number; counts: SplitCounts };
}

const vectors: Vector[] = JSON.parse(readFileSync(fixturePath('metric-vectors.json'), 'utf8'));

function folding(v: Vector): (s: string) => string {
  const norm = v.normalization ?? '';
  const args = v.oracle_args ?? [];
  const foldCase = v.case_insensitive === true || /insensitive|lower-cased/.test(norm) || args.includes('--ignore-case');
  const stripPunct = /punctuation removed/.test(norm) || args.includes('--strip-punct');
  return (s) => {
    let t = foldCase ? s.toLowerCase() : s;
    if (stripPunct) t = t.replace(/\p{P}/gu, '');
    return t;
  };
}

/** The (reference, hypothesis) pairs the tool scored, after its folding. */
function pairsOf(v: Vector): Array<[string, string]> {
  const fold = folding(v);
  if (v.reference !== undefined) return [[fold(v.reference), fold(v.hypothesis ?? '')]];
  const refs = v.references ?? [];
  const hyps = v.hypotheses ?? [];
  if (v.mode === 'contiguous') return [[fold(refs.join(' ')), fold(hyps.join(' '))]];
  return refs.map((r, i) => [fold(r), fold(hyps[i])]);
}

interface Total extends EditResult {
  referenceLength: number;
  pairsWithErrors: number;
}

function score(pairs: Array<[string, string]>, level: 'word' | 'char'): Total {
  const total: Total = { distance: 0, substitutions: 0, deletions: 0, insertions: 0, hits: 0, referenceLength: 0, pairsWithErrors: 0 };
  for (const [ref, hyp] of pairs) {
    let a: number[];
    let b: number[];
    if (level === 'char') {
      const ra = toCodePoints(ref);
      const hb = toCodePoints(hyp);
      a = Array.from(ra.points.subarray(0, ra.length));
      b = Array.from(hb.points.subarray(0, hb.length));
    } else {
      // Whitespace tokenisation, as every tool here does for words (runs of spaces are one break).
      [a, b] = wordIds(ref.replace(/\s+/gu, ' '), hyp.replace(/\s+/gu, ' '));
    }
    const r = editCounts(a, b);
    if (r === null) throw new Error('no budget was given: the kernel must answer');
    total.distance += r.distance;
    total.substitutions += r.substitutions;
    total.deletions += r.deletions;
    total.insertions += r.insertions;
    total.hits += r.hits;
    total.referenceLength += a.length;
    if (r.distance > 0) total.pairsWithErrors++;
  }
  return total;
}

function expectSplit(total: Total, expected: SplitCounts | undefined): void {
  if (!expected) return;
  if (expected.sub !== undefined) expect(total.substitutions).toBe(expected.sub);
  if (expected.del !== undefined) expect(total.deletions).toBe(expected.del);
  if (expected.ins !== undefined) expect(total.insertions).toBe(expected.ins);
  if (expected.hits !== undefined) expect(total.hits).toBe(expected.hits);
}

/**
 * Expected rate check. With an empty reference the tools disagree (jiwer reports the raw error
 * count, fstalign prints no rate): the kernel's distance must then equal the reported count.
 */
function expectRate(total: Total, expected: number | null | undefined, v: Vector): void {
  if (expected === undefined) return;
  if (total.referenceLength === 0) {
    expect(v.empty_reference).toBe(true);
    if (expected !== null) expect(total.distance).toBe(expected);
    return;
  }
  expect(total.distance / total.referenceLength).toBeCloseTo(expected as number, 12);
}

describe('metric vectors (test/fixtures/metric-vectors.json)', () => {
  it('has the 79 vectors of the published suites', () => {
    expect(vectors).toHaveLength(79);
  });

  for (const v of vectors) {
    it(`${v.id}: reproduces the expected WER/CER and S/D/I split`, () => {
      const pairs = pairsOf(v);
      let checked = 0;
      if (v.wer !== undefined || v.counts || v.ref_words !== undefined || v.sentence_error_rate !== undefined) {
        const words = score(pairs, 'word');
        expectRate(words, v.wer, v);
        expectSplit(words, v.counts);
        if (v.ref_words !== undefined) expect(words.referenceLength).toBe(v.ref_words);
        if (v.sentence_error_rate !== undefined) expect(words.pairsWithErrors / pairs.length).toBeCloseTo(v.sentence_error_rate, 12);
        if (v.sclite_expected) {
          // v079: sclite's weighted alignment (6 errors) is not the unit-cost minimum we report.
          expect(words.distance).toBeLessThan(
            (v.sclite_expected.counts.sub ?? 0) + (v.sclite_expected.counts.del ?? 0) + (v.sclite_expected.counts.ins ?? 0),
          );
        }
        checked++;
      }
      if (v.cer !== undefined || v.char_counts) {
        const chars = score(pairs, 'char');
        expectRate(chars, v.cer, v);
        expectSplit(chars, v.char_counts);
        checked++;
      }
      expect(checked).toBeGreaterThan(0);
    });
  }
});
