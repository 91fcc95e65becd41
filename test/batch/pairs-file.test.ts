/** pairs.jsonl read back: one record per LF-ended line, whatever Unicode line separators its strings hold. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseRecordLine, recordLine, type ErrorRecord, type PairRecord } from '../../src/batch/pair-record';
import { completedIds, forEachRecord } from '../../src/batch/pairs-file';

const record = (id: string): ErrorRecord => ({ id, tags: { note: `tag\u2029${id}` }, error: { kind: 'unreadable', message: `a.srt: no such file` } });

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'td-pairs-file-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function read(path: string): Promise<PairRecord[]> {
  const out: PairRecord[] = [];
  await forEachRecord(path, (r) => out.push(r));
  return out;
}

describe('pairs.jsonl lines', () => {
  it('escape U+2028 and U+2029, so a record is one line for any reader, and parse back to the same strings', () => {
    const line = recordLine(record('a\u2028b'));
    expect(line).not.toMatch(/[\u2028\u2029]/);
    expect(line.split('\n')).toHaveLength(2);
    expect(parseRecordLine(line.trimEnd())).toEqual(record('a\u2028b'));
  });

  it('are read at LF only: a raw U+2028 inside a string (an older writer) stays inside its record', async () => {
    const path = join(dir, 'raw.jsonl');
    const raw = (r: PairRecord) => `${JSON.stringify(r)}\n`;
    writeFileSync(path, raw(record('first\u2028id')) + raw(record('second')) + recordLine(record('third\u2029')));
    expect((await read(path)).map((r) => r.id)).toEqual(['first\u2028id', 'second', 'third\u2029']);
    const done = await completedIds(path, new Set(['first\u2028id', 'second', 'third\u2029']));
    expect([...done].sort()).toEqual(['first\u2028id', 'second', 'third\u2029'].sort());
  });

  it('keep whole lines across read chunks, and a last line cut by a kill is dropped on resume', async () => {
    const path = join(dir, 'long.jsonl');
    // Records longer than a read chunk (64 KiB), with multi-byte characters across the cuts.
    const ids = Array.from({ length: 5 }, (_, i) => `${i}-${'é\u2028ق'.repeat(30000)}`);
    const lines = ids.map((id) => recordLine(record(id))).join('');
    writeFileSync(path, `${lines}${recordLine(record('cut')).slice(0, 40)}`);
    expect((await read(path)).map((r) => r.id)).toEqual(ids);
    const done = await completedIds(path, new Set([...ids, 'cut']));
    expect(done).toEqual(new Set(ids));
    expect((await read(path)).map((r) => r.id)).toEqual(ids);
  });
});
