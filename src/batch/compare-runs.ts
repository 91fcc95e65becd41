/**
 * `transcript-diff compare OUT_A OUT_B`: two batch runs over the same pair ids (two ASR systems,
 * two normalisations, this week and last). Over the pairs scored in both, each pooled rate's
 * difference B − A with a paired-bootstrap 95 % interval, and the share of resamples in which B is
 * better (a lower rate; a higher mean grade).
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CliError } from '../compare/cli-error';
import { pairedBootstrap, type PairedDifference } from './bootstrap';
import { isErrorRecord } from './pair-record';
import { forEachRecord, PAIRS_FILE } from './pairs-file';
import { meanGrade, pairFigures, pooledRates, RATES, sumFigures, type PairFigures, type RateName } from './pooled';

export interface CompareRunsOptions {
  seed: string;
  bootstrap: number;
  /** Write the comparison as JSON here ("-": stdout, instead of the table). */
  json?: string;
}

export interface RateComparison {
  a: number | null;
  b: number | null;
  /** B − A on the common pairs, its interval and the share of resamples where B is better; null where either run has no such rate. */
  difference: PairedDifference | null;
}

export interface RunComparison {
  pairs: { common: number; onlyA: number; onlyB: number; errorRowsA: number; errorRowsB: number };
  seed: string;
  resamples: number;
  rates: Record<RateName, RateComparison>;
  meanGrade: RateComparison;
}

/** The first scored record of each id, and the error rows' ids. */
async function readScored(out: string): Promise<{ scored: Map<string, PairFigures>; errors: Set<string> }> {
  const path = join(out, PAIRS_FILE);
  if (!existsSync(path)) throw new CliError(`${out}: no ${PAIRS_FILE} here: expected the --out folder of a batch run`);
  const scored = new Map<string, PairFigures>();
  const errors = new Set<string>();
  await forEachRecord(path, (record) => {
    if (scored.has(record.id) || errors.has(record.id)) return;
    if (isErrorRecord(record)) errors.add(record.id);
    else scored.set(record.id, pairFigures(record));
  });
  return { scored, errors };
}

export async function compareRuns(outA: string, outB: string, options: CompareRunsOptions): Promise<RunComparison> {
  const [a, b] = await Promise.all([readScored(outA), readScored(outB)]);
  const ids = [...a.scored.keys()].filter((id) => b.scored.has(id)).sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
  if (ids.length === 0) throw new CliError(`${outA} and ${outB} have no scored pair id in common: compare runs over the same manifest ids`);
  const pa = ids.map((id) => a.scored.get(id)!);
  const pb = ids.map((id) => b.scored.get(id)!);
  const ra = pooledRates(sumFigures(pa));
  const rb = pooledRates(sumFigures(pb));
  const paired = pairedBootstrap(pa, pb, options.bootstrap, options.seed);
  const rates = {} as Record<RateName, RateComparison>;
  RATES.forEach((name, k) => {
    rates[name] = { a: ra[name], b: rb[name], difference: paired.rates[k]! };
  });
  return {
    pairs: {
      common: ids.length,
      onlyA: [...a.scored.keys()].filter((id) => !b.scored.has(id)).length,
      onlyB: [...b.scored.keys()].filter((id) => !a.scored.has(id)).length,
      errorRowsA: a.errors.size,
      errorRowsB: b.errors.size,
    },
    seed: options.seed,
    resamples: options.bootstrap,
    rates,
    meanGrade: { a: meanGrade(pa), b: meanGrade(pb), difference: paired.meanGrade },
  };
}

function pct(x: number | null | undefined, sign = false): string {
  if (x === null || x === undefined) return '-';
  const text = `${(x * 100).toFixed(2)}%`;
  return sign && x > 0 ? `+${text}` : text;
}

export function renderComparison(c: RunComparison, outA: string, outB: string): string {
  const out: string[] = [];
  out.push(`A = ${outA}, B = ${outB}: ${c.pairs.common} pairs scored in both (${c.pairs.onlyA} only in A, ${c.pairs.onlyB} only in B; error rows: A ${c.pairs.errorRowsA}, B ${c.pairs.errorRowsB})`);
  out.push(`paired bootstrap: ${c.resamples} resamples of the common pairs, seed ${c.seed}`);
  out.push('');
  out.push(`${'rate'.padEnd(15)}${'A'.padStart(9)}${'B'.padStart(9)}${'B - A'.padStart(10)}  ${'95% interval'.padEnd(22)}B better`);
  const row = (label: string, r: RateComparison, show: (x: number | null | undefined, sign?: boolean) => string) => {
    const d = r.difference;
    const interval = d?.interval ? `[${show(d.interval.low, true)}, ${show(d.interval.high, true)}]` : '';
    const better = d?.bBetter === null || d?.bBetter === undefined ? '-' : `${(d.bBetter * 100).toFixed(1)}%`;
    out.push(`${label.padEnd(15)}${show(r.a).padStart(9)}${show(r.b).padStart(9)}${show(d?.difference, true).padStart(10)}  ${interval.padEnd(22)}${better}`);
  };
  for (const name of RATES) row(name, c.rates[name], pct);
  const grade = (x: number | null | undefined, sign = false) => (x === null || x === undefined ? '-' : `${sign && x > 0 ? '+' : ''}${x.toFixed(2)}`);
  row('mean grade', c.meanGrade, grade);
  return `${out.join('\n')}\n`;
}

export async function compareCommand(outA: string, outB: string, options: CompareRunsOptions, write: (text: string) => void): Promise<number> {
  const comparison = await compareRuns(outA, outB, options);
  const json = `${JSON.stringify(comparison, null, 2)}\n`;
  if (options.json === '-') {
    write(json);
    return 0;
  }
  if (options.json !== undefined) writeFileSync(options.json, json);
  write(renderComparison(comparison, outA, outB));
  return 0;
}
