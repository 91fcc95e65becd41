/**
 * A corpus of realistic file pairs for `transcript-diff batch`: gold rows from the human
 * transcripts in ../shared/eval-data (realisticRows, cut to subtitle-length segments), post-edits
 * synthesised with the benchmark's 50/38/4/4/2/2 mix, written as files in three formats (JSON
 * rows, SubRip, NIST STM) with a manifest.csv of tags (annotator, week, edits).
 *
 * One pair in four has text edits only (no split, merge, added or deleted row, no identical-row
 * runs): `edits=text-only`. Those are the pairs a segment-blind scorer such as sclite can score
 * the same way (scripts/peers/).
 *
 *   npx ts-node --transpile-only scripts/studies/batch-corpus.ts DIR [PAIRS=2000] [SEED=1]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createPrng } from '../lib/prng';
import type { EvalRow } from '../lib/sources';
import { BENCHMARK_RATES, realisticRows, synthesizePostEdit } from '../lib/synthetic';
import { resegment } from '../bench/bodies';

export type CorpusFormat = 'json' | 'srt' | 'stm';
const FORMATS: readonly CorpusFormat[] = ['json', 'srt', 'stm'];
/** Segments of at most this many words: the length of ASR segments and subtitles. */
const MAX_WORDS = 16;
/** Rows of a file, drawn log-uniformly: a short call to an hour-long recording. */
const MIN_ROWS = 20;
const MAX_ROWS = 600;
const TEXT_ONLY_SHARE = 0.25;

function clock(seconds: number, separator: string): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(Math.floor(ms / 3600000))}:${pad(Math.floor(ms / 60000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}${separator}${pad(ms % 1000, 3)}`;
}

/** SubRip keeps no speakers; STM needs one a segment (`unknown` when a row has none) and a file id. */
export function renderRows(rows: EvalRow[], format: CorpusFormat, fileId: string): string {
  if (format === 'json') return JSON.stringify(rows);
  if (format === 'srt') return rows.map((r, i) => `${i + 1}\n${clock(r.start_time ?? 0, ',')} --> ${clock(r.end_time ?? 0, ',')}\n${r.transcript}\n`).join('\n');
  return `${rows.map((r) => `${fileId} 1 ${(r.speaker ?? 'unknown').replace(/\s+/g, '_')} ${(r.start_time ?? 0).toFixed(3)} ${(r.end_time ?? 0).toFixed(3)} ${r.transcript}`).join('\n')}\n`;
}

export interface CorpusEntry {
  id: string;
  original: string;
  reworked: string;
  format: CorpusFormat;
  textOnly: boolean;
  annotator: string;
  week: string;
}

/** Speaker labels such as `earnings21/4384683 speaker 2` become `S1`, `S2`… in a file's order of appearance. */
function fileSpeakers(rows: EvalRow[]): EvalRow[] {
  const ids = new Map<string, string>();
  return rows.map((row) => {
    if (row.speaker === undefined) return row;
    let id = ids.get(row.speaker);
    if (id === undefined) ids.set(row.speaker, (id = `S${ids.size + 1}`));
    return { ...row, speaker: id };
  });
}

/** Writes `pairs` pairs and DIR/manifest.csv; returns the entries. */
export function writeCorpus(dir: string, pairs: number, seed = 1): CorpusEntry[] {
  mkdirSync(join(dir, 'files'), { recursive: true });
  const prng = createPrng(seed);
  const sizes = Array.from({ length: pairs }, () => Math.round(Math.exp(prng.range(Math.log(MIN_ROWS), Math.log(MAX_ROWS)))));
  // One stream of segments, cut into consecutive files, so that files do not all open with the
  // same sentences; realisticRows keeps rows unique past the first pass over the source text.
  const need = sizes.reduce((s, n) => s + n, 0);
  let stream: EvalRow[] = [];
  for (let sourceRows = Math.ceil(need / 2); stream.length < need; sourceRows = Math.ceil(sourceRows * 1.5)) {
    stream = resegment(realisticRows(sourceRows, seed), MAX_WORDS);
  }
  let at = 0;
  const entries: CorpusEntry[] = [];
  for (let i = 0; i < pairs; i++) {
    const rows = sizes[i]!;
    const segment = stream.slice(at, at + rows);
    at += rows;
    // Each file's clock starts near zero.
    const t0 = segment[0]?.start_time ?? 0;
    const gold = fileSpeakers(segment.map((r) => ({ ...r, start_time: Math.round(((r.start_time ?? t0) - t0) * 1000) / 1000, end_time: Math.round(((r.end_time ?? t0) - t0) * 1000) / 1000 })));
    const textOnly = prng.chance(TEXT_ONLY_SHARE);
    const pair = synthesizePostEdit(gold, {
      seed: seed * 104729 + i,
      rates: textOnly ? { unchanged: 0.5, modified: 0.5, split: 0, merged: 0, added: 0, deleted: 0 } : BENCHMARK_RATES,
      identicalRunRate: textOnly ? 0 : undefined,
      synthesizeTimes: true,
    });
    const format = FORMATS[i % FORMATS.length]!;
    const id = `p${String(i).padStart(5, '0')}`;
    const entry: CorpusEntry = {
      id,
      original: `files/${id}.asr.${format}`,
      reworked: `files/${id}.edited.${format}`,
      format,
      textOnly,
      annotator: `ann${(i * 7) % 5}`,
      week: `w${1 + (i % 4)}`,
    };
    // A nudge can move a first row's start before zero; no file format allows that.
    const clamp = (rows: EvalRow[]) => rows.map((r) => ({ ...r, start_time: Math.max(0, r.start_time ?? 0), end_time: Math.max(0, r.end_time ?? 0) }));
    writeFileSync(join(dir, entry.original), renderRows(clamp(pair.original), format, id));
    writeFileSync(join(dir, entry.reworked), renderRows(clamp(pair.reworked), format, id));
    entries.push(entry);
  }
  const lines = ['id,original,reworked,annotator,week,edits', ...entries.map((e) => [e.id, e.original, e.reworked, e.annotator, e.week, e.textOnly ? 'text-only' : 'structural'].join(','))];
  writeFileSync(join(dir, 'manifest.csv'), `${lines.join('\n')}\n`);
  return entries;
}

if (require.main === module) {
  const [dir, pairs = '2000', seed = '1'] = process.argv.slice(2);
  if (!dir) {
    process.stderr.write('usage: batch-corpus.ts DIR [PAIRS] [SEED]\n');
    process.exit(2);
  }
  const started = performance.now();
  const entries = writeCorpus(dir, Number(pairs), Number(seed));
  process.stdout.write(`${entries.length} pairs (${entries.filter((e) => e.textOnly).length} text-only) written to ${dir} in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
}
