/**
 * One side of a comparison from a file on disk: its bytes, its format (named, or detected from the
 * extension and confirmed from the content), its rows. Every problem becomes a one-line CliError
 * naming the file and the place in it.
 */
import { readFileSync } from 'node:fs';
import { readTranscript } from '../formats/index';
import { placeOf } from '../formats/source-place';
import { FormatError, type FormatName, type FormatWarning, type ReadOptions, type TranscriptRow } from '../formats/types';
import { CliError } from './cli-error';

export interface SideFile {
  path: string;
  format: FormatName;
  rows: TranscriptRow[];
  warnings: FormatWarning[];
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
