/** Utterance ids pair rows 1:1 (config.pairBy), so an id names one utterance of its file. */
import { quoted } from './quote';
import { FormatError, type SourceLocation } from './types';

/** Records `id` as used on `line`; an id already used is a FormatError naming both lines. */
export function checkUniqueId(id: string, line: number, seen: Map<string, number>, location: SourceLocation = { line }): void {
  const first = seen.get(id);
  if (first !== undefined) throw new FormatError(`the utterance id ${quoted(id)} is already used on line ${first}`, location);
  seen.set(id, line);
}
