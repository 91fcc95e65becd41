/**
 * The HTML report file in a real Chromium, opened from disk: what it shows for a known diff, its
 * filters, search, keyboard and hash, its CSV download, and that transcript text can neither run
 * script nor reorder the page. Every page must load nothing but the file itself and log no error.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'puppeteer-core';
import { runDiff } from '../../src/engine/index';
import { STATUSES, type DiffData } from '../../src/engine/types';
import { entriesCsv } from '../../src/report/csv-export';
import { formatGrade, formatRate } from '../../src/report/format';
import { reportHtml } from '../../src/report/html-report';
import { drawnEntries, statusCounts } from '../../src/report/report-entries';
import { describeWithBrowser, fileBrowser, watchedPage, type PageWatch } from '../support/browser';
import { until } from '../support/until';
import { ARABIC, HOSTILE, knownDiff } from '../report/known-diff';

/*
 * The callbacks given to page.evaluate and $eval run in Chromium. The Node tsconfig that checks
 * this file has no DOM types, so the few page globals they use are declared here.
 */
interface PageAudio {
  currentTime: number;
  paused: boolean;
}
interface PageRange {
  setStart(node: unknown, offset: number): void;
  setEnd(node: unknown, offset: number): void;
  getBoundingClientRect(): { left: number };
}
declare const document: {
  querySelector(selector: 'audio'): PageAudio | null;
  querySelector(selector: string): unknown;
  createRange(): PageRange;
  body: { scrollHeight: number };
};
declare const window: { pwned?: number; scrollTo(x: number, y: number): void };
declare const location: { hash: string };
declare const history: { back(): void; forward(): void };
declare function getComputedStyle(element: unknown): { direction: string; textDecorationLine: string };
interface HTMLInputElement {
  value: string;
  checked: boolean;
}

const entryIndex = (data: DiffData, status: string, nth = 0) => data.results.map((e, i) => (!e.trace && e.status === status ? i : -1)).filter((i) => i >= 0)[nth]!;

// The blocks below share one browser.
const sharedBrowser = fileBrowser();

describeWithBrowser('the HTML report file', () => {
  let browser: Browser;
  let dir: string;
  let file: string;
  const data = knownDiff();
  const entries = drawnEntries(data);
  const watches: Array<{ watch: PageWatch; allowed: (url: string) => boolean }> = [];

  beforeAll(async () => {
    browser = await sharedBrowser();
    dir = mkdtempSync(join(tmpdir(), 'report-'));
    file = join(dir, 'report.html');
    writeFileSync(file, reportHtml({ data, title: 'known diff', sides: { original: { name: 'a.srt', format: 'srt', rows: 8 }, reworked: { name: 'b.srt', format: 'srt', rows: 9 } } }));
  });

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const fileUrl = () => pathToFileURL(file).href;

  /** The report opened at `hash`; its requests and errors are checked after each test. */
  async function open(hash = ''): Promise<{ page: Page; watch: PageWatch }> {
    const opened = await watchedPage(browser);
    await opened.page.setViewport({ width: 1280, height: 900 });
    watches.push({ watch: opened.watch, allowed: (url) => url.split('#')[0] === fileUrl() });
    await opened.page.goto(`${fileUrl()}${hash}`);
    await opened.page.waitForSelector('[data-entry]');
    return opened;
  }

  afterEach(async () => {
    for (const { watch, allowed } of watches.splice(0)) {
      expect(watch.errors).toEqual([]);
      expect(watch.requests.filter((url) => !allowed(url))).toEqual([]);
    }
    for (const page of (await browser.pages()).slice(1)) await page.close();
  });

  const shownIndices = (page: Page) => page.$$eval('[data-entry]', (els) => els.map((e) => Number(e.getAttribute('data-entry'))).sort((a, b) => a - b));

  it('shows the grade, every rate, and as many rows of each status as it counts', async () => {
    const { page } = await open();
    expect(await page.$eval('[data-grade]', (e) => e.textContent)).toBe(formatGrade(data.composite));
    for (const [key, value] of Object.entries(data.scores)) {
      expect(await page.$eval(`[data-score="${key}"]`, (e) => e.textContent)).toBe(formatRate(value));
    }
    const counts = statusCounts(entries);
    for (const status of STATUSES) {
      expect(await page.$eval(`[data-status-count="${status}"]`, (e) => e.textContent)).toBe(String(counts[status]));
      expect(await page.$$eval(`[data-entry][data-status="${status}"]`, (els) => els.length)).toBe(counts[status]);
    }
    expect(await shownIndices(page)).toEqual(entries.map((e) => e.index));
    expect(await page.$eval('.analysis', (e) => e.textContent)).toContain('Per speaker');
  });

  it("faces a SPLIT's original row with its 3 pieces and a MERGED's 2 sources with its row, joined", async () => {
    const { page } = await open();
    const pieces = (index: number, side: string) => page.$$eval(`[data-entry="${index}"] [data-side="${side}"] .piece`, (els) => els.length);
    const split = entryIndex(data, 'SPLIT');
    const merged = entryIndex(data, 'MERGED');
    expect([await pieces(split, 'original'), await pieces(split, 'reworked')]).toEqual([1, 3]);
    expect([await pieces(merged, 'original'), await pieces(merged, 'reworked')]).toEqual([2, 1]);
    expect(await page.$eval(`[data-entry="${split}"] [data-side="reworked"]`, (e) => e.classList.contains('joined'))).toBe(true);
    // The three pieces stand beside the one original row, not below it.
    const boxes = await page.$$eval(`[data-entry="${split}"] .side`, (els) =>
      els.map((e) => {
        const r = e.getBoundingClientRect();
        return { left: r.left, right: r.right, top: r.top };
      }),
    );
    expect(boxes[1]!.left).toBeGreaterThan(boxes[0]!.right);
    expect(boxes[1]!.top).toBeCloseTo(boxes[0]!.top, 0);
  });

  it("shows a SPLIT's and a MERGED's character diff piece by piece, as pieceDiffs gives it", async () => {
    const { page } = await open();
    const split = entryIndex(data, 'SPLIT');
    const merged = entryIndex(data, 'MERGED');
    // Each reworked piece of the SPLIT reads as its own row, the original as the original.
    const texts = (index: number, side: string) => page.$$eval(`[data-entry="${index}"] [data-side="${side}"] .piece .text`, (els) => els.map((e) => e.textContent));
    expect(await texts(split, 'reworked')).toEqual(data.results[split].reworkedRows!.map((row) => row.transcript));
    // The MERGED's row has the space the two sources did not: shown as inserted.
    expect(await page.$$eval(`[data-entry="${merged}"] [data-side="reworked"] ins`, (els) => els.map((e) => e.textContent))).toEqual(['[inserted:  ]']);
    expect(await texts(merged, 'original')).toEqual(data.results[merged].originalRows!.map((row) => row.transcript));
  });

  it('marks inserted and deleted text of a MODIFIED row with ins/del and words for screen readers', async () => {
    const { page } = await open();
    const modified = entryIndex(data, 'MODIFIED');
    expect(await page.$eval(`[data-entry="${modified}"] [data-side="reworked"] ins`, (e) => e.textContent)).toBe('[inserted: far ]');
    const style = await page.$eval(`[data-entry="${modified}"] ins`, (e) => getComputedStyle(e).textDecorationLine);
    expect(style).toBe('underline');
    const speakerChange = entryIndex(data, 'MODIFIED', 1);
    expect(await page.$eval(`[data-entry="${speakerChange}"] [data-side="reworked"] .speaker`, (e) => [e.classList.contains('changed'), e.textContent])).toEqual([true, 'D (changed)']);
  });

  it('filters by status and "only changes", and writes the filter into the hash', async () => {
    const { page } = await open();
    await page.click('[data-filter-status="UNCHANGED"]');
    expect(await page.evaluate(() => location.hash)).toBe('#status=MODIFIED,ADDED,DELETED,SPLIT,MERGED');
    expect(await shownIndices(page)).toEqual(entries.filter((e) => e.status !== 'UNCHANGED').map((e) => e.index));
    await page.click('[data-filter-status="MODIFIED"]');
    expect(await page.$$eval('[data-entry]', (els) => els.map((e) => e.getAttribute('data-status')))).not.toContain('MODIFIED');
    await page.click('[data-filter-status="UNCHANGED"]');
    await page.click('[data-filter-status="MODIFIED"]');
    await page.click('[data-only-changes]');
    expect(await page.evaluate(() => location.hash)).toBe('#changes=1');
    expect(await shownIndices(page)).toEqual(entries.filter((e) => e.status !== 'UNCHANGED').map((e) => e.index));
    expect(await page.$eval('[data-shown]', (e) => e.textContent)).toBe(`${entries.length - 2} of ${entries.length} entries shown`);
  });

  it('searches the text of both sides', async () => {
    const { page } = await open();
    await page.type('[data-search]', 'ICY ALL');
    expect(await shownIndices(page)).toEqual([entryIndex(data, 'SPLIT')]);
    expect(await page.evaluate(() => location.hash)).toBe('#q=ICY%20ALL');
    await page.$eval('[data-search]', (e) => ((e as HTMLInputElement).value = ''));
    await page.type('[data-search]', 'aside was cut');
    expect(await shownIndices(page)).toEqual([entryIndex(data, 'DELETED')]);
    await page.$eval('[data-search]', (e) => ((e as HTMLInputElement).value = ''));
    await page.type('[data-search]', 'nothing like this');
    expect(await shownIndices(page)).toEqual([]);
  });

  it('moves the current row with n and p, the buttons too, and not while typing', async () => {
    const { page } = await open();
    const changes = entries.filter((e) => e.status !== 'UNCHANGED').map((e) => e.index);
    const current = () => page.$$eval('.entry.current', (els) => els.map((e) => Number(e.getAttribute('data-entry'))));
    await page.keyboard.press('n');
    expect(await current()).toEqual([changes[0]]);
    expect(await page.evaluate(() => location.hash)).toBe(`#row=${changes[0]}`);
    await page.keyboard.press('n');
    await page.keyboard.press('n');
    expect(await current()).toEqual([changes[2]]);
    await page.keyboard.press('p');
    expect(await current()).toEqual([changes[1]]);
    await page.click('[data-next]');
    expect(await current()).toEqual([changes[2]]);
    // A checkbox just clicked keeps the focus: n still steps.
    await page.click('[data-filter-status="ADDED"]');
    await page.click('[data-filter-status="ADDED"]');
    await page.keyboard.press('n');
    expect(await current()).toEqual([changes[3]]);
    await page.keyboard.press('p');
    expect(await current()).toEqual([changes[2]]);
    await page.focus('[data-search]');
    await page.keyboard.press('n');
    expect(await current()).toEqual([changes[2]]);
    expect(await page.$eval('[data-search]', (e) => (e as HTMLInputElement).value)).toBe('n');
  });

  it('opens a link on its filter, search and row, and steps back and forward through changes', async () => {
    const merged = entryIndex(data, 'MERGED');
    const { page } = await open(`#status=MERGED,SPLIT&q=happened&row=${merged}`);
    expect(await shownIndices(page)).toEqual([merged]);
    expect(await page.$eval('[data-search]', (e) => (e as HTMLInputElement).value)).toBe('happened');
    expect(await page.$eval('[data-filter-status="UNCHANGED"]', (e) => (e as HTMLInputElement).checked)).toBe(false);
    expect(await page.$eval(`[data-entry="${merged}"]`, (e) => e.classList.contains('current'))).toBe(true);

    await page.click('[data-filter-status="DELETED"]');
    expect(await page.evaluate(() => location.hash)).toBe(`#status=DELETED,SPLIT,MERGED&q=happened&row=${merged}`);
    await page.evaluate(() => history.back());
    await page.waitForFunction(() => !location.hash.includes('DELETED'));
    expect(await page.$eval('[data-filter-status="DELETED"]', (e) => (e as HTMLInputElement).checked)).toBe(false);
    await page.evaluate(() => history.forward());
    await page.waitForFunction(() => location.hash.includes('DELETED'));
    expect(await page.$eval('[data-filter-status="DELETED"]', (e) => (e as HTMLInputElement).checked)).toBe(true);
  });

  it('downloads the visible rows as the CSV that entriesCsv writes', async () => {
    const downloads = join(dir, 'downloads');
    const session = await browser.target().createCDPSession();
    await session.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads });
    const { page } = await open('#status=SPLIT,MERGED,ADDED');
    await page.click('[data-export]');
    const csvFile = join(downloads, 'known-diff.csv');
    // Chromium writes the download beside its final name and renames it when complete.
    await until(() => existsSync(csvFile) && readdirSync(downloads).every((n) => !n.endsWith('.crdownload')));
    const text = readFileSync(csvFile, 'utf8');
    expect(text).toBe(`\ufeff${entriesCsv(entries.filter((e) => ['SPLIT', 'MERGED', 'ADDED'].includes(e.status)))}`);
    expect(text.split('\r\n')).toHaveLength(5);
    await session.detach();
  });

  it('shows markup and bidi controls of a transcript as text: nothing runs, nothing is reversed', async () => {
    const { page } = await open();
    const added = entryIndex(data, 'ADDED');
    expect(await page.evaluate(() => window.pwned)).toBeUndefined();
    const text = await page.$eval(`[data-entry="${added}"] [data-side="reworked"] .text`, (e) => e.textContent);
    expect(text).toBe(HOSTILE.replace('\u202E', 'RLO'));
    expect(await page.$$eval('img, script:not([type]), [onerror]', (els) => els.length)).toBe(1);
    expect(await page.$eval(`[data-entry="${added}"] .bidi-control`, (e) => e.getAttribute('title'))).toBe('U+202E bidirectional control RLO');
    // The text after the control still reads left to right: "evil" stands left of "text".
    const order = await page.$eval(`[data-entry="${added}"] [data-side="reworked"] .text`, (e) => {
      const node = e.lastChild as unknown as { data: string };
      const range = document.createRange();
      const at = (from: number) => {
        range.setStart(node, from);
        range.setEnd(node, from + 1);
        return range.getBoundingClientRect().left;
      };
      return at(node.data.indexOf('evil')) < at(node.data.indexOf('text'));
    });
    expect(order).toBe(true);
  });

  it('sets an Arabic cell right to left', async () => {
    const { page } = await open();
    const arabic = entries.find((e) => e.reworked[0]?.text === ARABIC)!.index;
    for (const side of ['original', 'reworked']) {
      expect(await page.$eval(`[data-entry="${arabic}"] [data-side="${side}"] .text`, (e) => getComputedStyle(e).direction)).toBe('rtl');
    }
    const other = entryIndex(data, 'DELETED');
    expect(await page.$eval(`[data-entry="${other}"] .text`, (e) => getComputedStyle(e).direction)).toBe('ltr');
  });
});

describeWithBrowser('the HTML report file: kinds of change', () => {
  let browser: Browser;
  let dir: string;
  const original = [
    { start_time: 0, end_time: 2, transcript: 'So, HELLO there' },
    { start_time: 2, end_time: 4, transcript: 'the cat sat down' },
    { start_time: 4, end_time: 6, transcript: 'see you next week end' },
    { start_time: 6, end_time: 8, transcript: 'nothing changed here' },
    { start_time: 8, end_time: 10, transcript: 'a row the annotator dropped entirely' },
  ];
  const reworked = [
    { start_time: 0, end_time: 2, transcript: 'so hello there.' },
    { start_time: 2, end_time: 4, transcript: 'the dog sat down' },
    { start_time: 4, end_time: 6, transcript: 'see you next weekend' },
    { start_time: 6, end_time: 8, transcript: 'nothing changed here' },
  ];

  beforeAll(async () => {
    browser = await sharedBrowser();
    dir = mkdtempSync(join(tmpdir(), 'report-kinds-'));
  });

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function openReport(name: string, data: DiffData, hash = ''): Promise<{ page: Page; watch: PageWatch }> {
    const file = join(dir, name);
    writeFileSync(file, reportHtml({ data, title: name }));
    const opened = await watchedPage(browser);
    await opened.page.setViewport({ width: 1280, height: 900 });
    await opened.page.goto(`${pathToFileURL(file).href}${hash}`);
    await opened.page.waitForSelector('[data-entry]');
    return opened;
  }
  const shown = (page: Page) => page.$$eval('[data-entry]', (els) => els.map((e) => Number(e.getAttribute('data-entry'))).sort((a, b) => a - b));

  it('shows each entry\'s kind, the content/style split, and "content changes only" keeps the rows whose words changed', async () => {
    const data = runDiff({ original, reworked, config: { enableAnalysis: true } });
    const { page, watch } = await openReport('kinds.html', data);
    const kinds = await page.$$eval('[data-entry]', (els) => els.map((e) => [e.getAttribute('data-status'), e.querySelector('[data-kinds]')?.textContent ?? null]));
    expect(kinds).toEqual([
      ['MODIFIED', 'case · punctuation'],
      ['MODIFIED', 'content'],
      ['MODIFIED', 'whitespace'],
      ['UNCHANGED', null],
      ['DELETED', null],
    ]);
    const { content, style } = data.analysis!.editKinds.transcriptWord;
    expect(await page.$eval('[data-edit-kinds]', (e) => e.textContent)).toBe('Entries: 1 changed words, 2 style only (case 1, punctuation 1, whitespace 1).');
    // "So, HELLO there" → "so hello there.": 3 style substitutions; cat → dog; "week end" → "weekend"; the deleted row's 6 words.
    expect({ content, style }).toEqual({ content: { substitutions: 2, deletions: 0, insertions: 1 + 6 }, style: { substitutions: 3, deletions: 0, insertions: 0 } });
    expect(await page.$eval('[data-word-kinds]', (e) => e.textContent)).toBe('Word errors: content 9 (S 2, D 0, I 7), style 3 (S 3, D 0, I 0).');

    await page.click('[data-only-content]');
    expect(await page.evaluate(() => location.hash)).toBe('#content=1');
    expect(await shown(page)).toEqual([entryIndex(data, 'MODIFIED', 1), entryIndex(data, 'DELETED')]);
    expect(await page.$eval('[data-shown]', (e) => e.textContent)).toBe('2 of 5 entries shown');
    await page.click('[data-only-content]');
    expect(await shown(page)).toHaveLength(5);
    expect(watch.errors).toEqual([]);
  });

  it('opens a link with content=1 on the content rows, and names the profile the texts were compared under', async () => {
    const data = runDiff({ original, reworked, config: { enableAnalysis: true, normalization: 'case+punctuation' } });
    const { page } = await openReport('kinds-link.html', data, '#content=1');
    expect(await page.$eval('[data-only-content]', (e) => (e as HTMLInputElement).checked)).toBe(true);
    // Under case+punctuation the first row is unchanged; the whitespace row is not content.
    expect(await shown(page)).toEqual([entryIndex(data, 'MODIFIED', 0), entryIndex(data, 'DELETED')]);
    expect(await page.$eval('[data-normalization]', (e) => e.textContent)).toBe('Texts compared under the normalisation profile case+punctuation (version 1).');
  });

  it('offers no content filter without the analysis, whatever the link says', async () => {
    const data = runDiff({ original, reworked });
    const { page } = await openReport('no-kinds.html', data, '#content=1');
    expect(await page.$eval('[data-only-content]', (e) => (e as unknown as { disabled: boolean }).disabled)).toBe(true);
    expect(await shown(page)).toHaveLength(5);
    expect(await page.$$eval('[data-kinds]', (els) => els.length)).toBe(0);
  });
});

/** A WAV file of silence: 8 kHz, 8-bit mono PCM. */
function silentWav(seconds: number): Buffer {
  const rate = 8000;
  const samples = rate * seconds;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + samples, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write('data', 36);
  header.writeUInt32LE(samples, 40);
  return Buffer.concat([header, Buffer.alloc(samples, 128)]);
}

describeWithBrowser('the HTML report file with audio', () => {
  let browser: Browser;
  let dir: string;

  beforeAll(async () => {
    browser = await sharedBrowser();
    dir = mkdtempSync(join(tmpdir(), 'report-audio-'));
    writeFileSync(join(dir, 'talk.wav'), silentWav(20));
  });

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("plays an entry's span from the audio beside the report, then stops", async () => {
    const file = join(dir, 'with-audio.html');
    writeFileSync(file, reportHtml({ data: knownDiff(), title: 'audio', audio: 'talk.wav' }));
    const split = entryIndex(knownDiff(), 'SPLIT');
    const { page, watch } = await watchedPage(browser);
    await page.setViewport({ width: 1280, height: 900 });
    await page.goto(`${pathToFileURL(file).href}#row=${split}`);
    await page.waitForSelector(`[data-entry="${split}"] [data-play]`);
    // The split spans 4 s to 9 s over its pieces; play it and watch it stop at the end.
    await page.click(`[data-entry="${split}"] [data-play]`);
    await page.waitForFunction(() => document.querySelector('audio')!.currentTime >= 4 && !document.querySelector('audio')!.paused);
    await page.evaluate(() => (document.querySelector('audio')!.currentTime = 8.8));
    await page.waitForFunction(() => document.querySelector('audio')!.paused, { timeout: 0 });
    const time = await page.evaluate(() => document.querySelector('audio')!.currentTime);
    expect(time).toBeGreaterThanOrEqual(9);
    expect(time).toBeLessThan(9.6);
    expect(watch.errors).toEqual([]);
    // data: URLs are the images of Chromium's own audio controls, not the page's.
    expect(new Set(watch.requests.filter((url) => !url.startsWith('data:')).map((url) => url.split('#')[0]))).toEqual(new Set([pathToFileURL(file).href, pathToFileURL(join(dir, 'talk.wav')).href]));
  });

  it('has no play button for rows without times', async () => {
    const file = join(dir, 'no-times.html');
    const data = runDiff({ original: [{ transcript: 'one two' }, { transcript: 'three' }], reworked: [{ transcript: 'one too' }, { transcript: 'three' }] });
    writeFileSync(file, reportHtml({ data, title: 'no times', audio: 'talk.wav' }));
    const { page, watch } = await watchedPage(browser);
    await page.setViewport({ width: 1280, height: 900 });
    await page.goto(pathToFileURL(file).href);
    await page.waitForSelector('[data-entry]');
    expect(await page.$$eval('[data-entry]', (els) => els.length)).toBe(2);
    expect(await page.$$eval('[data-play]', (els) => els.length)).toBe(0);
    expect(await page.$$eval('.time', (els) => els.length)).toBe(0);
    expect(watch.errors).toEqual([]);
  });
});

describeWithBrowser('the HTML report of 30,000 rows', () => {
  let browser: Browser;
  let dir: string;
  let file: string;
  const N = 30000;
  const words = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliet', 'kilo', 'lima'];
  // Rows of 6 to 14 words, so heights vary; every tenth row is edited.
  const text = (i: number) => `${Array.from({ length: 6 + (i % 9) }, (_, k) => words[(i * 7 + k * 3) % words.length]).join(' ')} ${i}.`;

  beforeAll(async () => {
    const original = Array.from({ length: N }, (_, i) => ({ start_time: i * 2, end_time: i * 2 + 1.5, speaker: `S${i % 3}`, transcript: text(i) }));
    const reworked = original.map((row, i) => (i % 10 === 3 ? { ...row, transcript: `${row.transcript} edited` } : row));
    const data = runDiff({ original, reworked, config: { enableAnalysis: true } });
    browser = await sharedBrowser();
    dir = mkdtempSync(join(tmpdir(), 'report-large-'));
    file = join(dir, 'large.html');
    writeFileSync(file, reportHtml({ data, title: 'large' }));
  });

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('keeps only the rows in view in the DOM, and opens a link on its last row', async () => {
    const { page, watch } = await watchedPage(browser);
    await page.setViewport({ width: 1280, height: 900 });
    await page.goto(pathToFileURL(file).href);
    await page.waitForSelector('[data-entry]');
    expect(await page.$eval('[data-status-count="MODIFIED"]', (e) => e.textContent)).toBe(String(N / 10));
    const drawn = await page.$$eval('[data-entry]', (els) => els.length);
    expect(drawn).toBeGreaterThan(10);
    expect(drawn).toBeLessThan(200);

    // Scroll to the middle: the rows there are drawn, the first ones are gone.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 2));
    await page.waitForFunction(() => document.querySelector('[data-entry="0"]') === null);
    const middle = await page.$$eval('[data-entry]', (els) => els.map((e) => Number(e.getAttribute('data-entry'))));
    expect(Math.min(...middle)).toBeGreaterThan(N / 4);
    expect(middle.length).toBeLessThan(200);

    await page.goto(`${pathToFileURL(file).href}#changes=1&row=${N - 7}`);
    await page.waitForSelector(`[data-entry="${N - 7}"].current`);
    const box = await page.$eval(`[data-entry="${N - 7}"]`, (e) => e.getBoundingClientRect().top);
    expect(box).toBeGreaterThan(0);
    expect(box).toBeLessThan(900);
    await page.keyboard.press('p');
    await page.waitForSelector(`[data-entry="${N - 17}"].current`);
    expect(watch.errors).toEqual([]);
  });
});
