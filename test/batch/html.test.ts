/**
 * `transcript-diff batch --html` end to end, in-process: index.html lists every pair (error rows
 * with their error) and links each scored pair to its own page, which embeds that pair's diff;
 * ids that need escaping get distinct page files; --html changes no record and no byte of
 * summary.json; a resumed run writes the pages its scored pairs lack; a page that cannot be
 * written ends the run with status 2 and no lost pair.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pageFileName } from '../../src/batch/page-names';
import { isErrorRecord, type PairRecord, type ScoredRecord } from '../../src/batch/pair-record';
import type { DiffData } from '../../src/engine/types';
import { isErrorRow, type CorpusTable, type ScoredRow } from '../../src/report/corpus-table';
import { runTool as run } from '../support/cli-run';
import { manifestCsv, records, writePairs, type CorpusPair } from './corpus';

// Several batch runs, each starting its worker threads: a safety net for a busy machine, not a bound.
jest.setTimeout(180_000);

/** Ids that differ only in characters a file name cannot hold, or in case, and one holding markup. */
const AWKWARD_IDS = ['Odd/Name', 'odd:name', 'ODD/NAME', 'x</script><b>bold</b>\u2028y'];

let dir: string;
let good: CorpusPair[];
let all: CorpusPair[];
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'td-html-'));
  good = writePairs(dir, 11, 10, 3);
  const awkward = AWKWARD_IDS.map((id, i) => ({ ...good[i]!, id }));
  const missing: CorpusPair = { id: 'bad-missing', original: 'files/nowhere.srt', reworked: good[0]!.reworked, tags: { annotator: 'c', provider: 'x' } };
  all = [...good, ...awkward, missing];
  writeFileSync(join(dir, 'manifest.csv'), manifestCsv(all));
  writeFileSync(join(dir, 'good.csv'), manifestCsv(good));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function byId(list: PairRecord[]): Map<string, PairRecord> {
  return new Map(list.map((r) => [r.id, r]));
}

/** The JSON block with this id, parsed. */
function jsonBlock(html: string, id: string): unknown {
  const match = new RegExp(`<script type="application/json" id="${id}">([^]*?)</script>`).exec(html);
  if (match === null) throw new Error(`no #${id} block`);
  return JSON.parse(match[1]!);
}

function indexTable(out: string): { html: string; table: CorpusTable } {
  const html = readFileSync(join(out, 'index.html'), 'utf8');
  return { html, table: jsonBlock(html, 'corpus-data') as CorpusTable };
}

describe('batch --html on a corpus with an error row', () => {
  let out: string;
  let plain: string;
  let status: number;
  beforeAll(async () => {
    out = join(dir, 'out-html');
    plain = join(dir, 'out-plain');
    status = (await run('batch', join(dir, 'manifest.csv'), '--out', out, '--jobs', '2', '--bootstrap', '200', '--html', '--quiet')).status;
    expect((await run('batch', join(dir, 'manifest.csv'), '--out', plain, '--jobs', '2', '--bootstrap', '200', '--quiet')).status).toBe(3);
  });

  it('exits 3 as without --html, and writes index.html with one row per pair in manifest order', () => {
    expect(status).toBe(3);
    const { table } = indexTable(out);
    expect(table.rows.map((r) => r.id)).toEqual(all.map((p) => p.id));
    expect(table.tagColumns).toEqual(['annotator', 'provider']);
    expect(table.rates).toEqual(['overallCER', 'overallWER', 'SegER', 'transcriptCER', 'transcriptWER', 'SER', 'transcriptSER', 'SACR']);
  });

  it("links every scored pair to its own page, which embeds that pair's diff with the scores of its line", () => {
    const { table } = indexTable(out);
    const lines = byId(records(out));
    const scored = table.rows.filter((r): r is ScoredRow => !isErrorRow(r));
    expect(scored).toHaveLength(all.length - 1);
    expect(new Set(scored.map((r) => r.page)).size).toBe(scored.length);
    expect(readdirSync(join(out, 'pairs')).sort()).toEqual(scored.map((r) => r.page!.replace(/^pairs\//, '')).sort());
    let inline = 0;
    for (const row of scored) {
      expect(row.page).toBe(`pairs/${pageFileName(row.id)}`);
      const page = readFileSync(join(out, row.page!), 'utf8');
      const { data, title } = jsonBlock(page, 'report-data') as { data: DiffData; title: string };
      const line = lines.get(row.id) as ScoredRecord;
      expect(title).toBe(row.id);
      expect(data.scores).toEqual(line.scores);
      expect(data.counts).toEqual(line.counts);
      expect(data.composite).toEqual(line.composite);
      expect(row.rates).toEqual(table.rates.map((name) => line.scores[name as keyof ScoredRecord['scores']]));
      expect(row.grade).toBe(line.composite?.grade ?? null);
      inline += data.results.filter((e) => e.transcriptDiff !== undefined).length;
    }
    // The pages carry the inline character diffs that a batch's records leave out.
    expect(inline).toBeGreaterThan(0);
  });

  it('lists the error row with its error, in the table and in the page, and gives it no page', () => {
    const { html, table } = indexTable(out);
    const row = table.rows.find((r) => r.id === 'bad-missing')!;
    expect(row).toEqual({ id: 'bad-missing', tags: ['c', 'x'], error: { kind: 'unreadable', message: 'files/nowhere.srt: no such file' } });
    expect(html).toContain('<li data-error-id="bad-missing"><span class="error-id">bad-missing</span> <span class="error-kind">unreadable</span>: files/nowhere.srt: no such file</li>');
  });

  it('writes distinct, safe page files for ids that differ only in unsafe characters or case, and escapes the ids', () => {
    const names = AWKWARD_IDS.map(pageFileName);
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(AWKWARD_IDS.length);
    for (const name of names) expect(existsSync(join(out, 'pairs', name))).toBe(true);
    const { html } = indexTable(out);
    expect(html).not.toContain('<b>bold</b>');
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(html).not.toContain('\u2028');
  });

  it('opens with no network: a CSP with default-src none, inline script and style only', () => {
    const { html } = indexTable(out);
    expect(html).toMatch(/<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;; script-src &#39;sha256-[A-Za-z0-9+/=]+&#39;; style-src &#39;sha256-[A-Za-z0-9+/=]+&#39;/);
    expect(html).not.toMatch(/\b(src|href)="(https?:)?\/\//);
    expect(html).not.toMatch(/https?:\/\//);
    // No absolute path either: the folder opens the same wherever it is copied.
    expect(html).not.toContain(dir);
    const { table } = indexTable(out);
    const first = table.rows.find((r): r is ScoredRow => !isErrorRow(r))!;
    expect(readFileSync(join(out, first.page!), 'utf8')).not.toContain(dir);
  });

  it('leaves pairs.jsonl (inline diff on) and summary.json the same bytes as a run without --html', () => {
    const sorted = (out: string) => [...records(out)].sort((a, b) => (a.id < b.id ? -1 : 1));
    expect(sorted(out)).toEqual(sorted(plain));
    expect(readFileSync(join(out, 'summary.json'), 'utf8')).toBe(readFileSync(join(plain, 'summary.json'), 'utf8'));
    expect(readFileSync(join(out, 'summary.csv'), 'utf8')).toBe(readFileSync(join(plain, 'summary.csv'), 'utf8'));
    expect(readFileSync(join(out, 'batch.json'), 'utf8')).toBe(readFileSync(join(plain, 'batch.json'), 'utf8'));
  });
});

describe('batch --html with --resume', () => {
  it('writes the pages of pairs scored without --html, then a removed one, and keeps every line', async () => {
    const out = join(dir, 'out-resume');
    expect((await run('batch', join(dir, 'good.csv'), '--out', out, '--bootstrap', '0', '--quiet')).status).toBe(0);
    expect(existsSync(join(out, 'pairs'))).toBe(false);
    const lines = readFileSync(join(out, 'pairs.jsonl'), 'utf8');

    const resumed = await run('batch', join(dir, 'good.csv'), '--out', out, '--bootstrap', '0', '--resume', '--html');
    expect(resumed.status).toBe(0);
    expect(resumed.stderr).toContain(`writing the pages of ${good.length} pairs scored without one`);
    expect(readdirSync(join(out, 'pairs')).sort()).toEqual(good.map((p) => pageFileName(p.id)).sort());
    expect(readFileSync(join(out, 'pairs.jsonl'), 'utf8')).toBe(lines);
    const { table } = indexTable(out);
    expect(table.rows.every((r) => !isErrorRow(r) && r.page !== null)).toBe(true);

    const removed = join(out, 'pairs', pageFileName(good[3]!.id));
    const kept = join(out, 'pairs', pageFileName(good[4]!.id));
    rmSync(removed);
    writeFileSync(kept, 'a page kept as it is');
    const again = await run('batch', join(dir, 'good.csv'), '--out', out, '--bootstrap', '0', '--resume', '--html', '--quiet');
    expect(again.status).toBe(0);
    expect(readFileSync(removed, 'utf8')).toContain('<script type="application/json" id="report-data">');
    expect(readFileSync(kept, 'utf8')).toBe('a page kept as it is');
    expect(readFileSync(join(out, 'pairs.jsonl'), 'utf8')).toBe(lines);
  });

  it('exits 2 naming the pair when a file of a pair scored before is gone, and keeps its line', async () => {
    const copyDir = join(dir, 'moved');
    cpSync(join(dir, 'files'), join(copyDir, 'files'), { recursive: true });
    writeFileSync(join(copyDir, 'good.csv'), manifestCsv(good));
    const out = join(dir, 'out-moved');
    expect((await run('batch', join(copyDir, 'good.csv'), '--out', out, '--bootstrap', '0', '--quiet')).status).toBe(0);
    const lines = readFileSync(join(out, 'pairs.jsonl'), 'utf8');
    rmSync(join(copyDir, good[1]!.original));
    const resumed = await run('batch', join(copyDir, 'good.csv'), '--out', out, '--bootstrap', '0', '--resume', '--html', '--quiet');
    expect(resumed.status).toBe(2);
    expect(resumed.stderr).toContain(`1 scored pairs have no page; first: ${good[1]!.id}: cannot diff the pair again for its page: ${good[1]!.original}: no such file.`);
    expect(readFileSync(join(out, 'pairs.jsonl'), 'utf8')).toBe(lines);
    expect(readdirSync(join(out, 'pairs'))).toHaveLength(good.length - 1);
  });

  it('says so when a run without --html leaves an index.html of an earlier run', async () => {
    const out = join(dir, 'out-stale');
    expect((await run('batch', join(dir, 'good.csv'), '--out', out, '--bootstrap', '0', '--html', '--quiet')).status).toBe(0);
    const again = await run('batch', join(dir, 'good.csv'), '--out', out, '--bootstrap', '0', '--resume', '--quiet');
    expect(again.status).toBe(0);
    expect(again.stderr).toContain('index.html is left as an earlier run with --html wrote it; pass --html to bring it up to date');
  });
});

describe('a page that cannot be written', () => {
  it('keeps the pair scored, lists it without a link, exits 2 naming it, and --resume --html writes it', async () => {
    const out = join(dir, 'out-blocked');
    const blocked = good[2]!;
    // A folder where the page should go: the page's rename onto it fails.
    mkdirSync(join(out, 'pairs', pageFileName(blocked.id)), { recursive: true });
    const result = await run('batch', join(dir, 'good.csv'), '--out', out, '--bootstrap', '0', '--html', '--quiet');
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(new RegExp(`^transcript-diff: [^\\n]*pairs: 1 scored pairs have no page; first: ${blocked.id}: cannot write [^\\n]*; --resume --html writes the missing pages\\n$`));
    expect(records(out).filter((r) => !isErrorRecord(r))).toHaveLength(good.length);
    const row = indexTable(out).table.rows.find((r) => r.id === blocked.id) as ScoredRow;
    expect(row.page).toBeNull();

    rmSync(join(out, 'pairs', pageFileName(blocked.id)), { recursive: true });
    const resumed = await run('batch', join(dir, 'good.csv'), '--out', out, '--bootstrap', '0', '--html', '--resume', '--quiet');
    expect(resumed.status).toBe(0);
    expect((indexTable(out).table.rows.find((r) => r.id === blocked.id) as ScoredRow).page).toBe(`pairs/${pageFileName(blocked.id)}`);
  });
});

describe('a copy of the output folder', () => {
  it('opens elsewhere: the index links its pages by relative paths', () => {
    const copy = join(dir, 'copied');
    cpSync(join(dir, 'out-html'), copy, { recursive: true });
    const { table } = indexTable(copy);
    for (const row of table.rows) if (!isErrorRow(row)) expect(existsSync(join(copy, row.page!))).toBe(true);
  });
});
