/**
 * Peer check of the normalisation profiles against an independent implementation of their
 * documented rules (scripts/peers/profile-oracle.py, Python's own Unicode tables): every
 * transcript of the real files in shared/eval-data that the adapters read (kallaama, lattifai,
 * primock57), and 20,000 random strings of the characters the rules single out (ß ẞ İ ı ς ǰ ﬁ ﷺ,
 * apostrophes, hyphens and dashes, brackets, symbols, marks, Arabic, Devanagari), with and without
 * stripDiacritics. Any difference is exit 1. Needs `python3` (not run in CI).
 *
 * `node dist/scripts/peers/profile-check.js`
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { NORMALIZATION_NAMES } from '../../src/engine/types';
import { normalizationProfile } from '../../src/engine/prepare/normalization-profiles';
import { normalizeText } from '../../src/engine/prepare/normalize';
import { readTranscript } from '../../src/formats/index';
import { createPrng, seedFrom } from '../lib/prng';
import { EVAL_DATA_DIR } from '../lib/sources';

const SPECIAL = ['a', 'B', 'é', 'E\u0301', 'ß', 'ẞ', 'İ', 'ı', 'Σ', 'ς', 'ǰ', 'ﬁ', 'Ｈ', '²', '½', '\uFDFA', ' ', '  ', '\t', '\u00a0', '.', ',', "'", '’', '‘', '-', '‐', '‑', '—', '…', '[', ']', '(', ')', '<', '>', '$', '€', '+', '_', '%', '«', '»', 'ا', 'أ', 'كَ', 'न', 'स्', '😀', '1', '٣'];

/** The oracle beside this file's source, whether this runs from scripts/peers (ts-node) or dist/scripts/peers. */
const ORACLE = [join(__dirname, 'profile-oracle.py'), join(__dirname, '..', '..', '..', 'scripts', 'peers', 'profile-oracle.py')].find((path) => existsSync(path)) ?? 'profile-oracle.py';

function transcripts(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(stm|ass|trs|TextGrid)$/.test(entry.name)) files.push(path);
    }
  };
  for (const source of ['kallaama', 'lattifai-gpt4o-benchmark', 'primock57']) walk(join(EVAL_DATA_DIR, source));
  return files.flatMap((path) => readTranscript(basename(path), new Uint8Array(readFileSync(path)), { side: 'original' }).rows.map((row) => row.transcript));
}

function randomTexts(count: number): string[] {
  const random = createPrng(seedFrom('profile-check'));
  return Array.from({ length: count }, () => Array.from({ length: random.int(1, 14) }, () => random.pick(SPECIAL)).join(''));
}

function main(): void {
  const lines: string[] = [];
  const real = transcripts();
  for (const raw of [...real, ...randomTexts(20_000)]) {
    for (const strip of [true, false]) {
      const text = normalizeText(raw, strip);
      const profiles: Record<string, string> = {};
      for (const name of NORMALIZATION_NAMES) {
        const apply = normalizationProfile(name).apply;
        profiles[name] = apply === null || text === '' ? text : apply(text);
      }
      lines.push(JSON.stringify({ raw, strip, profiles }));
    }
  }
  process.stdout.write(`${real.length} real transcripts and 20000 random strings, each with and without stripDiacritics\n`);
  try {
    process.stdout.write(execFileSync('python3', [ORACLE], { input: `${lines.join('\n')}\n`, encoding: 'utf8', maxBuffer: 1 << 26 }));
  } catch (error) {
    const failed = error as { stdout?: string; status?: number };
    process.stdout.write(failed.stdout ?? String(error));
    process.exitCode = 1;
  }
}

main();
