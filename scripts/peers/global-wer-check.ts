/**
 * Does transcriptWER depend on where the rows were cut? It compares, on real pairs of
 * shared/eval-data, the engine's `transcriptWER` (default config, with and without times) with
 * the WER of one global word alignment of each side's whole text (as `jiwer -g` computes it: all
 * rows joined, the same tokens the engine counts: its normalised transcript split on spaces), and
 * with sclite's on the same two texts where Debian's `sctk` is installed.
 *
 * Pairs: lattifai (four machine subtitle files against the ground truth), kallaama (five human
 * drafts against their expert corrections), earnings21 (four vendors' ASR words against the human
 * reference, rows grouped by scripts/lib/sources.ts parseNlp, and the same ASR words as one
 * unsegmented row).
 *
 * `node dist/scripts/peers/global-wer-check.js [--only=NAME] [--sclite=PATH] [--tolerance=0.01] [--normalize=PROFILE]`
 * prints a Markdown table (`--normalize`: the engine runs under that `config.normalization`, and
 * the global alignment's tokens are the profile's text of each row); it exits 1 when the engine and the global alignment differ by more than
 * the tolerance (one percentage point by default) on any pair.
 *
 * `--recut` instead cuts each pair's draft anew, the same words in the same order: one row for
 * everything, a row a sentence, a row a word, random cuts (seeded), times spread over each row in
 * proportion to its characters; and the reworked side a row a sentence. It prints the word errors
 * (S + D + I) of each, and exits 1 when one moves by more than 1 % of the reference words.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NORMALIZATION_NAMES, normalizeText, runDiff, type NormalizationName, type Row } from '../../src/engine/index';
import { normalizationProfile } from '../../src/engine/prepare/normalization-profiles';
import { engineWords, wordDistance } from '../lib/global-alignment';
import { loadEarningsPairs, loadKallaamaPairs, loadLattifaiPairs, type EvalRow, type RealPair } from '../lib/sources';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const PROFILE = (arg('normalize') ?? 'none') as NormalizationName;
if (!NORMALIZATION_NAMES.includes(PROFILE)) throw new Error(`--normalize must be one of ${NORMALIZATION_NAMES.join(', ')}, not ${PROFILE}`);
const profileText = normalizationProfile(PROFILE).apply ?? ((text: string) => text);
const tokens = (rows: readonly EvalRow[]) => engineWords(rows, profileText);

/** sclite's WER on the two whole texts as one utterance each, or null without sclite. */
function scliteWer(ref: readonly string[], hyp: readonly string[], sclite: string | null): number | null {
  if (sclite === null) return null;
  const dir = mkdtempSync(join(tmpdir(), 'global-wer-'));
  try {
    writeFileSync(join(dir, 'ref.trn'), `${ref.join(' ')} (spk_all)\n`);
    writeFileSync(join(dir, 'hyp.trn'), `${hyp.join(' ')} (spk_all)\n`);
    const report = execFileSync(sclite, ['-r', join(dir, 'ref.trn'), 'trn', '-h', join(dir, 'hyp.trn'), 'trn', '-i', 'spu_id', '-s', '-o', 'sum', 'stdout'], { encoding: 'utf8', maxBuffer: 1 << 26 });
    const line = report.split('\n').find((l) => /\|\s*Sum\/Avg\s*\|/.test(l));
    const cells = line?.split('|').map((c) => c.trim()).filter((c) => c !== '');
    // | Sum/Avg | #Snt #Wrd | Corr Sub Del Ins Err S.Err |
    const numbers = cells?.[2]?.split(/\s+/).map(Number);
    return numbers && numbers.length >= 5 ? numbers[4] / 100 : null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function withoutTimes(rows: readonly EvalRow[]): Row[] {
  return rows.map(({ transcript, speaker }) => (speaker === undefined ? { transcript } : { transcript, speaker }));
}

function engineWer(original: Row[], reworked: Row[]): number {
  const { transcriptWord: c } = runDiff({ original, reworked, config: { normalization: PROFILE } }).counts;
  return (c.substitutions + c.deletions + c.insertions) / c.referenceLength;
}

const pct = (x: number | null) => (x === null ? '–' : `${(100 * x).toFixed(1)} %`);

interface TimedWord {
  word: string;
  start: number;
  end: number;
}

/** Each word of the rows (the engine's tokens) with a time spread over its row by characters. */
function timedWords(rows: readonly EvalRow[]): TimedWord[] {
  const out: TimedWord[] = [];
  for (const row of rows) {
    const text = normalizeText(row.transcript, true);
    if (text === '') continue;
    const timed = row.start_time !== undefined && row.end_time !== undefined;
    const at = (offset: number) => (timed ? (row.start_time as number) + (((row.end_time as number) - (row.start_time as number)) * offset) / text.length : NaN);
    let offset = 0;
    for (const word of text.split(' ')) {
      out.push({ word, start: at(offset), end: at(offset + word.length) });
      offset += word.length + 1;
    }
  }
  return out;
}

/** The words cut into rows before each index of `cuts`. */
function cutRows(words: readonly TimedWord[], cuts: readonly number[]): Row[] {
  const rows: Row[] = [];
  let from = 0;
  for (const to of [...cuts, words.length]) {
    if (to <= from) continue;
    const part = words.slice(from, to);
    const row: Row = { transcript: part.map((w) => w.word).join(' ') };
    if (!Number.isNaN(part[0].start)) {
      row.start_time = part[0].start;
      row.end_time = part[part.length - 1].end;
    }
    rows.push(row);
    from = to;
  }
  return rows;
}

function errorsOf(original: Row[], reworked: Row[]): { errors: number; reference: number; segER: number | null } {
  const data = runDiff({ original, reworked });
  const c = data.counts.transcriptWord;
  return { errors: c.substitutions + c.deletions + c.insertions, reference: c.referenceLength, segER: data.scores.SegER };
}

function recut(pairs: RealPair[]): void {
  console.log('| pair | as given | one row | a row a sentence | a row a word | random cuts | reworked a row a sentence (SegER as given → cut) | largest move |');
  console.log('|---|---|---|---|---|---|---|---|');
  let worst = 0;
  for (const pair of pairs) {
    const original = pair.original as unknown as Row[];
    const reworked = pair.reworked as unknown as Row[];
    const base = errorsOf(original, reworked);
    const words = timedWords(pair.original);
    let seed = 7;
    const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff) / 0x7fffffff);
    const schemes: number[][] = [
      [],
      words.flatMap((w, i) => (/[.?!]$/.test(w.word) ? [i + 1] : [])),
      words.map((_, i) => i + 1),
      words.flatMap((_, i) => (random() < 0.08 ? [i + 1] : [])),
    ];
    const counts = schemes.map((cuts) => errorsOf(cutRows(words, cuts), reworked).errors);
    const refWords = timedWords(pair.reworked);
    const refCut = errorsOf(original, cutRows(refWords, refWords.flatMap((w, i) => (/[.?!]$/.test(w.word) ? [i + 1] : []))));
    const move = Math.max(...[...counts, refCut.errors].map((e) => Math.abs(e - base.errors))) / base.reference;
    worst = Math.max(worst, move);
    const seg = (x: number | null) => (x === null ? '–' : x.toFixed(3));
    console.log(`| ${pair.name} | ${base.errors} | ${counts.join(' | ')} | ${refCut.errors} (${seg(base.segER)} → ${seg(refCut.segER)}) | ${(100 * move).toFixed(2)} % |`);
  }
  console.log(`\nlargest move: ${(100 * worst).toFixed(2)} % of the reference words (bound 1 %)`);
  if (worst > 0.01) process.exitCode = 1;
}

function main(): void {
  const only = arg('only');
  const tolerance = Number(arg('tolerance') ?? '0.01');
  const scliteFlag = arg('sclite');
  const sclite = scliteFlag ?? (existsSync("/usr/lib/sctk/bin/sclite") ? "/usr/lib/sctk/bin/sclite" : null);
  const pairs = [
    ...loadLattifaiPairs().map((p) => ({ ...p, name: `lattifai ${p.name}` })),
    ...loadKallaamaPairs().map((p) => ({ ...p, name: `kallaama ${p.name}` })),
    ...loadEarningsPairs(),
  ].filter((p) => only === undefined || p.name.includes(only));
  if (process.argv.includes('--recut')) return recut(pairs);
  console.log('| pair | rows o/r | reference words | global alignment | transcriptWER with times | without times | sclite (whole text) |');
  console.log('|---|---|---|---|---|---|---|');
  let worst = 0;
  for (const pair of pairs) {
    const ref = tokens(pair.reworked);
    const hyp = tokens(pair.original);
    const global = wordDistance(ref, hyp) / ref.length;
    const timed = engineWer(pair.original as unknown as Row[], pair.reworked as unknown as Row[]);
    const untimed = engineWer(withoutTimes(pair.original), withoutTimes(pair.reworked));
    worst = Math.max(worst, Math.abs(timed - global), Math.abs(untimed - global));
    console.log(`| ${pair.name} | ${pair.original.length}/${pair.reworked.length} | ${ref.length} | ${pct(global)} | ${pct(timed)} | ${pct(untimed)} | ${pct(scliteWer(ref, hyp, sclite))} |`);
  }
  console.log(`\nlargest difference from the global alignment: ${(100 * worst).toFixed(2)} points (tolerance ${(100 * tolerance).toFixed(2)})`);
  if (worst > tolerance) process.exitCode = 1;
}

main();
