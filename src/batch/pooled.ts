/**
 * Corpus rates from per-pair counts. A POOLED rate is Σ errors ÷ Σ reference tokens over the pairs
 * (each long file weighs by its length), with D7.1's clamp rule applied once to the sums; a MACRO
 * rate is the mean of the per-pair rates (each file weighs the same). Both cover, for each rate,
 * only the pairs whose own score is not null: the config is the same for every pair, so this only
 * thins SACR, which exists for pairs with a speaker column (D7.9).
 */
import { computeComposite, clampedRate, DEFAULT_CONFIG, STATUSES, type Composite, type DiffConfig, type EditCounts, type Scores, type Status } from '../engine/index';
import type { ScoredRecord } from './pair-record';

/** The rates of `data.scores`, in its key order. */
export const RATES = ['overallCER', 'overallWER', 'SegER', 'transcriptCER', 'transcriptWER', 'SER', 'transcriptSER', 'SACR'] as const;
export type RateName = (typeof RATES)[number];

/**
 * One scored pair reduced to what the corpus figures need: per rate its numerator and
 * denominator (NaN when the pair's score is null), its own rate, its grade and row statuses.
 * A few dozen numbers a pair, so the summary of any corpus fits in memory.
 */
export interface PairFigures {
  id: string;
  tags: Record<string, string>;
  errors: Float64Array;
  reference: Float64Array;
  rates: Float64Array;
  grade: number | null;
  label: string | null;
  rows: Record<Status, number>;
  /** The raw counts summed for `totals`, in RAW_COUNTS order. */
  raw: Float64Array;
  /** The format adapters' warnings on the pair's files. */
  warnings: number;
}

const EDIT_FIELDS = ['substitutions', 'deletions', 'insertions', 'hits', 'referenceLength'] as const;
const EDIT_COUNTS = ['char', 'word', 'transcriptChar', 'transcriptWord'] as const;

/** Corpus sums of `counts` (and of the reworked rows, SegER's denominator). */
export interface CountTotals {
  char: EditCounts;
  word: EditCounts;
  transcriptChar: EditCounts;
  transcriptWord: EditCounts;
  segmentEvents: number;
  reworkedRows: number;
  sentences: { reference: number; changed: number };
  speakerChanged: number;
  rows: Record<Status, number>;
}

function rawCounts(record: ScoredRecord): Float64Array {
  const c = record.counts;
  const raw: number[] = [];
  for (const name of EDIT_COUNTS) for (const field of EDIT_FIELDS) raw.push(c[name][field]);
  raw.push(c.segmentEvents, record.meta.reworkedRows, c.sentences.reference, c.sentences.changed, c.speakerChanged);
  return Float64Array.from(raw);
}

/** The exact sums of the pairs' counts. */
export function sumCounts(pairs: readonly PairFigures[]): CountTotals {
  const width = EDIT_COUNTS.length * EDIT_FIELDS.length + 5;
  const sum = new Float64Array(width);
  for (const p of pairs) for (let i = 0; i < width; i++) sum[i]! += p.raw[i]!;
  let at = 0;
  const edit = (): EditCounts => {
    const e = {} as EditCounts;
    for (const field of EDIT_FIELDS) e[field] = sum[at++]!;
    return e;
  };
  const char = edit();
  const word = edit();
  const transcriptChar = edit();
  const transcriptWord = edit();
  return {
    char,
    word,
    transcriptChar,
    transcriptWord,
    segmentEvents: sum[at++]!,
    reworkedRows: sum[at++]!,
    sentences: { reference: sum[at++]!, changed: sum[at++]! },
    speakerChanged: sum[at++]!,
    rows: statusTotals(pairs),
  };
}

function editErrors(c: { substitutions: number; deletions: number; insertions: number }): number {
  return c.substitutions + c.deletions + c.insertions;
}

/** Numerator and denominator of each rate, as the engine's scoring/scores.ts forms them from `counts`. */
function fractions(record: ScoredRecord): Array<[number, number]> {
  const c = record.counts;
  return [
    [editErrors(c.char), c.char.referenceLength],
    [editErrors(c.word), c.word.referenceLength],
    [c.segmentEvents, record.meta.reworkedRows],
    [editErrors(c.transcriptChar), c.transcriptChar.referenceLength],
    [editErrors(c.transcriptWord), c.transcriptWord.referenceLength],
    [c.rows.MODIFIED, c.rows.UNCHANGED + c.rows.MODIFIED],
    [c.sentences.changed, c.sentences.reference],
    [c.speakerChanged, c.rows.MODIFIED],
  ];
}

export function pairFigures(record: ScoredRecord): PairFigures {
  const errors = new Float64Array(RATES.length);
  const reference = new Float64Array(RATES.length);
  const rates = new Float64Array(RATES.length);
  const parts = fractions(record);
  RATES.forEach((name, k) => {
    const score = record.scores[name];
    const [e, r] = parts[k]!;
    errors[k] = score === null ? NaN : e;
    reference[k] = score === null ? NaN : r;
    rates[k] = score === null ? NaN : score;
  });
  const rows = {} as Record<Status, number>;
  for (const s of STATUSES) rows[s] = record.counts.rows[s];
  return {
    id: record.id,
    tags: record.tags,
    errors,
    reference,
    rates,
    grade: record.composite?.grade ?? null,
    label: record.composite?.label ?? null,
    rows,
    raw: rawCounts(record),
    warnings: record.warnings?.length ?? 0,
  };
}

export interface RateTotals {
  /** Σ errors and Σ reference tokens per rate, over the pairs where the rate is not null. */
  errors: number[];
  reference: number[];
  /** Pairs behind each rate. */
  pairs: number[];
}

export function sumFigures(pairs: readonly PairFigures[]): RateTotals {
  const totals: RateTotals = { errors: RATES.map(() => 0), reference: RATES.map(() => 0), pairs: RATES.map(() => 0) };
  for (const p of pairs) {
    for (let k = 0; k < RATES.length; k++) {
      if (Number.isNaN(p.errors[k]!)) continue;
      totals.errors[k]! += p.errors[k]!;
      totals.reference[k]! += p.reference[k]!;
      totals.pairs[k]! += 1;
    }
  }
  return totals;
}

/** The pooled rates of summed counts, D7.1's rule applied to the sums; null where no pair has the rate. */
export function pooledRates(totals: RateTotals): Scores {
  const scores = {} as Scores;
  RATES.forEach((name, k) => {
    scores[name] = totals.pairs[k] === 0 ? null : clampedRate(totals.errors[k]!, totals.reference[k]!);
  });
  return scores;
}

/** The mean of the per-pair rates, over the pairs where the rate is not null. */
export function macroRates(pairs: readonly PairFigures[]): Scores {
  const scores = {} as Scores;
  RATES.forEach((name, k) => {
    let sum = 0;
    let n = 0;
    for (const p of pairs) {
      const r = p.rates[k]!;
      if (Number.isNaN(r)) continue;
      sum += r;
      n++;
    }
    scores[name] = n === 0 ? null : sum / n;
  });
  return scores;
}

/** Mean of the per-pair composite grades (pairs without one left out); null when none has one. */
export function meanGrade(pairs: readonly PairFigures[]): number | null {
  let sum = 0;
  let n = 0;
  for (const p of pairs) {
    if (p.grade === null) continue;
    sum += p.grade;
    n++;
  }
  return n === 0 ? null : sum / n;
}

/** D8's grade applied to the pooled rates: the corpus as if it were one long document. */
export function pooledComposite(scores: Scores, config: Partial<DiffConfig>): Composite | null {
  return computeComposite(scores, { ...DEFAULT_CONFIG, ...config });
}

export function statusTotals(pairs: readonly PairFigures[]): Record<Status, number> {
  const rows = {} as Record<Status, number>;
  for (const s of STATUSES) rows[s] = 0;
  for (const p of pairs) for (const s of STATUSES) rows[s] += p.rows[s];
  return rows;
}
