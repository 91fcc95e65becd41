/**
 * A piece of the input quoted in a message: as a JSON string, cut to 80 characters, so that a
 * header line holding a whole transcript (a one-line file read as CSV) does not fill the terminal.
 */
export const QUOTE_LIMIT = 80;

export function quoted(text: string): string {
  const chars = [...text];
  return JSON.stringify(chars.length > QUOTE_LIMIT ? `${chars.slice(0, QUOTE_LIMIT - 1).join('')}…` : text);
}

/** Names such as a file's sessions or tasks, each quoted, at most ten, then how many more. */
export function quotedList(names: readonly string[]): string {
  const shown = names.slice(0, 10).map(quoted).join(', ');
  return names.length > 10 ? `${shown} and ${names.length - 10} more` : shown;
}
