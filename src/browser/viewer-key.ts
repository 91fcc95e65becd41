/**
 * The reviewer's API key, kept for the browser tab's session only: sessionStorage (gone when the
 * tab closes), never localStorage (kept on disk for good) and never in the URL (which lands in the
 * history, in logs and in a Referer). A browser that refuses storage (private modes, policies)
 * still works: the key then lives only in the form field.
 */

const STORAGE_KEY = 'transcript-diff.api-key';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The key stored earlier in this session, or ''. */
export function storedKey(): string {
  try {
    return storage()?.getItem(STORAGE_KEY) ?? '';
  } catch {
    return '';
  }
}

/** Keeps `key` for this session; an empty key forgets it. */
export function storeKey(key: string): void {
  try {
    const store = storage();
    if (key === '') store?.removeItem(STORAGE_KEY);
    else store?.setItem(STORAGE_KEY, key);
  } catch {
    // Storage full or refused: the key stays in the form field only.
  }
}
