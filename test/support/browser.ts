/**
 * A real headless Chromium for tests, driven by puppeteer-core (which downloads no browser): the
 * system's executable, Debian's `chromium`, or the one CHROMIUM_PATH names. Tests that need it are
 * declared with `describeWithBrowser`, so that a machine with only Node and npm still passes
 * `npm test`, while CI (REQUIRE_BROWSER=1, set by .ci/run after installing chromium) cannot pass
 * by skipping them.
 */
import { accessSync, constants } from 'node:fs';
import { relative } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';

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

const required = (value: string | undefined) => value !== undefined && value !== '' && value !== '0';

/**
 * `describe` for tests that drive Chromium. Without one, the block is skipped with one line on
 * stderr naming it and the install command; with REQUIRE_BROWSER set, the block fails instead.
 */
export function describeWithBrowser(title: string, body: () => void): void {
  if (findChromium() !== undefined) {
    describe(title, body);
    return;
  }
  const testPath = expect.getState().testPath;
  const where = testPath ? `${relative(process.cwd(), testPath)} › ${title}` : title;
  if (required(process.env[REQUIRE_BROWSER])) {
    describe(title, () => {
      it(`finds Chromium (${REQUIRE_BROWSER} is set)`, () => {
        throw new Error(`${REQUIRE_BROWSER} is set but no Chromium was found (${CANDIDATES.join(', ')}; or set CHROMIUM_PATH): apt-get install chromium`);
      });
    });
    return;
  }
  process.stderr.write(
    `\nSKIPPED ${where}: no Chromium found. To run these tests: apt-get install chromium (or set CHROMIUM_PATH); set ${REQUIRE_BROWSER}=1 to fail instead of skipping.\n`,
  );
  describe.skip(title, body);
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
