/**
 * summary.json, summary.csv and the printed summary of a batch, from the pairs' records alone.
 * summary.json depends only on the records, the options and the seed: everything is ordered by
 * id, tag and value (UTF-16 code unit order, the same in every locale), and it holds no
 * timestamps, timings, absolute paths or completion order, so two runs give identical bytes.
 */
import { GRADE_LABELS, type WordCount, type WordSubstitution, type Composite, type DiffConfig, type EditCounts, type Scores, type Status, clampedRate, STATUSES } from '../engine/index';
import { bootstrapCorpus, quantile, type Interval } from './bootstrap';
import { ERROR_KINDS, type ErrorKind, type ErrorRecord, type PairAnalysis } from './pair-record';
import { macroRates, meanGrade, pooledComposite, pooledRates, RATES, sumCounts, sumFigures, type CountTotals, type PairFigures, type RateName } from './pooled';
import { csvField, inertCell } from '../report/csv-export';

/** Groups smaller than this get no interval: with a handful of pairs a percentile bootstrap says little. */
export const MIN_PAIRS_FOR_INTERVAL = 10;
/** Entries in each corpus-level top list of confusions. */
const TOP_CONFUSIONS = 20;
const PERCENTILES = [0.1, 0.25, 0.5, 0.75, 0.9, 0.95, 0.99] as const;
const PERCENTILE_RATES: readonly RateName[] = ['overallWER', 'overallCER', 'transcriptWER', 'transcriptCER'];

export interface SummaryOptions {
  /** The manifest's file name (no folder: no absolute paths in the summary). */
  manifest: string;
  config: Partial<DiffConfig>;
  seed: string;
  bootstrap: number;
  worst: number;
}

/** A pair with analysis keeps its own record part; the summary adds them up per group. */
export interface AnalysedPair {
  id: string;
  tags: Record<string, string>;
  analysis: PairAnalysis;
}

type PerRate<T> = Record<RateName, T>;

function perRate<T>(f: (name: RateName, k: number) => T): PerRate<T> {
  const out = {} as PerRate<T>;
  RATES.forEach((name, k) => {
    out[name] = f(name, k);
  });
  return out;
}

export interface AnalysisSummary {
  /** Pairs whose records carry an analysis. */
  pairs: number;
  substitutions: { total: number; top: WordSubstitution[] };
  insertions: { total: number; top: WordCount[] };
  deletions: { total: number; top: WordCount[] };
  approximateEntries: number;
  /**
   * The speaker-change rate after mapping each pair's original labels to its reworked ones,
   * pooled like SACR: Σ mappedSpeakerChanged ÷ Σ MODIFIED over the pairs with a speaker column.
   */
  mappedSpeakerChange: { changed: number; modified: number; pairs: number; rate: number } | null;
  speakers: Array<{ speaker: string | null; pairs: number; entries: Record<Status, number>; char: EditCounts; word: EditCounts }>;
}

export interface GroupSummary {
  pairs: number;
  scored: number;
  errorRows: number;
  totals: { counts: CountTotals; rates: PerRate<{ errors: number; reference: number; pairs: number }> };
  pooled: Scores;
  pooledComposite: Composite | null;
  macro: Scores;
  meanGrade: number | null;
  intervals:
    | { pairs: number; resamples: number; seed: string; pooled: PerRate<Interval | null>; meanGrade: Interval | null }
    | { pairs: number; note: string };
  grades: Record<string, number>;
  percentiles: Partial<PerRate<Record<string, number> | null>>;
  analysis: AnalysisSummary | null;
}

export interface WorstPair {
  id: string;
  tags: Record<string, string>;
  grade: number | null;
  label: string | null;
  overallWER: number | null;
  overallCER: number | null;
  SegER: number | null;
}

export interface Summary {
  manifest: string;
  options: { config: Partial<DiffConfig>; seed: string; bootstrap: number; worst: number };
  definitions: Record<string, string>;
  pairs: { total: number; scored: number; errorRows: number };
  /** Warnings of the format adapters (rows kept from doubtful lines): they are in pairs.jsonl, pair by pair. */
  warnings: { pairs: number; total: number };
  analysis: string;
  corpus: GroupSummary;
  groups: Record<string, Record<string, GroupSummary>>;
  worst: WorstPair[];
  errors: { count: number; byKind: Record<ErrorKind, number>; rows: Array<{ id: string; kind: ErrorKind; message: string }> };
}

const DEFINITIONS = {
  pooled: 'Σ errors ÷ Σ reference tokens over the scored pairs (counts summed first, then D7.1: clamped to [0, 1]); SegER = Σ segment events ÷ Σ reworked rows; SER = Σ MODIFIED ÷ Σ (UNCHANGED + MODIFIED); SACR = Σ speakerChanged ÷ Σ MODIFIED over the pairs with a speaker column',
  macro: 'mean of the per-pair rates, over the pairs where the rate is not null',
  pooledComposite: "D8's grade computed from the pooled rates (what --fail-under gates on)",
  meanGrade: "mean of the pairs' composite grades",
  intervals: `95 % percentile bootstrap over pairs (2.5th and 97.5th percentiles of the resampled statistic); groups of fewer than ${MIN_PAIRS_FOR_INTERVAL} pairs get none`,
  percentiles: 'of the per-pair rates, interpolated between closest ranks (type 7)',
};

function num(x: number): number | null {
  return Number.isNaN(x) ? null : x;
}

/** Grade distribution by D8.4's labels, and pairs without a grade. */
function gradeCounts(pairs: readonly PairFigures[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [, label] of GRADE_LABELS) out[label] = 0;
  out['Unacceptable'] = 0;
  out['none'] = 0;
  for (const p of pairs) out[p.label ?? 'none'] = (out[p.label ?? 'none'] ?? 0) + 1;
  return out;
}

function percentiles(pairs: readonly PairFigures[]): Partial<PerRate<Record<string, number> | null>> {
  const out: Partial<PerRate<Record<string, number> | null>> = {};
  for (const name of PERCENTILE_RATES) {
    const k = RATES.indexOf(name);
    const values = Float64Array.from(pairs.map((p) => p.rates[k]!).filter((r) => !Number.isNaN(r))).sort();
    if (values.length === 0) {
      out[name] = null;
      continue;
    }
    const row: Record<string, number> = { min: values[0]! };
    for (const q of PERCENTILES) row[`p${Math.round(q * 100)}`] = quantile(values, q);
    row['max'] = values[values.length - 1]!;
    out[name] = row;
  }
  return out;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function addEdit(into: EditCounts, from: EditCounts): void {
  into.substitutions += from.substitutions;
  into.deletions += from.deletions;
  into.insertions += from.insertions;
  into.hits += from.hits;
  into.referenceLength += from.referenceLength;
}

function zeroEdit(): EditCounts {
  return { substitutions: 0, deletions: 0, insertions: 0, hits: 0, referenceLength: 0 };
}

/**
 * The analysis of a group: confusion totals summed exactly; top lists from the pairs' own top
 * lists (a word outside a pair's top list is not counted for that pair), most frequent first,
 * ties by the words; per-speaker figures summed by label.
 */
export function summariseAnalysis(pairs: readonly AnalysedPair[]): AnalysisSummary | null {
  if (pairs.length === 0) return null;
  const subs = new Map<string, WordSubstitution>();
  const ins = new Map<string, number>();
  const del = new Map<string, number>();
  const speakers = new Map<string, AnalysisSummary['speakers'][number]>();
  const totals = { substitutions: 0, insertions: 0, deletions: 0, approximateEntries: 0 };
  const mapped = { changed: 0, modified: 0, pairs: 0 };
  for (const { analysis } of pairs) {
    const c = analysis.confusions;
    totals.substitutions += c.substitutions.total;
    totals.insertions += c.insertions.total;
    totals.deletions += c.deletions.total;
    totals.approximateEntries += c.approximateEntries;
    if (analysis.speakerMapping) {
      mapped.changed += analysis.speakerMapping.mappedSpeakerChanged;
      mapped.modified += analysis.speakerMapping.modifiedRows;
      mapped.pairs++;
    }
    for (const s of c.substitutions.top) {
      const key = `${s.reference}\u0000${s.hypothesis}`;
      const seen = subs.get(key);
      if (seen) seen.count += s.count;
      else subs.set(key, { reference: s.reference, hypothesis: s.hypothesis, count: s.count });
    }
    for (const w of c.insertions.top) ins.set(w.word, (ins.get(w.word) ?? 0) + w.count);
    for (const w of c.deletions.top) del.set(w.word, (del.get(w.word) ?? 0) + w.count);
    for (const sp of analysis.speakers) {
      const key = JSON.stringify(sp.speaker);
      let into = speakers.get(key);
      if (!into) {
        const entries = {} as Record<Status, number>;
        for (const s of STATUSES) entries[s] = 0;
        into = { speaker: sp.speaker, pairs: 0, entries, char: zeroEdit(), word: zeroEdit() };
        speakers.set(key, into);
      }
      into.pairs++;
      for (const s of STATUSES) into.entries[s] += sp.entries[s];
      addEdit(into.char, sp.char);
      addEdit(into.word, sp.word);
    }
  }
  const words = (m: Map<string, number>): WordCount[] =>
    [...m]
      .map(([word, count]) => ({ word, count }))
      .sort((a, b) => b.count - a.count || compareText(a.word, b.word))
      .slice(0, TOP_CONFUSIONS);
  return {
    pairs: pairs.length,
    substitutions: {
      total: totals.substitutions,
      top: [...subs.values()].sort((a, b) => b.count - a.count || compareText(a.reference, b.reference) || compareText(a.hypothesis, b.hypothesis)).slice(0, TOP_CONFUSIONS),
    },
    insertions: { total: totals.insertions, top: words(ins) },
    deletions: { total: totals.deletions, top: words(del) },
    approximateEntries: totals.approximateEntries,
    mappedSpeakerChange: mapped.pairs === 0 ? null : { ...mapped, rate: clampedRate(mapped.changed, mapped.modified) },
    speakers: [...speakers.values()].sort((a, b) => (a.speaker === null ? 1 : b.speaker === null ? -1 : compareText(a.speaker, b.speaker))),
  };
}

/** A seed of its own for each group, so a group's interval does not depend on which other groups exist. */
function groupSeed(seed: string, group: string): string {
  return group === '' ? seed : `${seed}/${group}`;
}

function summariseGroup(pairs: readonly PairFigures[], errorRows: number, analysed: readonly AnalysedPair[], group: string, options: SummaryOptions): GroupSummary {
  const rateTotals = sumFigures(pairs);
  const pooled = pooledRates(rateTotals);
  let intervals: GroupSummary['intervals'];
  if (pairs.length >= MIN_PAIRS_FOR_INTERVAL && options.bootstrap > 0) {
    const seed = groupSeed(options.seed, group);
    const ci = bootstrapCorpus(pairs, options.bootstrap, seed);
    intervals = { pairs: pairs.length, resamples: options.bootstrap, seed, pooled: perRate((_, k) => ci.rates[k]!), meanGrade: ci.meanGrade };
  } else {
    intervals = {
      pairs: pairs.length,
      note: options.bootstrap > 0 ? `fewer than ${MIN_PAIRS_FOR_INTERVAL} scored pairs: no interval` : 'intervals not computed (--bootstrap 0)',
    };
  }
  return {
    pairs: pairs.length + errorRows,
    scored: pairs.length,
    errorRows,
    totals: {
      counts: sumCounts(pairs),
      rates: perRate((_, k) => ({ errors: rateTotals.errors[k]!, reference: rateTotals.reference[k]!, pairs: rateTotals.pairs[k]! })),
    },
    pooled,
    pooledComposite: pooledComposite(pooled, options.config),
    macro: macroRates(pairs),
    meanGrade: meanGrade(pairs),
    intervals,
    grades: gradeCounts(pairs),
    percentiles: percentiles(pairs),
    analysis: summariseAnalysis(analysed),
  };
}

function worstPairs(pairs: readonly PairFigures[], n: number): WorstPair[] {
  const wer = RATES.indexOf('overallWER');
  const key = (p: PairFigures) => (Number.isNaN(p.rates[wer]!) ? -1 : p.rates[wer]!);
  return [...pairs]
    .sort((a, b) => (a.grade ?? Infinity) - (b.grade ?? Infinity) || key(b) - key(a) || compareText(a.id, b.id))
    .slice(0, n)
    .map((p) => ({
      id: p.id,
      tags: p.tags,
      grade: p.grade,
      label: p.label,
      overallWER: num(p.rates[wer]!),
      overallCER: num(p.rates[RATES.indexOf('overallCER')]!),
      SegER: num(p.rates[RATES.indexOf('SegER')]!),
    }));
}

/**
 * The summary of a run. `scored`, `errors` and `analysed` may come in any order: they are sorted
 * by id here.
 */
export function buildSummary(scoredIn: PairFigures[], errorsIn: ErrorRecord[], analysedIn: AnalysedPair[], tagColumns: readonly string[], options: SummaryOptions): Summary {
  const byId = <T extends { id: string }>(a: T, b: T) => compareText(a.id, b.id);
  const scored = [...scoredIn].sort(byId);
  const errors = [...errorsIn].sort(byId);
  const analysed = [...analysedIn].sort(byId);

  const groups: Summary['groups'] = {};
  for (const column of tagColumns) {
    const values = new Set<string>();
    for (const p of scored) if (p.tags[column] !== undefined) values.add(p.tags[column]!);
    for (const e of errors) if (e.tags[column] !== undefined) values.add(e.tags[column]!);
    const perValue: Record<string, GroupSummary> = {};
    for (const value of [...values].sort(compareText)) {
      const inGroup = (r: { tags: Record<string, string> }) => r.tags[column] === value;
      perValue[value] = summariseGroup(scored.filter(inGroup), errors.filter(inGroup).length, analysed.filter(inGroup), `${column}=${value}`, options);
    }
    groups[column] = perValue;
  }

  const byKind = {} as Record<ErrorKind, number>;
  for (const kind of ERROR_KINDS) byKind[kind] = 0;
  for (const e of errors) byKind[e.error.kind]++;

  return {
    manifest: options.manifest,
    options: { config: options.config, seed: options.seed, bootstrap: options.bootstrap, worst: options.worst },
    definitions: DEFINITIONS,
    pairs: { total: scored.length + errors.length, scored: scored.length, errorRows: errors.length },
    warnings: { pairs: scored.filter((p) => p.warnings > 0).length, total: scored.reduce((s, p) => s + p.warnings, 0) },
    analysis:
      analysed.length > 0
        ? `present for ${analysed.length} of ${scored.length} scored pairs`
        : 'absent: the pairs carry no analysis (the engine gave no data.analysis), so there are no confusions or per-speaker figures',
    corpus: summariseGroup(scored, errors.length, analysed, '', options),
    groups,
    worst: worstPairs(scored, options.worst),
    errors: { count: errors.length, byKind, rows: errors.map((e) => ({ id: e.id, kind: e.error.kind, message: e.error.message })) },
  };
}

export function summaryJson(summary: Summary): string {
  return `${JSON.stringify(summary, null, 2)}\n`;
}

/** A number as it is; a text (a tag, a label) as the report's CSV writes one: quoted, never a formula. */
function csvCell(value: string | number | null): string {
  if (value === null) return '';
  return typeof value === 'number' ? String(value) : csvField(inertCell(value));
}

/** summary.csv: one line for the corpus, then one per tag value, the figures of the groups' table. */
export function summaryCsv(summary: Summary): string {
  const header = ['tag', 'value', 'pairs', 'scored', 'error_rows'];
  for (const name of RATES) header.push(`pooled_${name}`, `pooled_${name}_low`, `pooled_${name}_high`);
  for (const name of RATES) header.push(`macro_${name}`);
  header.push('mean_grade', 'mean_grade_low', 'mean_grade_high', 'pooled_grade', 'pooled_label');
  const line = (tag: string, value: string, g: GroupSummary): string => {
    const ci = 'pooled' in g.intervals ? g.intervals : null;
    const cells: Array<string | number | null> = [tag, value, g.pairs, g.scored, g.errorRows];
    for (const name of RATES) cells.push(g.pooled[name], ci?.pooled[name]?.low ?? null, ci?.pooled[name]?.high ?? null);
    for (const name of RATES) cells.push(g.macro[name]);
    cells.push(g.meanGrade, ci?.meanGrade?.low ?? null, ci?.meanGrade?.high ?? null, g.pooledComposite?.grade ?? null, g.pooledComposite?.label ?? null);
    return cells.map(csvCell).join(',');
  };
  const lines = [header.join(','), line('(corpus)', '', summary.corpus)];
  for (const [tag, values] of Object.entries(summary.groups)) for (const [value, g] of Object.entries(values)) lines.push(line(tag, value, g));
  return `${lines.join('\n')}\n`;
}

const SHOWN_RATES: ReadonlyArray<[RateName, string]> = [
  ['overallWER', 'WER'],
  ['overallCER', 'CER'],
  ['transcriptWER', 'transcript WER'],
  ['SegER', 'SegER'],
  ['SER', 'SER'],
  ['transcriptSER', 'transcript SER'],
  ['SACR', 'SACR'],
];

function pct(x: number | null | undefined): string {
  return x === null || x === undefined ? '-' : `${(x * 100).toFixed(2)}%`;
}

function fixed(x: number | null | undefined): string {
  return x === null || x === undefined ? '-' : x.toFixed(2);
}

/** The printed summary: the corpus's rates with intervals, grades, worst pairs, groups and errors. */
export function renderSummary(summary: Summary): string {
  const out: string[] = [];
  const c = summary.corpus;
  const ci = 'pooled' in c.intervals ? c.intervals : null;
  out.push(`${summary.pairs.total} pairs: ${summary.pairs.scored} scored, ${summary.pairs.errorRows} error rows`);
  if (summary.warnings.total > 0) out.push(`${summary.warnings.total} format warnings on ${summary.warnings.pairs} pairs (rows kept from doubtful lines; each pair's in pairs.jsonl)`);
  if (c.pooledComposite?.grade != null) out.push(`pooled grade ${fixed(c.pooledComposite.grade)} (${c.pooledComposite.label}); mean grade ${fixed(c.meanGrade)}${ci?.meanGrade ? ` [${fixed(ci.meanGrade.low)}, ${fixed(ci.meanGrade.high)}]` : ''}`);
  out.push('');
  out.push(`${'rate'.padEnd(16)}${'pooled'.padStart(9)}  ${'95% interval'.padEnd(20)}${'macro'.padStart(9)}`);
  for (const [name, label] of SHOWN_RATES) {
    const interval = ci?.pooled[name];
    out.push(`${label.padEnd(16)}${pct(c.pooled[name]).padStart(9)}  ${(interval ? `[${pct(interval.low)}, ${pct(interval.high)}]` : '').padEnd(20)}${pct(c.macro[name]).padStart(9)}`);
  }
  if (!ci) out.push(`(${'note' in c.intervals ? c.intervals.note : ''})`);
  out.push('');
  out.push(`grades: ${Object.entries(c.grades).filter(([, n]) => n > 0).map(([label, n]) => `${label} ${n}`).join(', ')}`);
  out.push(`statuses: ${STATUSES.map((s) => `${s} ${c.totals.counts.rows[s]}`).join(', ')}`);
  if (summary.worst.length > 0) {
    out.push('', `worst ${summary.worst.length} pairs:`);
    for (const w of summary.worst) out.push(`  ${fixed(w.grade)}  WER ${pct(w.overallWER).padStart(7)}  ${w.id}`);
  }
  for (const [tag, values] of Object.entries(summary.groups)) {
    out.push('', `by ${tag}:`);
    for (const [value, g] of Object.entries(values)) {
      const gi = 'pooled' in g.intervals ? g.intervals.pooled.overallWER : null;
      out.push(`  ${value.padEnd(20)} ${String(g.scored).padStart(6)} pairs  WER ${pct(g.pooled.overallWER).padStart(7)}${gi ? ` [${pct(gi.low)}, ${pct(gi.high)}]` : ' (too few pairs for an interval)'}  grade ${fixed(g.pooledComposite?.grade)}${g.errorRows ? `  ${g.errorRows} error rows` : ''}`);
    }
  }
  if (c.analysis) {
    const a = c.analysis;
    out.push('', `top substitutions (of ${a.substitutions.total}): ${a.substitutions.top.slice(0, 10).map((s) => `${s.reference}→${s.hypothesis} ${s.count}`).join(', ')}`);
    out.push(`top insertions (of ${a.insertions.total}): ${a.insertions.top.slice(0, 10).map((w) => `${w.word} ${w.count}`).join(', ')}`);
    out.push(`top deletions (of ${a.deletions.total}): ${a.deletions.top.slice(0, 10).map((w) => `${w.word} ${w.count}`).join(', ')}`);
    if (a.mappedSpeakerChange) out.push(`speaker changes after mapping labels: ${pct(a.mappedSpeakerChange.rate)} of MODIFIED rows (SACR ${pct(c.pooled.SACR)})`);
  }
  if (summary.errors.count > 0) {
    out.push('', `${summary.errors.count} error rows (${ERROR_KINDS.filter((k) => summary.errors.byKind[k] > 0).map((k) => `${k} ${summary.errors.byKind[k]}`).join(', ')}):`);
    for (const e of summary.errors.rows.slice(0, 20)) out.push(`  ${e.id}: ${e.message}`);
    if (summary.errors.count > 20) out.push(`  ... and ${summary.errors.count - 20} more in summary.json`);
  }
  return `${out.join('\n')}\n`;
}
