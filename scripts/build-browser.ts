/**
 * Bundles the browser code into dist/browser: each `src/browser/NAME-main.ts` becomes
 * `dist/browser/NAME.js` (the HTML report's script, inlined into every report; the viewer's,
 * served by GET /v1/viewer). They carry the format adapters (src/formats), so a file is parsed in
 * the browser by the same code as at the command line. Run by `npm run build` and by jest's
 * global set-up, so tests exercise the bundle the product ships.
 */
import { build } from 'esbuild';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../src/package-files';

const ENTRY = /^(.+)-main\.ts$/;

export async function buildBrowser(root = packageRoot(__dirname)): Promise<void> {
  const dir = join(root, 'src', 'browser');
  const entries = existsSync(dir) ? readdirSync(dir).filter((name) => ENTRY.test(name)) : [];
  if (entries.length === 0) return;
  await build({
    entryPoints: Object.fromEntries(entries.map((name) => [ENTRY.exec(name)![1], join(dir, name)])),
    outdir: join(root, 'dist', 'browser'),
    bundle: true,
    minify: true,
    sourcemap: false,
    format: 'iife',
    platform: 'browser',
    target: ['chrome109', 'firefox115', 'safari16'],
    // csv-parse's default entry is Node's (streams, Buffer); it ships a browser build of the same parser.
    alias: { 'csv-parse/sync': 'csv-parse/browser/esm/sync' },
    legalComments: 'none',
    logLevel: 'warning',
  });
}

if (require.main === module) {
  buildBrowser().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
