/**
 * The manifest: CSV and JSONL, format columns, tags, and the one-line errors (file:line) of a bad one.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readManifest } from '../../src/batch/manifest';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'td-manifest-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

it('reads CSV: paths, formats and every other column as a tag (empty cells are no tag)', () => {
  const m = readManifest(file('m.csv', 'id,original,reworked,format,annotator,batch\r\nx1,a.srt,b.srt,,ann1,w1\r\n\r\nx2,"c, d.json",e.json,json,,w2\r\n'));
  expect(m.dir).toBe(dir);
  expect(m.tagColumns).toEqual(['annotator', 'batch']);
  expect(m.pairs).toEqual([
    { id: 'x1', line: 2, original: 'a.srt', reworked: 'b.srt', tags: { annotator: 'ann1', batch: 'w1' } },
    { id: 'x2', line: 4, original: 'c, d.json', reworked: 'e.json', originalFormat: 'json', reworkedFormat: 'json', tags: { batch: 'w2' } },
  ]);
});

it('reads JSONL, with a format per side and numbers as tags', () => {
  const m = readManifest(file('m.jsonl', '{"id":"a","original":"x.stm","reworked":"y.trs","original_format":"stm","reworked_format":"trs","week":7}\n\n{"id":"b","original":"p","reworked":"q","format":"srt","reworked_format":"vtt"}\n'));
  expect(m.pairs).toEqual([
    { id: 'a', line: 1, original: 'x.stm', reworked: 'y.trs', originalFormat: 'stm', reworkedFormat: 'trs', tags: { week: '7' } },
    { id: 'b', line: 3, original: 'p', reworked: 'q', originalFormat: 'srt', reworkedFormat: 'vtt', tags: {} },
  ]);
});

it.each([
  ['no-id.csv', 'name,original,reworked\nx,a,b\n', ':1: no "id" column: the header needs id, original, reworked'],
  ['dup.csv', 'id,original,reworked\nx,a,b\ny,a,b\nx,c,d\n', ':4: the id "x" is already used on line 2'],
  ['empty-cell.csv', 'id,original,reworked\nx,,b\n', ':2: "original" is missing or empty'],
  ['ragged.csv', 'id,original,reworked\nx,a,b,c\n', ':2: not valid CSV'],
  ['empty.csv', '', ':1: the manifest is empty'],
  ['header-only.csv', 'id,original,reworked\n', ':1: the manifest lists no pairs'],
  ['bad.jsonl', '{"id":"x","original":"a","reworked":"b"}\n{"id":\n', ':2: not valid JSON'],
  ['array.jsonl', '["x","a","b"]\n', ':1: expected a JSON object'],
  ['object-tag.jsonl', '{"id":"x","original":"a","reworked":"b","who":{"n":1}}\n', ':1: "who" must be a string, not an object'],
])('%s is refused with its line and problem', (name, text, message) => {
  const path = file(name, text);
  expect(() => readManifest(path)).toThrow(`${path}${message}`);
});

it('says so when the manifest cannot be read', () => {
  expect(() => readManifest(join(dir, 'none.csv'))).toThrow(`${join(dir, 'none.csv')}: no such file`);
  mkdirSync(join(dir, 'folder.csv'));
  expect(() => readManifest(join(dir, 'folder.csv'))).toThrow('is a directory, not a manifest file');
});
