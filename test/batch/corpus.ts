/**
 * Small corpora on disk for the batch tests: pairs of transcripts with known kinds of edits,
 * written in several formats, and a manifest listing them.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseRecordLine, type PairRecord } from '../../src/batch/pair-record';

const WORDS = ['the', 'meeting', 'starts', 'at', 'nine', 'please', 'bring', 'your', 'notes', 'and', 'coffee', 'we', 'will', 'review', 'budget', 'plans', 'for', 'next', 'quarter', 'today'];

/** A deterministic generator (mulberry32), so a corpus is the same on every run. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Line {
  text: string;
  speaker: string;
  start: number;
  end: number;
}

/** The reworked (reference) side, and the original as an ASR draft of it: a few words changed, dropped or added. */
function pairLines(seed: number, rows: number): { reworked: Line[]; original: Line[] } {
  const random = generator(seed);
  const pick = () => WORDS[Math.floor(random() * WORDS.length)]!;
  const reworked: Line[] = [];
  const original: Line[] = [];
  for (let i = 0; i < rows; i++) {
    const words = Array.from({ length: 4 + Math.floor(random() * 8) }, pick);
    const draft = words.flatMap((w) => {
      const r = random();
      if (r < 0.06) return [pick()];
      if (r < 0.09) return [];
      if (r < 0.12) return [w, pick()];
      return [w];
    });
    const speaker = `spk${Math.floor(random() * 2)}`;
    const line = { start: i * 3, end: i * 3 + 2.5, speaker };
    reworked.push({ ...line, text: words.join(' ') });
    original.push({ ...line, text: draft.length > 0 ? draft.join(' ') : pick(), speaker: random() < 0.1 ? 'spk9' : speaker });
  }
  return { reworked, original };
}

function time(seconds: number, separator: string): string {
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(Math.floor(ms / 3600000))}:${pad(Math.floor(ms / 60000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}${separator}${pad(ms % 1000, 3)}`;
}

export type CorpusFormat = 'json' | 'srt' | 'stm';

function render(lines: Line[], format: CorpusFormat): string {
  if (format === 'json') return JSON.stringify(lines.map((l) => ({ transcript: l.text, speaker: l.speaker, start_time: l.start, end_time: l.end })));
  if (format === 'srt') return lines.map((l, i) => `${i + 1}\n${time(l.start, ',')} --> ${time(l.end, ',')}\n${l.text}\n`).join('\n');
  return lines.map((l) => `rec 1 ${l.speaker} ${l.start.toFixed(2)} ${l.end.toFixed(2)} ${l.text}`).join('\n') + '\n';
}

export interface CorpusPair {
  id: string;
  original: string;
  reworked: string;
  tags: Record<string, string>;
}

/** Writes `count` pairs under `dir` (formats in turn, tags `annotator` a/b/c and `provider` x/y) and returns their manifest entries. */
export function writePairs(dir: string, count: number, rows = 8, seed = 1): CorpusPair[] {
  mkdirSync(join(dir, 'files'), { recursive: true });
  const formats: CorpusFormat[] = ['json', 'srt', 'stm'];
  const pairs: CorpusPair[] = [];
  for (let i = 0; i < count; i++) {
    const format = formats[i % formats.length]!;
    const { original, reworked } = pairLines(seed * 100003 + i, rows);
    const id = `pair-${String(i).padStart(3, '0')}`;
    writeFileSync(join(dir, 'files', `${id}.asr.${format}`), render(original, format));
    writeFileSync(join(dir, 'files', `${id}.edit.${format}`), render(reworked, format));
    pairs.push({ id, original: `files/${id}.asr.${format}`, reworked: `files/${id}.edit.${format}`, tags: { annotator: ['a', 'b', 'c'][i % 3]!, provider: i % 2 === 0 ? 'x' : 'y' } });
  }
  return pairs;
}

/** The manifest as CSV: id, original, reworked, then the tag columns. */
export function manifestCsv(pairs: CorpusPair[]): string {
  const tagColumns = [...new Set(pairs.flatMap((p) => Object.keys(p.tags)))].sort();
  const lines = [['id', 'original', 'reworked', ...tagColumns].join(',')];
  for (const p of pairs) lines.push([p.id, p.original, p.reworked, ...tagColumns.map((c) => p.tags[c] ?? '')].join(','));
  return `${lines.join('\n')}\n`;
}

/** The records of a run's pairs.jsonl, in file order. */
export function records(out: string): PairRecord[] {
  return readFileSync(join(out, 'pairs.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => parseRecordLine(l)!);
}
