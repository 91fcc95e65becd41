/**
 * One side of a comparison from a file on disk: its bytes, its format (named, or detected from the
 * extension and confirmed from the content), its rows. Every problem becomes a one-line CliError
 * naming the file and the place in it.
 */
import { readFileSync } from 'node:fs';
import { readTranscript } from '../formats/index';
import { FormatError, type FormatName, type FormatWarning, type ReadOptions, type SourceLocation, type TranscriptRow } from '../formats/types';
import { CliError } from './cli-error';

export interface SideFile {
  path: string;
  format: FormatName;
  rows: TranscriptRow[];
  warnings: FormatWarning[];
}

/** `file:line:column` or `file: path`, as compilers and linters print places. */
export function placeOf(file: string, location: SourceLocation): string {
  if (location.line !== undefined) return `${file}:${location.line}${location.column !== undefined ? `:${location.column}` : ''}`;
  if (location.path !== undefined) return `${file}: ${location.path}`;
  return file;
}

export function readSide(path: string, format: FormatName | undefined, options: ReadOptions): SideFile {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory, not a file' : code === 'EACCES' ? 'permission denied' : String(code ?? error);
    throw new CliError(`${path}: ${why}`);
  }
  try {
    const read = readTranscript(path, bytes, { ...options, format });
    return { path, format: read.format, rows: read.rows, warnings: read.warnings };
  } catch (error) {
    if (error instanceof FormatError) throw new CliError(`${placeOf(path, error.location)}: ${error.message}`);
    throw error;
  }
}
