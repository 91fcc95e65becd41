/**
 * How long a 30,000-row HTML report takes to become usable in a real Chromium, and its size.
 * The realistic-30k benchmark body is diffed in-process (inline diff and analysis on, as the
 * command-line tool does), written as one self-contained report, then opened from disk in
 * headless Chromium (Debian's `chromium`, or CHROMIUM_PATH) `--runs` times, each in a new page:
 *
 * - usable: from navigation to the header's grade drawn and, scrolled down to the rows, the first
 *   rows drawn;
 * - next change: a press of `n` until the page's hash names the next changed row;
 * - filter: "only changes" toggled through the URL hash until the rows are redrawn;
 * - end: a jump to the last row (its link, `#row=N`) until that row is drawn;
 * - rows in the DOM after all that (the page draws only what is on screen), and the JS heap.
 *
 *   npm run build && node dist/scripts/studies/report-render.js [--runs=5] [--out=/tmp/report-30k.html]
 */
import { statSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import puppeteer from 'puppeteer-core';
import { runDiff } from '../../src/engine/index';
import type { DiffRequest } from '../../src/engine/types';
import { reportHtml } from '../../src/report/html-report';
import { buildBodies } from '../bench/bodies';
import { median } from '../bench/stats';

// The page's globals used inside page.evaluate (this program is type-checked without the DOM).
declare const location: { hash: string };
declare const document: {
  querySelectorAll(selector: string): ArrayLike<{ getAttribute(name: string): string | null }>;
  querySelector(selector: string): { scrollIntoView(): void } | null;
};

const CHROMIUM = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => p !== undefined && p !== '' && statSafe(p));

function statSafe(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

async function main(): Promise<void> {
  const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  const runs = Number(arg('runs') ?? 5);
  const out = arg('out') ?? '/tmp/report-30k.html';
  if (CHROMIUM === undefined) throw new Error('no Chromium: apt-get install chromium, or set CHROMIUM_PATH');
  const body = buildBodies(1, { only: ['realistic-30k'] }).main.find((b) => b.family === 'realistic-30k');
  if (body === undefined) throw new Error('no realistic-30k body');
  const request = JSON.parse(body.json) as DiffRequest;
  const data = runDiff({ ...request, config: { ...request.config, enableAnalysis: true, enableInlineDiff: true } });
  const drawn = data.results.filter((e) => e.trace !== true).length;
  writeFileSync(out, reportHtml({ data, title: body.name }));
  const bytes = statSync(out).size;
  const url = pathToFileURL(out).href;

  const browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  const samples = { usable: [] as number[], next: [] as number[], filter: [] as number[], end: [] as number[], rowsInDom: [] as number[], heapMB: [] as number[] };
  try {
    for (let r = 0; r < runs; r++) {
      const page = await browser.newPage();
      await page.setViewport({ width: 1400, height: 900 });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      let t = performance.now();
      await page.goto(url, { waitUntil: 'domcontentloaded' });
      await page.waitForSelector('[data-grade]');
      // The header (grade, rates, analysis) fills the first screen: go down to the rows.
      await page.evaluate(() => document.querySelector('.entries')?.scrollIntoView());
      await page.waitForSelector('[data-entry]');
      samples.usable.push(performance.now() - t);

      t = performance.now();
      await page.keyboard.press('n');
      await page.waitForFunction(() => /row=\d+/.test(location.hash));
      samples.next.push(performance.now() - t);

      t = performance.now();
      await page.evaluate(() => {
        location.hash = 'changes=1';
      });
      await page.waitForFunction(() => Array.from(document.querySelectorAll('[data-entry]')).every((e) => e.getAttribute('data-status') !== 'UNCHANGED'));
      samples.filter.push(performance.now() - t);

      const last = data.results.length - 1 - [...data.results].reverse().findIndex((e) => e.trace !== true);
      t = performance.now();
      await page.evaluate((row) => {
        location.hash = `row=${row}`;
      }, last);
      await page.waitForSelector(`[data-entry="${last}"]`);
      samples.end.push(performance.now() - t);

      samples.rowsInDom.push(await page.evaluate(() => document.querySelectorAll('[data-entry]').length));
      const metrics = await page.metrics();
      samples.heapMB.push((metrics.JSHeapUsedSize ?? 0) / 1e6);
      if (errors.length > 0) throw new Error(`page errors: ${errors.join('; ')}`);
      await page.close();
    }
  } finally {
    await browser.close();
  }
  const show = (name: string, xs: number[], unit: string, digits = 0) =>
    process.stdout.write(`${name.padEnd(12)} median ${median(xs).toFixed(digits)} ${unit}  (min ${Math.min(...xs).toFixed(digits)}, max ${Math.max(...xs).toFixed(digits)})\n`);
  process.stdout.write(`${body.name}: ${drawn} entries drawn, report ${(bytes / 1e6).toFixed(2)} MB (${out}), ${runs} runs, ${await chromiumVersion()}\n`);
  show('usable', samples.usable, 'ms');
  show('next change', samples.next, 'ms');
  show('filter', samples.filter, 'ms');
  show('last row', samples.end, 'ms');
  show('rows in DOM', samples.rowsInDom, '');
  show('JS heap', samples.heapMB, 'MB', 1);
}

async function chromiumVersion(): Promise<string> {
  const browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
  const version = await browser.version();
  await browser.close();
  return version;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
