/**
 * Seeded synthetic post-edits with known operations.
 *
 * Direction: the human transcript is the **reworked** side (the annotator's gold post-edit), and
 * the **original** (the AI draft) is derived from it by the inverse of each operation: an
 * annotator's word fix becomes an AI error in the original, an annotator's split becomes one long
 * AI row, a merge becomes an AI row cut in pieces, an added row is missing from the original, a
 * deleted row is a hallucination inserted into the original. The gold groups therefore come from
 * the operations themselves, not from any alignment.
 *
 * Deterministic: the same rows, seed and options give the same pair (PRNG only, no Math.random).
 * Also used by the benchmark (`realisticRows` builds request bodies of any size).
 */
import type { GoldGroup } from './gold';
import { groupStatus } from './gold';
import { createPrng, type Prng } from './prng';
import { loadHumanTranscripts, type EvalRow } from './sources';

/** Relative weights of the operations, one draw per reworked row (normalised, need not sum to 1). */
export interface SyntheticRates {
  unchanged: number;
  modified: number;
  split: number;
  merged: number;
  added: number;
  deleted: number;
}

/** The issue's mix: about half unchanged, a third modified, a few percent of each structural edit. */
export const ISSUE_RATES: Readonly<SyntheticRates> = Object.freeze({
  unchanged: 0.5,
  modified: 0.34,
  split: 0.04,
  merged: 0.04,
  added: 0.04,
  deleted: 0.04,
});

/** The benchmark's 50/38/4/4/2/2 mix. */
export const BENCHMARK_RATES: Readonly<SyntheticRates> = Object.freeze({
  unchanged: 0.5,
  modified: 0.38,
  split: 0.04,
  merged: 0.04,
  added: 0.02,
  deleted: 0.02,
});

export interface SyntheticOptions {
  seed: number;
  rates?: Partial<SyntheticRates>;
  /** Share of a MODIFIED row's characters the AI got wrong (about 5 % in real post-edits). */
  charEditRate?: number;
  /** Among MODIFIED rows, the share whose speaker label the annotator changed. */
  speakerRelabelRate?: number;
  /** Among MODIFIED rows, the share whose times the annotator nudged. */
  timeNudgeRate?: number;
  /** Among SPLIT groups, the share whose text was also corrected. */
  editedSplitRate?: number;
  /** Among MERGED groups, the share followed by a deleted (hallucinated) row. */
  mergeNextToDeletionRate?: number;
  /** Runs of identical short rows ("Yeah." ×4) with an edit next to or inside them, per reworked row. */
  identicalRunRate?: number;
  /** Give rows without times synthetic ones (speech rate from text length), so times can be tested. */
  synthesizeTimes?: boolean;
}

/** How many of each operation a pair received. */
export interface OperationCounts {
  unchanged: number;
  modified: number;
  split: number;
  merged: number;
  added: number;
  deleted: number;
  speakerRelabels: number;
  timeNudges: number;
  editedSplits: number;
  mergesNextToDeletion: number;
  identicalRuns: number;
}

export interface SyntheticPair {
  original: EvalRow[];
  reworked: EvalRow[];
  gold: GoldGroup[];
  operations: OperationCounts;
}

const FILLERS = ['um', 'uh', 'you know', 'like', 'I mean'];
const SHORT_ROWS = ['Yeah.', 'Okay.', 'Mm-hmm.', 'Right.', 'Yes.', 'Uh-huh.'];
// Typical ASR hallucinations on silence or noise: what an annotator deletes.
const HALLUCINATIONS = ['Thank you.', 'Thanks for watching.', 'Okay.', 'Yeah.', 'Bye.', 'So.', 'you', 'Mm.'];
// Word confusions an ASR makes and an annotator fixes.
const CONFUSIONS: Record<string, string> = {
  their: 'there', there: 'their', to: 'too', your: "you're", its: "it's", then: 'than', than: 'then',
  a: 'the', the: 'a', and: 'in', in: 'and', for: 'four', know: 'no', right: 'write', we: 'will',
};

const round3 = (x: number) => Math.round(x * 1000) / 1000;

function copy(row: EvalRow): EvalRow {
  return { ...row };
}

/** Times for rows that have none: about 15 characters a second, short pauses between rows. */
function withTimes(rows: EvalRow[], prng: Prng): EvalRow[] {
  let t = prng.range(0.5, 3);
  return rows.map((row) => {
    if (row.start_time !== undefined && row.end_time !== undefined) {
      t = Math.max(t, row.end_time);
      return copy(row);
    }
    const duration = Math.max(0.3, (row.transcript.length / 15) * prng.range(0.85, 1.15));
    const out = { ...row, start_time: round3(t), end_time: round3(t + duration) };
    t += duration + prng.range(0.05, 0.8);
    return out;
  });
}

function typo(word: string, prng: Prng): string {
  const chars = [...word];
  if (chars.length < 2) return word + word;
  const k = prng.int(0, chars.length - 2);
  switch (prng.int(0, 3)) {
    case 0:
      [chars[k], chars[k + 1]] = [chars[k + 1] as string, chars[k] as string];
      break;
    case 1:
      chars.splice(k, 1);
      break;
    case 2:
      chars.splice(k, 0, chars[k] as string);
      break;
    default:
      chars[k] = prng.pick([...'aeiourstnl']);
  }
  return chars.join('');
}

/**
 * The AI's version of a correct text: word confusions, typos, lost or changed punctuation, wrong
 * casing, fillers kept or dropped. About `rate` of the characters are touched, at least one edit.
 */
export function corruptText(text: string, rate: number, prng: Prng): string {
  const words = text.split(' ').filter((w) => w !== '');
  if (words.length === 0) return prng.pick(HALLUCINATIONS);
  // One action touches about 3 characters on average.
  const actions = Math.max(1, Math.round((text.length * rate) / 3));
  for (let a = 0; a < actions; a++) {
    const k = prng.int(0, words.length - 1);
    const word = words[k] as string;
    const m = /^(\W*)(.*?)([.,?!;:…]*)$/u.exec(word) as RegExpExecArray;
    const [pre, core, punct] = [m[1] as string, m[2] as string, m[3] as string];
    const kind = prng.int(0, 9);
    if (kind <= 2) {
      const lower = core.toLowerCase();
      const confused = CONFUSIONS[lower];
      words[k] = pre + (confused ?? typo(core, prng)) + punct;
    } else if (kind <= 4) {
      words[k] = pre + typo(core, prng) + punct;
    } else if (kind === 5) {
      words[k] = pre + core + (punct === '' ? prng.pick([',', '.']) : punct === ',' ? '.' : '');
    } else if (kind === 6) {
      const flipped = core.charAt(0) === core.charAt(0).toUpperCase() ? core.charAt(0).toLowerCase() : core.charAt(0).toUpperCase();
      words[k] = pre + flipped + core.slice(1) + punct;
    } else if (kind === 7 && words.length > 3) {
      words.splice(k, 1);
    } else if (kind === 8) {
      words.splice(k, 0, prng.pick(FILLERS) + (prng.chance(0.5) ? ',' : ''));
    } else {
      words.splice(k, 0, prng.pick(['the', 'a', 'and', 'so', 'I']));
    }
  }
  const out = words.join(' ');
  return out === text ? `${text} ${prng.pick(FILLERS)}` : out;
}

function otherSpeaker(speaker: string | undefined, speakers: string[], prng: Prng): string {
  const others = [...new Set(speakers)].filter((s) => s !== speaker);
  return others.length > 0 ? prng.pick(others) : `${speaker ?? 'speaker'} 2`;
}

function nudge(row: EvalRow, prng: Prng): void {
  if (row.start_time === undefined || row.end_time === undefined) return;
  const d = prng.range(0.02, 0.4) * (prng.chance(0.5) ? 1 : -1);
  const which = prng.int(0, 2);
  if (which !== 1) row.start_time = round3(Math.max(0, row.start_time + d));
  if (which !== 0) row.end_time = round3(Math.max(row.start_time, row.end_time + d));
}

/**
 * Cut text into `k` word runs of at least 2 words (an ASR segment is rarely one word), preferring
 * cuts at sentence ends, then after other punctuation, as a voice-activity segmenter would at
 * pauses. Needs at least 2k words.
 */
function cutText(text: string, k: number, prng: Prng): string[] {
  const words = text.split(' ').filter((w) => w !== '');
  const candidates = words.map((_, i) => i).filter((i) => i >= 2 && i <= words.length - 2);
  const after = (re: RegExp) => candidates.filter((i) => re.test(words[i - 1] as string));
  const tiers = [after(/[.?!…]$/), after(/[,;:]$/), candidates];
  const cuts: number[] = [];
  for (let attempt = 0; cuts.length < k - 1 && attempt < 50; attempt++) {
    const tier = tiers.find((t) => t.some((i) => cuts.every((c) => Math.abs(c - i) >= 2))) ?? candidates;
    const pool = tier.filter((i) => cuts.every((c) => Math.abs(c - i) >= 2));
    if (pool.length === 0) break;
    cuts.push(prng.pick(pool));
  }
  cuts.sort((x, y) => x - y);
  const pieces: string[] = [];
  let from = 0;
  for (const c of [...cuts, words.length]) {
    pieces.push(words.slice(from, c).join(' '));
    from = c;
  }
  return pieces;
}

function emptyCounts(): OperationCounts {
  return {
    unchanged: 0, modified: 0, split: 0, merged: 0, added: 0, deleted: 0,
    speakerRelabels: 0, timeNudges: 0, editedSplits: 0, mergesNextToDeletion: 0, identicalRuns: 0,
  };
}

type Op = keyof SyntheticRates;

/**
 * A synthetic AI draft (original) for a human transcript (reworked), with the gold groups.
 * `rows` are not modified.
 */
export function synthesizePostEdit(rows: EvalRow[], options: SyntheticOptions): SyntheticPair {
  const prng = createPrng(options.seed);
  const rates: SyntheticRates = { ...ISSUE_RATES, ...options.rates };
  const charEditRate = options.charEditRate ?? 0.05;
  const relabelRate = options.speakerRelabelRate ?? 0.08;
  const nudgeRate = options.timeNudgeRate ?? 0.15;
  const editedSplitRate = options.editedSplitRate ?? 0.4;
  const mergeDeletionRate = options.mergeNextToDeletionRate ?? 0.3;
  const runRate = options.identicalRunRate ?? 0.005;
  const source = options.synthesizeTimes === false ? rows.map(copy) : withTimes(rows, prng);
  // A relabel picks a speaker of the neighbourhood, as an annotator would.
  const nearbySpeakers = (k: number): string[] =>
    source.slice(Math.max(0, k - 20), k + 20).flatMap((r) => (r.speaker === undefined ? [] : [r.speaker]));

  const ops = Object.keys(rates) as Op[];
  const total = ops.reduce((s, op) => s + rates[op], 0);
  const draw = (): Op => {
    let x = prng.next() * total;
    for (const op of ops) {
      x -= rates[op];
      if (x < 0) return op;
    }
    return 'unchanged';
  };

  const original: EvalRow[] = [];
  const reworked: EvalRow[] = [];
  const shapes: Array<Pick<GoldGroup, 'originalIndices' | 'reworkedIndices'>> = [];
  const counts = emptyCounts();
  const pushPair = (o: EvalRow, r: EvalRow) => {
    shapes.push({ originalIndices: [original.push(o) - 1], reworkedIndices: [reworked.push(r) - 1] });
  };
  // Never the text of a neighbour: without times, which of two equal rows was deleted is undecidable.
  const hallucination = (after: EvalRow | undefined, before: EvalRow | undefined): EvalRow => {
    const avoid = new Set([after?.transcript, before?.transcript]);
    const choices = HALLUCINATIONS.filter((h) => !avoid.has(h));
    // Otherwise an ASR repetition loop: the last few words of the previous row again.
    const tail = after?.transcript.split(' ').slice(-prng.int(3, 6)).join(' ');
    const row: EvalRow = { transcript: tail !== undefined && !avoid.has(tail) && prng.chance(0.3) ? tail : prng.pick(choices) };
    const speaker = after?.speaker ?? before?.speaker;
    if (speaker !== undefined) row.speaker = speaker;
    // Hallucinations happen in silence: inside the pause between the neighbours, never over them.
    const from = after?.end_time;
    const to = before?.start_time;
    if (from !== undefined || to !== undefined) {
      const a = from ?? Math.max(0, (to as number) - 1);
      const b = to ?? a + 1;
      const gap = Math.max(0, b - a);
      const start = a + gap * prng.range(0.05, 0.3);
      row.start_time = round3(start);
      row.end_time = round3(Math.min(b, start + Math.min(1.2, gap * 0.6)));
    }
    return row;
  };
  // A row equal to a neighbour cannot be told apart from it without times: keep it a plain pair.
  const repeatsNeighbour = (k: number): boolean => {
    const text = (source[k] as EvalRow).transcript;
    return source[k - 1]?.transcript === text || source[k + 1]?.transcript === text || reworked[reworked.length - 1]?.transcript === text;
  };
  const modify = (r: EvalRow, k: number): EvalRow => {
    const o = copy(r);
    const relabel = prng.chance(relabelRate);
    const timed = prng.chance(nudgeRate);
    if (relabel) {
      o.speaker = otherSpeaker(r.speaker, nearbySpeakers(k), prng);
      counts.speakerRelabels++;
    }
    if (timed) {
      nudge(o, prng);
      counts.timeNudges++;
    }
    if ((!relabel && !timed) || prng.chance(0.5)) o.transcript = corruptText(r.transcript, charEditRate, prng);
    return o;
  };

  let i = 0;
  while (i < source.length) {
    const r = source[i] as EvalRow;
    if (runRate > 0 && prng.chance(runRate)) {
      emitIdenticalRun(r);
      continue;
    }
    const drawn = draw();
    const op = drawn !== 'modified' && drawn !== 'unchanged' && repeatsNeighbour(i) ? 'unchanged' : drawn;
    if (op === 'split' && i + 1 < source.length) {
      const k = i + 2 < source.length && prng.chance(0.25) ? 3 : 2;
      const pieces = source.slice(i, i + k).map(copy);
      const joined: EvalRow = { ...copy(pieces[0] as EvalRow), transcript: pieces.map((p) => p.transcript).join(' ') };
      const last = pieces[k - 1] as EvalRow;
      if (last.end_time !== undefined) joined.end_time = last.end_time;
      if (prng.chance(editedSplitRate)) {
        joined.transcript = corruptText(joined.transcript, charEditRate, prng);
        counts.editedSplits++;
      }
      const o = original.push(joined) - 1;
      const rIdx = pieces.map((p) => reworked.push(p) - 1);
      shapes.push({ originalIndices: [o], reworkedIndices: rIdx });
      counts.split++;
      i += k;
      continue;
    }
    const words = r.transcript.split(' ').length;
    if (op === 'merged' && words >= 4) {
      const texts = cutText(r.transcript, words >= 12 && prng.chance(0.25) ? 3 : 2, prng);
      const k = texts.length;
      const totalChars = texts.reduce((s, t) => s + t.length, 0);
      let t = r.start_time;
      const span = r.start_time !== undefined && r.end_time !== undefined ? r.end_time - r.start_time : 0;
      const oIdx = texts.map((text, p) => {
        const piece: EvalRow = { ...copy(r), transcript: prng.chance(0.3) ? corruptText(text, charEditRate, prng) : text };
        if (t !== undefined) {
          const end = p === k - 1 ? (r.end_time as number) : t + (span * text.length) / totalChars;
          piece.start_time = round3(t);
          piece.end_time = round3(end);
          t = end;
        }
        return original.push(piece) - 1;
      });
      shapes.push({ originalIndices: oIdx, reworkedIndices: [reworked.push(copy(r)) - 1] });
      counts.merged++;
      if (prng.chance(mergeDeletionRate)) {
        shapes.push({ originalIndices: [original.push(hallucination(r, source[i + 1])) - 1], reworkedIndices: [] });
        counts.deleted++;
        counts.mergesNextToDeletion++;
      }
      i += 1;
      continue;
    }
    if (op === 'added') {
      shapes.push({ originalIndices: [], reworkedIndices: [reworked.push(copy(r)) - 1] });
      counts.added++;
      i += 1;
      continue;
    }
    if (op === 'deleted') {
      shapes.push({ originalIndices: [original.push(hallucination(reworked[reworked.length - 1], r)) - 1], reworkedIndices: [] });
      counts.deleted++;
      // The row itself is still drawn for: the deletion sits before it.
      continue;
    }
    if (op === 'modified') {
      pushPair(modify(r, i), copy(r));
      counts.modified++;
    } else {
      pushPair(copy(r), copy(r));
      counts.unchanged++;
    }
    i += 1;
  }

  /**
   * A run of 3–6 identical short rows (backchannels), inserted before row `next`, with one edit
   * that keeps the gold unambiguous without times: a modified member, or an added/deleted
   * distinct row right before or after the run.
   */
  function emitIdenticalRun(next: EvalRow): void {
    counts.identicalRuns++;
    const text = prng.pick(SHORT_ROWS);
    const n = prng.int(3, 6);
    const prev = reworked[reworked.length - 1];
    // Backchannels from the listener, spread over the pause before `next` (or overlapping the
    // previous row's end: listeners talk over speakers), each with distinct times.
    const speaker = otherSpeaker(next.speaker, nearbySpeakers(i), prng);
    const b = next.start_time;
    const a = b === undefined ? undefined : Math.min(prev?.end_time ?? b - 0.6 * n, b - 0.6 * n);
    const edit = prng.int(0, 2);
    const members: EvalRow[] = [];
    const slots = edit === 1 ? n + 1 : n;
    const slot = a !== undefined && b !== undefined ? (b - a) / slots : 0;
    for (let k = 0; k < n; k++) {
      const row: EvalRow = { transcript: text, speaker };
      if (a !== undefined && b !== undefined) {
        row.start_time = round3(a + k * slot);
        row.end_time = round3(a + k * slot + Math.min(0.4, slot * 0.8));
      }
      members.push(row);
    }
    if (edit === 2 && prng.chance(0.5)) {
      shapes.push({ originalIndices: [original.push(hallucination(prev, next)) - 1], reworkedIndices: [] });
      counts.deleted++;
    }
    const modified = edit === 0 ? prng.int(0, n - 1) : -1;
    members.forEach((row, k) => {
      const o = copy(row);
      if (k === modified) {
        o.transcript = prng.chance(0.5) ? text.toLowerCase().replace(/\.$/, '') : `${text.replace(/\.$/, '')}, ${text.toLowerCase()}`;
        counts.modified++;
      } else counts.unchanged++;
      pushPair(o, row);
    });
    if (edit === 1) {
      // The annotator typed a row the AI missed right after the run.
      const row: EvalRow = { transcript: prng.pick(source.filter((x) => x.transcript !== next.transcript && x.transcript !== text)).transcript };
      if (next.speaker !== undefined) row.speaker = next.speaker;
      if (a !== undefined) {
        row.start_time = round3(a + n * slot);
        row.end_time = round3(a + n * slot + slot * 0.9);
      }
      shapes.push({ originalIndices: [], reworkedIndices: [reworked.push(row) - 1] });
      counts.added++;
    } else if (edit === 2) {
      shapes.push({ originalIndices: [original.push(hallucination(members[n - 1], next)) - 1], reworkedIndices: [] });
      counts.deleted++;
    }
  }

  const gold = shapes.map((shape) => ({ ...shape, status: groupStatus(original, reworked, shape, { stripDiacritics: true }) }));
  return { original, reworked, gold, operations: counts };
}

// ---------------------------------------------------------------------------------------------

interface Sentence {
  text: string;
  speaker: string | undefined;
}

let sentencePool: Sentence[] | undefined;

function sentences(): Sentence[] {
  if (sentencePool) return sentencePool;
  const pool: Sentence[] = [];
  for (const transcript of loadHumanTranscripts()) {
    for (const row of transcript.rows) {
      const speaker = row.speaker === undefined ? undefined : `${transcript.name} ${row.speaker}`;
      for (const text of row.transcript.split(/(?<=[.?!…])\s+/)) if (text !== '') pool.push({ text, speaker });
    }
  }
  sentencePool = pool;
  return pool;
}

/**
 * `n` rows of realistic English transcript text, speakers and times, deterministic for a seed.
 * The human transcripts' sentences are read in order, cycling, and grouped one to three a row
 * (a new row at every speaker change); the grouping differs from one cycle to the next, so long
 * rows do not repeat verbatim while short ones ("Yeah.") recur as they do in real speech.
 */
export function realisticRows(n: number, seed = 1): EvalRow[] {
  const prng = createPrng(seed);
  const pool = sentences();
  const rows: EvalRow[] = [];
  let k = 0;
  while (rows.length < n) {
    const first = pool[k % pool.length] as Sentence;
    const texts = [first.text];
    k++;
    const want = prng.int(1, 3);
    // At most about 40 words a row: a long sentence stays alone.
    const words = () => texts.join(' ').split(' ').length;
    while (texts.length < want && words() < 40 && (pool[k % pool.length] as Sentence).speaker === first.speaker) {
      texts.push((pool[k % pool.length] as Sentence).text);
      k++;
    }
    // After the first pass over the pool, a sentence from far away joins each row that is not a
    // short backchannel, so that long rows stay unique (a 30,000-row document reads the pool ~20 times).
    const cycle = Math.floor((k - 1) / pool.length);
    if (cycle > 0 && words() >= 4) texts.push((pool[prng.int(0, pool.length - 1)] as Sentence).text);
    const row: EvalRow = { transcript: texts.join(' ') };
    if (first.speaker !== undefined) row.speaker = first.speaker;
    rows.push(row);
  }
  return withTimes(rows, prng);
}
