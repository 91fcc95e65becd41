/**
 * Metric pass vs JSON.parse on 30,000 realistic row pairs (issue 3's speed bar: the metric pass
 * should cost about one JSON.parse of the same request body).
 *
 * Rows are consecutive runs of 6–12 words from the earnings21 reference transcripts; the
 * reworked side keeps ~50 % of rows identical, edits ~40 % at ~5 % of their characters, changes
 * the speaker of ~4 %, splits ~3 % in two and adds/deletes the rest. Both timings are medians of
 * several warm runs in the same process.
 *
 *   npx ts-node --transpile-only scripts/bench/metrics-speed.ts
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { computeMetrics } from '../../src/engine/metrics';
import { createWorkBudget } from '../../src/engine/edit-distance';
import { DEFAULT_CONFIG, Prepared, PreparedSide, ScoringUnit } from '../../src/engine/types';

const PAIRS = 30_000;
const RUNS = 9;
const DATA = join(__dirname, '..', '..', '..', 'shared', 'eval-data', 'revdotcom-earnings21', 'transcripts', 'nlp_references');

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

function main(): void {
  const { original, reworked, units } = build();
  const body = JSON.stringify({ original, reworked });
  const prep = prepare(original, reworked);
  const parseTimes: number[] = [];
  const metricTimes: number[] = [];
  const firstBudget = createWorkBudget();
  let result = computeMetrics(prep, units, { ...DEFAULT_CONFIG }, firstBudget);
  for (let i = 0; i < RUNS; i++) {
    let t = process.hrtime.bigint();
    JSON.parse(body);
    parseTimes.push(ms(t));
    t = process.hrtime.bigint();
    result = computeMetrics(prep, units, { ...DEFAULT_CONFIG }, createWorkBudget());
    metricTimes.push(ms(t));
  }
  const parse = median(parseTimes);
  const metrics = median(metricTimes);
  console.log(`rows: ${original.length} original, ${reworked.length} reworked; body ${(Buffer.byteLength(body) / 1048576).toFixed(2)} MiB`);
  console.log(`statuses: ${JSON.stringify(result.counts.rows)}`);
  console.log(`JSON.parse (median of ${RUNS}): ${parse.toFixed(1)} ms`);
  console.log(`computeMetrics (median of ${RUNS}): ${metrics.toFixed(1)} ms`);
  console.log(`ratio metrics / JSON.parse: ${(metrics / parse).toFixed(2)}`);
  console.log(`scores: ${JSON.stringify(result.scores)}`);
  console.log(`approximateEntries: ${result.approximateEntries}`);
  console.log(`work budget spent: ${firstBudget.total - firstBudget.remaining} of ${firstBudget.total} units`);
}

if (require.main === module) main();
export { build, prepare };
