/**
 * A diff that holds its worker until the test lets it go: the script `hold <file>` of the stand-in
 * workers (scripted-worker.ts, fault-worker.js) blocks until that file exists. Tests that need a
 * busy worker hold one instead of sleeping and assuming it is still busy.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Latch {
  /** The transcript that makes a stand-in worker hold until `release`. */
  script: string;
  release(): void;
}

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

export function latch(): Latch {
  const dir = mkdtempSync(join(tmpdir(), 'td-latch-'));
  dirs.push(dir);
  const file = join(dir, 'released');
  return { script: `hold ${file}`, release: () => writeFileSync(file, '') };
}
