/**
 * The corpus index page of `batch --html` in a real Chromium, opened from disk: one table row per
 * pair, sorting by a rate orders the rows (nulls and error rows last), the filter and the pager,
 * the histogram's bars add up to the scored pairs, no console error and no request but the file,
 * and a pair's link opens its own page with its grade, whose back link leads to the index. A
 * table longer than a page keeps one page of rows in the DOM and sorts across all of them.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'puppeteer-core';
import { isErrorRecord, parseRecordLine, type ScoredRecord } from '../../src/batch/pair-record';
import type { Summary } from '../../src/batch/summary';
import { writeCorpusIndex } from '../../src/batch/corpus-index';
import type { CorpusRow } from '../../src/report/corpus-table';
import { formatGrade } from '../../src/report/format';
import { manifestCsv, writePairs, type CorpusPair } from '../batch/corpus';
import { describeWithBrowser, launchBrowser, watchedPage, type PageWatch } from '../support/browser';
import { runTool } from '../support/cli-run';

// A batch run and a browser: a safety net for a busy machine, not a bound.
jest.setTimeout(180_000);

describeWithBrowser('batch --html in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  describe('the corpus index page', () => {
    let dir: string;
    let pairs: CorpusPair[];
    let scored: ScoredRecord[];
    let indexUrl: string;
    let page: Page;
    let watch: PageWatch;

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'td-corpus-page-'));
      const good = writePairs(dir, 12, 10, 5);
      pairs = [...good, { id: 'bad-missing', original: 'files/nowhere.json', reworked: good[0]!.reworked, tags: { annotator: 'a', provider: 'x' } }];
      writeFileSync(join(dir, 'manifest.csv'), manifestCsv(pairs));
      const out = join(dir, 'out');
      const result = await runTool('batch', join(dir, 'manifest.csv'), '--out', out, '--html', '--jobs', '2', '--bootstrap', '100', '--quiet');
      expect(result.status).toBe(3);
      scored = readFileSync(join(out, 'pairs.jsonl'), 'utf8')
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => parseRecordLine(l)!)
        .filter((r): r is ScoredRecord => !isErrorRecord(r));
      indexUrl = pathToFileURL(join(out, 'index.html')).href;
      ({ page, watch } = await watchedPage(browser));
      await page.goto(indexUrl, { waitUntil: 'load' });
      await page.waitForSelector('.corpus-table tbody tr');
    });
    afterAll(async () => {
      await page?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    const rowIds = () => page.$$eval('.corpus-table tbody tr', (rows) => rows.map((r) => r.getAttribute('data-pair-id')));
    const columnValues = (key: string) =>
      page.$$eval(
        '.corpus-table tbody tr',
        (rows, key) => rows.map((r) => r.querySelector(`[data-column="${key}"]`)?.getAttribute('data-value') ?? null),
        key,
      );

    it('shows one row per pair, the error row with its error', async () => {
      expect(await rowIds()).toEqual(pairs.map((p) => p.id));
      const error = await page.$eval('tr[data-pair-id="bad-missing"] .error', (cell) => cell.textContent);
      expect(error).toBe('unreadable: files/nowhere.json: no such file');
    });

    it('sorts by transcript WER, ascending then descending, with the error row last both ways', async () => {
      const wer = (id: string) => scored.find((r) => r.id === id)!.scores.transcriptWER!;
      await page.click('button[data-sort="rate:transcriptWER"]');
      let ids = await rowIds();
      expect(ids[ids.length - 1]).toBe('bad-missing');
      const ascending = ids.slice(0, -1).map((id) => wer(id!));
      expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
      expect((await columnValues('rate:transcriptWER')).slice(0, -1).map(Number)).toEqual(ascending);
      expect(await page.$eval('th[data-column="rate:transcriptWER"]', (th) => th.getAttribute('aria-sort'))).toBe('ascending');

      await page.click('button[data-sort="rate:transcriptWER"]');
      ids = await rowIds();
      expect(ids[ids.length - 1]).toBe('bad-missing');
      const descending = ids.slice(0, -1).map((id) => wer(id!));
      expect(descending).toEqual([...ascending].sort((a, b) => b - a));
      expect(new URL(page.url()).hash).toBe('#sort=rate%3AtranscriptWER&dir=descending');
    });

    it('filters the rows by id or tag', async () => {
      await page.type('input[data-filter]', 'pair-01');
      expect((await rowIds()).sort()).toEqual(['pair-010', 'pair-011']);
      expect(await page.$eval('[data-shown]', (e) => e.textContent)).toBe(`2 of ${pairs.length} pairs`);
      await page.click('input[data-filter]', { count: 3 });
      await page.keyboard.press('Backspace');
      expect(await rowIds()).toHaveLength(pairs.length);
    });

    it('pages a table longer than a page', async () => {
      await page.select('select[data-page-size]', '50');
      expect(await page.$eval('[data-page-info]', (e) => e.textContent)).toBe(`rows 1–${pairs.length} of ${pairs.length}, page 1 of 1`);
      expect(await page.$eval('button[data-page="next"]', (b) => b.hasAttribute('disabled'))).toBe(true);
    });

    it('draws a histogram whose bars add up to the scored pairs, and the grade bars too', async () => {
      const sum = (selector: string) => page.$$eval(selector, (bars) => bars.reduce((s, b) => s + Number(b.getAttribute('data-count')), 0));
      expect(await sum('svg.histogram rect[data-count]')).toBe(scored.length);
      expect(await sum('svg.grades rect[data-count]')).toBe(scored.length);
    });

    it('logs no error and requests nothing but the file', () => {
      expect(watch.errors).toEqual([]);
      expect(watch.requests).toEqual([indexUrl]);
    });

    it("opens a pair's page from its link, with that pair's grade", async () => {
      const target = scored.find((r) => r.composite?.grade != null)!;
      await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click(`tr[data-pair-id="${target.id}"] a`)]);
      expect(page.url()).toMatch(/^file:\/\/.*\/pairs\/[a-z0-9-]+\.html$/);
      await page.waitForSelector('[data-grade]');
      expect(await page.$eval('[data-grade]', (e) => e.textContent)).toBe(formatGrade(target.composite));
      expect(watch.errors).toEqual([]);
      expect(watch.requests).toEqual([indexUrl, page.url()]);
    });

    it("leads back from a pair's page to the index by its back link", async () => {
      const pairUrl = page.url();
      expect(pairUrl).toMatch(/\/pairs\/[a-z0-9-]+\.html$/);
      expect(await page.$eval('a[data-back]', (a) => a.getAttribute('href'))).toBe('../index.html');
      await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click('a[data-back]')]);
      expect(page.url()).toBe(indexUrl);
      await page.waitForSelector('.corpus-table tbody tr');
      expect(watch.errors).toEqual([]);
      expect(watch.requests).toEqual([indexUrl, pairUrl, indexUrl]);
    });
  });

  describe('a corpus table longer than a page', () => {
    const ROWS = 2345;
    const RATES = ['overallCER', 'overallWER', 'SegER', 'transcriptCER', 'transcriptWER', 'SER', 'transcriptSER', 'SACR'];
    let dir: string;
    let page: Page;
    let watch: PageWatch;
    let rows: CorpusRow[];

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'td-corpus-long-'));
      // The summary of a real run; the table is built here, to have more rows than a page.
      const good = writePairs(dir, 3, 4, 2);
      writeFileSync(join(dir, 'manifest.csv'), manifestCsv(good));
      expect((await runTool('batch', join(dir, 'manifest.csv'), '--out', join(dir, 'out'), '--bootstrap', '0', '--quiet')).status).toBe(0);
      const summary = JSON.parse(readFileSync(join(dir, 'out', 'summary.json'), 'utf8')) as Summary;
      // Rates spread over [0, 1) by a multiplicative step, some null, and an error row every 100.
      rows = Array.from({ length: ROWS }, (_, i): CorpusRow => {
        const id = `call-${i}`;
        if (i % 100 === 7) return { id, tags: ['a', null], error: { kind: 'unreadable', message: `files/${id}.srt: no such file` } };
        const rate = ((i * 7919) % 1000) / 1000;
        return { id, page: null, tags: ['a', i % 2 === 0 ? 'x' : null], grade: 5 - 4 * rate, label: null, rates: RATES.map((name) => (name === 'SACR' && i % 3 === 0 ? null : rate)) };
      });
      writeCorpusIndex(join(dir, 'long.html'), { summary, table: { tagColumns: ['annotator', 'provider'], rates: RATES, rows } });
      ({ page, watch } = await watchedPage(browser));
      await page.goto(pathToFileURL(join(dir, 'long.html')).href, { waitUntil: 'load' });
      await page.waitForSelector('.corpus-table tbody tr');
    });
    afterAll(async () => {
      await page?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    const shownIds = () => page.$$eval('.corpus-table tbody tr', (trs) => trs.map((r) => r.getAttribute('data-pair-id')!));
    const info = () => page.$eval('[data-page-info]', (e) => e.textContent);

    it('keeps one page of rows in the DOM and pages through the rest', async () => {
      expect(await shownIds()).toEqual(rows.slice(0, 100).map((r) => r.id));
      expect(await info()).toBe(`rows 1–100 of ${ROWS}, page 1 of 24`);
      await page.click('button[data-page="last"]');
      expect(await shownIds()).toEqual(rows.slice(2300).map((r) => r.id));
      expect(await info()).toBe(`rows 2301–${ROWS} of ${ROWS}, page 24 of 24`);
    });

    it('sorts the whole table, not the page: the largest SACR first, then the pairs without one and the error rows', async () => {
      await page.click('button[data-sort="rate:SACR"]');
      await page.click('button[data-sort="rate:SACR"]');
      expect(await info()).toBe(`rows 1–100 of ${ROWS}, page 1 of 24`);
      const scored = rows.filter((r): r is Extract<CorpusRow, { rates: unknown }> => 'rates' in r);
      const withRate = scored.filter((r) => r.rates[7] !== null);
      const largest = Math.max(...withRate.map((r) => r.rates[7]!));
      const first = await page.$eval('.corpus-table tbody tr [data-column="rate:SACR"]', (td) => Number(td.getAttribute('data-value')));
      expect(first).toBe(largest);
      await page.click('button[data-page="last"]');
      const last = await shownIds();
      const tail = new Set(rows.filter((r) => !('rates' in r) || r.rates[7] === null).map((r) => r.id));
      expect(last.every((id) => tail.has(id))).toBe(true);
      expect(watch.errors).toEqual([]);
    });
  });
});
