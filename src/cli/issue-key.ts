/**
 * Issues an API key (decisions D2.2): prints a new random key once, with the `API_KEYS` entry
 * that grants it; with `--file`, appends the entry to a keys file instead. Only the hash is ever
 * stored, so a lost key cannot be recovered: issue a new one and remove the old entry.
 *
 * Usage: npm run key:issue -- <agency> [--file <keys.json>]
 *        node dist/src/cli/issue-key.js <agency> [--file <keys.json>]   (built image)
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { AGENCY_NAME, generateKey, hashKey, type KeyEntry, parseKeyFile } from '../http/api-keys';

export interface IssuedKey {
  key: string;
  entry: KeyEntry;
}

/** A new key for `agency`; appended to `file` (a JSON array, created if absent) when given. */
export function issueKey(agency: string, file?: string): IssuedKey {
  if (!AGENCY_NAME.test(agency)) {
    throw new Error('agency must be 1-64 letters, digits, ".", "_" or "-", starting with a letter or digit');
  }
  const key = generateKey();
  const entry = { agency, sha256: hashKey(key) };
  if (file !== undefined) {
    const entries = existsSync(file) ? parseKeyFile(readFileSync(file, 'utf8')) : [];
    entries.push(entry);
    writeFileSync(file, `${JSON.stringify(entries, null, 2)}\n`, { mode: 0o600 });
  }
  return { key, entry };
}

const USAGE = 'usage: npm run key:issue -- <agency> [--file <keys.json>]';

/** Command-line entry; returns the exit code. */
export function main(argv: string[], out: (line: string) => void, err: (line: string) => void): number {
  const fileFlag = argv.indexOf('--file');
  const file = fileFlag >= 0 ? argv[fileFlag + 1] : undefined;
  const rest = argv.filter((_, i) => fileFlag < 0 || (i !== fileFlag && i !== fileFlag + 1));
  if (rest.length !== 1 || (fileFlag >= 0 && file === undefined)) {
    err(USAGE);
    return 2;
  }
  try {
    const { key, entry } = issueKey(rest[0], file);
    out(`API key for agency "${entry.agency}" (shown once, give it to the agency and keep no copy):`);
    out(`  ${key}`);
    if (file !== undefined) out(`Appended {"agency": "${entry.agency}", "sha256": "${entry.sha256}"} to ${file} (API_KEYS_FILE).`);
    else out(`Add this entry to API_KEYS (comma-separated) and restart:\n  ${entry.agency}:${entry.sha256}`);
    return 0;
  } catch (error) {
    err(`key:issue: ${(error as Error).message}`);
    return 1;
  }
}

if (require.main === module) {
  process.exitCode = main(process.argv.slice(2), (l) => console.log(l), (l) => console.error(l));
}
