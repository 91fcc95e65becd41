/**
 * A piece of the input quoted in a message: as a JSON string, cut to 80 characters, so that a
 * header line holding a whole transcript (a one-line file read as CSV) does not fill the terminal.
 */
export const QUOTE_LIMIT = 80;

export function quoted(text: string): string {
  const chars = [...text];
  return JSON.stringify(chars.length > QUOTE_LIMIT ? `${chars.slice(0, QUOTE_LIMIT - 1).join('')}…` : text);
}
