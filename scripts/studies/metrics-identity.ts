/**
 * Guard for speed work on the metric pass: `data.scores` and `data.counts` of a fixed set of
 * realistic requests must stay byte-identical. Save them before a change, check them after:
 *
 *   npx ts-node --transpile-only scripts/studies/metrics-identity.ts --save /tmp/metrics-before.json
 *   npx ts-node --transpile-only scripts/studies/metrics-identity.ts --check /tmp/metrics-before.json
 *
 * The bodies are seeded synthetic post-edits of the human transcripts (shared/eval-data), under
 * several configs, plus copies with emoji, accented and Arabic text so the surrogate and
 * non-ASCII paths are exercised too, and the 30,000-pair body of the speed benchmark.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { runDiff } from '../../src/engine/index';
import { computeMetrics } from '../../src/engine/scoring/scores';
import { createWorkBudget } from '../../src/engine/distance/work-budget';
import { DEFAULT_CONFIG, DiffConfig, DiffRequest } from '../../src/engine/types';
import { realisticRows, synthesizePostEdit } from '../lib/synthetic';
import type { EvalRow } from '../lib/sources';
import { build, prepare } from './metrics-speed';

const EXOTIC = ['😀', 'café', 'naïve', 'مرحبا بالعالم', '𝒳', 'e\u0301', '你好。世界！', '\uD83D'];

/** The same rows with an exotic token inserted into every third transcript (deterministic). */
function exotic(rows: EvalRow[]): EvalRow[] {
  return rows.map((row, i) => {
    if (i % 3 !== 0) return row;
    const token = EXOTIC[i % EXOTIC.length] as string;
    const words = row.transcript.split(' ');
    words.splice(i % (words.length + 1), 0, token);
    return { ...row, transcript: words.join(' ') };
  });
}

function body(rows: EvalRow[], seed: number, config?: Partial<DiffConfig>): DiffRequest {
  const pair = synthesizePostEdit(rows, { seed });
  return { original: pair.original, reworked: pair.reworked, config };
}

function cases(): Array<[string, () => unknown]> {
  const out: Array<[string, () => unknown]> = [];
  const configs: Array<[string, Partial<DiffConfig> | undefined]> = [
    ['default', undefined],
    ['keep-diacritics', { stripDiacritics: false }],
    ['transcript-ignored', { ignoreColNames: ['transcript'] }],
    ['speaker-ignored', { ignoreColNames: ['speaker'] }],
    ['no-overall', { enableCER: false, enableWER: false }],
  ];
  for (const [n, seed] of [
    [300, 1],
    [2000, 7],
    [5000, 42],
  ] as const) {
    const rows = realisticRows(n, seed);
    for (const [name, config] of configs) {
      out.push([`rows ${n} seed ${seed} ${name}`, () => run(body(rows, seed, config))]);
      out.push([`rows ${n} seed ${seed} ${name} exotic`, () => run(body(exotic(rows), seed + 1, config))]);
    }
  }
  out.push([
    'metrics-speed body',
    () => {
      const { original, reworked, units } = build();
      const r = computeMetrics(prepare(original, reworked), units, { ...DEFAULT_CONFIG }, createWorkBudget());
      return { scores: r.scores, counts: r.counts, approximateEntries: r.approximateEntries };
    },
  ]);
  out.push([
    'metrics-speed body, small budget',
    () => {
      const { original, reworked, units } = build();
      const r = computeMetrics(prepare(original, reworked), units, { ...DEFAULT_CONFIG }, createWorkBudget(200_000));
      return { scores: r.scores, counts: r.counts, approximateEntries: r.approximateEntries };
    },
  ]);
  return out;
}

function run(request: DiffRequest): unknown {
  const data = runDiff(request);
  return { scores: data.scores, counts: data.counts, approximateEntries: data.meta.approximateEntries };
}

function main(): void {
  const [mode, file] = process.argv.slice(2);
  if ((mode !== '--save' && mode !== '--check') || file === undefined) {
    console.error('usage: metrics-identity.ts --save FILE | --check FILE');
    process.exit(2);
  }
  const results: Record<string, string> = {};
  for (const [name, f] of cases()) results[name] = JSON.stringify(f());
  if (mode === '--save') {
    writeFileSync(file, JSON.stringify(results, null, 1));
    console.log(`saved ${Object.keys(results).length} cases to ${file}`);
    return;
  }
  const saved = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  let failed = 0;
  for (const name of new Set([...Object.keys(saved), ...Object.keys(results)])) {
    if (saved[name] !== results[name]) {
      failed++;
      console.log(`DIFFERENT: ${name}\n  before: ${saved[name]}\n  after:  ${results[name]}`);
    }
  }
  console.log(`${Object.keys(results).length - failed} passed, ${failed} failed`);
  if (failed > 0) process.exit(1);
}

main();
