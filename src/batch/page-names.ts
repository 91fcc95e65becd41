/**
 * Where a pair's page lives under `batch --html`: OUT/pairs/NAME.html, NAME a function of the id
 * alone, so the index and a resumed run find a pair's page from its id, and pairs.jsonl stays the
 * same with and without --html. The pages link back to OUT/index.html.
 */
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { join } from 'node:path';

export const PAGES_DIR = 'pairs';
export const INDEX_FILE = 'index.html';

/** OUT/index.html as a pair's page reaches it: one folder up, since PAGES_DIR is one folder deep. */
export const INDEX_FROM_PAGE = `../${INDEX_FILE}`;

/** Characters of the id kept in a name, before its hash: enough to recognise the pair in a listing. */
const SLUG_LENGTH = 48;
/**
 * Hex digits of the id's SHA-256 in a name: 64 bits, so two of a million ids share a name with a
 * chance of about 3 in 10^8; runBatch still checks a manifest's names are distinct before a run.
 */
const HASH_DIGITS = 16;

/**
 * The file name of a pair's page: a readable slug of the id (ASCII letters and digits, lower
 * case, the rest as `-`) and a hash of the exact id. Ids that differ only in characters a file
 * name cannot hold (`a/b`, `a:b`), or only in case (two names on a case-insensitive disk), get
 * different hashes; the name has no dot but the extension's, so no Windows device name (`CON`)
 * and no hidden or relative name (`..`).
 */
export function pageFileName(id: string): string {
  const slug = id
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_LENGTH)
    .replace(/-+$/, '');
  const hash = createHash('sha256').update(id, 'utf8').digest('hex').slice(0, HASH_DIGITS);
  return `${slug === '' ? 'pair' : slug}-${hash}.html`;
}

/** The page's address relative to OUT/index.html (a name needs no percent-encoding). */
export function pageHref(id: string): string {
  return `${PAGES_DIR}/${pageFileName(id)}`;
}

export function pagePath(out: string, id: string): string {
  return join(out, PAGES_DIR, pageFileName(id));
}

/** Whether the pair's page is on disk: a file (a folder of that name is no page). */
export function hasPage(out: string, id: string): boolean {
  return statSync(pagePath(out, id), { throwIfNoEntry: false })?.isFile() === true;
}

/**
 * Two ids of a manifest whose pages would share a file, or null. A hash collision at 64 bits is
 * not expected in any real corpus; if one happens the run is refused rather than one page lost.
 */
export function collidingIds(ids: Iterable<string>): [string, string] | null {
  const seen = new Map<string, string>();
  for (const id of ids) {
    const name = pageFileName(id);
    const other = seen.get(name);
    if (other !== undefined) return [other, id];
    seen.set(name, id);
  }
  return null;
}
