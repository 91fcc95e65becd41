/**
 * `npm run eval`: alignment quality of the engine on real and synthetic post-edits.
 *
 * Every dataset runs with times and with times removed (except Arabic, which has none), prints a
 * table, checks the issue's targets (with times), and writes eval-results/report.json and
 * eval-results/misses.md (every real-data miss, for the aligner engineer to study).
 *
 * Flags: --strict (exit 1 when a target with times is missed), --quick (the reduced set of the
 * regression test), --self-check (predict the gold itself: checks the pipeline, must score 1).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { identityGold, restatus, timeGold, withoutTimes, type GoldGroup } from '../lib/gold';
import { seedFrom } from '../lib/prng';
import { loadArabicSentences, loadHumanTranscripts, loadKallaamaPairs, loadLattifaiPairs, type EvalRow } from '../lib/sources';
import { realisticRows, synthesizePostEdit } from '../lib/synthetic';
import { STATUSES, type DiffRequest } from '../../src/engine/types';
import { addScores, groupRates, rowLabelRates, scoreAlignment, statusRates, type PredictedEntry, type Rates, type Score } from './score';

export interface EvalPair {
  name: string;
  original: EvalRow[];
  reworked: EvalRow[];
  gold: GoldGroup[];
}

export interface Targets {
  rowF1?: number;
  splitF1?: number;
  mergeF1?: number;
}

export interface Dataset {
  name: string;
  /** Real post-edits: their misses are written out for study. */
  real: boolean;
  /** Rows carry times: the dataset also runs with times removed. */
  timed: boolean;
  stripDiacritics: boolean;
  pairs: EvalPair[];
  /** Targets on the run with times (the issue's bar). */
  targets: Targets;
}

export type Predictor = (request: DiffRequest) => PredictedEntry[];

export interface DatasetOptions {
  /** The regression test's reduced set: one file each, a 2,000-row synthetic pair, 200 Arabic sentences. */
  quick?: boolean;
  seed?: number;
}

const STRIP = { stripDiacritics: true };

/** Every dataset of the evaluation, with gold. */
export function buildDatasets(options: DatasetOptions = {}): Dataset[] {
  const seed = options.seed ?? 2024;
  const quick = options.quick === true;
  const kallaama = loadKallaamaPairs().filter((p) => !quick || p.name === 'srr_42420');
  const lattifai = loadLattifaiPairs().filter((p) => !quick || p.name === 'Gemini3_Flash_LattifAI');
  const synthetic: EvalPair[] = [];
  if (!quick) {
    for (const human of loadHumanTranscripts()) {
      const pair = synthesizePostEdit(human.rows, { seed: seedFrom(human.name, seed) });
      synthetic.push({ name: human.name, ...pair });
    }
  }
  const bulk = synthesizePostEdit(realisticRows(quick ? 2000 : 3000, seed), { seed: seedFrom('realistic', seed) });
  synthetic.push({ name: `realistic-${bulk.reworked.length}`, ...bulk });

  const sentences = loadArabicSentences().slice(0, quick ? 200 : undefined);
  const plain = sentences.map((s) => ({ transcript: s.undiacritised }));
  const marked = sentences.map((s) => ({ transcript: s.diacritised }));
  const arabic = (strip: boolean): Dataset => ({
    name: `arabic stripDiacritics=${strip}`,
    real: true,
    timed: false,
    stripDiacritics: strip,
    pairs: [{ name: 'WikiNewsMax', original: plain, reworked: marked, gold: identityGold(plain, marked, { stripDiacritics: strip }) }],
    targets: { rowF1: 1 },
  });

  return [
    {
      name: 'kallaama',
      real: true,
      timed: true,
      stripDiacritics: true,
      pairs: kallaama.map((p) => ({ ...p, gold: timeGold(p.original, p.reworked, STRIP) })),
      targets: { rowF1: 0.95 },
    },
    {
      name: 'lattifai',
      real: true,
      timed: true,
      stripDiacritics: true,
      pairs: lattifai.map((p) => ({ ...p, gold: timeGold(p.original, p.reworked, STRIP) })),
      targets: { rowF1: 0.95 },
    },
    { name: 'synthetic', real: false, timed: true, stripDiacritics: true, pairs: synthetic, targets: { rowF1: 0.98, splitF1: 0.95, mergeF1: 0.95 } },
    arabic(true),
    arabic(false),
  ];
}

export interface VariantResult {
  dataset: string;
  variant: 'with times' | 'without times';
  pairs: number;
  originalRows: number;
  reworkedRows: number;
  milliseconds: number;
  score: Score;
  perPair: Array<{ name: string; score: Score }>;
  rowLabel: Rates;
  split: Rates;
  merge: Rates;
  targets: Array<{ name: string; target: number; value: number | null; met: boolean }>;
}

function checkTargets(targets: Targets, rowLabel: Rates, split: Rates, merge: Rates) {
  const out: VariantResult['targets'] = [];
  const check = (name: string, target: number | undefined, value: number | null) => {
    // A group F1 with no gold and no predicted group (null) has nothing to miss.
    if (target !== undefined) out.push({ name, target, value, met: value === null ? name !== 'row-label F1' : value >= target - 1e-12 });
  };
  check('row-label F1', targets.rowF1, rowLabel.f1);
  check('split F1', targets.splitF1, split.f1);
  check('merge F1', targets.mergeF1, merge.f1);
  return out;
}

/** Runs one dataset in one variant through the predictor and scores it. */
export function evaluate(dataset: Dataset, withTimes: boolean, predict: Predictor): VariantResult {
  const perPair: VariantResult['perPair'] = [];
  let milliseconds = 0;
  let originalRows = 0;
  let reworkedRows = 0;
  for (const pair of dataset.pairs) {
    const original = withTimes ? pair.original : withoutTimes(pair.original);
    const reworked = withTimes ? pair.reworked : withoutTimes(pair.reworked);
    const options = { stripDiacritics: dataset.stripDiacritics };
    const gold = restatus(pair.gold, original, reworked, options);
    const request: DiffRequest = { original, reworked, config: { stripDiacritics: dataset.stripDiacritics, enableInlineDiff: false } };
    const t0 = process.hrtime.bigint();
    const predicted = predict(request);
    milliseconds += Number(process.hrtime.bigint() - t0) / 1e6;
    perPair.push({ name: pair.name, score: scoreAlignment(gold, predicted, { original: original.length, reworked: reworked.length }) });
    originalRows += original.length;
    reworkedRows += reworked.length;
  }
  const score = addScores(perPair.map((p) => p.score));
  const rowLabel = rowLabelRates(score);
  const split = groupRates(score.split);
  const merge = groupRates(score.merge);
  return {
    dataset: dataset.name,
    variant: withTimes ? 'with times' : 'without times',
    pairs: dataset.pairs.length,
    originalRows,
    reworkedRows,
    milliseconds,
    score,
    perPair,
    rowLabel,
    split,
    merge,
    // The issue's targets apply with times; without times the figures are reported as measured.
    targets: withTimes || !dataset.timed ? checkTargets(dataset.targets, rowLabel, split, merge) : [],
  };
}

/** Predicts exactly the gold: a check that loading, scoring and reporting agree (must give 1). */
export function goldPredictor(datasets: Dataset[]): Predictor {
  const pairs = datasets.flatMap((d) => d.pairs);
  return (request) => {
    const original = request.original as EvalRow[];
    const reworked = request.reworked as EvalRow[];
    const match = pairs.find(
      (p) => p.original.length === original.length && p.reworked.length === reworked.length && p.original[0]?.transcript === original[0]?.transcript && p.reworked[0]?.transcript === reworked[0]?.transcript,
    );
    if (!match) throw new Error('self-check: unknown pair');
    return restatus(match.gold, original, reworked, { stripDiacritics: request.config?.stripDiacritics ?? true });
  };
}

/** The engine's runDiff, loaded lazily so the error says what is missing. */
export function enginePredictor(): Predictor {
  let runDiff: (request: DiffRequest) => { results: PredictedEntry[] };
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    runDiff = (require('../../src/engine/index') as { runDiff: typeof runDiff }).runDiff;
  } catch (error) {
    throw new Error(`cannot load runDiff from src/engine/index.ts : ${(error as Error).message}`, { cause: error });
  }
  return (request) => runDiff(request).results;
}

// ---------------------------------------------------------------------------------------------
// Reporting

const pct = (x: number | null) => (x === null ? '   n/a' : `${(x * 100).toFixed(1).padStart(5)}%`);

export function formatResult(r: VariantResult): string {
  const s = r.score;
  const lines = [
    `${r.dataset} — ${r.variant}: ${r.pairs} pair(s), ${r.originalRows} + ${r.reworkedRows} rows, ${s.items} rows scored, ${s.ambiguousItems} ambiguous (not scored), ${(r.milliseconds / 1000).toFixed(2)} s`,
    `  status      gold  pred  right  precision  recall`,
  ];
  for (const st of STATUSES) {
    const c = s.perStatus[st];
    if (c.gold === 0 && c.predicted === 0) continue;
    const rr = statusRates(c);
    lines.push(`  ${st.padEnd(10)} ${String(c.gold).padStart(5)} ${String(c.predicted).padStart(5)} ${String(c.correct).padStart(6)}     ${pct(rr.precision)}  ${pct(rr.recall)}`);
  }
  lines.push(
    `  row-label F1 ${pct(r.rowLabel.f1)}   split F1 ${pct(r.split.f1)} (${s.split.matched}/${s.split.gold} gold, ${s.split.predicted} predicted)   merge F1 ${pct(r.merge.f1)} (${s.merge.matched}/${s.merge.gold} gold, ${s.merge.predicted} predicted)`,
  );
  if (s.conservationErrors > 0) lines.push(`  CONSERVATION: ${s.conservationErrors} rows missing or duplicated in the results`);
  if (s.ambiguousItems > 0) lines.push(`  ambiguous rows were predicted: ${JSON.stringify(s.ambiguousPredicted)}`);
  for (const t of r.targets) lines.push(`  target ${t.name} ≥ ${pct(t.target).trim()}: ${pct(t.value).trim()} ${t.met ? 'MET' : 'MISSED'}`);
  if (r.perPair.length > 1) {
    lines.push(
      '  per pair: ' +
        r.perPair.map((p) => `${p.name} ${pct(rowLabelRates(p.score).f1).trim()}${p.score.ambiguousItems ? ` (${p.score.ambiguousItems} amb.)` : ''}`).join(', '),
    );
  }
  return lines.join('\n');
}

function describeRow(rows: EvalRow[], side: 'O' | 'R', i: number): string {
  const r = rows[i] as EvalRow;
  const time = r.start_time === undefined ? '' : ` [${r.start_time}–${r.end_time}]`;
  return `    ${side}${i}${time} ${r.speaker ?? ''}: ${r.transcript}`;
}

/** Markdown list of every miss of the real datasets, with the rows, gold and prediction. */
export function formatMisses(results: VariantResult[], datasets: Dataset[]): string {
  const out = ['# Real-data misses', '', 'Each miss: the gold group (time rule, see docs/evaluation.md) and the predicted entries holding its rows.', ''];
  for (const r of results) {
    const dataset = datasets.find((d) => d.name === r.dataset) as Dataset;
    if (!dataset.real) continue;
    for (const [k, p] of r.perPair.entries()) {
      if (p.score.misses.length === 0) continue;
      const pair = dataset.pairs[k] as EvalPair;
      out.push(`## ${r.dataset} ${p.name} — ${r.variant} (${p.score.misses.length} missed groups)`, '');
      for (const m of p.score.misses) {
        out.push(`- gold ${m.gold.status} o[${m.gold.originalIndices}] r[${m.gold.reworkedIndices}]; predicted ${m.predicted.map((e) => `${e.status} o[${e.originalIndices}] r[${e.reworkedIndices}]`).join('; ') || 'nothing'}`);
        const os = new Set([...m.gold.originalIndices, ...m.predicted.flatMap((e) => e.originalIndices)]);
        const rs = new Set([...m.gold.reworkedIndices, ...m.predicted.flatMap((e) => e.reworkedIndices)]);
        out.push('```');
        for (const i of [...os].sort((a, b) => a - b)) out.push(describeRow(pair.original, 'O', i));
        for (const j of [...rs].sort((a, b) => a - b)) out.push(describeRow(pair.reworked, 'R', j));
        out.push('```');
      }
      out.push('');
    }
  }
  return out.join('\n');
}

function main(): void {
  const args = new Set(process.argv.slice(2));
  const t0 = Date.now();
  const datasets = buildDatasets({ quick: args.has('--quick') });
  const predict = args.has('--self-check') ? goldPredictor(datasets) : enginePredictor();
  console.log(`datasets and gold built in ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);
  const results: VariantResult[] = [];
  for (const d of datasets) {
    for (const withTimes of d.timed ? [true, false] : [false]) {
      const r = evaluate(d, withTimes, predict);
      results.push(r);
      console.log(formatResult(r) + '\n');
    }
  }
  const dir = join(__dirname, '..', '..', 'eval-results');
  mkdirSync(dir, { recursive: true });
  const report = {
    generatedAt: new Date().toISOString(),
    mode: args.has('--self-check') ? 'self-check' : 'engine',
    quick: args.has('--quick'),
    results: results.map(({ score, perPair, ...rest }) => ({
      ...rest,
      counts: { ...score, misses: score.misses.length },
      perPair: perPair.map((p) => ({ name: p.name, rowLabel: rowLabelRates(p.score), split: groupRates(p.score.split), merge: groupRates(p.score.merge), ambiguousItems: p.score.ambiguousItems, misses: p.score.misses.length })),
    })),
  };
  writeFileSync(join(dir, 'report.json'), JSON.stringify(report, null, 2));
  writeFileSync(join(dir, 'misses.md'), formatMisses(results, datasets));
  const missed = results.flatMap((r) => r.targets.filter((t) => !t.met).map((t) => `${r.dataset} (${r.variant}) ${t.name}`));
  console.log(`wrote eval-results/report.json and eval-results/misses.md; total ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  console.log(missed.length === 0 ? 'all targets met' : `targets missed: ${missed.join('; ')}`);
  if (args.has('--strict') && missed.length > 0) process.exitCode = 1;
}

if (require.main === module) main();
