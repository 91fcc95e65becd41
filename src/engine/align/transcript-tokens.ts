/**
 * The words of a run of rows' transcripts as one token sequence (decisions D7.4: the normalised
 * text split on spaces), each token knowing its row and where it sits in that row's text: the
 * sequences whose alignment says where each word went (word-grouping.ts).
 */
import { createSpans } from '../text/span-ids';
import type { WordIds } from '../text/word-ids';
import { scanWords } from '../text/words';
import { grownInt32 } from '../util/scratch';

export interface RowTokens {
  /** Word id of each token (ids shared by both sides through one WordIds). */
  ids: Int32Array;
  /** Row of each token (absolute row index). */
  row: Int32Array;
  /** The token's span in its row's normalised transcript. */
  start: Int32Array;
  end: Int32Array;
  count: number;
  /** The rows: lo .. lo + rows − 1. */
  lo: number;
  rows: number;
  /** First token of each row lo + k, for k in [0, rows]; rowStart[rows] = count. */
  rowStart: Int32Array;
}

const scanned = createSpans();

function emptyTokens(): RowTokens {
  return { ids: new Int32Array(64), row: new Int32Array(64), start: new Int32Array(64), end: new Int32Array(64), count: 0, lo: 0, rows: 0, rowStart: new Int32Array(16) };
}

// One reused record a side: a run's tokens are read before the next run's are made, and a diff of
// 30,000 rows has thousands of runs.
const reused: [RowTokens, RowTokens] = [emptyTokens(), emptyTokens()];

/**
 * The tokens of rows [lo, hi) of `transcripts`, numbered by `words`, into the reused record of
 * `side` (0 original, 1 reworked): valid until the next call for that side. Rows marked in `skip`
 * give no token.
 */
export function rowTokens(transcripts: readonly string[], lo: number, hi: number, words: WordIds, side: 0 | 1, skip: Uint8Array | null = null): RowTokens {
  const out = reused[side];
  let room = 0;
  for (let r = lo; r < hi; r++) room += (transcripts[r].length + 1) >> 1;
  if (out.ids.length < room) {
    out.ids = grownInt32(out.ids, room);
    out.row = grownInt32(out.row, room);
    out.start = grownInt32(out.start, room);
    out.end = grownInt32(out.end, room);
  }
  out.rowStart = grownInt32(out.rowStart, hi - lo + 1);
  const { ids, row, start, end, rowStart } = out;
  let count = 0;
  for (let r = lo; r < hi; r++) {
    rowStart[r - lo] = count;
    if (skip !== null && skip[r] === 1) continue;
    const text = transcripts[r];
    const found = scanWords(text, 0, text.length, scanned);
    for (let w = 0; w < found.count; w++) {
      ids[count] = words.id(text, found.starts[w], found.ends[w], found.hashes[w]);
      row[count] = r;
      start[count] = found.starts[w];
      end[count] = found.ends[w];
      count++;
    }
  }
  rowStart[hi - lo] = count;
  out.count = count;
  out.lo = lo;
  out.rows = hi - lo;
  return out;
}
