/**
 * The TypeScript sources compiled to JavaScript once per run, for the code that tests start in
 * other threads and processes.
 *
 * Jest compiles what runs in its own process (ts-jest), but a worker thread or a child process
 * given a `.ts` module starts with ts-node, which compiles the module's whole import graph again,
 * in every thread: two to eight seconds a thread on two shared cores, paid by every engine pool
 * and every batch run of the suite. Instead, jest's global set-up compiles src/ and test/support/
 * file by file with esbuild (as ts-node would, each file alone, with the same layout), and the
 * pools (compiled-workers.ts) and the child processes of the tests run the compiled files.
 *
 * They sit under node_modules/.cache in the checkout, so that the package's own files
 * (package.json, dist/browser) are found from them as from the sources.
 */
import { build } from 'esbuild';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Where the set-up tells the test files the compiled sources of this run are. */
export const COMPILED_SOURCES = 'TRANSCRIPT_DIFF_TEST_COMPILED_SOURCES';

const ROOT = join(__dirname, '..', '..');

function typeScriptFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return typeScriptFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Compiles src/ and test/support/ into a fresh folder and returns it. */
export async function compileSources(): Promise<string> {
  const cache = join(ROOT, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const out = mkdtempSync(join(cache, 'transcript-diff-test-'));
  await build({
    entryPoints: [...typeScriptFiles(join(ROOT, 'src')), ...typeScriptFiles(join(ROOT, 'test', 'support'))],
    outbase: ROOT,
    outdir: out,
    bundle: false,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    logLevel: 'warning',
  });
  return out;
}

/** The compiled file of `path` (a .ts file of this checkout) in this run's compiled sources. */
export function compiledOf(path: string, compiled = process.env[COMPILED_SOURCES]): string {
  if (compiled === undefined) throw new Error(`${COMPILED_SOURCES} is not set: jest's global set-up compiles the sources (test/support/global-setup.ts)`);
  return join(compiled, relative(ROOT, path)).replace(/\.ts$/, '.js');
}

export function removeCompiled(compiled: string): void {
  rmSync(compiled, { recursive: true, force: true });
}
