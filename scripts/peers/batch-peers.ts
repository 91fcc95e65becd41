/**
 * `transcript-diff batch` beside two peers on the same sample of pairs: NIST sclite (Debian's
 * sctk, trn input) and a plain python-Levenshtein scorer (levenshtein_wer.py). The sample is the
 * first N pairs of a batch-corpus.ts corpus with text edits only (rows one to one, no split,
 * merge, added or deleted row), the pairs a segment-blind scorer scores the way we do.
 *
 * For each tool: pairs per second on one core (ours with --jobs 1: one worker thread; sclite and
 * Python are single-threaded), median of three runs; then our pooled transcript word counts
 * against sclite's, in total and per pair, with every pair whose counts differ listed. All three
 * see the same text: our adapters read the files and our normalisation (NFC, whitespace, combining
 * marks removed) writes the trn files; sclite runs case-sensitive (-s).
 *
 *   npm run build && node dist/scripts/peers/batch-peers.js CORPUS_DIR [N=50]
 *   (apt-get install -y sctk python3-levenshtein)
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { normalizeText } from '../../src/engine/prepare/normalize';
import { readTranscript } from '../../src/formats/index';
import type { Summary } from '../../src/batch/summary';
import type { ScoredRecord } from '../../src/batch/pair-record';

const ROOT = join(__dirname, '..', '..', '..');
const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');
const SCLITE = '/usr/lib/sctk/bin/sclite';
const PYTHON = '/usr/bin/python3';
const LEVENSHTEIN = join(ROOT, 'scripts', 'peers', 'levenshtein_wer.py');

interface Entry {
  id: string;
  original: string;
  reworked: string;
}

interface Counts {
  S: number;
  D: number;
  I: number;
  N: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function sample(corpus: string, n: number): Entry[] {
  const lines = readFileSync(join(corpus, 'manifest.csv'), 'utf8').trimEnd().split('\n');
  const header = lines[0]!.split(',');
  const col = (name: string) => header.indexOf(name);
  return lines
    .slice(1)
    .map((l) => l.split(','))
    .filter((cells) => cells[col('edits')] === 'text-only')
    .slice(0, n)
    .map((cells) => ({ id: cells[col('id')]!, original: cells[col('original')]!, reworked: cells[col('reworked')]! }));
}

function rowsOf(path: string): string[] {
  return readTranscript(path, readFileSync(path)).rows.map((r) => normalizeText(r.transcript, true));
}

/** ref.trn and hyp.trn: one utterance a row, `(pairid_row)` so that sclite's speaker is the pair. */
function writeTrn(corpus: string, entries: Entry[], dir: string): void {
  const ref: string[] = [];
  const hyp: string[] = [];
  for (const e of entries) {
    const h = rowsOf(join(corpus, e.original));
    const r = rowsOf(join(corpus, e.reworked));
    if (h.length !== r.length) throw new Error(`${e.id}: ${h.length} rows against ${r.length}: not one to one`);
    r.forEach((text, k) => {
      // sclite reads "(" as the start of the id: a transcript's own parentheses would cut it.
      if (/[()]/.test(text) || /[()]/.test(h[k]!)) throw new Error(`${e.id} row ${k + 1}: parentheses in the text`);
      ref.push(`${text} (${e.id}_${String(k).padStart(4, '0')})`);
      hyp.push(`${h[k]} (${e.id}_${String(k).padStart(4, '0')})`);
    });
  }
  writeFileSync(join(dir, 'ref.trn'), `${ref.join('\n')}\n`);
  writeFileSync(join(dir, 'hyp.trn'), `${hyp.join('\n')}\n`);
}

/** sclite's raw summary by speaker (= pair): Sub, Del, Ins and #Wrd per pair, and the Sum line. */
function runSclite(dir: string): { seconds: number; total: Counts; perPair: Map<string, Counts> } {
  const started = performance.now();
  const out = execFileSync(SCLITE, ['-r', join(dir, 'ref.trn'), 'trn', '-h', join(dir, 'hyp.trn'), 'trn', '-i', 'spu_id', '-s', '-e', 'utf-8', '-o', 'rsum', 'stdout'], { encoding: 'utf8', maxBuffer: 64 << 20 });
  const seconds = (performance.now() - started) / 1000;
  const perPair = new Map<string, Counts>();
  let total: Counts | null = null;
  for (const line of out.split('\n')) {
    const m = /^\s*\|\s*(\S+)\s*\|\s*(\d+)\s+(\d+)\s*\|\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\|/.exec(line);
    if (!m) continue;
    const counts = { N: Number(m[3]), S: Number(m[5]), D: Number(m[6]), I: Number(m[7]) };
    if (m[1] === 'Sum') total = counts;
    else perPair.set(m[1]!, counts);
  }
  if (total === null) throw new Error(`no Sum line in sclite's output:\n${out}`);
  return { seconds, total, perPair };
}

function runOurs(manifest: string, out: string, pairs: number): { seconds: number; records: ScoredRecord[]; summary: Summary } {
  rmSync(out, { recursive: true, force: true });
  const run = spawnSync(process.execPath, [CLI, 'batch', manifest, '--out', out, '--jobs', '1', '--bootstrap', '0'], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`batch exited ${run.status}: ${run.stderr}`);
  const m = /(\d+) pairs run in ([\d.]+) s/.exec(run.stdout);
  if (!m || Number(m[1]) !== pairs) throw new Error('batch did not report its pairs');
  const records = readFileSync(join(out, 'pairs.jsonl'), 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l) as ScoredRecord);
  return { seconds: Number(m[2]), records, summary: JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as Summary };
}

function main(): void {
  const corpus = process.argv[2];
  const n = Number(process.argv[3] ?? 50);
  if (!corpus) throw new Error('usage: batch-peers.js CORPUS_DIR [N]');
  const dir = join(corpus, 'peers');
  mkdirSync(dir, { recursive: true });
  const entries = sample(corpus, n);
  const manifest = join(corpus, 'peers-manifest.csv');
  writeFileSync(manifest, `id,original,reworked\n${entries.map((e) => `${e.id},${e.original},${e.reworked}`).join('\n')}\n`);
  writeTrn(corpus, entries, dir);
  const log = (text: string) => process.stdout.write(`${text}\n`);

  const ours = [0, 1, 2].map(() => runOurs(manifest, join(dir, 'out'), entries.length));
  const sclite = [0, 1, 2].map(() => runSclite(dir));
  const python = [0, 1, 2].map(() => JSON.parse(execFileSync(PYTHON, [LEVENSHTEIN, manifest], { encoding: 'utf8' })) as Counts & { seconds: number; perPair: Record<string, number> });

  log(`${entries.length} text-only pairs, ${sclite[0]!.total.N} reference words`);
  log(`pairs/s on one core (median of 3): transcript-diff ${(entries.length / median(ours.map((o) => o.seconds))).toFixed(0)}, sclite ${(entries.length / median(sclite.map((s) => s.seconds))).toFixed(0)} (trn already written), python-Levenshtein ${(entries.length / median(python.map((p) => p.seconds))).toFixed(0)}`);

  const { records, summary } = ours[0]!;
  const w = summary.corpus.totals.counts.transcriptWord;
  const s = sclite[0]!.total;
  const p = python[0]!;
  const werOf = (c: Counts) => ((100 * (c.S + c.D + c.I)) / c.N).toFixed(3);
  log(`pooled transcript WER: ours ${werOf({ S: w.substitutions, D: w.deletions, I: w.insertions, N: w.referenceLength })} % (S ${w.substitutions} D ${w.deletions} I ${w.insertions} N ${w.referenceLength}), sclite ${werOf(s)} % (S ${s.S} D ${s.D} I ${s.I} N ${s.N}), python ${werOf(p)} % (S ${p.S} D ${p.D} I ${p.I} N ${p.N})`);
  log(`segment events in the sample: ${summary.corpus.totals.counts.segmentEvents}; statuses ${JSON.stringify(summary.corpus.totals.counts.rows)}`);
  for (const r of records) {
    const c = sclite[0]!.perPair.get(r.id);
    const t = r.counts.transcriptWord;
    const ourErrors = t.substitutions + t.deletions + t.insertions;
    if (!c || c.S + c.D + c.I !== ourErrors || c.N !== t.referenceLength || c.S !== t.substitutions) {
      log(`  ${r.id}: ours S ${t.substitutions} D ${t.deletions} I ${t.insertions} N ${t.referenceLength}; sclite ${c ? `S ${c.S} D ${c.D} I ${c.I} N ${c.N}` : 'missing'}; python errors ${p.perPair[r.id]}`);
    }
  }
}

main();
