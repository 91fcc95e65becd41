/**
 * Loaders that turn the third-party files under /work/shared/eval-data/ into transcript rows.
 * Each parser is pure (text in, rows out) so it can be tested on a snippet; the `load…` functions
 * read the files. Nothing is normalised here beyond what the file format itself encodes: the
 * evaluation must see the text the annotators wrote.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One transcript row as the service receives it (times in seconds). */
export interface EvalRow {
  transcript: string;
  speaker?: string;
  start_time?: number;
  end_time?: number;
}

/** An original/reworked pair taken from real data. */
export interface RealPair {
  name: string;
  original: EvalRow[];
  reworked: EvalRow[];
}

/** A human transcript used as the gold side of synthetic post-edits. */
export interface HumanTranscript {
  name: string;
  rows: EvalRow[];
}

/**
 * shared/ sits beside the repository (CI clones it there): found from this file whether it runs
 * from scripts/lib (ts-node) or dist/scripts/lib (the built benchmark).
 */
export const EVAL_DATA_DIR =
  process.env['EVAL_DATA_DIR'] ??
  [join(__dirname, '..', '..', '..', 'shared', 'eval-data'), join(__dirname, '..', '..', '..', '..', 'shared', 'eval-data')].find(
    (dir) => existsSync(dir),
  ) ??
  join(__dirname, '..', '..', '..', 'shared', 'eval-data');

function read(...parts: string[]): string {
  return readFileSync(join(EVAL_DATA_DIR, ...parts), 'utf8');
}

// ---------------------------------------------------------------------------------------------
// kallaama: NIST STM

// STM segments that carry no speech: Transcriber exports untranscribed stretches with this text.
const STM_NO_SPEECH = 'ignore_time_segment_in_scoring';

/**
 * STM lines are `file channel speaker start end [<label>] transcript`; `;;` lines are comments.
 * Rows without transcribed speech (excluded regions, empty inter-segment gaps) are dropped:
 * they are not rows a transcript editor shows. An `inter_segment_gap` that does carry text is
 * kept, with that speaker, because the expert may have attributed it to a speaker later.
 */
export function parseStm(text: string): EvalRow[] {
  const rows: EvalRow[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line.startsWith(';;') || line.trim() === '') continue;
    const fields = line.trim().split(/\s+/);
    if (fields.length < 5) throw new Error(`STM line with fewer than 5 fields: ${line}`);
    const [, , speaker, start, end] = fields as [string, string, string, string, string];
    let rest = fields.slice(5);
    if (rest[0]?.startsWith('<')) rest = rest.slice(1);
    const transcript = rest.join(' ');
    if (transcript === '' || transcript === STM_NO_SPEECH) continue;
    rows.push({ transcript, speaker, start_time: Number(start), end_time: Number(end) });
  }
  return rows;
}

const KALLAAMA_FILES = ['fuc/fuc_4110', 'srr/srr_42420', 'wol/wol_11450', 'wol/wol_41014', 'wol/wol_4111'];

/** The five kallaama files: first-pass draft (raw) = original, expert-checked = reworked. */
export function loadKallaamaPairs(): RealPair[] {
  return KALLAAMA_FILES.map((entry) => {
    const [lang, name] = entry.split('/') as [string, string];
    const path = (stage: string) => ['kallaama', 'transcriptions', stage, `transcriptions-${lang}`, 'stm', `${name}.stm`];
    return {
      name,
      original: parseStm(read(...path('raw'))),
      reworked: parseStm(read(...path('checked'))),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// lattifai: Advanced SubStation Alpha subtitles

/** `h:mm:ss.cc` → seconds. */
function assTime(value: string): number {
  const m = /^(\d+):(\d{2}):(\d{2}(?:\.\d+)?)$/.exec(value.trim());
  if (!m) throw new Error(`not an ASS time: ${value}`);
  return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]);
}

/**
 * `Dialogue: Layer,Start,End,Style,Name,MarginL,MarginR,MarginV,Effect,Text` lines (Text may
 * contain commas). Override tags `{…}` are removed and `\N`/`\n` line breaks become spaces.
 * The machine files name the speaker ("Mira Murati:") only on the first line of a turn and
 * leave it empty after: an empty name continues the previous speaker, and the trailing colon
 * is dropped, so that a speaker difference means a real relabel.
 */
export function parseAss(text: string): EvalRow[] {
  const rows: EvalRow[] = [];
  let speaker = '';
  for (const line of text.split(/\r?\n/)) {
    if (!line.startsWith('Dialogue:')) continue;
    const body = line.slice('Dialogue:'.length);
    const cells: string[] = [];
    let from = 0;
    for (let k = 0; k < 9; k++) {
      const comma = body.indexOf(',', from);
      if (comma < 0) throw new Error(`Dialogue line with fewer than 10 fields: ${line}`);
      cells.push(body.slice(from, comma));
      from = comma + 1;
    }
    const transcript = body
      .slice(from)
      .replace(/\{[^}]*\}/g, '')
      .replace(/\\[Nn]/g, ' ')
      .trim();
    const name = (cells[4] ?? '').trim().replace(/:$/, '').trim();
    if (name !== '') speaker = name;
    if (transcript === '') continue;
    const row: EvalRow = { transcript, start_time: assTime(cells[1] ?? ''), end_time: assTime(cells[2] ?? '') };
    if (speaker !== '') row.speaker = speaker;
    rows.push(row);
  }
  return rows;
}

const LATTIFAI_DIR = ['lattifai-gpt4o-benchmark', 'benchmark', 'data'];
const LATTIFAI_MACHINE = ['Gemini', 'Gemini3', 'Gemini3_Flash', 'Gemini3_Flash_LattifAI'];

/** Each machine subtitle file (original) against the ground truth of the same video (reworked). */
export function loadLattifaiPairs(): RealPair[] {
  const reworked = parseAss(read(...LATTIFAI_DIR, 'Introducing_GPT-4o_GroundTruth.ass'));
  return LATTIFAI_MACHINE.map((name) => ({
    name,
    original: parseAss(read(...LATTIFAI_DIR, `Introducing_GPT-4o_${name}.ass`)),
    reworked,
  }));
}

// ---------------------------------------------------------------------------------------------
// Rev earnings21/22 and rev16: .nlp token tables

/** How tokens are grouped into utterance rows. */
export interface NlpGrouping {
  /** A sentence end closes the row once it holds at least this many words. */
  minWords: number;
  /** Past this many words, a comma also closes the row (long run-on turns). */
  softMaxWords: number;
  /** A row never holds more than this many words. */
  hardMaxWords: number;
}

// Roughly one to three sentences a row, the size of a subtitle or an ASR segment.
export const DEFAULT_NLP_GROUPING: NlpGrouping = { minWords: 10, softMaxWords: 35, hardMaxWords: 60 };

const SENTENCE_END = /[.?!…]$/;

/**
 * Pipe-separated token rows with a header (`token|speaker|ts|endTs|punctuation|…`). Each token's
 * text is prepunctuation + token + punctuation. A row ends at a speaker change, at a sentence end
 * once it is long enough, and at the limits of `grouping`. Times, where the file has them, are the
 * first token's `ts` and the last token's `endTs`.
 */
export function parseNlp(text: string, grouping: NlpGrouping = DEFAULT_NLP_GROUPING): EvalRow[] {
  const lines = text.split(/\r?\n/).filter((l) => l !== '');
  const header = (lines[0] ?? '').split('|');
  const col = (name: string) => header.indexOf(name);
  const [iTok, iSpk, iTs, iEnd, iPunct, iPre] = ['token', 'speaker', 'ts', 'endTs', 'punctuation', 'prepunctuation'].map(col) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (iTok < 0 || iSpk < 0) throw new Error('nlp header lacks token or speaker');
  const rows: EvalRow[] = [];
  let words: string[] = [];
  let speaker = '';
  let start = NaN;
  let end = NaN;
  const flush = () => {
    if (words.length === 0) return;
    const row: EvalRow = { transcript: words.join(' '), speaker: `speaker ${speaker}` };
    if (Number.isFinite(start) && Number.isFinite(end)) {
      row.start_time = start;
      row.end_time = end;
    }
    rows.push(row);
    words = [];
    start = NaN;
    end = NaN;
  };
  for (let i = 1; i < lines.length; i++) {
    const cells = (lines[i] as string).split('|');
    const token = cells[iTok] ?? '';
    const spk = cells[iSpk] ?? '';
    if (token === '') continue;
    if (spk !== speaker) {
      flush();
      speaker = spk;
    }
    const punct = iPunct >= 0 ? (cells[iPunct] ?? '') : '';
    const pre = iPre >= 0 ? (cells[iPre] ?? '') : '';
    const word = pre + token + punct;
    words.push(word);
    const ts = iTs >= 0 && cells[iTs] ? Number(cells[iTs]) : NaN;
    const te = iEnd >= 0 && cells[iEnd] ? Number(cells[iEnd]) : NaN;
    if (Number.isNaN(start) && Number.isFinite(ts)) start = ts;
    if (Number.isFinite(te)) end = te;
    const n = words.length;
    if (
      (n >= grouping.minWords && SENTENCE_END.test(word)) ||
      (n >= grouping.softMaxWords && /[,;:]$/.test(word)) ||
      n >= grouping.hardMaxWords
    ) {
      flush();
    }
  }
  flush();
  return rows;
}

// ---------------------------------------------------------------------------------------------
// primock57: Praat TextGrid, one file per speaker


const EARNINGS21_CALLS = ['4384683', '4386541', '4387332'];
const EARNINGS21_VENDORS = ['amazon', 'google', 'microsoft', 'speechmatics'];

/**
 * earnings21's ASR vendors against the human reference on three calls (rows grouped by
 * `parseNlp`), and for each call amazon's words once more as one unsegmented row ("…, one row"),
 * the shape of plain-text ASR output. `calls` narrows the calls.
 */
export function loadEarningsPairs(calls: readonly string[] = EARNINGS21_CALLS): RealPair[] {
  const pairs: RealPair[] = [];
  for (const call of calls) {
    const reworked = parseNlp(read('revdotcom-earnings21', 'transcripts', 'nlp_references', `${call}.nlp`));
    for (const vendor of EARNINGS21_VENDORS) {
      if (!existsSync(join(EVAL_DATA_DIR, 'revdotcom-earnings21', 'output', vendor, `${call}.nlp`))) continue;
      const original = parseNlp(read('revdotcom-earnings21', 'output', vendor, `${call}.nlp`));
      pairs.push({ name: `earnings21 ${call} ${vendor}`, original, reworked });
      if (vendor === 'amazon') pairs.push({ name: `earnings21 ${call} ${vendor}, one row`, original: [{ transcript: original.map((r) => r.transcript).join(' ') }], reworked });
    }
  }
  return pairs;
}

/** Non-empty intervals of every interval tier; `""` inside a string is an escaped quote. */
export function parseTextGrid(text: string, speaker: string): EvalRow[] {
  const rows: EvalRow[] = [];
  const interval = /xmin\s*=\s*([-\d.eE+]+)\s*\n\s*xmax\s*=\s*([-\d.eE+]+)\s*\n\s*text\s*=\s*"((?:[^"]|"")*)"/g;
  for (const m of text.matchAll(interval)) {
    const transcript = (m[3] as string).replace(/""/g, '"').replace(/\s+/g, ' ').trim();
    if (transcript === '') continue;
    rows.push({ transcript, speaker, start_time: Number(m[1]), end_time: Number(m[2]) });
  }
  return rows;
}

const PRIMOCK_CONSULTATIONS = ['day1_consultation01', 'day3_consultation06'];

function loadPrimock(name: string): EvalRow[] {
  const rows = ['doctor', 'patient'].flatMap((who) =>
    parseTextGrid(read('primock57', 'transcripts', `${name}_${who}.TextGrid`), who),
  );
  // Stable sort: the two tiers interleave by start time, doctor first on a tie.
  return rows.sort((a, b) => (a.start_time as number) - (b.start_time as number));
}

/**
 * Every human transcript the synthetic post-edits start from, in a fixed order. earnings22 uses
 * the force-aligned references (word times); earnings21 and rev16 have no times.
 */
export function loadHumanTranscripts(): HumanTranscript[] {
  const nlp = (label: string, ...path: string[]): HumanTranscript => ({ name: label, rows: parseNlp(read(...path)) });
  return [
    ...['4384683', '4386541', '4387332'].map((id) =>
      nlp(`earnings21/${id}`, 'revdotcom-earnings21', 'transcripts', 'nlp_references', `${id}.nlp`),
    ),
    ...['4474955', '4483937'].map((id) =>
      nlp(`earnings22/${id}`, 'revdotcom-earnings22', 'transcripts', 'force_aligned_nlp_references', `${id}.aligned.nlp`),
    ),
    ...['14', '27'].map((id) =>
      nlp(`rev16/${id}`, 'revdotcom-rev16', 'verbatim_transcripts', 'nlp_references', `${id}.nlp`),
    ),
    ...PRIMOCK_CONSULTATIONS.map((id) => ({ name: `primock57/${id}`, rows: loadPrimock(id) })),
  ];
}

// ---------------------------------------------------------------------------------------------
// camel-wild-diacritics: WikiNewsMax.tsv

/** One Arabic sentence, without and with its gold diacritics. */
export interface ArabicSentence {
  undiacritised: string;
  diacritised: string;
}

/**
 * Columns `dediac`, `original_gold`, `max_gold`, `max_gold_alt`; one word a line, a blank line
 * ends a sentence, a `#` line marks a document break. The diacritised side is `original_gold`
 * (the WikiNews annotation); `dediac` is that text with its diacritics removed.
 */
export function parseWikiNewsMax(text: string): ArabicSentence[] {
  const lines = text.split(/\r?\n/);
  const header = (lines[0] ?? '').split('\t');
  const iPlain = header.indexOf('dediac');
  const iGold = header.indexOf('original_gold');
  if (iPlain < 0 || iGold < 0) throw new Error('WikiNewsMax header lacks dediac or original_gold');
  const sentences: ArabicSentence[] = [];
  let plain: string[] = [];
  let gold: string[] = [];
  const flush = () => {
    if (plain.length > 0) sentences.push({ undiacritised: plain.join(' '), diacritised: gold.join(' ') });
    plain = [];
    gold = [];
  };
  for (let i = 1; i < lines.length; i++) {
    const cells = (lines[i] as string).split('\t');
    const word = (cells[iPlain] ?? '').trim();
    if (word === '' || word === '#') {
      flush();
      continue;
    }
    plain.push(word);
    gold.push((cells[iGold] ?? '').trim() || word);
  }
  flush();
  return sentences;
}

export function loadArabicSentences(): ArabicSentence[] {
  return parseWikiNewsMax(read('camel-wild-diacritics', 'data', 'WikiNewsMax.tsv'));
}
