/**
 * One comparison of two files, as both `diff` and `batch` run it: each side read by its format
 * adapter, the request judged by the API's own validation (src/request), the engine run
 * in-process. Every problem is a one-line CliError naming the file and the place in it.
 */
import { runDiff, EngineInputError, type DiffConfig, type DiffData, type DiffRequest } from '../engine/index';
import { placeOf } from '../formats/source-place';
import type { FormatName, ReadOptions } from '../formats/types';
import { LIMITS, validateDiffRequest, type RequestLimits } from '../request/diff-schema';
import { CliError } from './cli-error';
import { nothingToCompare, pairSides } from './id-pairing';
import { readSide, type SideFile } from './read-side';

export interface CompareOptions {
  format?: FormatName;
  originalFormat?: FormatName;
  reworkedFormat?: FormatName;
  map?: ReadOptions['map'];
  speakerPrefix?: boolean;
  tiers?: string[];
  /** CTM: the pause in seconds that starts a new row. */
  ctmGap?: number;
  /** SegLST session or Label Studio task to read. */
  session?: string;
  /** Kaldi `segments` files: for both sides, or for one. */
  segments?: string;
  originalSegments?: string;
  reworkedSegments?: string;
  /** The API's config object. */
  config?: Partial<DiffConfig>;
  /** Where `config` came from, for messages (`--config FILE`). */
  configFile?: string;
  limits?: RequestLimits;
  /** Told each adapter warning, as `file:line: message`. */
  warn?: (message: string) => void;
}

export interface Comparison {
  data: DiffData;
  original: SideFile;
  reworked: SideFile;
}

/** The request the API would receive for these two files and this config. */
export function buildRequest(original: SideFile, reworked: SideFile, config: Partial<DiffConfig>): DiffRequest {
  const request: DiffRequest = { original: original.rows, reworked: reworked.rows };
  if (Object.keys(config).length > 0) request.config = config;
  return request;
}

/**
 * Where a validation detail's field lies: `original[3].start_time` is row 4 of the first file.
 * The adapters' rows are in file order, so the row number is the row's place among the rows.
 */
function detailPlace(field: string, original: SideFile, reworked: SideFile, configFile: string | undefined): string {
  if (field === 'original' || field === 'reworked') return (field === 'original' ? original : reworked).path;
  const side = /^(original|reworked)\[(\d+)\](.*)$/.exec(field);
  if (side) {
    const file = side[1] === 'original' ? original : reworked;
    return `${file.path}: row ${Number(side[2]) + 1}${side[3] ? ` (${side[3].replace(/^\./, '')})` : ''}`;
  }
  if (field.startsWith('config')) return `${configFile ?? 'config'}: ${field}`;
  return field;
}

/** Reads, judges and diffs two files. Throws CliError for anything the user must fix. */
export function compareFiles(originalPath: string, reworkedPath: string, options: CompareOptions = {}): Comparison {
  const readOptions: ReadOptions = { map: options.map, speakerPrefix: options.speakerPrefix, tiers: options.tiers, ctmGap: options.ctmGap, session: options.session };
  const original = readSide(originalPath, options.originalFormat ?? options.format, { ...readOptions, side: 'original' }, options.originalSegments ?? options.segments);
  const reworked = readSide(reworkedPath, options.reworkedFormat ?? options.format, { ...readOptions, side: 'reworked' }, options.reworkedSegments ?? options.segments);
  const warn = (message: string) => options.warn?.(message);
  for (const file of [original, reworked]) {
    for (const warning of file.warnings) warn(`${placeOf(file.path, warning.location)}: ${warning.message}`);
  }
  const sides = [{ name: original.path, rows: original.rows }, { name: reworked.path, rows: reworked.rows }] as const;
  const refusal = nothingToCompare(...sides);
  if (refusal !== null) throw new CliError(refusal);
  const paired = pairSides(...sides, options.config ?? {}, warn);
  original.rows = paired.original;
  reworked.rows = paired.reworked;
  const config = paired.config;

  const request = buildRequest(original, reworked, config);
  const details = validateDiffRequest(request as unknown as Record<string, unknown>, options.limits ?? LIMITS);
  if (details.length > 0) {
    const first = details[0]!;
    const more = details.length > 1 ? ` (and ${details.length - 1} more)` : '';
    throw new CliError(`${detailPlace(first.field, original, reworked, options.configFile)}: ${first.message}${more}`);
  }

  try {
    return { data: runDiff(request), original, reworked };
  } catch (error) {
    if (error instanceof EngineInputError) throw new CliError(`${detailPlace(error.field, original, reworked, options.configFile)}: ${error.message}`);
    throw error;
  }
}
