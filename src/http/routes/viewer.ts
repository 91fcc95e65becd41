/**
 * GET /v1/viewer: the page where a reviewer picks two transcript files (read in the browser by the
 * same format adapters as the command line), enters an API key and sees the diff that POST /v1/diff
 * answers. Three responses: the HTML shell, and the bundle's script and style
 * (scripts/build-browser.ts builds them from src/browser/viewer-main.ts). No key is needed to load
 * them; the page sends the reviewer's key with its own POST /v1/diff. They are the service's only
 * answers that are not JSON (D1.10 describes the API's): they keep helmet's other headers and the
 * x-request-id of every response.
 *
 * Content-Security-Policy of these responses (the rest of the API keeps helmet's, see app.ts):
 * - scripts, styles and fetches only from the service itself, no inline script or style: a
 *   transcript's text can never run, and the page cannot send a transcript or a key anywhere else;
 * - `media-src blob:` for an audio file the reviewer picks (played from an object URL, never uploaded);
 * - `img-src data:` for the shell's empty favicon alone, which spares the browser a request for
 *   /favicon.ico (a JSON 404 here) and the policy a refused load: the report draws no images;
 * - no `upgrade-insecure-requests`: the viewer is also opened over plain HTTP from another machine
 *   (a QA box on the LAN), where that directive would make the browser fetch the page's own script
 *   over HTTPS, which such a service does not answer, and the page would be blank.
 * The page served over plain HTTP also goes without Cross-Origin-Opener-Policy (below).
 *
 * Missing bundles stop the app from being built (browserAsset throws, naming the file and
 * `npm run build`): a deployment without them fails at start, not on a reviewer's first visit.
 *
 * Caching: the shell names its script and style with a digest of their content (`?v=`), and is
 * itself revalidated on every load (`no-cache`), so a new build is picked up at once; a script or
 * style requested with its current digest is cached for a year, any other request is not cached.
 */
import { createHash } from 'node:crypto';
import type { RequestHandler } from 'express';
import { browserAsset } from '../../package-files';
import { MAX_BODY_BYTES } from '../body';

export const VIEWER_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  'img-src data:',
  'media-src blob:',
  "form-action 'none'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

export const VIEWER_PATH = '/v1/viewer';
export const VIEWER_SCRIPT_PATH = '/v1/viewer/viewer.js';
export const VIEWER_STYLE_PATH = '/v1/viewer/viewer.css';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Reads a built browser bundle by file name (dist/browser/NAME); throws when it is missing. */
export type AssetReader = (name: string) => string;

interface Asset {
  text: string;
  digest: string;
  type: string;
}

function asset(read: AssetReader, name: string, type: string): Asset {
  const text = read(name);
  return { text, type, digest: createHash('sha256').update(text).digest('base64url').slice(0, 22) };
}

/**
 * The HTML shell: nothing but the bundle's two files and the element the script fills. The body
 * size limit reaches the script as an attribute, so the page's check before sending is the
 * server's own limit (decisions D1.5).
 */
function shellHtml(script: Asset, style: Asset): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>Transcript diff viewer</title>',
    '<link rel="icon" href="data:,">',
    `<link rel="stylesheet" href="${VIEWER_STYLE_PATH}?v=${style.digest}">`,
    `<script src="${VIEWER_SCRIPT_PATH}?v=${script.digest}" defer></script>`,
    '</head>',
    '<body>',
    '<noscript>The transcript diff viewer needs JavaScript.</noscript>',
    `<main id="viewer" data-max-body-bytes="${MAX_BODY_BYTES}"></main>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

export interface ViewerRoutes {
  page: RequestHandler;
  script: RequestHandler;
  style: RequestHandler;
}

/** The viewer's three handlers, with the bundles read once, now. */
export function viewerRoutes(read: AssetReader = browserAsset): ViewerRoutes {
  const script = asset(read, 'viewer.js', 'text/javascript; charset=utf-8');
  const style = asset(read, 'viewer.css', 'text/css; charset=utf-8');
  const html = shellHtml(script, style);

  const serve = (file: Asset): RequestHandler => (req, res) => {
    res.setHeader('Content-Security-Policy', VIEWER_CSP);
    res.setHeader('Cache-Control', req.query['v'] === file.digest ? IMMUTABLE : 'no-cache');
    res.type(file.type).send(file.text);
  };
  return {
    page: (req, res) => {
      res.setHeader('Content-Security-Policy', VIEWER_CSP);
      // Helmet's Cross-Origin-Opener-Policy takes effect on a secure origin only: over plain HTTP
      // the browser ignores it and reports an error on every load of the page.
      if (!req.secure) res.removeHeader('Cross-Origin-Opener-Policy');
      res.setHeader('Cache-Control', 'no-cache');
      res.type('text/html; charset=utf-8').send(html);
    },
    script: serve(script),
    style: serve(style),
  };
}
