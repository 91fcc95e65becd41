/**
 * Peer check of `data.analysis` against NIST sclite (Debian's `sctk`: `apt-get install -y sctk`;
 * not run in CI): per-speaker word counts and the top substitution pairs, on a real pair of
 * shared/eval-data with one-to-one segments:
 * - `--pair=nist` (default): the NIST Arabic test pair, an STM reference and a CTM hypothesis;
 *   each CTM word goes to the STM segment of its channel that holds its midpoint;
 * - `--pair=earnings21:FILE_ID[:VENDOR]` (4386541 or 4387332; vendor amazon by default): the human
 *   reference's speaker turns (consecutive tokens of one speaker), timed by the reference RTTM's
 *   turns (the same speaker sequence), against the vendor's timed ASR words, each word going to
 *   the turn that holds its midpoint, or the nearest one; words lower-cased on both sides.
 *
 * The engine compares the segments position by position (`positionalMode`). Both tools get the
 * same texts: the engine's own normalisation (D5.3, diacritics and Arabic forms stripped),
 * optional-word parentheses removed (sclite would let those words go unpunished; the engine has
 * no optional words), and sclite run case-sensitively on `trn` files with one utterance per
 * segment, so that the segmentation is the same too. Differences left are those of the alignments: sclite minimises a
 * weighted cost (substitution 4, insertion and deletion 3), the engine the unit-cost distance
 * with the fewest substitutions (docs/benchmark.md, "Error analysis against sclite").
 *
 * `node dist/scripts/peers/sclite-check.js [--pair=nist|earnings21:4386541[:amazon]] [--sclite=/usr/lib/sctk/bin/sclite] [--top=15] [--keep=DIR]`
 * (`--keep`: sclite's inputs and reports, its alignments (`pralign`) included, stay in DIR).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runDiff } from '../../src/engine/index';
import { normalizeText } from '../../src/engine/prepare/normalize';
import type { Row } from '../../src/engine/types';
import { ConfusionTally } from '../../src/engine/analysis/word-confusions';
import { EVAL_DATA_DIR } from '../lib/sources';

interface Segment {
  channel: string;
  speaker: string;
  start: number;
  end: number;
  reference: string;
  hypothesis: string[];
}

interface SpeakerLine {
  words: number;
  substitutions: number;
  deletions: number;
  insertions: number;
}

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const normalise = (text: string) => normalizeText(text.replace(/[()]/g, ' '), true);

function readSegments(stmPath: string, ctmPath: string): { segments: Segment[]; unplaced: number } {
  const segments: Segment[] = [];
  for (const line of readFileSync(stmPath, 'utf8').split('\n')) {
    if (line.trim() === '' || line.startsWith(';;')) continue;
    const fields = line.trim().split(/\s+/);
    if (fields.length < 5) throw new Error(`${stmPath}: not an STM line: ${line}`);
    const [, channel, speaker, start, end, ...rest] = fields;
    const text = rest[0]?.startsWith('<') ? rest.slice(1) : rest;
    segments.push({ channel, speaker, start: Number(start), end: Number(end), reference: normalise(text.join(' ')), hypothesis: [] });
  }
  let unplaced = 0;
  for (const line of readFileSync(ctmPath, 'utf8').split('\n')) {
    if (line.trim() === '' || line.startsWith(';;')) continue;
    const [, channel, start, duration, word] = line.trim().split(/\s+/);
    const middle = Number(start) + Number(duration) / 2;
    const segment = segments.find((s) => s.channel === channel && s.start <= middle && middle < s.end);
    const text = normalise(word ?? '');
    if (segment === undefined) unplaced++;
    else if (text !== '') segment.hypothesis.push(text);
  }
  return { segments, unplaced };
}

/** Pipe-separated `.nlp` rows (earnings21): the header's columns by name. */
function readNlp(path: string): Array<Record<string, string>> {
  const [header, ...lines] = readFileSync(path, 'utf8').split('\n').filter((l) => l.trim() !== '');
  const names = header.split('|');
  return lines.map((line) => Object.fromEntries(line.split('|').map((v, k) => [names[k], v])));
}

function earningsSegments(fileId: string, vendor: string): { segments: Segment[]; unplaced: number } {
  const base = join(EVAL_DATA_DIR, 'revdotcom-earnings21');
  const words = (text: string) => normalise(text.toLowerCase());
  const segments: Segment[] = [];
  for (const token of readNlp(join(base, 'transcripts', 'nlp_references', `${fileId}.nlp`))) {
    const last = segments[segments.length - 1];
    const text = words(token['token'] ?? '');
    if (last !== undefined && last.speaker === token['speaker']) {
      if (text !== '') last.reference = last.reference === '' ? text : `${last.reference} ${text}`;
    } else segments.push({ channel: '1', speaker: token['speaker'] ?? '', start: NaN, end: NaN, reference: text, hypothesis: [] });
  }
  // RTTM turns in time order, consecutive ones of one speaker merged: one per reference turn.
  const turns = readFileSync(join(base, 'rttms', `${fileId}.rttm`), 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('SPEAKER'))
    .map((l) => l.trim().split(/\s+/))
    .map((f) => ({ start: Number(f[3]), end: Number(f[3]) + Number(f[4]), speaker: f[7] }))
    .sort((a, b) => a.start - b.start);
  const merged: typeof turns = [];
  for (const t of turns) {
    const last = merged[merged.length - 1];
    if (last !== undefined && last.speaker === t.speaker) last.end = Math.max(last.end, t.end);
    else merged.push({ ...t });
  }
  if (merged.length !== segments.length || merged.some((t, k) => t.speaker !== segments[k].speaker)) {
    throw new Error(`earnings21 ${fileId}: the reference's speaker turns and the RTTM's differ; pick 4386541 or 4387332`);
  }
  merged.forEach((t, k) => {
    segments[k].start = t.start;
    segments[k].end = t.end;
  });
  let unplaced = 0;
  for (const token of readNlp(join(base, 'output', vendor, `${fileId}.nlp`))) {
    const middle = (Number(token['ts']) + Number(token['endTs'])) / 2;
    if (!Number.isFinite(middle)) {
      unplaced++;
      continue;
    }
    let best = 0;
    const distance = (s: Segment) => (middle < s.start ? s.start - middle : middle >= s.end ? middle - s.end : 0);
    segments.forEach((s, k) => {
      if (distance(s) < distance(segments[best])) best = k;
    });
    const text = words(token['token'] ?? '');
    if (text !== '') segments[best].hypothesis.push(text);
  }
  return { segments, unplaced };
}

/** sclite's per-speaker counts (the `rsum` report) and confusion pairs (the `dtl` report). */
function runSclite(
  sclite: string,
  segments: Segment[],
  ids: Map<string, string>,
  keep: string | undefined,
): { speakers: Map<string, SpeakerLine>; pairs: Array<[string, string, number]> } {
  const dir = keep ?? mkdtempSync(join(tmpdir(), 'sclite-check-'));
  try {
    const trn = (text: (s: Segment) => string) => segments.map((s, k) => `${text(s)} (${ids.get(s.speaker)}-${String(k).padStart(4, '0')})`).join('\n') + '\n';
    writeFileSync(join(dir, 'ref.trn'), trn((s) => s.reference));
    writeFileSync(join(dir, 'hyp.trn'), trn((s) => s.hypothesis.join(' ')));
    execFileSync(sclite, ['-r', join(dir, 'ref.trn'), 'trn', '-h', join(dir, 'hyp.trn'), 'trn', '-i', 'spu_id', '-e', 'utf-8', '-s', '-o', 'sum', 'rsum', 'dtl', ...(keep === undefined ? [] : ['pralign']), '-O', dir, '-n', 'out'], { stdio: 'pipe' });
    const speakers = new Map<string, SpeakerLine>();
    for (const line of readFileSync(join(dir, 'out.raw'), 'utf8').split('\n')) {
      const m = /^\s*\|\s*(\S+)\s*\|\s*\d+\s+(\d+)\s*\|\s*\d+\s+(\d+)\s+(\d+)\s+(\d+)/.exec(line);
      if (m && m[1] !== 'SPKR' && m[1] !== 'Sum') speakers.set(m[1], { words: Number(m[2]), substitutions: Number(m[3]), deletions: Number(m[4]), insertions: Number(m[5]) });
    }
    const dtl = readFileSync(join(dir, 'out.dtl'), 'utf8');
    const section = dtl.slice(dtl.indexOf('CONFUSION PAIRS'), dtl.indexOf('INSERTIONS'));
    const pairs: Array<[string, string, number]> = [];
    for (const m of section.matchAll(/^\s*\d+:\s+(\d+)\s+->\s+(.*?) ==> (.*)$/gm)) pairs.push([m[2], m[3].trim(), Number(m[1])]);
    return { speakers, pairs };
  } finally {
    if (keep === undefined) rmSync(dir, { recursive: true, force: true });
  }
}

/** Every substitution pair of the engine's alignment of the segments (ConfusionTally, unlimited). */
function allSubstitutions(segments: Segment[]): Array<{ reference: string; hypothesis: string; count: number }> {
  const tally = new ConfusionTally(Number.MAX_SAFE_INTEGER);
  for (const s of segments) {
    const data = runDiff({
      original: [{ transcript: s.hypothesis.join(' ') }],
      reworked: [{ transcript: s.reference }],
      config: { enableAnalysis: true, positionalMode: true },
    });
    const counted = data.results[0].transcriptCounts!.word;
    tally.addUnit(s.reference, s.hypothesis.join(' '), counted, data.meta.approximateEntries > 0);
  }
  return tally.result().substitutions.top;
}

function main(): void {
  const sclite = arg('sclite') ?? '/usr/lib/sctk/bin/sclite';
  const top = Number(arg('top') ?? 15);
  const pair = arg('pair') ?? 'nist';
  const [source, fileId, vendor] = pair.split(':');
  let read: { segments: Segment[]; unplaced: number };
  if (source === 'nist') {
    const base = join(EVAL_DATA_DIR, 'nist-sctk-arabic-tests');
    read = readSegments(join(base, 'test.arb2004.txt.stm'), join(base, 'test.arb2004.txt.ctm'));
  } else if (source === 'earnings21' && fileId !== undefined) {
    read = earningsSegments(fileId, vendor ?? 'amazon');
  } else {
    throw new Error(`--pair=${pair}: expected nist or earnings21:FILE_ID[:VENDOR]`);
  }
  const { segments, unplaced } = read;
  const ids = new Map<string, string>();
  for (const s of segments) if (!ids.has(s.speaker)) ids.set(s.speaker, `spk${ids.size}`);

  const row = (s: Segment, text: string): Row => ({ transcript: text, speaker: s.speaker, start_time: s.start, end_time: s.end });
  const data = runDiff({
    original: segments.map((s) => row(s, s.hypothesis.join(' '))),
    reworked: segments.map((s) => row(s, s.reference)),
    config: { enableAnalysis: true, positionalMode: true },
  });
  const analysis = data.analysis!;
  const peer = runSclite(sclite, segments, ids, arg('keep'));

  const out: string[] = [];
  out.push(`${pair}: ${segments.length} reference segments, ${unplaced} hypothesis words without a time or a segment`);
  out.push(
    `engine: meta.approximateEntries ${data.meta.approximateEntries}, confusions.approximateEntries ${analysis.confusions.approximateEntries}, transcript WER ${(100 * (data.scores.transcriptWER ?? 0)).toFixed(2)} %`,
  );
  out.push('', 'speaker (sclite id)                      words        S           D           I');
  out.push('                                      engine sclite engine sclite engine sclite engine sclite');
  for (const s of analysis.speakers) {
    const id = s.speaker === null ? '' : (ids.get(s.speaker) ?? '');
    const p = peer.speakers.get(id);
    const cells = [
      [s.word.referenceLength, p?.words],
      [s.word.substitutions, p?.substitutions],
      [s.word.deletions, p?.deletions],
      [s.word.insertions, p?.insertions],
    ].map(([a, b]) => `${String(a).padStart(6)} ${String(b ?? '-').padStart(6)}`);
    out.push(`${`${s.speaker ?? '(none)'} (${id})`.padEnd(36)} ${cells.join(' ')}`);
  }
  out.push('', `top substitutions (reference ==> hypothesis)     engine sclite`);
  const key = (r: string, h: string) => `${r} ==> ${h}`;
  // Every pair, not only the top 50: the same analysis with a top list as long as the pairs.
  const ours = new Map(allSubstitutions(segments).map((s) => [key(s.reference, s.hypothesis), s.count]));
  const theirs = new Map(peer.pairs.map(([r, h, n]) => [key(r, h), n]));
  const shown = [...new Set([...ours.keys()].slice(0, top).concat([...theirs.keys()].slice(0, top)))];
  for (const pair of shown) out.push(`${pair.padEnd(48)} ${String(ours.get(pair) ?? 0).padStart(6)} ${String(theirs.get(pair) ?? 0).padStart(6)}`);
  const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  out.push(`${'all substitutions'.padEnd(48)} ${String(analysis.confusions.substitutions.total).padStart(6)} ${String(total(theirs)).padStart(6)}`);
  const differing = [...new Set([...ours.keys(), ...theirs.keys()])].filter((p) => (ours.get(p) ?? 0) !== (theirs.get(p) ?? 0)).sort();
  out.push('', `pairs counted differently: ${differing.length}`);
  for (const pair of differing) out.push(`${pair.padEnd(48)} ${String(ours.get(pair) ?? 0).padStart(6)} ${String(theirs.get(pair) ?? 0).padStart(6)}`);
  process.stdout.write(`${out.join('\n')}\n`);
}

main();
