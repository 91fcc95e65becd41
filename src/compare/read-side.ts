/**
 * One side of a comparison from a file on disk: its bytes, its format (named, or detected from the
 * extension and confirmed from the content), its rows. Every problem becomes a one-line CliError
 * naming the file and the place in it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
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

/** The bytes of a file, or a one-line CliError naming it. */
function readBytes(path: string): Uint8Array {
  try {
    return readFileSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory, not a file' : code === 'EACCES' ? 'permission denied' : String(code ?? error);
    throw new CliError(`${path}: ${why}`);
  }
}

/**
 * The segments file of a Kaldi text: the one named (`--segments`), else the `segments` file of
 * the same data folder, as Kaldi keeps them, when the text is Kaldi's (by name or by --format).
 */
function segmentsFor(path: string, format: FormatName | undefined, named: string | undefined): ReadOptions['segments'] {
  if (named !== undefined) return { name: named, bytes: readBytes(named) };
  if (format !== 'kaldi' && !(format === undefined && basename(path) === 'text')) return undefined;
  const sibling = join(dirname(path), 'segments');
  return existsSync(sibling) ? { name: sibling, bytes: readBytes(sibling) } : undefined;
}

/** One side's file read in `format` (else detected); `segmentsPath` names a Kaldi segments file. */
export function readSide(path: string, format: FormatName | undefined, options: Omit<ReadOptions, 'segments'>, segmentsPath?: string): SideFile {
  const bytes = readBytes(path);
  try {
    const segments = segmentsFor(path, format, segmentsPath);
    const read = readTranscript(path, bytes, { ...options, format, ...(segments === undefined ? {} : { segments }) });
    return { path, format: read.format, rows: read.rows, warnings: read.warnings };
  } catch (error) {
    if (error instanceof FormatError) throw new CliError(`${placeOf(path, error.location)}: ${error.message}`);
    throw error;
  }
}
