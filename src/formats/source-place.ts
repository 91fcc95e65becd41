/**
 * Where in a file a problem lies, as the command line and the viewer print it: `file:line:column`
 * as compilers and linters do (an editor jumps to it), or `file: path` for a place in JSON.
 */
import type { SourceLocation } from './types';

export function placeOf(given: string, location: SourceLocation): string {
  const file = location.file ?? given;
  if (location.line !== undefined) return `${file}:${location.line}${location.column !== undefined ? `:${location.column}` : ''}`;
  if (location.path !== undefined) return `${file}: ${location.path}`;
  return file;
}
