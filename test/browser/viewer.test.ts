/**
 * The viewer in a real Chromium, served by the real app over plain HTTP under a host name that is
 * neither localhost nor secure (`qa-box.test`, mapped to 127.0.0.1): the situation of a QA box on
 * the LAN, where `upgrade-insecure-requests` would send the page's own script to HTTPS and leave
 * the page blank. Files are picked, read in the browser by the format adapters, compared by
 * POST /v1/diff; the page must show the numbers the API gives for the same rows, under the
 * viewer's policy with no console error, and with every request to its own origin.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import type { DiffData } from '../../src/engine/types';
import { readTranscript } from '../../src/formats/index';
import type { ReadOptions } from '../../src/formats/types';
import { formatGrade, formatRate } from '../../src/report/format';
import type { DiffEngine } from '../../src/runtime/engine-pool';
import { buildApp, KEY, startRealEngine } from '../support/service-harness';
import { describeWithBrowser, launchBrowser, watchedPage, type PageWatch } from '../support/browser';
import { fixturePath } from '../support/fixtures';

/* The page-side global the callbacks below use (the Node tsconfig has no DOM types). */
declare const location: { hash: string };

jest.setTimeout(60_000);

const HOST = 'qa-box.test';
const ORIGINAL_ASS = fixturePath('lattifai', 'Introducing_GPT-4o_Gemini.ass');
const REWORKED_ASS = fixturePath('lattifai', 'Introducing_GPT-4o_GroundTruth.ass');
// A human draft and its expert correction, in Transcriber's XML.
const TRS = (stage: string) => fixturePath('kallaama', stage, 'wol_41014.trs');
const RAW_TRS = TRS('raw');
const CHECKED_TRS = TRS('checked');

/** `hh:mm:ss` with `separator` before the milliseconds, as SubRip (`,`) and WebVTT (`.`) write it. */
function clock(seconds: number, separator: string): string {
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}${separator}${pad(ms % 1000, 3)}`;
}

function srt(cues: string[]): string {
  return cues.map((text, i) => `${i + 1}\n${clock(i * 2, ',')} --> ${clock(i * 2 + 2, ',')}\n${text}\n`).join('\n');
}

function vtt(cues: string[]): string {
  return `WEBVTT\n\n${cues.map((text, i) => `${clock(i * 2, '.')} --> ${clock(i * 2 + 2, '.')}\n${text}\n`).join('\n')}`;
}

/** A short mono 8 kHz 16-bit WAV of silence: a real audio file for the audio picker. */
function silentWav(seconds: number): Buffer {
  const rate = 8000;
  const samples = rate * seconds;
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVEfmt ', 8, 'ascii');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(samples * 2, 40);
  return wav;
}

describeWithBrowser('the viewer, opened over plain HTTP from another machine', () => {
  let engine: DiffEngine;
  let server: Server;
  let browser: Browser;
  let origin: string;
  let dir: string;

  beforeAll(async () => {
    engine = startRealEngine();
    const { app } = buildApp(engine);
    server = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
    });
    origin = `http://${HOST}:${(server.address() as AddressInfo).port}`;
    browser = await launchBrowser([`--host-resolver-rules=MAP ${HOST} 127.0.0.1`]);
    dir = mkdtempSync(join(tmpdir(), 'viewer-test-'));
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
    await engine?.destroy();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** A new page on the viewer, its script run (the form is there). */
  async function openViewer(): Promise<{ page: Page; watch: PageWatch }> {
    const opened = await watchedPage(browser);
    const response = await opened.page.goto(`${origin}/v1/viewer`);
    expect(response?.status()).toBe(200);
    // A page whose script was refused (the policy, a wrong content type) stays without its form,
    // and says why in its console: whichever comes first decides.
    const refused = new Promise<never>((_, reject) => {
      const fail = () => reject(new Error(`the viewer's form did not appear; the page logged: ${JSON.stringify(opened.watch.errors)}`));
      opened.page.on('console', (message) => message.type() === 'error' && fail());
      opened.page.on('pageerror', fail);
      if (opened.watch.errors.length > 0) fail();
    });
    refused.catch(() => undefined);
    await Promise.race([opened.page.waitForSelector('#viewer-form', { timeout: 0 }), refused]);
    return opened;
  }

  async function pick(page: Page, selector: string, path: string): Promise<void> {
    const input = await page.$(selector);
    if (input === null) throw new Error(`no ${selector} on the page`);
    await input.uploadFile(path);
  }

  /** Clicks Compare and waits for the outcome: the status line's kind, message and detail lines. */
  async function compare(page: Page): Promise<{ kind: string; text: string; details: string[] }> {
    await page.click('#compare');
    await page.waitForSelector('#viewer-status[data-kind]:not([data-kind="progress"])');
    return page.$eval('#viewer-status', (status) => ({
      kind: status.getAttribute('data-kind') ?? '',
      text: status.querySelector('.viewer-status-message')?.textContent ?? '',
      details: Array.from(status.querySelectorAll('li'), (item: { textContent: string | null }) => item.textContent ?? ''),
    }));
  }

  /** The API's `data` for the rows the adapters read from the same files, posted from Node. */
  async function apiData(originalPath: string, reworkedPath: string, reading: ReadOptions = {}, config: object = {}): Promise<DiffData> {
    const rows = (path: string, side: 'original' | 'reworked') => readTranscript(basename(path), new Uint8Array(readFileSync(path)), { ...reading, side }).rows;
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/diff`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': KEY },
      body: JSON.stringify({ original: rows(originalPath, 'original'), reworked: rows(reworkedPath, 'reworked'), config: { enableAnalysis: true, ...config } }),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: DiffData }).data;
  }

  /** The page shows the API's scores, grade and status counts for `data`. */
  async function expectReportOf(page: Page, data: DiffData): Promise<void> {
    const names = Object.keys(data.scores) as Array<keyof DiffData['scores']>;
    expect(names.length).toBeGreaterThan(0);
    const shown: Record<string, string | null> = {};
    const expected: Record<string, string> = {};
    for (const name of names) {
      shown[name] = await page.$eval(`[data-score="${name}"]`, (element) => element.textContent);
      expected[name] = formatRate(data.scores[name]);
    }
    expect(shown).toEqual(expected);
    expect(await page.$eval('[data-grade]', (element) => element.textContent)).toBe(formatGrade(data.composite));
  }

  /**
   * Every request the page made went to its own origin. `blob:` URLs of the page's origin (a
   * picked audio file) and `data:` URLs (Chromium's own media controls draw their icons from them)
   * never leave the browser.
   */
  function expectOwnOriginOnly(watch: PageWatch): void {
    expect(watch.requests.length).toBeGreaterThan(0);
    const elsewhere = watch.requests.filter((url) => !url.startsWith(`${origin}/`) && !url.startsWith(`blob:${origin}/`) && !url.startsWith('data:'));
    expect(elsewhere).toEqual([]);
  }

  it('compares two real .ass files and shows the numbers the API gives, with no console error and no other origin', async () => {
    const { page, watch } = await openViewer();
    await pick(page, '#original-file', ORIGINAL_ASS);
    await pick(page, '#reworked-file', REWORKED_ASS);
    await page.type('#api-key', KEY);
    const outcome = await compare(page);
    expect(outcome.kind).not.toBe('error');
    await page.waitForSelector('[data-score="overallCER"]');
    await expectReportOf(page, await apiData(ORIGINAL_ASS, REWORKED_ASS));

    expect(watch.errors).toEqual([]);
    expectOwnOriginOnly(watch);
    expect(watch.requests).toContain(`${origin}/v1/diff`);
    // The key is kept for the tab's session only, and never reaches the URL.
    // The test's types have no DOM: the page's globals are named by what is read from them.
    const stored = await page.evaluate(() => {
      const window = globalThis as unknown as { sessionStorage: { length: number }; localStorage: { length: number }; location: { href: string } };
      return { session: window.sessionStorage.length, local: window.localStorage.length, href: window.location.href };
    });
    expect(stored.session).toBe(1);
    expect(stored.local).toBe(0);
    expect(watch.requests.concat(stored.href).filter((url) => url.includes(KEY))).toEqual([]);
    await page.close();
  });

  it('reads Transcriber XML (saxes), then CSV with a column map (csv-parse) against WebVTT with speaker prefixes, playing a picked audio file', async () => {
    const { page, watch } = await openViewer();
    await page.type('#api-key', KEY);
    await pick(page, '#original-file', RAW_TRS);
    await pick(page, '#reworked-file', CHECKED_TRS);
    expect((await compare(page)).kind).not.toBe('error');
    await page.waitForSelector('[data-score="overallCER"]');
    await expectReportOf(page, await apiData(RAW_TRS, CHECKED_TRS));

    // A second comparison replaces the first report.
    const originalPath = join(dir, 'draft.csv');
    const reworkedPath = join(dir, 'edited.vtt');
    const audioPath = join(dir, 'call.wav');
    writeFileSync(originalPath, 'Who,Text,Begin,End\nAnn,hello there how are you,0,2\nBob,"fine thanks, and you",2,4\nAnn,good good,4,6\n');
    writeFileSync(reworkedPath, vtt(['Ann: Hello there, how are you?', 'Bob: Fine, thanks. And you?', 'Ann: Good.', 'Bob: Great.']));
    writeFileSync(audioPath, silentWav(1));
    await pick(page, '#original-file', originalPath);
    await pick(page, '#reworked-file', reworkedPath);
    await pick(page, '#audio-file', audioPath);
    await page.type('#column-map', 'transcript=Text,speaker=Who,start_time=Begin,end_time=End');
    await page.click('#speaker-prefix');
    const outcome = await compare(page);
    expect(outcome).toEqual({ kind: 'done', text: 'Compared draft.csv with edited.vtt.', details: [] });
    const data = await apiData(originalPath, reworkedPath, { speakerPrefix: true, map: { transcript: 'Text', speaker: 'Who', start_time: 'Begin', end_time: 'End' } });
    // Speakers were read on both sides: SACR has something to score.
    expect(data.scores.SACR).not.toBeNull();
    await expectReportOf(page, data);
    // The rows lie below the report's scores and analysis: the reviewer scrolls to them, and the
    // report draws those in view on the next animation frame.
    const entries = data.results.filter((entry) => !(entry as { trace?: boolean }).trace).length;
    await page.evaluate(`document.querySelector('.virtual-list').scrollIntoView()`);
    await page.waitForFunction(`document.querySelectorAll('[data-entry]').length === ${entries}`);
    const audio = await page.$eval('audio', (element: { src: string }) => element.src);
    expect(audio.startsWith(`blob:${origin}/`)).toBe(true);

    expect(watch.errors).toEqual([]);
    expectOwnOriginOnly(watch);
    await page.close();
  });

  it('compares under the normalisation profile chosen, and filters the rows whose words changed', async () => {
    const { page, watch } = await openViewer();
    await page.type('#api-key', KEY);
    const originalPath = join(dir, 'profile-draft.tsv');
    const reworkedPath = join(dir, 'profile-final.tsv');
    writeFileSync(originalPath, 'text\tstart\tend\nSo, HELLO there\t0\t2\nthe cat sat\t2\t4\nsee you next week end\t4\t6\n');
    writeFileSync(reworkedPath, 'text\tstart\tend\nso hello there.\t0\t2\nthe dog sat\t2\t4\nsee you next weekend\t4\t6\n');
    await pick(page, '#original-file', originalPath);
    await pick(page, '#reworked-file', reworkedPath);
    await page.select('#normalization', 'case+punctuation');
    expect((await compare(page)).kind).toBe('done');
    await page.waitForSelector('[data-score="overallCER"]');
    const data = await apiData(originalPath, reworkedPath, {}, { normalization: 'case+punctuation' });
    expect(data.meta.normalization).toEqual({ profile: 'case+punctuation', version: 1 });
    await expectReportOf(page, data);
    expect(await page.$eval('[data-normalization]', (element) => element.textContent)).toContain('case+punctuation (version 1)');
    await page.evaluate(`document.querySelector('.virtual-list').scrollIntoView()`);
    await page.click('[data-only-content]');
    const content = data.results.flatMap((entry, index) => (entry.editKinds?.includes('content') ? [index] : []));
    await page.waitForFunction(`document.querySelectorAll('[data-entry]').length === ${content.length}`);
    expect(await page.$$eval('[data-entry]', (elements) => elements.map((element) => Number(element.getAttribute('data-entry'))))).toEqual(content);
    expect(watch.errors).toEqual([]);
    expectOwnOriginOnly(watch);
    await page.close();
  });

  it('reads the evaluation formats: trn pairs paired by utterance id, a Kaldi text timed by its segments, a CTM cut at the pause asked for', async () => {
    const { page, watch } = await openViewer();
    await page.type('#api-key', KEY);
    const hyp = join(dir, 'hyp.trn');
    const ref = join(dir, 'ref.trn');
    writeFileSync(hyp, 'the cat sat (u2)\nhello wrld (u1)\n');
    writeFileSync(ref, 'hello world (u1)\nthe cat sat (u2)\nonly here (u3)\n');
    await pick(page, '#original-file', hyp);
    await pick(page, '#reworked-file', ref);
    expect((await compare(page)).kind).toBe('done');
    await expectReportOf(page, await apiData(hyp, ref, {}, { pairBy: 'utterance_id' }));

    // Kaldi's text and segments against a CTM read with a 0.5 s pause.
    const text = join(dir, 'text');
    const segments = join(dir, 'segments');
    const ctm = join(dir, 'hyp.ctm');
    writeFileSync(text, 'u1 hello world\nu2 good morning\n');
    writeFileSync(segments, 'u1 rec 0.0 1.0\nu2 rec 1.8 3.0\n');
    writeFileSync(ctm, 'rec A 0.0 0.4 hello\nrec A 0.5 0.4 word\nrec A 1.8 0.5 good\nrec A 2.4 0.5 morning\n');
    await pick(page, '#original-file', ctm);
    await pick(page, '#reworked-file', text);
    await pick(page, '#reworked-segments', segments);
    await page.type('#ctm-gap', '0.5');
    const outcome = await compare(page);
    expect(outcome.details).toEqual(['text: its utterance ids are not used: hyp.ctm has none to pair them with, so rows are aligned by their text']);
    const read = (path: string, options: ReadOptions) => readTranscript(basename(path), new Uint8Array(readFileSync(path)), options).rows;
    const reworkedRows = read(text, { segments: { name: 'segments', bytes: new Uint8Array(readFileSync(segments)) } }).map(({ utterance_id: _id, ...row }) => row);
    expect(reworkedRows[1]).toEqual({ transcript: 'good morning', start_time: 1.8, end_time: 3 });
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/diff`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': KEY },
      body: JSON.stringify({ original: read(ctm, { ctmGap: 0.5 }), reworked: reworkedRows, config: { enableAnalysis: true } }),
    });
    await expectReportOf(page, ((await response.json()) as { data: DiffData }).data);
    expect(watch.errors).toEqual([]);
    await page.close();
  });

  it('refuses a converted request over 5 MiB with a message, and sends nothing', async () => {
    // Two files of 2,400 cues of 1,200 characters: about 3 MB of rows each once in JSON.
    const cue = (i: number) => `cue ${i} ${'lorem ipsum '.repeat(100)}`;
    const cues = Array.from({ length: 2400 }, (_, i) => cue(i));
    const originalPath = join(dir, 'long.srt');
    const reworkedPath = join(dir, 'long.vtt');
    writeFileSync(originalPath, srt(cues));
    writeFileSync(reworkedPath, vtt(cues));

    const { page, watch } = await openViewer();
    await pick(page, '#original-file', originalPath);
    await pick(page, '#reworked-file', reworkedPath);
    await page.type('#api-key', KEY);
    const outcome = await compare(page);
    expect(outcome.kind).toBe('error');
    expect(outcome.text).toMatch(/^The request would be \d+\.\d\d MiB \(\d+ bytes of JSON\), over the service's limit of 5\.00 MiB \(5242880 bytes\), so it was not sent\./);
    expect(watch.requests.filter((url) => url.endsWith('/v1/diff'))).toEqual([]);
    expect(await page.$('[data-score]')).toBeNull();
    expect(watch.errors).toEqual([]);
    await page.close();
  });

  it('shows the 401 message for a wrong key', async () => {
    const { page, watch } = await openViewer();
    await pick(page, '#original-file', ORIGINAL_ASS);
    await pick(page, '#reworked-file', REWORKED_ASS);
    await page.type('#api-key', 'not-a-key-of-this-service');
    const outcome = await compare(page);
    expect(outcome.kind).toBe('error');
    expect(outcome.text).toBe('401 UNAUTHORIZED: Invalid API key: the x-api-key header does not match an issued key.');
    expect(outcome.details).toEqual([expect.stringMatching(/^request id [\w-]+$/)]);
    expect(watch.requests.filter((url) => url.endsWith('/v1/diff'))).toHaveLength(1);
    // A 401 is the answer the page expects to show, not a fault: Chromium logs the failed load only.
    expect(watch.errors.filter((text) => !/status of 401/.test(text))).toEqual([]);
    await page.close();
  });

  it("shows the adapter's message with the file and line for a file it cannot read", async () => {
    const brokenPath = join(dir, 'broken.srt');
    writeFileSync(brokenPath, '1\n00:00:01,000 --> 00:00:02,000\nhello\n\n2\nnot a time line\nworld\n');
    const { page, watch } = await openViewer();
    await pick(page, '#original-file', brokenPath);
    await pick(page, '#reworked-file', REWORKED_ASS);
    await page.type('#api-key', KEY);
    const outcome = await compare(page);
    expect(outcome.kind).toBe('error');
    expect(outcome.text).toMatch(/^broken\.srt:6(:\d+)?: \S/);
    expect(watch.requests.filter((url) => url.endsWith('/v1/diff'))).toEqual([]);
    expect(watch.errors).toEqual([]);
    await page.close();
  });

  it('sends a pasted request body and shows its diff', async () => {
    const body = {
      original: [{ transcript: 'the cat sat on the mat' }, { transcript: 'it was happy' }],
      reworked: [{ transcript: 'The cat sat on the mat.' }, { transcript: 'It was very happy.' }],
    };
    const { page, watch } = await openViewer();
    await page.click('#mode-body');
    await page.$eval(
      '#request-body',
      (area: { value: string }, text: string) => {
        area.value = text;
      },
      JSON.stringify(body),
    );
    await page.type('#api-key', KEY);
    const outcome = await compare(page);
    expect(outcome.kind).toBe('done');
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/diff`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': KEY },
      body: JSON.stringify({ ...body, config: { enableAnalysis: true } }),
    });
    await expectReportOf(page, ((await response.json()) as { data: DiffData }).data);

    // The reader filters this report; the next diff, of 2-D rows named by a columnMapping, opens
    // unfiltered, its rows read from the mapped columns as the engine reads them.
    await page.evaluate(() => {
      location.hash = 'status=ADDED';
    });
    const twoD = {
      headers: ['Who', 'Said', 'Begin', 'Finish'],
      columnMapping: { transcript: 1, speaker: 0, start_time: 2, end_time: 3 },
      original: [['A', 'hello there', 0, 1]],
      reworked: [['B', 'hello there', 0, 1.5]],
    };
    await page.$eval(
      '#request-body',
      (area: { value: string }, text: string) => {
        area.value = text;
      },
      JSON.stringify(twoD),
    );
    expect((await compare(page)).kind).toBe('done');
    expect(await page.evaluate(() => location.hash)).toBe('');
    await page.waitForSelector('[data-entry="0"]');
    const texts = await page.$$eval('[data-entry="0"] .text', (cells) => cells.map((c) => c.textContent));
    expect(texts).toEqual(['hello there', 'hello there']);
    const speakers = await page.$$eval('[data-entry="0"] .speaker', (cells) => cells.map((c) => c.textContent));
    expect(speakers.map((t) => t?.replace(' (changed)', ''))).toEqual(['A', 'B']);
    expect(watch.errors).toEqual([]);
    expectOwnOriginOnly(watch);
    await page.close();
  });
});
