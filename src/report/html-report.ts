/**
 * One diff as a self-contained HTML file: the report's script and stylesheet (dist/browser,
 * built from src/browser/report-main.ts) inline, the data in a `<script type="application/json">`
 * block. It opens from disk with no network, and carries its own Content-Security-Policy: only
 * that script and that stylesheet (by their SHA-256) run, nothing may be fetched
 * (`default-src 'none'`, no connect-src), and with audio only that audio may be loaded. A back
 * link (a pair's page to its corpus index) is navigation, not a fetch: the policy need not allow it.
 *
 * Node only (it reads the bundle from disk); the browser code never imports it.
 */
import { createHash } from 'node:crypto';
import type { DiffData } from '../engine/index';
import { escapeHtml, inlineAsset } from './html-text';
import { isNavigableHref } from './link-href';
import type { BackLink, ReportColumns, SideLabel } from './report-options';

export interface ReportPage {
  data: DiffData;
  title: string;
  sides?: { original: SideLabel; reworked: SideLabel };
  /** The audio's URL as the page will load it: relative to the report, absolute, file: or blob:. */
  audio?: string;
  /** A link above the title, e.g. `../index.html` from a pair's page to its corpus index. */
  back?: BackLink;
  /** How the request named its columns (`config.speakerColName`), so the page reads the rows as the engine did. */
  columns?: ReportColumns;
}

/** The CSP source of an inline script or stylesheet. */
export function sha256Source(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * JSON safe inside a `<script>` element: no `<` (so no `</script>` or `<!--` in any transcript
 * ends or changes the block), and U+2028/U+2029 escaped for readers that still take JSON for
 * JavaScript. JSON.parse reads the escapes back as the same characters.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** A scheme, a host of letters, digits, dots, hyphens (or a bracketed IPv6 address) and a port. */
const CSP_ORIGIN = /^https?:\/\/(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * Where the page may load its audio from (CSP media-src): the origin of an http(s) URL; blob:
 * or data: as themselves; for a file: URL or a path relative to the report, file: (the report
 * opened from disk) and 'self' (the report served over HTTP).
 */
export function mediaSource(audio: string): string {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(audio)?.[1]?.toLowerCase();
  if (scheme === undefined || scheme === 'file') return "'self' file:";
  if (scheme === 'blob' || scheme === 'data') return `${scheme}:`;
  if (scheme === 'http' || scheme === 'https') {
    let origin: string;
    try {
      origin = new URL(audio).origin;
    } catch {
      throw new Error(`${audio} is not a valid URL`);
    }
    // The origin goes into the policy as one source: a host the URL parser lets through with a
    // `;`, `,`, quote or space in it would end that source or start another directive.
    if (!CSP_ORIGIN.test(origin)) throw new Error(`${audio}: its host cannot be named in the report's Content-Security-Policy`);
    return origin;
  }
  throw new Error(`${scheme}: URLs cannot be played by the report (use a path, or a file:, http: or https: URL)`);
}

export function reportHtml(page: ReportPage): string {
  // Following a link is navigation, which the CSP does not govern: the address itself is checked.
  if (page.back !== undefined && !isNavigableHref(page.back.href)) {
    throw new Error(`${page.back.href} cannot be the report's back link (use a relative path, or a file:, http: or https: URL)`);
  }
  const script = inlineAsset('report.js', 'script');
  const style = inlineAsset('report.css', 'style');
  const policy = [
    "default-src 'none'",
    `script-src ${sha256Source(script)}`,
    `style-src ${sha256Source(style)}`,
    ...(page.audio === undefined ? [] : [`media-src ${mediaSource(page.audio)}`]),
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
  const payload = { data: page.data, title: page.title, sides: page.sides, audio: page.audio, back: page.back, columns: page.columns };
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(policy)}">`,
    '<meta name="referrer" content="no-referrer">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(page.title)}</title>`,
    `<style>${style}</style>`,
    '</head>',
    '<body>',
    '<div id="report"></div>',
    `<script type="application/json" id="report-data">${scriptJson(payload)}</script>`,
    `<script>${script}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
