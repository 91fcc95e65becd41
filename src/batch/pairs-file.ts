/**
 * OUT/pairs.jsonl read back: the records of a run, and on resume the pairs already complete.
 */
import { closeSync, createReadStream, existsSync, ftruncateSync, openSync, readSync, statSync } from 'node:fs';
import { CliError } from '../compare/cli-error';
import { parseRecordLine, type PairRecord } from './pair-record';

export const PAIRS_FILE = 'pairs.jsonl';

/**
 * The file's lines as the writer ends them: at each LF byte (a CR before it is kept), and a
 * last line without one. Not readline, which from Node 24 also ends a line at U+2028 and U+2029
 * (allowed raw inside a JSON string): split on LF, every line is one whole record. LF never
 * occurs inside a UTF-8 sequence, so each line decodes alone. `bytes` excludes the LF.
 */
async function* fileLines(path: string): AsyncGenerator<{ text: string; bytes: number }> {
  let pending: Buffer[] = [];
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    let from = 0;
    for (let at = chunk.indexOf(0x0a); at !== -1; at = chunk.indexOf(0x0a, from)) {
      const line = Buffer.concat([...pending, chunk.subarray(from, at)]);
      pending = [];
      yield { text: line.toString('utf8'), bytes: line.length };
      from = at + 1;
    }
    if (from < chunk.length) pending.push(chunk.subarray(from));
  }
  if (pending.length > 0) {
    const line = Buffer.concat(pending);
    yield { text: line.toString('utf8'), bytes: line.length };
  }
}

/** Calls `f` with each record of the file, in file order; lines that are not records are skipped. */
export async function forEachRecord(path: string, f: (record: PairRecord) => void): Promise<void> {
  if (!existsSync(path)) return;
  for await (const { text } of fileLines(path)) {
    const record = parseRecordLine(text);
    if (record !== null) f(record);
  }
}

/**
 * The ids among `ids` whose lines in pairs.jsonl are complete records. A last line
 * without its newline was cut by a kill: the file is truncated before it. A complete line that is
 * not a record is not ours to drop: the run stops, naming it.
 */
export async function completedIds(path: string, ids: ReadonlySet<string>): Promise<Set<string>> {
  const done = new Set<string>();
  if (!existsSync(path)) return done;
  const size = statSync(path).size;
  if (size === 0) return done;
  const lastByte = Buffer.alloc(1);
  const probe = openSync(path, 'r');
  try {
    readSync(probe, lastByte, 0, 1, size - 1);
  } finally {
    closeSync(probe);
  }
  // Without its newline the last line was cut, even if its JSON happens to be complete.
  const lastCut = lastByte[0] !== 0x0a;
  let offset = 0;
  let lineNo = 0;
  // A line that is not a record is forgiven only as the last one: a kill cuts only the last line.
  let bad: { line: number; offset: number } | null = null;
  let last: { offset: number; id: string | null } = { offset: 0, id: null };
  for await (const { text, bytes } of fileLines(path)) {
    lineNo++;
    if (bad !== null) throw new CliError(`${path}:${bad.line}: not a pair record; this file is not the output of a batch run, or was edited`);
    const record = parseRecordLine(text);
    if (record === null) bad = { line: lineNo, offset };
    else if (ids.has(record.id) && !done.has(record.id)) {
      done.add(record.id);
      last = { offset, id: record.id };
    } else last = { offset, id: null };
    offset += bytes + 1;
  }
  let cutAt = -1;
  if (bad !== null) cutAt = bad.offset;
  else if (lastCut) {
    cutAt = last.offset;
    if (last.id !== null) done.delete(last.id);
  }
  if (cutAt >= 0) {
    const fd = openSync(path, 'r+');
    try {
      ftruncateSync(fd, cutAt);
    } finally {
      closeSync(fd);
    }
  }
  return done;
}

