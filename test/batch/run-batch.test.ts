/**
 * `transcript-diff batch` end to end, in-process (runCli through test/support/cli-run.ts, worker
 * threads on the compiled sources, test/support/compiled-sources.ts): error rows for bad pairs,
 * exit statuses, totals that are exact sums of the pairs' counts, groups, and byte-identical
 * summaries for the same inputs and seed.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { parse } from 'csv-parse/sync';
import { join } from 'node:path';
import { runTool as run, type ToolRun } from '../support/cli-run';
import { clampedRate } from '../../src/engine/scoring/scores';
import type { EditCounts } from '../../src/engine/types';
import { isErrorRecord, type ScoredRecord } from '../../src/batch/pair-record';
import type { Summary } from '../../src/batch/summary';
import { manifestCsv, records, writePairs, type CorpusPair } from './corpus';

// Several batch runs, each starting its worker threads: a safety net for a busy machine, not a bound.
jest.setTimeout(120_000);

let dir: string;
let good: CorpusPair[];
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'td-batch-'));
  good = writePairs(dir, 14);
  // A corrupt file (JSON cut short), a file of no known format, a missing file.
  writeFileSync(join(dir, 'files', 'corrupt.json'), '[{"transcript": "hello", "speaker": "a"');
  writeFileSync(join(dir, 'files', 'unknown.xyz'), 'just some words\n');
  const bad: CorpusPair[] = [
    { id: 'bad-corrupt', original: 'files/corrupt.json', reworked: good[0]!.reworked, tags: { annotator: 'a', provider: 'x' } },
    { id: 'bad-format', original: 'files/unknown.xyz', reworked: 'files/unknown.xyz', tags: { annotator: 'b', provider: 'y' } },
    { id: 'bad-missing', original: 'files/nowhere.srt', reworked: good[1]!.reworked, tags: { annotator: 'c', provider: 'x' } },
  ];
  writeFileSync(join(dir, 'manifest.csv'), manifestCsv([...good, ...bad]));
  writeFileSync(join(dir, 'good.csv'), manifestCsv(good));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function summaryOf(out: string): Summary {
  return JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as Summary;
}

function sumEdit(list: ScoredRecord[], pick: (r: ScoredRecord) => EditCounts): EditCounts {
  const total = { substitutions: 0, deletions: 0, insertions: 0, hits: 0, referenceLength: 0 };
  for (const r of list) for (const k of Object.keys(total) as Array<keyof EditCounts>) total[k] += pick(r)[k];
  return total;
}

describe('batch with bad pairs', () => {
  let result: ToolRun;
  let out: string;
  beforeAll(async () => {
    out = join(dir, 'out-bad');
    result = await run('batch', join(dir, 'manifest.csv'), '--out', out, '--jobs', '2', '--bootstrap', '200');
  });

  it('makes three error rows, scores every other pair, and exits 3', () => {
    expect(result.status).toBe(3);
    const all = records(out);
    expect(all).toHaveLength(good.length + 3);
    expect(new Set(all.map((r) => r.id)).size).toBe(all.length);
    const errors = all.filter(isErrorRecord);
    expect(errors.map((e) => [e.id, e.error.kind]).sort()).toEqual([
      ['bad-corrupt', 'rejected'],
      ['bad-format', 'rejected'],
      ['bad-missing', 'unreadable'],
    ]);
    expect(errors.find((e) => e.id === 'bad-format')!.error.message).toMatch(/^files\/unknown\.xyz: cannot tell the format/);
    expect(errors.find((e) => e.id === 'bad-missing')!.error.message).toBe('files/nowhere.srt: no such file');
    for (const e of errors) expect(e.error.message).not.toContain(dir);
    const summary = summaryOf(out);
    expect(summary.pairs).toEqual({ total: good.length + 3, scored: good.length, errorRows: 3 });
    expect(summary.errors.byKind).toEqual({ unreadable: 1, 'unknown-format': 0, rejected: 2, internal: 0 });
    expect(result.stdout).toContain('3 error rows');
  });

  it('pools exact sums of the pairs’ counts, for the corpus and for each group', () => {
    const summary = summaryOf(out);
    const scored = records(out).filter((r): r is ScoredRecord => !isErrorRecord(r));
    const check = (group: Summary['corpus'], members: ScoredRecord[]) => {
      const t = group.totals.counts;
      expect(t.char).toEqual(sumEdit(members, (r) => r.counts.char));
      expect(t.word).toEqual(sumEdit(members, (r) => r.counts.word));
      expect(t.transcriptWord).toEqual(sumEdit(members, (r) => r.counts.transcriptWord));
      expect(t.segmentEvents).toBe(members.reduce((s, r) => s + r.counts.segmentEvents, 0));
      expect(t.reworkedRows).toBe(members.reduce((s, r) => s + r.meta.reworkedRows, 0));
      const w = t.word;
      expect(group.pooled.overallWER).toBe(clampedRate(w.substitutions + w.deletions + w.insertions, w.referenceLength));
      expect(group.pooled.SegER).toBe(clampedRate(t.segmentEvents, t.reworkedRows));
      const withSpeakers = members.filter((r) => r.scores.SACR !== null);
      expect(group.pooled.SACR).toBe(
        withSpeakers.length === 0
          ? null
          : clampedRate(
              withSpeakers.reduce((s, r) => s + r.counts.speakerChanged, 0),
              withSpeakers.reduce((s, r) => s + r.counts.rows.MODIFIED, 0),
            ),
      );
      expect(group.macro.overallWER).toBeCloseTo(members.reduce((s, r) => s + r.scores.overallWER!, 0) / members.length, 12);
    };
    check(summary.corpus, scored);
    for (const [tag, values] of Object.entries(summary.groups)) {
      for (const [value, group] of Object.entries(values)) check(group, scored.filter((r) => r.tags[tag] === value));
    }
    expect(Object.keys(summary.groups)).toEqual(['annotator', 'provider']);
    // srt files carry no speaker: SACR pools over the json and stm pairs only.
    expect(summary.corpus.totals.rates.SACR.pairs).toBe(scored.filter((r) => r.original.format !== 'srt').length);
  });

  it('gives intervals to groups of at least 10 pairs only, and says so for the others', () => {
    const summary = summaryOf(out);
    const corpus = summary.corpus.intervals;
    expect('pooled' in corpus && corpus.pairs).toBe(good.length);
    if (!('pooled' in corpus)) throw new Error('no interval');
    const wer = corpus.pooled.overallWER!;
    expect(wer.low).toBeLessThanOrEqual(summary.corpus.pooled.overallWER!);
    expect(wer.high).toBeGreaterThanOrEqual(summary.corpus.pooled.overallWER!);
    const small = summary.groups['annotator']!['a']!.intervals;
    expect(small).toEqual({ pairs: 5, note: 'fewer than 10 scored pairs: no interval' });
  });

  it('writes summary.csv with a line for the corpus and each tag value', () => {
    const lines = readFileSync(join(out, 'summary.csv'), 'utf8').trimEnd().split('\n');
    // Texts are quoted (a spreadsheet must not split them at a separator), numbers are not.
    expect(lines.map((l) => l.split(',').slice(0, 2).join(','))).toEqual(['tag,value', '"(corpus)",""', '"annotator","a"', '"annotator","b"', '"annotator","c"', '"provider","x"', '"provider","y"']);
  });

  it('refuses to write over a finished run without --resume (exit 2)', async () => {
    const again = await run('batch', join(dir, 'manifest.csv'), '--out', out, '--quiet');
    expect(again.status).toBe(2);
    expect(again.stderr).toMatch(/pairs\.jsonl: already holds pairs: pass --resume/);
  });
});

describe('summary.csv in a spreadsheet', () => {
  it('writes a tag that looks like a formula as text: quoted, after one apostrophe', async () => {
    const formula = "=cmd|' /C calc'!A0";
    const tagged = good.slice(0, 2).map((p, i) => ({ ...p, id: `formula-${i}`, tags: { annotator: i === 0 ? formula : 'x;y', provider: 'p' } }));
    writeFileSync(join(dir, 'formula.csv'), manifestCsv(tagged));
    const out = join(dir, 'out-formula');
    expect((await run('batch', join(dir, 'formula.csv'), '--out', out, '--bootstrap', '0', '--quiet')).status).toBe(0);
    const rows = parse(readFileSync(join(out, 'summary.csv'), 'utf8')) as string[][];
    const values = rows.filter((r) => r[0] === 'annotator').map((r) => r[1]);
    expect(values.sort()).toEqual([`'${formula}`, 'x;y'].sort());
  });
});

describe('batch exit statuses and determinism', () => {
  it('exits 0 when every pair is scored, and gives byte-identical summaries for the same seed', async () => {
    const a = await run('batch', join(dir, 'good.csv'), '--out', join(dir, 'out-a'), '--jobs', '2', '--seed', 'abc', '--bootstrap', '300');
    const b = await run('batch', join(dir, 'good.csv'), '--out', join(dir, 'out-b'), '--jobs', '1', '--seed', 'abc', '--bootstrap', '300', '--quiet');
    expect(a.status).toBe(0);
    expect(b.status).toBe(0);
    expect(b.stdout).toBe('');
    const bytes = readFileSync(join(dir, 'out-a', 'summary.json'), 'utf8');
    expect(readFileSync(join(dir, 'out-b', 'summary.json'), 'utf8')).toBe(bytes);
    expect(bytes).not.toContain(dir);
    const c = await run('batch', join(dir, 'good.csv'), '--out', join(dir, 'out-c'), '--seed', 'other', '--bootstrap', '300', '--quiet');
    expect(c.status).toBe(0);
    expect(readFileSync(join(dir, 'out-c', 'summary.json'), 'utf8')).not.toBe(bytes);
  });

  it('exits 1 when the pooled grade is below --fail-under, 0 when not', async () => {
    const low = await run('batch', join(dir, 'good.csv'), '--out', join(dir, 'out-fail'), '--fail-under', '5', '--bootstrap', '0');
    expect(low.status).toBe(1);
    expect(low.stderr).toMatch(/pooled grade \d\.\d\d is below --fail-under 5/);
    // The reason is said even with --quiet: an exit status of 1 never goes without it.
    const quiet = await run('batch', join(dir, 'good.csv'), '--out', join(dir, 'out-fail-quiet'), '--fail-under', '5', '--bootstrap', '0', '--quiet');
    expect([quiet.status, quiet.stdout]).toEqual([1, '']);
    expect(quiet.stderr).toMatch(/^transcript-diff batch: pooled grade \d\.\d\d is below --fail-under 5\n$/);
    const ok = await run('batch', join(dir, 'good.csv'), '--out', join(dir, 'out-pass'), '--fail-under', '1', '--bootstrap', '0', '--quiet');
    expect(ok.status).toBe(0);
  });

  it('exits 2 with the place of a bad manifest or option', async () => {
    writeFileSync(join(dir, 'dup.csv'), 'id,original,reworked\np,a.srt,b.srt\np,c.srt,d.srt\n');
    const dup = await run('batch', join(dir, 'dup.csv'), '--out', join(dir, 'out-dup'));
    expect(dup.status).toBe(2);
    expect(dup.stderr).toBe(`transcript-diff: ${join(dir, 'dup.csv')}:3: the id "p" is already used on line 2\n`);
    const jobs = await run('batch', join(dir, 'good.csv'), '--out', join(dir, 'out-jobs'), '--jobs', '0');
    expect(jobs.status).toBe(2);
    const noOut = await run('batch', join(dir, 'good.csv'));
    expect(noOut.status).toBe(2);
  });
});

describe('format warnings', () => {
  it('keeps each pair’s adapter warnings in its line and counts them in the summary', async () => {
    writeFileSync(join(dir, 'files', 'gap.asr.stm'), 'f 1 A 0.0 1.0 hello there\nf 1 inter_segment_gap 1.0 2.0 words in a gap\nf 1 A 2.0 3.0 bye now\n');
    writeFileSync(join(dir, 'files', 'gap.edit.stm'), 'f 1 A 0.0 1.0 hello there\nf 1 A 2.0 3.0 bye now\n');
    writeFileSync(join(dir, 'gap.csv'), 'id,original,reworked\ngap,files/gap.asr.stm,files/gap.edit.stm\n');
    const out = join(dir, 'out-gap');
    const result = await run('batch', join(dir, 'gap.csv'), '--out', out, '--bootstrap', '0');
    expect(result.status).toBe(0);
    const [record] = records(out) as ScoredRecord[];
    expect(record!.warnings).toHaveLength(1);
    expect(record!.warnings[0]).toMatch(/^files\/gap\.asr\.stm:2: /);
    expect(summaryOf(out).warnings).toEqual({ pairs: 1, total: 1 });
    expect(result.stdout).toContain('1 format warnings on 1 pairs');
  });
});

describe('batch --normalize', () => {
  it('scores every pair under the profile, records it in batch.json, and --resume refuses another profile', async () => {
    const pairs = good.slice(0, 3);
    writeFileSync(join(dir, 'normalize.csv'), manifestCsv(pairs));
    const out = join(dir, 'out-normalize');
    const first = await run('batch', join(dir, 'normalize.csv'), '--out', out, '--bootstrap', '0', '--quiet', '--normalize', 'case+punctuation');
    expect(first.status).toBe(0);
    const settings = JSON.parse(readFileSync(join(out, 'batch.json'), 'utf8')) as { pair: { config: Record<string, unknown> } };
    expect(settings.pair.config['normalization']).toBe('case+punctuation');
    for (const record of records(out) as ScoredRecord[]) expect(record.meta.normalization).toEqual({ profile: 'case+punctuation', version: 1 });

    for (const other of [['--normalize', 'basic'], []]) {
      const refused = await run('batch', join(dir, 'normalize.csv'), '--out', out, '--bootstrap', '0', '--quiet', '--resume', ...other);
      expect(refused.status).toBe(2);
      expect(refused.stderr).toMatch(/batch\.json: that run used other options/);
    }
    const same = await run('batch', join(dir, 'normalize.csv'), '--out', out, '--bootstrap', '0', '--quiet', '--resume', '--normalize', 'case+punctuation');
    expect(same.status).toBe(0);
  });
});
