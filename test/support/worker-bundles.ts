/**
 * Worker threads in tests run JavaScript bundles of their TypeScript modules, made once per run.
 *
 * A pool given a `.ts` worker starts each thread with ts-node, which compiles the worker's whole
 * import graph again in every thread: two to eight seconds a thread on two shared cores, paid by
 * every engine pool and every batch run of the suite. Instead, jest's global set-up bundles each
 * worker module (`*-worker.ts` under src/ and test/support/) with esbuild, from the same sources,
 * and `bundled-workers.ts` hands the bundles to Piscina in place of the `.ts` files.
 *
 * The bundles sit under node_modules/.cache in the checkout, so that the package's own files
 * (package.json, dist/browser) are found from them as from the sources.
 */
import { build } from 'esbuild';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Where the set-up tells the test files the bundles of this run are. */
export const WORKER_BUNDLES = 'TRANSCRIPT_DIFF_TEST_WORKER_BUNDLES';

const ROOT = join(__dirname, '..', '..');

/** Every worker module: `*-worker.ts` files under src/ and test/support/. */
function workerModules(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('-worker.ts')) found.push(path);
    }
  };
  walk(join(ROOT, 'src'));
  walk(join(ROOT, 'test', 'support'));
  return found;
}

/** Bundles the worker modules into a fresh folder and returns it. */
export async function bundleWorkers(): Promise<string> {
  const cache = join(ROOT, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const out = mkdtempSync(join(cache, 'transcript-diff-test-workers-'));
  await build({
    entryPoints: workerModules(),
    outbase: ROOT,
    outdir: out,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    // Dependencies are required from node_modules as the sources require them.
    packages: 'external',
    logLevel: 'warning',
  });
  return out;
}

/** The bundle of the worker module at `path` (a .ts file of this checkout) in the folder `bundles`. */
export function bundleOf(bundles: string, path: string): string {
  return join(bundles, relative(ROOT, path)).replace(/\.ts$/, '.js');
}

export function removeBundles(bundles: string): void {
  rmSync(bundles, { recursive: true, force: true });
}
