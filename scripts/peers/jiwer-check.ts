/**
 * Peer check of `config.normalization: "case+punctuation"` against jiwer: on real pairs whose rows
 * correspond one to one, the engine's transcript WER must equal jiwer's WER under jiwer's own
 * equivalent transforms. Any difference is an error (exit 1), named with the rows that differ.
 *
 * The pairs: kallaama's human drafts against their expert corrections (NIST STM, Wolof, Pulaar and
 * Sereer with French), rows paired when their start and end times are identical and occur once on
 * each side (the draft and the correction share most segment boundaries). Both tools get the same
 * transcripts, read by the engine's STM adapter; a pair whose reference is empty after jiwer's
 * transforms is left out of both, as jiwer refuses an empty reference.
 *
 * jiwer cannot be installed here, so its transforms are written out below, each after jiwer's
 * documentation (https://jitsi.github.io/jiwer/reference/transforms/) and source
 * (src/jiwer/transforms.py), composed as its `wer_default` composes them
 * (https://jitsi.github.io/jiwer/reference/transformations/) with the two case and punctuation
 * transforms in front. jiwer's WER is then the word-level Levenshtein distance summed over the
 * pairs, over the reference words summed (its `process_words` over lists of sentences).
 *
 * The engine runs with `positionalMode` (row k against row k, as jiwer pairs sentence k with
 * sentence k) and `stripDiacritics: false` (jiwer keeps diacritics).
 *
 * `node dist/scripts/peers/jiwer-check.js [--show=N] [--profile=NAME]` (`--show`: differing rows
 * listed, default 10; `--profile`: the engine's profile, `case+punctuation` by default: another one
 * shows the check failing where the two normalise differently)
 */
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { NORMALIZATION_NAMES, runDiff, type NormalizationName } from '../../src/engine/index';
import { readTranscript } from '../../src/formats/index';
import { EVAL_DATA_DIR } from '../lib/sources';

/** jiwer's ToLowerCase: `s.lower()`, Python's full Unicode lower-casing, final sigma included, as JavaScript's. */
const toLowerCase = (s: string) => s.toLowerCase();

/**
 * jiwer's RemovePunctuation: every character whose Unicode category starts with "P" replaced by
 * "" (`_get_punctuation_characters`, BaseRemoveTransform with replace_token ""), so "end.Start"
 * becomes one word.
 */
const removePunctuation = (s: string) => s.replace(/\p{P}/gu, '');

/**
 * Python's str whitespace (str.isspace, which `\s` and `strip()` use on str): Unicode White_Space
 * and the separators U+001C–U+001F. JavaScript's `\s` also takes U+FEFF, which Python does not.
 */
const PY_SPACE = '[\\t-\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]';

/** jiwer's RemoveMultipleSpaces: `re.sub(r"\s\s+", " ", s)`: a run of two or more whitespace characters to one space. */
const removeMultipleSpaces = (s: string) => s.replace(new RegExp(`${PY_SPACE}${PY_SPACE}+`, 'gu'), ' ');

/** jiwer's Strip: `s.strip()`, whitespace removed at both ends. */
const strip = (s: string) => s.replace(new RegExp(`^${PY_SPACE}+|${PY_SPACE}+$`, 'gu'), '');

/** jiwer's ReduceToListOfListOfWords: `[w for w in s.split(" ") if len(w) >= 1]`: words split on U+0020 only. */
const reduceToListOfWords = (s: string) => s.split(' ').filter((w) => w.length >= 1);

/** jiwer.Compose([ToLowerCase(), RemovePunctuation(), RemoveMultipleSpaces(), Strip(), ReduceToListOfListOfWords()]) on one sentence. */
const jiwerWords = (s: string) => reduceToListOfWords(strip(removeMultipleSpaces(removePunctuation(toLowerCase(s)))));

/** Unit-cost word edit distance (rapidfuzz's Levenshtein, which jiwer counts with). */
function distance(a: readonly string[], b: readonly string[]): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}

interface Row {
  transcript: string;
  start: number;
  end: number;
}

function stmRows(path: string, side: 'original' | 'reworked'): Row[] {
  const read = readTranscript(basename(path), new Uint8Array(readFileSync(path)), { side, format: 'stm' });
  return read.rows.map((row) => ({ transcript: row.transcript, start: Number(row.start_time), end: Number(row.end_time) }));
}

/** Rows whose (start, end) occurs exactly once on each side, paired, in the draft's order. */
function pairByTimes(draft: Row[], corrected: Row[]): Array<[Row, Row]> {
  const key = (r: Row) => `${r.start}-${r.end}`;
  const once = (rows: Row[]) => {
    const seen = new Map<string, Row | null>();
    for (const r of rows) seen.set(key(r), seen.has(key(r)) ? null : r);
    return seen;
  };
  const theirs = once(corrected);
  const mine = once(draft);
  const pairs: Array<[Row, Row]> = [];
  for (const r of draft) {
    const other = theirs.get(key(r));
    if (mine.get(key(r)) === r && other) pairs.push([r, other]);
  }
  return pairs;
}

interface Outcome {
  file: string;
  rows: [number, number];
  pairs: number;
  leftOut: number;
  referenceWords: number;
  engineErrors: number;
  jiwerErrors: number;
  differing: Array<{ draft: string; corrected: string; engine: number; jiwer: number }>;
}

function check(file: string, profile: NormalizationName): Outcome {
  const dir = join(EVAL_DATA_DIR, 'kallaama', 'transcriptions');
  const language = file.split('_')[0];
  const draft = stmRows(join(dir, 'raw', `transcriptions-${language}`, 'stm', `${file}.stm`), 'original');
  const corrected = stmRows(join(dir, 'checked', `transcriptions-${language}`, 'stm', `${file}.stm`), 'reworked');
  const all = pairByTimes(draft, corrected);
  const pairs = all.filter(([, reference]) => jiwerWords(reference.transcript).length > 0);

  const data = runDiff({
    original: pairs.map(([hypothesis]) => ({ transcript: hypothesis.transcript })),
    reworked: pairs.map(([, reference]) => ({ transcript: reference.transcript })),
    config: { normalization: profile, positionalMode: true, stripDiacritics: false, enableAnalysis: true },
  });
  const counts = data.counts.transcriptWord;
  const outcome: Outcome = {
    file,
    rows: [draft.length, corrected.length],
    pairs: pairs.length,
    leftOut: all.length - pairs.length,
    referenceWords: 0,
    engineErrors: counts.substitutions + counts.deletions + counts.insertions,
    jiwerErrors: 0,
    differing: [],
  };
  pairs.forEach(([hypothesis, reference], k) => {
    const ref = jiwerWords(reference.transcript);
    const d = distance(ref, jiwerWords(hypothesis.transcript));
    outcome.referenceWords += ref.length;
    outcome.jiwerErrors += d;
    const [s, del, ins] = data.results[k]!.transcriptCounts!.word;
    if (s + del + ins !== d) outcome.differing.push({ draft: hypothesis.transcript, corrected: reference.transcript, engine: s + del + ins, jiwer: d });
  });
  if (counts.referenceLength !== outcome.referenceWords) {
    outcome.differing.push({ draft: '(all pairs)', corrected: '(all pairs)', engine: counts.referenceLength, jiwer: outcome.referenceWords });
  }
  return outcome;
}

const FILES = ['wol_41014', 'wol_4111', 'wol_11450', 'fuc_4110', 'srr_42420'];

function main(): void {
  const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const show = Number(arg('show') ?? 10);
  const profile = (arg('profile') ?? 'case+punctuation') as NormalizationName;
  if (!NORMALIZATION_NAMES.includes(profile)) throw new Error(`--profile=${profile}: expected one of ${NORMALIZATION_NAMES.join(', ')}`);
  const percent = (errors: number, words: number) => (words === 0 ? '–' : `${((100 * errors) / words).toFixed(2)} %`);
  const lines = [
    `| file | rows (draft → corrected) | pairs with identical times | left out (empty reference) | reference words | engine transcript WER (${profile}) | jiwer WER | equal |`,
    '|---|---|---|---|---|---|---|---|',
  ];
  const outcomes = FILES.map((file) => check(file, profile));
  const total = { pairs: 0, words: 0, engine: 0, jiwer: 0 };
  for (const o of outcomes) {
    lines.push(`| ${o.file} | ${o.rows[0]} → ${o.rows[1]} | ${o.pairs} | ${o.leftOut} | ${o.referenceWords} | ${percent(o.engineErrors, o.referenceWords)} | ${percent(o.jiwerErrors, o.referenceWords)} | ${o.differing.length === 0 ? 'yes' : 'NO'} |`);
    total.pairs += o.pairs;
    total.words += o.referenceWords;
    total.engine += o.engineErrors;
    total.jiwer += o.jiwerErrors;
  }
  lines.push(`| all | | ${total.pairs} | | ${total.words} | ${percent(total.engine, total.words)} | ${percent(total.jiwer, total.words)} | ${total.engine === total.jiwer ? 'yes' : 'NO'} |`);
  process.stdout.write(`${lines.join('\n')}\n`);
  const differing = outcomes.flatMap((o) => o.differing.map((d) => ({ file: o.file, ...d })));
  if (differing.length > 0) {
    process.stderr.write(`\njiwer-check: ${differing.length} pairs differ; the first ${Math.min(show, differing.length)}:\n`);
    for (const d of differing.slice(0, show)) process.stderr.write(`  ${d.file}: engine ${d.engine}, jiwer ${d.jiwer}\n    draft:     ${d.draft}\n    corrected: ${d.corrected}\n`);
    process.exitCode = 1;
  }
}

main();
