/**
 * The worker thread's task: one manifest pair read, judged and diffed (compareFiles, as the `diff`
 * command does), returned as its finished pairs.jsonl line, so the main thread only appends it.
 * A pair that cannot be scored returns an error row; a task never throws for a bad pair.
 */
import { accessSync, constants, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { CliError } from '../cli/cli-error';
import { compareFiles, type CompareOptions } from '../cli/compare-files';
import type { DiffConfig } from '../engine/types';
import { formatNames } from '../formats/index';
import type { FormatName, ReadOptions } from '../formats/types';
import type { RequestLimits } from '../request/diff-schema';
import type { ManifestPair } from './manifest';
import { recordLine, scoredRecord, type ErrorKind, type PairRecord } from './pair-record';

/** What every pair of a run is compared with. */
export interface PairOptions {
  config: Partial<DiffConfig>;
  map?: ReadOptions['map'];
  speakerPrefix?: boolean;
  tiers?: string[];
  limits: RequestLimits;
}

export interface PairTask {
  pair: ManifestPair;
  /** The manifest's folder, absolute: the pair's paths are relative to it. */
  dir: string;
  options: PairOptions;
}

class PairError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
  ) {
    super(message);
  }
}

function checkFormat(column: string, name: string | undefined): FormatName | undefined {
  if (name === undefined) return undefined;
  const names: string[] = formatNames();
  if (!names.includes(name)) throw new PairError('unknown-format', `${column} "${name}" is not a format: the formats are ${names.join(', ')}`);
  return name as FormatName;
}

/** Missing files, folders and unreadable files, told apart before any parsing. */
function checkReadable(shown: string, path: string): void {
  try {
    if (!statSync(path).isFile()) throw new PairError('unreadable', `${shown}: is not a file`);
    accessSync(path, constants.R_OK);
  } catch (error) {
    if (error instanceof PairError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new PairError('unreadable', `${shown}: ${code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : String(code ?? error)}`);
  }
}

/** The record of one pair; its messages name files as the manifest does, never by absolute path. */
export function scorePair(task: PairTask): PairRecord {
  const { pair, dir, options } = task;
  const originalPath = resolve(dir, pair.original);
  const reworkedPath = resolve(dir, pair.reworked);
  const shown = (message: string) => message.split(originalPath).join(pair.original).split(reworkedPath).join(pair.reworked);
  try {
    const originalFormat = checkFormat('original_format', pair.originalFormat);
    const reworkedFormat = checkFormat('reworked_format', pair.reworkedFormat);
    checkReadable(pair.original, originalPath);
    checkReadable(pair.reworked, reworkedPath);
    const warnings: string[] = [];
    const compareOptions: CompareOptions = {
      warn: (message) => warnings.push(shown(message)),
      originalFormat,
      reworkedFormat,
      map: options.map,
      speakerPrefix: options.speakerPrefix,
      tiers: options.tiers,
      config: options.config,
      limits: options.limits,
    };
    const { data, original, reworked } = compareFiles(originalPath, reworkedPath, compareOptions);
    return scoredRecord(pair.id, pair.tags, { path: pair.original, format: original.format }, { path: pair.reworked, format: reworked.format }, data, warnings);
  } catch (error) {
    const kind: ErrorKind = error instanceof PairError ? error.kind : error instanceof CliError ? 'rejected' : 'internal';
    const message = error instanceof Error ? error.message : String(error);
    return { id: pair.id, tags: pair.tags, error: { kind, message: shown(message) } };
  }
}

/** Piscina's entry point: the pair's pairs.jsonl line. */
export default function pairWorker(task: PairTask): string {
  return recordLine(scorePair(task));
}
