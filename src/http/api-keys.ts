/**
 * API keys (decisions D2): keys are random secrets issued per agency; the server holds only their
 * SHA-256 hashes, so a leaked configuration does not leak usable keys.
 */
import { createHash, randomBytes } from 'node:crypto';

/** One configured key: the agency it belongs to and the hex SHA-256 of the key. */
export interface KeyEntry {
  agency: string;
  sha256: string;
}

// Agency names end up in `API_KEYS` (comma- and colon-separated) and in logs: keep them plain.
export const AGENCY_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const SHA256_HEX = /^[0-9a-f]{64}$/;
// 32 random bytes = 256 bits of entropy, base64url = 43 URL-safe characters.
const KEY_BYTES = 32;

/** Hex SHA-256 of a presented key. */
export function hashKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** A new random key (URL-safe, 256 bits). */
export function generateKey(): string {
  return randomBytes(KEY_BYTES).toString('base64url');
}

/** Checks one entry; returns a reason when it is unusable. */
export function entryProblem(entry: KeyEntry): string | null {
  if (!AGENCY_NAME.test(entry.agency)) {
    return `agency "${entry.agency}" must be 1-64 letters, digits, '.', '_' or '-', starting with a letter or digit`;
  }
  if (!SHA256_HEX.test(entry.sha256)) return `the hash for agency "${entry.agency}" must be 64 lowercase hex digits`;
  return null;
}

/** Parses `API_KEYS` (`agency:sha256hex`, comma-separated). Throws with the reason. */
export function parseKeyList(value: string): KeyEntry[] {
  const entries: KeyEntry[] = [];
  for (const raw of value.split(',')) {
    const item = raw.trim();
    if (item === '') continue;
    const colon = item.indexOf(':');
    if (colon < 0) throw new Error(`entry "${item.slice(0, 20)}…" must be agency:sha256hex`);
    const entry = { agency: item.slice(0, colon), sha256: item.slice(colon + 1).toLowerCase() };
    const problem = entryProblem(entry);
    if (problem) throw new Error(problem);
    entries.push(entry);
  }
  return entries;
}

/** Parses the JSON text of an `API_KEYS_FILE` (an array of `{agency, sha256}`). Throws with the reason. */
export function parseKeyFile(text: string): KeyEntry[] {
  const parsed: unknown = JSON.parse(text);
  if (!Array.isArray(parsed)) throw new Error('must be a JSON array of {"agency": "...", "sha256": "..."}');
  return parsed.map((item: unknown, i) => {
    const record = item as Partial<KeyEntry> | null;
    if (typeof record !== 'object' || record === null || typeof record.agency !== 'string' || typeof record.sha256 !== 'string') {
      throw new Error(`entry ${i} must be {"agency": "...", "sha256": "..."}`);
    }
    const entry = { agency: record.agency, sha256: record.sha256.toLowerCase() };
    const problem = entryProblem(entry);
    if (problem) throw new Error(`entry ${i}: ${problem}`);
    return entry;
  });
}

/** Lookup from a presented key to its agency, by hash. */
export class KeyStore {
  private readonly byHash = new Map<string, string>();

  constructor(entries: readonly KeyEntry[]) {
    for (const { agency, sha256 } of entries) {
      const existing = this.byHash.get(sha256);
      if (existing !== undefined && existing !== agency) {
        throw new Error(`one key hash is configured for two agencies ("${existing}" and "${agency}")`);
      }
      this.byHash.set(sha256, agency);
    }
  }

  get size(): number {
    return this.byHash.size;
  }

  /** The agency of a valid key, undefined for a missing or unknown one. */
  agencyFor(key: unknown): string | undefined {
    if (typeof key !== 'string' || key === '') return undefined;
    return this.byHash.get(hashKey(key));
  }
}
