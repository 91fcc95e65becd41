/**
 * Peer check of `data.analysis` against NIST sclite (Debian's `sctk`: `apt-get install -y sctk`;
 * not run in CI): per-speaker word counts and the top substitution pairs, on the NIST Arabic test
 * pair of shared/eval-data (an STM reference, a CTM hypothesis).
 *
 * One-to-one segments: each CTM word goes to the STM segment of its channel that holds its
 * midpoint, so every reference segment has its hypothesis text, and the engine compares the rows
 * position by position (`positionalMode`). Both tools get the same texts: the engine's own
 * normalisation (D5.3, diacritics and Arabic forms stripped), the STM's optional-word parentheses
 * removed (sclite would let those words go unpunished; the engine has no optional words), and
 * sclite run case-sensitively on `trn` files with one utterance per segment, so that the
 * segmentation is the same too. Differences left are those of the alignments: sclite minimises a
 * weighted cost (substitution 4, insertion and deletion 3), the engine the unit-cost distance
 * with the fewest substitutions (docs/benchmark.md, "Error analysis against sclite").
 *
 * `node dist/scripts/peers/sclite-check.js [--sclite=/usr/lib/sctk/bin/sclite] [--top=15]`
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runDiff } from '../../src/engine/index';
import { normalizeText } from '../../src/engine/normalize';
import type { Row } from '../../src/engine/types';
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

/** sclite's per-speaker counts (the `rsum` report) and confusion pairs (the `dtl` report). */
function runSclite(sclite: string, segments: Segment[], ids: Map<string, string>): { speakers: Map<string, SpeakerLine>; pairs: Array<[string, string, number]> } {
  const dir = mkdtempSync(join(tmpdir(), 'sclite-check-'));
  try {
    const trn = (text: (s: Segment) => string) => segments.map((s, k) => `${text(s)} (${ids.get(s.speaker)}-${String(k).padStart(4, '0')})`).join('\n') + '\n';
    writeFileSync(join(dir, 'ref.trn'), trn((s) => s.reference));
    writeFileSync(join(dir, 'hyp.trn'), trn((s) => s.hypothesis.join(' ')));
    execFileSync(sclite, ['-r', join(dir, 'ref.trn'), 'trn', '-h', join(dir, 'hyp.trn'), 'trn', '-i', 'spu_id', '-e', 'utf-8', '-s', '-o', 'sum', 'rsum', 'dtl', '-O', dir, '-n', 'out'], { stdio: 'pipe' });
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
    rmSync(dir, { recursive: true, force: true });
  }
}

function main(): void {
  const sclite = arg('sclite') ?? '/usr/lib/sctk/bin/sclite';
  const top = Number(arg('top') ?? 15);
  const base = join(EVAL_DATA_DIR, 'nist-sctk-arabic-tests');
  const { segments, unplaced } = readSegments(join(base, 'test.arb2004.txt.stm'), join(base, 'test.arb2004.txt.ctm'));
  const ids = new Map<string, string>();
  for (const s of segments) if (!ids.has(s.speaker)) ids.set(s.speaker, `spk${ids.size}`);

  const row = (s: Segment, text: string): Row => ({ transcript: text, speaker: s.speaker, start_time: s.start, end_time: s.end });
  const data = runDiff({
    original: segments.map((s) => row(s, s.hypothesis.join(' '))),
    reworked: segments.map((s) => row(s, s.reference)),
    config: { enableAnalysis: true, positionalMode: true },
  });
  const analysis = data.analysis!;
  const peer = runSclite(sclite, segments, ids);

  const out: string[] = [];
  out.push(`NIST Arabic test pair: ${segments.length} STM segments, ${unplaced} CTM words outside every segment`);
  out.push(`engine: confusions approximateEntries ${analysis.confusions.approximateEntries}, transcript WER ${(100 * (data.scores.transcriptWER ?? 0)).toFixed(2)} %`);
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
  const ours = new Map(analysis.confusions.substitutions.top.map((s) => [key(s.reference, s.hypothesis), s.count]));
  const theirs = new Map(peer.pairs.map(([r, h, n]) => [key(r, h), n]));
  const shown = [...new Set([...ours.keys()].slice(0, top).concat([...theirs.keys()].slice(0, top)))];
  for (const pair of shown) out.push(`${pair.padEnd(48)} ${String(ours.get(pair) ?? 0).padStart(6)} ${String(theirs.get(pair) ?? 0).padStart(6)}`);
  const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  out.push(`${'all substitutions'.padEnd(48)} ${String(analysis.confusions.substitutions.total).padStart(6)} ${String(total(theirs)).padStart(6)}`);
  process.stdout.write(`${out.join('\n')}\n`);
}

main();
