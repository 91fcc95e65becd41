/**
 * The benchmark's request bodies, deterministic for a seed: realistic post-edits built from the
 * human transcripts in eval-data (scripts/lib/synthetic.ts), and the aligner issue's adversarial
 * inputs. Every body is a JSON string of at most 5 MiB (decisions D1.5) with at most 30,000 rows
 * a side (D4.4), so that the server accepts it.
 *
 * A family is generated once at its largest size; its smaller sizes (the growth curve) are
 * prefixes of it, so that the 1k body is the start of the 30k body and only size changes.
 */
import { BENCHMARK_RATES, corruptText, realisticRows, synthesizePostEdit } from '../lib/synthetic';
import { createPrng, seedFrom, type Prng } from '../lib/prng';
import { type EvalRow, loadKallaamaPairs } from '../lib/sources';

/** decisions D1.5: 5 × 1024 × 1024 bytes of request body. */
export const MAX_BODY_BYTES = 5 * 1024 * 1024;
/** decisions D4.4: rows a side, and characters a cell. */
export const MAX_ROWS = 30_000;
export const MAX_CELL_CHARS = 100_000;

type Row = Record<string, unknown>;

/** One request body and what it holds. */
export interface BenchBody {
  /** e.g. `realistic-30k`, or `realistic-30k@5k` for a point of the growth curve. */
  name: string;
  /** The family (the body's name without the size suffix). */
  family: string;
  description: string;
  json: string;
  bytes: number;
  originalRows: number;
  reworkedRows: number;
  /** Characters of compared text on both sides (transcripts and other text cells). */
  chars: number;
  /** The size the growth curve is plotted against: rows a side, or characters for one-row bodies. */
  size: number;
  sizeUnit: 'rows' | 'chars';
}

function textChars(rows: Row[]): number {
  let n = 0;
  for (const row of rows) for (const value of Object.values(row)) if (typeof value === 'string') n += value.length;
  return n;
}

function makeBody(family: string, name: string, description: string, original: Row[], reworked: Row[], size: number, sizeUnit: 'rows' | 'chars'): BenchBody {
  const json = JSON.stringify({ original, reworked });
  const bytes = Buffer.byteLength(json);
  if (bytes > MAX_BODY_BYTES) throw new Error(`${name}: ${bytes} bytes exceeds the 5 MiB limit`);
  if (original.length > MAX_ROWS || reworked.length > MAX_ROWS) throw new Error(`${name}: more than ${MAX_ROWS} rows a side`);
  return {
    name,
    family,
    description,
    json,
    bytes,
    originalRows: original.length,
    reworkedRows: reworked.length,
    chars: textChars(original) + textChars(reworked),
    size,
    sizeUnit,
  };
}

/** `30000` → `30k`. */
export function sizeLabel(n: number): string {
  return n >= 1000 && n % 1000 === 0 ? `${n / 1000}k` : String(n);
}

// ---------------------------------------------------------------------------------------------
// Realistic text

/**
 * Cuts rows into pieces of at most `maxWords` words, preferring a cut after punctuation once a
 * piece has half that many: the length of ASR segments or subtitles rather than paragraphs.
 * Times, where present, are shared out in proportion to the characters.
 */
export function resegment(rows: EvalRow[], maxWords: number): EvalRow[] {
  const out: EvalRow[] = [];
  const minWords = Math.max(1, Math.floor(maxWords / 2));
  for (const row of rows) {
    const words = row.transcript.split(' ').filter((w) => w !== '');
    const pieces: string[] = [];
    let current: string[] = [];
    for (const word of words) {
      current.push(word);
      if (current.length >= maxWords || (current.length >= minWords && /[.,?!;:…]$/.test(word))) {
        pieces.push(current.join(' '));
        current = [];
      }
    }
    if (current.length > 0) pieces.push(current.join(' '));
    const total = pieces.reduce((s, p) => s + p.length, 0);
    let t = row.start_time;
    const span = row.start_time !== undefined && row.end_time !== undefined ? row.end_time - row.start_time : undefined;
    pieces.forEach((transcript, k) => {
      const piece: EvalRow = { transcript };
      if (row.speaker !== undefined) piece.speaker = row.speaker;
      if (t !== undefined && span !== undefined && row.end_time !== undefined) {
        const end = k === pieces.length - 1 ? row.end_time : t + (span * transcript.length) / total;
        piece.start_time = Math.round(t * 1000) / 1000;
        piece.end_time = Math.round(end * 1000) / 1000;
        t = end;
      }
      out.push(piece);
    });
  }
  return out;
}

/** Speaker labels such as `earnings21/4384683 speaker 2` become `S1`, `S2`… in order of appearance. */
function shortSpeakers(rows: EvalRow[]): EvalRow[] {
  const ids = new Map<string, string>();
  return rows.map((row) => {
    if (row.speaker === undefined) return row;
    let id = ids.get(row.speaker);
    if (id === undefined) {
      id = `S${ids.size + 1}`;
      ids.set(row.speaker, id);
    }
    return { ...row, speaker: id };
  });
}

/** At least `n` realistic rows of at most `maxWords` words (the source text is read once per call). */
function realisticSegments(n: number, maxWords: number, seed: number): EvalRow[] {
  let sourceRows = Math.max(64, Math.ceil(n / 3));
  for (;;) {
    const rows = resegment(realisticRows(sourceRows, seed), maxWords);
    if (rows.length >= n) return shortSpeakers(rows.slice(0, n));
    sourceRows = Math.ceil(sourceRows * 1.5);
  }
}

interface RealisticSpec {
  family: string;
  description: string;
  /** Rows a side wanted at the largest size. */
  rows: number;
  maxWords: number;
  times: boolean;
}

/**
 * Realistic post-edits: gold rows cut to `maxWords`, the benchmark's 50/38/4/4/2/2 mix with about
 * 5 % character edits in modified rows. The largest size is the longest prefix of whole gold
 * groups with at most `rows` rows a side that fits in 5 MiB; each smaller size is a prefix too.
 */
export function realisticFamily(spec: RealisticSpec, sizes: number[], seed: number): BenchBody[] {
  // Synthesis can add rows (identical runs, hallucinations): generate a few percent more.
  let gold = realisticSegments(Math.ceil(spec.rows * 1.08), spec.maxWords, seedFrom(spec.family, seed));
  if (!spec.times) gold = gold.map(({ transcript, speaker }) => (speaker === undefined ? { transcript } : { transcript, speaker }));
  const pair = synthesizePostEdit(gold, { seed: seedFrom(`${spec.family}/edits`, seed), rates: BENCHMARK_RATES, synthesizeTimes: spec.times });
  const original = pair.original as unknown as Row[];
  const reworked = pair.reworked as unknown as Row[];
  // Gold groups are consecutive on both sides, so a prefix of groups is a prefix of each side.
  const rowBytes = (row: Row) => Buffer.byteLength(JSON.stringify(row)) + 1;
  const wrapper = Buffer.byteLength(JSON.stringify({ original: [], reworked: [] }));
  const ends: Array<{ o: number; r: number; bytes: number }> = [];
  let o = 0;
  let r = 0;
  let bytes = wrapper;
  for (const group of pair.gold) {
    for (const i of group.originalIndices) bytes += rowBytes(original[i] as Row);
    for (const i of group.reworkedIndices) bytes += rowBytes(reworked[i] as Row);
    o += group.originalIndices.length;
    r += group.reworkedIndices.length;
    ends.push({ o, r, bytes });
  }
  const largest = Math.max(...sizes);
  return sizes.map((size) => {
    const limit = Math.min(size, spec.rows);
    let cut = { o: 0, r: 0, bytes: wrapper };
    for (const end of ends) {
      if (end.o > limit || end.r > limit || end.bytes > MAX_BODY_BYTES) break;
      cut = end;
    }
    const name = size === largest ? spec.family : `${spec.family}@${sizeLabel(size)}`;
    return makeBody(spec.family, name, spec.description, original.slice(0, cut.o), reworked.slice(0, cut.r), Math.max(cut.o, cut.r), 'rows');
  });
}

// ---------------------------------------------------------------------------------------------
// Adversarial inputs (the aligner issue, design/engine.md)

/**
 * `n` distinct rows of 4–10 words drawn independently from the word stream of the human
 * transcripts (so common words keep their real frequency). Cut-up real sentences repeat too often
 * ("Thank you.") to give 60,000 distinct rows; independent draws make two rows share little more
 * than function words, which is what "all rows different" needs.
 */
function uniqueRows(n: number, seed: number): string[] {
  const words = realisticRows(3000, seed).flatMap((row) => row.transcript.split(' ').filter((w) => w !== ''));
  const prng = createPrng(seed);
  const seen = new Set<string>();
  const out: string[] = [];
  while (out.length < n) {
    const k = prng.int(4, 10);
    const parts: string[] = [];
    for (let i = 0; i < k; i++) parts.push(prng.pick(words));
    const text = parts.join(' ');
    if (seen.has(text)) continue;
    seen.add(text);
    out.push(text);
  }
  return out;
}

const IDENTICAL_TEXT = "Okay, so let's move on to the next question on the list.";
const EDITED_TEXT = "Okay so let's move on to the next questions on the list.";

function transcriptRows(texts: string[]): Row[] {
  return texts.map((transcript) => ({ transcript }));
}

function shuffle<T>(items: T[], prng: Prng): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = prng.int(0, i);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** Character-level edits (substitute, insert, delete) at about `rate` of the positions. */
export function editCharacters(text: string, rate: number, prng: Prng): string {
  const chars = [...text];
  const out: string[] = [];
  const alphabet = [...'abcdefghijklmnopqrstuvwxyz'];
  for (const c of chars) {
    if (!prng.chance(rate)) {
      out.push(c);
      continue;
    }
    const kind = prng.int(0, 2);
    if (kind === 0) out.push(prng.pick(alphabet));
    else if (kind === 1) out.push(c, prng.pick(alphabet));
  }
  return out.join('');
}

/** Realistic text of exactly `n` characters, cut at a word boundary where possible, spaces kept. */
function proseOf(n: number, seed: number, offset = 0): string {
  const parts: string[] = [];
  let length = 0;
  let source = Math.max(200, Math.ceil((n + offset) / 150));
  let rows = realisticRows(source, seed);
  let k = 0;
  while (length < n + offset) {
    if (k === rows.length) {
      source *= 2;
      rows = realisticRows(source, seed);
      parts.length = 0;
      length = 0;
      k = 0;
    }
    const t = (rows[k++] as EvalRow).transcript;
    parts.push(t);
    length += t.length + 1;
  }
  return parts.join(' ').slice(offset, offset + n);
}

/** The groups repeated in order, whole groups only, while the body stays within 5 MiB and 30,000 rows a side. */
export function upToLimit<T>(groups: Array<{ original: T[]; reworked: T[] }>): string {
  const original: T[] = [];
  const reworked: T[] = [];
  let bytes = Buffer.byteLength(JSON.stringify({ original, reworked }));
  for (let k = 0; ; k++) {
    const group = groups[k % groups.length];
    const more = Buffer.byteLength(JSON.stringify(group.original)) + Buffer.byteLength(JSON.stringify(group.reworked));
    if (bytes + more > MAX_BODY_BYTES || original.length + group.original.length > MAX_ROWS || reworked.length + group.reworked.length > MAX_ROWS) break;
    original.push(...group.original);
    reworked.push(...group.reworked);
    bytes += more;
  }
  return JSON.stringify({ original, reworked });
}

type RowsFamily = (n: number, seed: number) => { original: Row[]; reworked: Row[] };

/** Families sized by rows a side. */
export const ROW_ADVERSARIES: Record<string, { description: string; make: RowsFamily }> = {
  'adv-identical': {
    description: 'every row the same text on both sides; one row in a thousand deleted from the reworked side',
    make: (n) => {
      const original = transcriptRows(Array.from({ length: n }, () => IDENTICAL_TEXT));
      // A deletion every 1000 rows, off the round positions so that trimming alone cannot solve it.
      const reworked = original.filter((_, i) => i % 1000 !== 499);
      return { original, reworked };
    },
  },
  'adv-alternate': {
    description: 'every row the same text; every second original row edited (the same edit)',
    make: (n) => ({
      original: transcriptRows(Array.from({ length: n }, (_, i) => (i % 2 === 1 ? EDITED_TEXT : IDENTICAL_TEXT))),
      reworked: transcriptRows(Array.from({ length: n }, () => IDENTICAL_TEXT)),
    }),
  },
  'adv-all-different': {
    description: 'no row of one side equals or resembles a row of the other (4–10 words drawn from the word stream of the transcripts)',
    make: (n, seed) => {
      const texts = uniqueRows(2 * n, seedFrom('adv-all-different', seed));
      return { original: transcriptRows(texts.slice(n)), reworked: transcriptRows(texts.slice(0, n)) };
    },
  },
  'adv-shuffled': {
    description: 'the same distinct rows on both sides, the original in a seeded random order',
    make: (n, seed) => {
      const texts = uniqueRows(n, seedFrom('adv-shuffled', seed));
      return { original: transcriptRows(shuffle(texts, createPrng(seedFrom('adv-shuffled/order', seed)))), reworked: transcriptRows(texts) };
    },
  },
};

type CharsFamily = (chars: number, seed: number) => { original: Row[]; reworked: Row[] };

/**
 * Families sized by characters. The huge row: a cell holds at most 100,000 characters (D4.4), so
 * one 2.4 MB row is 24 compared text columns of 100,000 characters each (a single 2.4 MB cell is
 * a 422). The original is the reworked text with about 5 % character edits (word-level AI errors).
 */
export const CHAR_ADVERSARIES: Record<string, { description: string; make: CharsFamily }> = {
  'adv-huge-row': {
    description: 'one row a side of 2.4 MB: 24 text columns × 100,000 characters, ~5 % character edits',
    make: (chars, seed) => {
      const columns = Math.ceil(chars / MAX_CELL_CHARS);
      const prng = createPrng(seedFrom('adv-huge-row/edits', seed));
      const text = proseOf(chars, seedFrom('adv-huge-row', seed));
      const reworked: Row = {};
      const original: Row = {};
      for (let c = 0; c < columns; c++) {
        const key = c === 0 ? 'transcript' : `text_${c}`;
        const cell = text.slice(c * MAX_CELL_CHARS, Math.min(chars, (c + 1) * MAX_CELL_CHARS));
        reworked[key] = cell;
        // corruptText may lengthen a cell a little: keep it within the per-cell limit.
        original[key] = corruptText(cell, 0.05, prng).slice(0, MAX_CELL_CHARS);
      }
      return { original: [original], reworked: [reworked] };
    },
  },
  'adv-no-spaces': {
    description: 'one row a side: 100,000 characters without a space (one "word"), ~5 % character edits',
    make: (chars, seed) => {
      const text = proseOf(chars * 2, seedFrom('adv-no-spaces', seed)).replace(/\s+/g, '').slice(0, chars);
      const edited = editCharacters(text, 0.05, createPrng(seedFrom('adv-no-spaces/edits', seed))).slice(0, MAX_CELL_CHARS);
      return { original: [{ transcript: edited }], reworked: [{ transcript: text }] };
    },
  },
};

/** Rows a side for the growth curve (the largest is the body itself). */
export const ROW_SIZES = [1000, 5000, 15000, 30000];
/** Characters a side for the one-row bodies' growth curve. */
export const HUGE_ROW_SIZES = [100_000, 500_000, 1_500_000, 2_400_000];
export const NO_SPACE_SIZES = [10_000, 25_000, 50_000, 100_000];

export interface BodySet {
  /** The headline bodies, one per family at its full size. */
  main: BenchBody[];
  /** Every size of every family (the full sizes included), for the growth table. */
  growth: BenchBody[];
}

/** Every family, in the order of the report. */
export const FAMILIES = ['realistic-30k', 'realistic-15k', 'typical-500', 'real-post-edits', ...Object.keys(ROW_ADVERSARIES), ...Object.keys(CHAR_ADVERSARIES)];

/**
 * Every body of the benchmark, or those of the `only` families. `quick` keeps only the two
 * smallest growth sizes (a smoke run).
 */
export function buildBodies(seed: number, options: { quick?: boolean; only?: string[] } = {}): BodySet {
  const pick = (sizes: number[]) => (options.quick ? [...sizes.slice(0, 2)] : sizes);
  const wanted = (family: string) => options.only === undefined || options.only.includes(family);
  const growth: BenchBody[] = [];
  const main: BenchBody[] = [];
  const add = (bodies: BenchBody[]) => {
    growth.push(...bodies);
    main.push(bodies[bodies.length - 1] as BenchBody);
  };
  if (wanted('realistic-30k')) add(realisticFamily(
    { family: 'realistic-30k', description: 'realistic post-edit, segment-length rows (≤ 8 words), transcript + speaker', rows: 30_000, maxWords: 8, times: false },
    pick(ROW_SIZES),
    seed,
  ));
  if (wanted('realistic-15k')) add(
    realisticFamily(
      { family: 'realistic-15k', description: 'realistic post-edit, longer rows (≤ 20 words), transcript + speaker + times', rows: 15_000, maxWords: 20, times: true },
      pick(ROW_SIZES.filter((n) => n <= 15_000)),
      seed,
    ),
  );
  if (wanted('typical-500')) main.push(...realisticFamily(
    { family: 'typical-500', description: 'realistic post-edit, 500 full rows (1–3 sentences) with speaker and times', rows: 500, maxWords: 60, times: true },
    [500],
    seed,
  ));
  if (wanted('real-post-edits')) {
    // Real data, no synthesis: the seed does not apply, and there is one size.
    const body = JSON.parse(upToLimit(loadKallaamaPairs())) as { original: Row[]; reworked: Row[] };
    const description = 'real human drafts against their expert corrections (kallaama: Wolof, Pulaar, Sereer), the five files repeated up to 5 MiB; informative, no target';
    main.push(makeBody('real-post-edits', 'real-post-edits', description, body.original, body.reworked, Math.max(body.original.length, body.reworked.length), 'rows'));
  }
  for (const [family, { description, make }] of Object.entries(ROW_ADVERSARIES)) {
    if (!wanted(family)) continue;
    const sizes = pick(ROW_SIZES);
    const largest = Math.max(...sizes);
    add(
      sizes.map((n) => {
        const { original, reworked } = make(n, seed);
        return makeBody(family, n === largest ? family : `${family}@${sizeLabel(n)}`, description, original, reworked, n, 'rows');
      }),
    );
  }
  for (const [family, { description, make }] of Object.entries(CHAR_ADVERSARIES)) {
    if (!wanted(family)) continue;
    const sizes = pick(family === 'adv-huge-row' ? HUGE_ROW_SIZES : NO_SPACE_SIZES);
    const largest = Math.max(...sizes);
    add(
      sizes.map((n) => {
        const { original, reworked } = make(n, seed);
        return makeBody(family, n === largest ? family : `${family}@${sizeLabel(n)}`, description, original, reworked, n, 'chars');
      }),
    );
  }
  return { main, growth };
}
