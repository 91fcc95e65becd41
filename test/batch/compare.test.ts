/**
 * `transcript-diff compare OUT_A OUT_B` on two real batch runs over the same ids: B − A per
 * pooled rate on the common pairs, its paired interval, printed and as JSON.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runTool } from '../support/cli-run';
import type { RunComparison } from '../../src/batch/compare-runs';
import type { Summary } from '../../src/batch/summary';
import { manifestCsv, writePairs } from './corpus';

// Two batch runs, each starting its worker threads: a safety net for a busy machine, not a bound.
jest.setTimeout(120_000);

let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'td-compare-'));
  // Run A: the drafts against the edits; run B: the edits against themselves for half of the pairs
  // (a system that got those right), the same drafts for the rest.
  const pairs = writePairs(dir, 12, 10, 3);
  writeFileSync(join(dir, 'a.csv'), manifestCsv(pairs));
  writeFileSync(join(dir, 'b.csv'), manifestCsv(pairs.map((p, i) => (i % 2 === 0 ? { ...p, original: p.reworked } : p))));
  expect((await runTool('batch', join(dir, 'a.csv'), '--out', join(dir, 'A'), '--jobs', '2', '--bootstrap', '0')).status).toBe(0);
  expect((await runTool('batch', join(dir, 'b.csv'), '--out', join(dir, 'B'), '--jobs', '2', '--bootstrap', '0')).status).toBe(0);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('gives B − A of each pooled rate with a paired interval and the share of resamples where B is better', async () => {
  const json = join(dir, 'cmp.json');
  const run = await runTool('compare', join(dir, 'A'), join(dir, 'B'), '--json', json, '--bootstrap', '300', '--seed', '9');
  expect(run.status).toBe(0);
  const c = JSON.parse(readFileSync(json, 'utf8')) as RunComparison;
  const a = JSON.parse(readFileSync(join(dir, 'A', 'summary.json'), 'utf8')) as Summary;
  const b = JSON.parse(readFileSync(join(dir, 'B', 'summary.json'), 'utf8')) as Summary;
  expect(c.pairs).toEqual({ common: 12, onlyA: 0, onlyB: 0, errorRowsA: 0, errorRowsB: 0 });
  expect(c.rates.overallWER.a).toBe(a.corpus.pooled.overallWER);
  expect(c.rates.overallWER.b).toBe(b.corpus.pooled.overallWER);
  const d = c.rates.overallWER.difference!;
  expect(d.difference).toBeCloseTo(b.corpus.pooled.overallWER! - a.corpus.pooled.overallWER!, 12);
  expect(d.difference).toBeLessThan(0);
  expect(d.interval!.high).toBeLessThan(0);
  // Only a resample drawing none of the improved pairs has B no better.
  expect(d.bBetter).toBeGreaterThan(0.95);
  expect(run.stdout).toMatch(/12 pairs scored in both/);
  expect(run.stdout).toMatch(/overallWER .* 9\d\.\d%/);
  // The same seed gives the same comparison.
  const again = await runTool('compare', join(dir, 'A'), join(dir, 'B'), '--json', '-', '--bootstrap', '300', '--seed', '9');
  expect(again.stdout).toBe(readFileSync(json, 'utf8'));
});

it('exits 2 for a folder that holds no run', async () => {
  const run = await runTool('compare', join(dir, 'A'), join(dir, 'nowhere'));
  expect(run.status).toBe(2);
  expect(run.stderr).toContain('no pairs.jsonl here');
});
