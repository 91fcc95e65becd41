/**
 * OUT/pairs.jsonl read back: the records of a run, and on resume the pairs already complete.
 */
import { closeSync, createReadStream, existsSync, ftruncateSync, openSync, readSync, statSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { CliError } from '../cli/cli-error';
import { parseRecordLine, type PairRecord } from './pair-record';

export const PAIRS_FILE = 'pairs.jsonl';

/** Calls `f` with each record of the file, in file order; lines that are not records are skipped. */
export async function forEachRecord(path: string, f: (record: PairRecord) => void): Promise<void> {
  if (!existsSync(path)) return;
  const lines = createInterface({ input: createReadStream(path), crlfDelay: Infinity });
  for await (const line of lines) {
    const record = parseRecordLine(line);
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
  const lines = createInterface({ input: createReadStream(path), crlfDelay: Infinity });
  let offset = 0;
  let lineNo = 0;
  // A line that is not a record is forgiven only as the last one: a kill cuts only the last line.
  let bad: { line: number; offset: number } | null = null;
  let last: { offset: number; id: string | null } = { offset: 0, id: null };
  for await (const line of lines) {
    lineNo++;
    if (bad !== null) throw new CliError(`${path}:${bad.line}: not a pair record; this file is not the output of a batch run, or was edited`);
    const record = parseRecordLine(line);
    if (record === null) bad = { line: lineNo, offset };
    else if (ids.has(record.id) && !done.has(record.id)) {
      done.add(record.id);
      last = { offset, id: record.id };
    } else last = { offset, id: null };
    offset += Buffer.byteLength(line) + 1;
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

