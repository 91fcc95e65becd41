/**
 * A real headless Chromium for tests, driven by puppeteer-core (which downloads no browser): the
 * system's executable, Debian's `chromium`, or the one CHROMIUM_PATH names. Tests that need it are
 * declared with `describeWithBrowser`, so that a machine with only Node and npm still passes
 * `npm test`, while CI (REQUIRE_BROWSER=1, set by .ci/run after installing chromium) cannot pass
 * by skipping them.
 */
import { accessSync, constants } from 'node:fs';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { describeWithRequirement } from './requirement';

export const REQUIRE_BROWSER = 'REQUIRE_BROWSER';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

/** CHROMIUM_PATH when set, else the first executable of the usual system paths. */
export function findChromium(): string | undefined {
  const named = process.env.CHROMIUM_PATH;
  const candidates = named !== undefined && named !== '' ? [named] : CANDIDATES;
  for (const candidate of candidates) {
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not there, or not executable: keep looking.
    }
  }
  return undefined;
}

/**
 * `describe` for tests that drive Chromium: skipped with one line where none is found, failed
 * instead with REQUIRE_BROWSER set (requirement.ts).
 */
export function describeWithBrowser(title: string, body: () => void): void {
  describeWithRequirement(
    findChromium() !== undefined,
    {
      missing: `no Chromium was found (${CANDIDATES.join(', ')}, or CHROMIUM_PATH)`,
      provide: 'apt-get install chromium (or set CHROMIUM_PATH)',
      requireVariable: REQUIRE_BROWSER,
    },
    title,
    body,
  );
}

/**
 * A headless Chromium; close it in afterAll. `extraArgs` are added to its command line, e.g.
 * `--host-resolver-rules=MAP qa-box.test 127.0.0.1` to open a local server under another host name.
 */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  const executablePath = findChromium();
  if (executablePath === undefined) throw new Error('no Chromium found');
  return puppeteer.launch({
    executablePath,
    headless: true,
    // Root in a container has no user namespace for Chromium's sandbox; the pages are our own.
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', ...extraArgs],
  });
}

/**
 * One headless Chromium for a whole test file, launched when a test first asks for it and closed
 * after the file's last test: starting a browser costs more than most of the tests that use it.
 */
export function fileBrowser(): () => Promise<Browser> {
  let launched: Promise<Browser> | undefined;
  afterAll(async () => {
    if (launched) await (await launched).close();
  });
  return () => (launched ??= launchBrowser());
}

/** What a page did that a test may forbid: console errors, uncaught exceptions, requests. */
export interface PageWatch {
  errors: string[];
  requests: string[];
}

/** A new page whose console errors, page errors and requests are recorded. */
export async function watchedPage(browser: Browser): Promise<{ page: Page; watch: PageWatch }> {
  const page = await browser.newPage();
  const watch: PageWatch = { errors: [], requests: [] };
  page.on('console', (message) => {
    if (message.type() === 'error') watch.errors.push(message.text());
  });
  page.on('pageerror', (error) => watch.errors.push(String(error)));
  page.on('request', (request) => watch.requests.push(request.url()));
  return { page, watch };
}
