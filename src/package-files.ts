import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The package's own files, found from the running module: the folder holding the nearest
 * package.json (the checkout when run by ts-node or jest, the installed package when built).
 */
export function packageRoot(from: string = __dirname): string {
  for (let dir = from; dir !== dirname(dir); dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
  }
  throw new Error(`no package.json above ${from}`);
}

/** The package version, from its package.json. */
export function packageVersion(from: string = __dirname): string {
  const file = join(packageRoot(from), 'package.json');
  return String((JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version ?? '0.0.0');
}

/**
 * A browser bundle built by `npm run build` (scripts/build-browser.ts) into dist/browser: the
 * HTML report inlines it, the viewer serves it.
 */
export function browserAsset(name: string): string {
  const file = join(packageRoot(), 'dist', 'browser', name);
  if (!existsSync(file)) throw new Error(`${file} is missing: run npm run build`);
  return readFileSync(file, 'utf8');
}
