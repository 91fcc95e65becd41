/**
 * The metric pass against JSON.parse (issue 3's speed bar: on 30,000 realistic row pairs the
 * metric pass should cost about one JSON.parse of the same request body), and the work budget
 * (D7.11) on real and hostile data. Four bodies, each timed in one process, medians of several
 * warm runs, `computeMetrics` alone (the aligner's units computed once beforehand):
 *
 * - `realistic-30k`: the benchmark's body (bodies.ts): human transcripts with synthetic AI errors
 *   (word-level confusions, typos, punctuation, fillers; about 5 % of the characters of a
 *   modified row), the 50/38/4/4/2/2 mix.
 * - `per-character`: 30,000 pairs of 6–12 words from the earnings21 references, 40 % edited at 5 %
 *   of their characters, each edit a separate one-character change (about three times as many
 *   edit sites as word-level errors), 4 % speaker changes, 3 % splits.
 * - `real post-edits`: human drafts against their expert corrections (kallaama: Wolof, Pulaar,
 *   Sereer), the five files repeated up to the 5 MiB body limit.
 * - `budget burner`: 1,400-character rows whose words are shuffled (paired, far apart), up to
 *   5 MiB: the request that exhausts the work budget.
 *
 *   npx ts-node --transpile-only scripts/studies/metrics-speed.ts
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { align } from '../../src/engine/align/row-alignment';
import { assemble } from '../../src/engine/results/entries';
import { createWorkBudget } from '../../src/engine/distance/work-budget';
import { resolveConfig } from '../../src/engine/index';
import { computeMetrics } from '../../src/engine/scoring/scores';
import { prepare as prepareRequest } from '../../src/engine/prepare/prepared-sides';
import { DEFAULT_CONFIG, DiffConfig, DiffRequest } from '../../src/engine/types';
import { ScoringUnit } from '../../src/engine/scoring/unit-counts';
import { Prepared, PreparedSide } from '../../src/engine/prepare/prepared-sides';
import { EVAL_DATA_DIR, loadKallaamaPairs } from '../lib/sources';
import { buildBodies, upToLimit } from '../bench/bodies';

const PAIRS = 30_000;
const RUNS = 9;
const DATA = join(EVAL_DATA_DIR, 'revdotcom-earnings21', 'transcripts', 'nlp_references');

function words(): string[] {
  const out: string[] = [];
  for (const file of readdirSync(DATA).filter((f) => f.endsWith('.nlp')).sort()) {
    const lines = readFileSync(join(DATA, file), 'utf8').split('\n').slice(1);
    for (const line of lines) {
      const cells = line.split('|');
      if (cells[0]) out.push(cells[0] + (cells[4] ?? ''));
    }
  }
  return out;
}

let seed = 20251125;
function rnd(): number {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) / 4294967296;
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
function edit(text: string, density: number): string {
  const out: string[] = [];
  for (const ch of text) {
    if (rnd() >= density) out.push(ch);
    else {
      const op = rnd();
      const letter = LETTERS[Math.floor(rnd() * 26)];
      if (op < 0.5) out.push(letter);
      else if (op < 0.75) out.push(ch, letter);
    }
  }
  return out.join('');
}

interface Row {
  speaker: string;
  transcript: string;
}

function build(): { original: Row[]; reworked: Row[]; units: ScoringUnit[] } {
  const pool = words();
  let at = 0;
  const sentence = (): string => {
    const n = 6 + Math.floor(rnd() * 7);
    const w: string[] = [];
    for (let i = 0; i < n; i++) w.push(pool[at++ % pool.length]);
    return w.join(' ');
  };
  const original: Row[] = [];
  const reworked: Row[] = [];
  const units: ScoringUnit[] = [];
  for (let i = 0; i < PAIRS; i++) {
    const speaker = `spk${Math.floor(i / 7) % 5}`;
    const text = sentence();
    const kind = rnd();
    const o = original.length;
    const r = reworked.length;
    if (kind < 0.5) {
      original.push({ speaker, transcript: text });
      reworked.push({ speaker, transcript: text });
      units.push({ status: 'UNCHANGED', originalIndices: [o], reworkedIndices: [r] });
    } else if (kind < 0.9) {
      original.push({ speaker, transcript: text });
      reworked.push({ speaker, transcript: edit(text, 0.05) });
      units.push({ status: 'MODIFIED', originalIndices: [o], reworkedIndices: [r] });
    } else if (kind < 0.94) {
      original.push({ speaker, transcript: text });
      reworked.push({ speaker: speaker + 'x', transcript: text });
      units.push({ status: 'MODIFIED', originalIndices: [o], reworkedIndices: [r] });
    } else if (kind < 0.97) {
      const cut = text.indexOf(' ', text.length >> 1);
      original.push({ speaker, transcript: text });
      reworked.push({ speaker, transcript: text.slice(0, cut) }, { speaker, transcript: text.slice(cut + 1) });
      units.push({ status: 'SPLIT', originalIndices: [o], reworkedIndices: [r, r + 1] });
    } else if (kind < 0.985) {
      original.push({ speaker, transcript: text });
      units.push({ status: 'DELETED', originalIndices: [o], reworkedIndices: [] });
    } else {
      reworked.push({ speaker, transcript: text });
      units.push({ status: 'ADDED', originalIndices: [], reworkedIndices: [r] });
    }
  }
  return { original, reworked, units };
}

function prepare(original: Row[], reworked: Row[]): Prepared {
  const side = (rows: Row[]): PreparedSide => ({
    rows: rows as unknown as PreparedSide['rows'],
    text: [rows.map((r) => r.transcript), rows.map((r) => r.speaker)],
    sparse: null,
    transcript: rows.map((r) => r.transcript),
    start: new Float64Array(rows.length).fill(NaN),
    end: new Float64Array(rows.length).fill(NaN),
    speaker: rows.map((r) => r.speaker),
  });
  return {
    columns: ['transcript', 'speaker'],
    transcriptCol: 0,
    transcriptName: 'transcript',
    timeCols: [],
    denseCols: [0, 1],
    original: side(original),
    reworked: side(reworked),
    headers: ['speaker', 'transcript'],
  };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1];
}

function ms(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/** What the metric pass sees: the prepared request and the aligner's scoring units. */
interface Case {
  name: string;
  body: string;
  prep: Prepared;
  units: ScoringUnit[];
  config: DiffConfig;
  runs: number;
}

/** A request body through prepare, align and assemble, as runDiff does before its metric pass. */
function fromRequest(name: string, body: string, runs = RUNS): Case {
  const request = JSON.parse(body) as DiffRequest;
  const config = resolveConfig(request.config);
  const prep = prepareRequest(request, config);
  const { units } = assemble(prep, align(prep, config), config);
  return { name, body, prep, units, config, runs };
}

/** Rows of about 1,400 characters of random words, the original the same words shuffled. */
function budgetBurner(): { original: Array<{ transcript: string }>; reworked: Array<{ transcript: string }> }[] {
  const word = () => {
    let w = '';
    const n = 3 + Math.floor(rnd() * 6);
    for (let i = 0; i < n; i++) w += LETTERS[Math.floor(rnd() * 26)];
    return w;
  };
  const groups = [];
  for (let r = 0; r < 2000; r++) {
    const words: string[] = [];
    for (let length = 0; length < 1400; length += words[words.length - 1].length + 1) words.push(word());
    const shuffled = [...words];
    for (let i = shuffled.length - 1; i > 0; i--) {
      const j = Math.floor(rnd() * (i + 1));
      [shuffled[i], shuffled[j]] = [shuffled[j], shuffled[i]];
    }
    groups.push({ original: [{ transcript: shuffled.join(' ') }], reworked: [{ transcript: words.join(' ') }] });
  }
  return groups;
}

function measure(c: Case): void {
  const parseTimes: number[] = [];
  const metricTimes: number[] = [];
  const first = createWorkBudget();
  let result = computeMetrics(c.prep, c.units, c.config, first);
  for (let i = 0; i < c.runs; i++) {
    let t = process.hrtime.bigint();
    JSON.parse(c.body);
    parseTimes.push(ms(t));
    t = process.hrtime.bigint();
    result = computeMetrics(c.prep, c.units, c.config, createWorkBudget());
    metricTimes.push(ms(t));
  }
  const parse = median(parseTimes);
  const metrics = median(metricTimes);
  const rows = `${c.prep.original.rows.length}/${c.prep.reworked.rows.length}`;
  console.log(
    `${c.name.padEnd(16)} | ${rows.padStart(11)} | ${(Buffer.byteLength(c.body) / 1048576).toFixed(2)} MiB | JSON.parse ${parse.toFixed(1).padStart(5)} ms | ` +
      `metrics ${metrics.toFixed(1).padStart(6)} ms | ratio ${(metrics / parse).toFixed(2).padStart(5)} | ` +
      `budget spent ${(first.total - first.remaining).toLocaleString('en-US').padStart(11)} of ${first.total.toLocaleString('en-US')} | approximate entries ${result.approximateEntries}`,
  );
  console.log(`${''.padEnd(16)} | rows ${JSON.stringify(result.counts.rows)} | CER ${result.scores.overallCER?.toFixed(4)} WER ${result.scores.overallWER?.toFixed(4)}`);
}

function main(): void {
  const only = process.argv.slice(2);
  const want = (name: string) => only.length === 0 || only.includes(name);
  console.log(`metric pass (computeMetrics) against JSON.parse of the same body, medians in one process`);
  if (want('realistic-30k')) measure(fromRequest('realistic-30k', buildBodies(1, { only: ['realistic-30k'] }).main[0].json));
  if (want('per-character')) {
    const { original, reworked, units } = build();
    measure({ name: 'per-character', body: JSON.stringify({ original, reworked }), prep: prepare(original, reworked), units, config: { ...DEFAULT_CONFIG }, runs: RUNS });
  }
  if (want('real-post-edits')) measure(fromRequest('real post-edits', upToLimit(loadKallaamaPairs())));
  if (want('budget-burner')) measure(fromRequest('budget burner', upToLimit(budgetBurner()), 3));
}

if (require.main === module) main();
export { build, prepare };
