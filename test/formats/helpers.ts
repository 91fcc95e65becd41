/**
 * What the format tests share: the bytes of a file written in a test, the bytes of a real file
 * kept in test/fixtures, the FormatError a read throws, and how the formats write text and times.
 */
import { FormatError } from '../../src/formats/types';

export { fixtureBytes } from '../support/fixtures';

/** UTF-8 bytes of a file written in a test. */
export function utf8(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

/** The FormatError `read` throws; the test fails if it returns or throws anything else. */
export function formatErrorOf(read: () => unknown): FormatError {
  try {
    read();
  } catch (error) {
    if (error instanceof FormatError) return error;
    throw new Error(`expected a FormatError, got ${String(error)}`, { cause: error });
  }
  throw new Error('expected a FormatError, but the file was read');
}

/** `text` as XML and WebVTT write it: `&`, `<`, `>` and `"` escaped. */
export function escapeMarkup(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** `hh:mm:ss` and the milliseconds after `separator` (SubRip writes `,`, WebVTT `.`), of a whole number of milliseconds. */
export function clockTime(ms: number, separator: ',' | '.'): string {
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}${separator}${pad(ms % 1000, 3)}`;
}
