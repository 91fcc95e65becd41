/**
 * The worker thread's task: one manifest pair read, judged and diffed (compareFiles, as the `diff`
 * command does), returned as its finished pairs.jsonl line, so the main thread only appends it.
 * A pair that cannot be scored returns an error row; a task never throws for a bad pair. Under
 * `batch --html` the worker also writes the pair's page from the diff it holds.
 */
import { accessSync, constants, statSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import { CliError } from '../compare/cli-error';
import { compareFiles, type CompareOptions, type Comparison } from '../compare/compare-files';
import type { DiffConfig } from '../engine/index';
import { formatNames } from '../formats/index';
import type { FormatName, ReadOptions } from '../formats/types';
import type { RequestLimits } from '../request/diff-schema';
import type { ManifestPair } from './manifest';
import { writePairPage } from './pair-page';
import { isErrorRecord, recordLine, scoredRecord, type ErrorKind, type PairRecord } from './pair-record';

/** What every pair of a run is compared with. */
export interface PairOptions {
  config: Partial<DiffConfig>;
  map?: ReadOptions['map'];
  speakerPrefix?: boolean;
  tiers?: string[];
  ctmGap?: number;
  session?: string;
  limits: RequestLimits;
}

export interface PairTask {
  pair: ManifestPair;
  /** The manifest's folder, absolute: the pair's paths are relative to it. */
  dir: string;
  options: PairOptions;
  /** With --html: the page to write, absolute; `only` when the pair's line is already in pairs.jsonl. */
  page?: { path: string; only: boolean };
}

/** What a task gives back: the line to append (none for a page alone), and why its page is missing if it is. */
export interface PairOutcome {
  line: string | null;
  pageError: string | null;
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

/**
 * The record of one pair, and the comparison behind a scored one; messages name files as the
 * manifest does, never by absolute path. `config` is the one the diff runs with.
 */
function comparePair(task: PairTask, config: PairOptions['config']): { record: PairRecord; comparison: Comparison | null } {
  const { pair, dir, options } = task;
  const originalPath = resolve(dir, pair.original);
  const reworkedPath = resolve(dir, pair.reworked);
  // Other files a pair reads (a Kaldi text's segments beside it) are named relative to the manifest too.
  const shown = (message: string) => message.split(originalPath).join(pair.original).split(reworkedPath).join(pair.reworked).split(`${dir}${sep}`).join('');
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
      ctmGap: options.ctmGap,
      session: options.session,
      config,
      limits: options.limits,
    };
    const comparison = compareFiles(originalPath, reworkedPath, compareOptions);
    const { data, original, reworked } = comparison;
    const record = scoredRecord(pair.id, pair.tags, { path: pair.original, format: original.format }, { path: pair.reworked, format: reworked.format }, data, warnings);
    return { record, comparison };
  } catch (error) {
    const kind: ErrorKind = error instanceof PairError ? error.kind : error instanceof CliError ? 'rejected' : 'internal';
    const message = error instanceof Error ? error.message : String(error);
    return { record: { id: pair.id, tags: pair.tags, error: { kind, message: shown(message) } }, comparison: null };
  }
}

/** The record of one pair, as pairs.jsonl keeps it. */
export function scorePair(task: PairTask): PairRecord {
  return comparePair(task, task.options.config).record;
}

/**
 * Piscina's entry point: the pair's pairs.jsonl line, its page written first when asked for (so
 * a pair whose line is in the file has its page unless the write failed, which `pageError` says).
 * The page's diff runs with inline character diffs on, which change no count or score: the line
 * is the one a run without --html writes.
 */
export default function pairWorker(task: PairTask): PairOutcome {
  if (task.page === undefined) return { line: recordLine(scorePair(task)), pageError: null };
  const { record, comparison } = comparePair(task, { ...task.options.config, enableInlineDiff: true, enableGroupDiff: true });
  let pageError: string | null = null;
  if (comparison !== null) {
    try {
      writePairPage(task.page.path, task.pair, comparison, task.options.config.speakerColName);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      pageError = code !== undefined ? `cannot write ${task.page.path} (${code})` : `cannot build the page (${error instanceof Error ? error.message : String(error)})`;
    }
  } else if (task.page.only) {
    // The pair was scored before; reading or diffing it fails now: its files changed since.
    pageError = `cannot diff the pair again for its page: ${isErrorRecord(record) ? record.error.message : 'no comparison'}`;
  }
  return { line: task.page.only ? null : recordLine(record), pageError };
}
