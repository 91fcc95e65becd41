import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The package version, from the nearest package.json (src/ when run by ts-node, dist/src/ when built). */
export function packageVersion(from: string = __dirname): string {
  for (let dir = from; dir !== dirname(dir); dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) return String((JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version ?? '0.0.0');
  }
  return '0.0.0';
}
