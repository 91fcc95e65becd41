/**
 * A PNG of an HTML report as Chromium draws it (the pictures of the README and docs/cli.md come
 * from this):
 *
 *   node dist/scripts/report-screenshot.js REPORT.html OUT.png [--hash=#row=12] [--rows] [--width=1400] [--height=1000]
 *
 * `--hash` opens the report on a view (filters, row) as a link would; `--rows` scrolls down to
 * the rows first (the header fills the first screen). Needs Debian's `chromium` (or CHROMIUM_PATH).
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import puppeteer from 'puppeteer-core';

declare const document: { querySelector(selector: string): { scrollIntoView(): void } | null };

async function main(): Promise<void> {
  const [report, out] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  if (report === undefined || out === undefined) throw new Error('usage: report-screenshot REPORT.html OUT.png [--hash=#...] [--rows] [--width=N] [--height=N]');
  const chromium = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => p !== undefined && p !== '' && existsSync(p));
  if (chromium === undefined) throw new Error('no Chromium: apt-get install chromium, or set CHROMIUM_PATH');
  const browser = await puppeteer.launch({ executablePath: chromium, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: Number(option('width') ?? 1400), height: Number(option('height') ?? 1000) });
    await page.goto(pathToFileURL(resolve(report)).href + (option('hash') ?? ''));
    await page.waitForSelector('[data-grade]');
    if (process.argv.includes('--rows')) await page.evaluate(() => document.querySelector('.entries')?.scrollIntoView());
    await page.waitForSelector('[data-entry]', { visible: true });
    await page.screenshot({ path: out as `${string}.png` });
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
