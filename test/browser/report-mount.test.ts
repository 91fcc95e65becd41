/**
 * mountReport as the viewer calls it: on a page of its own, a second diff replacing the first on
 * the same root, data without analysis or composite, a back link, and data that is not a diff at all.
 */
import { build } from 'esbuild';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'puppeteer-core';
import { runDiff } from '../../src/engine/index';
import type { DiffData } from '../../src/engine/types';
import { packageRoot } from '../../src/package-files';
import { describeWithBrowser, launchBrowser, watchedPage, type PageWatch } from '../support/browser';
import { knownDiff } from '../report/known-diff';

/* Page-side globals used by the callbacks below (the Node tsconfig has no DOM types). */
declare const document: {
  getElementById(id: string): unknown;
  querySelector(selector: string): { getBoundingClientRect(): { height: number; top: number } } | null;
  querySelectorAll(selector: string): ArrayLike<{ getBoundingClientRect(): { top: number; bottom: number }; setAttribute(name: string, value: string): void }> & { length: number };
  activeElement: { textContent: string | null } | null;
};
declare const location: { hash: string };
declare const window: { mountReport(root: unknown, data: unknown, options?: unknown): void; scrollTo(x: number, y: number): void; scrollY: number };

describeWithBrowser('mountReport', () => {
  let browser: Browser;
  let dir: string;
  let url: string;

  beforeAll(async () => {
    // The renderer alone, as the viewer's bundle carries it, exposed to the page.
    const bundle = await build({
      stdin: { contents: "import { mountReport } from './src/browser/report-view'; (window as unknown as Record<string, unknown>).mountReport = mountReport;", resolveDir: packageRoot(), loader: 'ts' },
      bundle: true,
      write: false,
      format: 'iife',
      outdir: 'out',
      logLevel: 'silent',
    });
    const js = bundle.outputFiles.find((f) => f.path.endsWith('.js'))!.text;
    const css = bundle.outputFiles.find((f) => f.path.endsWith('.css'))!.text;
    browser = await launchBrowser();
    dir = mkdtempSync(join(tmpdir(), 'report-mount-'));
    const file = join(dir, 'mount.html');
    writeFileSync(file, `<!DOCTYPE html><html><head><meta charset="utf-8"><style>${css}</style></head><body><div id="root"></div><script>${js}</script></body></html>`);
    url = pathToFileURL(file).href;
  });

  afterAll(async () => {
    await browser?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function page(): Promise<{ page: Page; watch: PageWatch }> {
    const opened = await watchedPage(browser);
    await opened.page.setViewport({ width: 1280, height: 2000 });
    await opened.page.goto(url);
    return opened;
  }

  const mount = (p: Page, data: unknown, options: unknown = {}) => p.evaluate((d, o) => window.mountReport(document.getElementById('root'), d, o), data as never, options as never);
  const count = (p: Page, selector: string) => p.evaluate((s) => document.querySelectorAll(s).length, selector);

  /** Listeners of one type on `document` or `window`, as DevTools lists them. */
  async function listeners(p: Page, target: 'document' | 'window', type: string): Promise<number> {
    const session = await p.createCDPSession();
    const { result } = await session.send('Runtime.evaluate', { expression: target });
    const { listeners: all } = await session.send('DOMDebugger.getEventListeners', { objectId: result.objectId! });
    await session.detach();
    return all.filter((l) => l.type === type).length;
  }

  it('replaces a first report with a second on the same root, its keys and listeners too', async () => {
    const { page: p, watch } = await page();
    const first = runDiff({ original: [{ transcript: 'a b' }, { transcript: 'c d' }], reworked: [{ transcript: 'a b' }, { transcript: 'c e' }] });
    const second = knownDiff();
    await mount(p, first, { title: 'first' });
    await mount(p, second, { title: 'second' });
    expect(await count(p, '.report-header')).toBe(1);
    expect(await count(p, '.toolbar')).toBe(1);
    expect(await p.$eval('h1', (e) => e.textContent)).toBe('second');
    expect(await count(p, '[data-entry]')).toBe(second.results.filter((e) => !e.trace).length);
    // The first report's listeners are gone: one of each is left, the second report's.
    expect(await listeners(p, 'document', 'keydown')).toBe(1);
    expect(await listeners(p, 'window', 'hashchange')).toBe(1);
    expect(await listeners(p, 'window', 'scroll')).toBe(1);
    await p.keyboard.press('n');
    await p.keyboard.press('n');
    expect(await p.evaluate(() => location.hash)).toBe('#row=2');
    expect(await count(p, '.entry.current')).toBe(1);
    expect(watch.errors).toEqual([]);
  });

  it('draws data without analysis or composite, n/a for what it lacks', async () => {
    const { page: p, watch } = await page();
    const data: DiffData = runDiff({ original: [{ transcript: 'hello' }], reworked: [{ transcript: 'hello there' }], config: { enableComposite: false, enableSACR: false } });
    await mount(p, data);
    expect(await p.$eval('[data-grade]', (e) => e.textContent)).toBe('n/a');
    expect(await p.$eval('[data-score="SACR"]', (e) => e.textContent)).toBe('n/a');
    expect(await count(p, '.analysis')).toBe(0);
    expect(await count(p, '[data-entry][data-status="MODIFIED"] ins')).toBe(1);
    expect(watch.errors).toEqual([]);
  });

  it('cuts a long text to a few lines until the reader opens it', async () => {
    const { page: p, watch } = await page();
    const long = Array.from({ length: 400 }, (_, k) => `word${k}`).join(' ');
    await mount(p, runDiff({ original: [{ transcript: long }, { transcript: 'short' }], reworked: [{ transcript: long }, { transcript: 'short' }] }));
    const height = () => p.$eval('[data-entry="0"]', (e) => e.getBoundingClientRect().height);
    const shortTop = () => p.$eval('[data-entry="1"]', (e) => e.getBoundingClientRect().top);
    const clamped = await height();
    expect(await p.$eval('[data-entry="0"] [data-side="original"] .text', (e) => e.classList.contains('clamped'))).toBe(true);
    await p.click('[data-entry="0"] [data-side="original"] [data-expand]');
    await p.waitForFunction(() => document.querySelectorAll('.clamped').length === 0);
    await p.waitForFunction((h) => document.querySelector('[data-entry="0"]')!.getBoundingClientRect().height > h * 2, {}, clamped);
    // The next entry moved down to make room: the list re-measured the opened one.
    expect(await shortTop()).toBeGreaterThanOrEqual((await p.$eval('[data-entry="0"]', (e) => e.getBoundingClientRect().bottom)) - 1);
    expect(await p.$eval('[data-entry="0"] [data-expand]', (e) => e.textContent)).toBe('Show less');
    expect(await p.evaluate(() => document.activeElement?.textContent)).toBe('Show less');
    expect(await p.$eval('[data-entry="0"] [data-side="original"] .text', (e) => e.textContent)).toBe(long);
    expect(watch.errors).toEqual([]);
  });

  it('draws a back link above the title, and only its text for an address that would run code', async () => {
    const { page: p, watch } = await page();
    await mount(p, knownDiff(), { title: 't', back: { href: '../index.html', label: '← All pairs <b>' } });
    const link = () => p.$eval('.report-header > nav.back > [data-back]', (e) => ({ tag: e.tagName, href: e.getAttribute('href'), text: e.textContent, children: e.children.length }));
    expect(await link()).toEqual({ tag: 'A', href: '../index.html', text: '← All pairs <b>', children: 0 });
    expect(await p.$eval('.report-header', (e) => e.firstElementChild?.nextElementSibling?.tagName)).toBe('H1');
    await mount(p, knownDiff(), { title: 't', back: { href: 'java\tscript:alert(1)', label: 'back' } });
    expect(await link()).toEqual({ tag: 'SPAN', href: null, text: 'back', children: 0 });
    await mount(p, knownDiff(), { title: 't' });
    expect(await count(p, '[data-back]')).toBe(0);
    expect(watch.errors).toEqual([]);
  });

  it('draws its rows again at a new width, none over another, the row in view kept in view', async () => {
    // Rows of many lengths, so that heights change with the width.
    const rows = Array.from({ length: 300 }, (_, i) => ({ transcript: `row ${i} ${'word '.repeat(5 + ((i * 37) % 60))}`.trim() }));
    const data = runDiff({ original: rows, reworked: rows.map((r, i) => (i % 4 === 0 ? { transcript: `${r.transcript} edited` } : r)), config: {} });
    const { page: p, watch } = await page();
    await p.setViewport({ width: 1400, height: 900 });
    await mount(p, data);
    await p.evaluate(() => window.scrollTo(0, 6000));
    const overlaps = () =>
      p.evaluate(() => {
        const boxes = Array.from(document.querySelectorAll('[data-entry]')).map((e) => e.getBoundingClientRect()).sort((a, b) => a.top - b.top);
        let worst = 0;
        for (let k = 1; k < boxes.length; k++) worst = Math.max(worst, boxes[k - 1]!.bottom - boxes[k]!.top);
        return { worst, drawn: boxes.length };
      });
    const entryInView = () =>
      p.evaluate(() => {
        const boxes = Array.from(document.querySelectorAll('[data-entry]')) as unknown as Array<{ getAttribute(n: string): string; getBoundingClientRect(): { top: number; bottom: number } }>;
        return boxes.filter((e) => e.getBoundingClientRect().bottom > 120).sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top)[0]?.getAttribute('data-entry');
      });
    // The scroll is drawn on the next frame: wait until rows stand in the window.
    await p.waitForFunction(() =>
      Array.from(document.querySelectorAll('[data-entry]')).some((e) => {
        const box = e.getBoundingClientRect();
        return box.bottom > 120 && box.top < 900;
      }),
    );
    expect((await overlaps()).worst).toBeLessThanOrEqual(1);
    const before = Number(await entryInView());
    expect(Number.isInteger(before)).toBe(true);
    for (const width of [1100, 700, 1400]) {
      // Every row drawn at the old width is marked; a new width draws every row afresh, so the
      // redraw has happened once no marked row is left and rows are drawn again.
      await p.evaluate(() => Array.from(document.querySelectorAll('[data-entry]')).forEach((e) => e.setAttribute('data-old-width', '')));
      await p.setViewport({ width, height: 900 });
      await p.waitForFunction(() => document.querySelector('[data-old-width]') === null && document.querySelector('[data-entry]') !== null);
      const { worst, drawn } = await overlaps();
      expect(drawn).toBeGreaterThan(0);
      expect(worst).toBeLessThanOrEqual(1);
      // The row the reader was on is still on screen.
      const top = await p.evaluate((i) => document.querySelector(`[data-entry="${i}"]`)?.getBoundingClientRect().top ?? null, before);
      expect(top).not.toBeNull();
      expect(top!).toBeGreaterThanOrEqual(0);
      expect(top!).toBeLessThan(900);
    }
    expect(watch.errors).toEqual([]);
  });

  it('says so, without throwing, when given something that is not a diff', async () => {
    const { page: p, watch } = await page();
    await mount(p, { hello: 'world' });
    expect(await p.$eval('.report-error', (e) => e.textContent)).toBe('This is not the data of a diff: it has no results, scores or meta.');
    expect(watch.errors).toEqual([]);
  });
});
