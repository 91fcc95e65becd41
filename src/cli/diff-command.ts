/**
 * `transcript-diff diff ORIGINAL REWORKED`: both files through their format adapters, the request
 * judged by the API's own validation, the engine run in-process, then the summary, the JSON of
 * `data` (`--json`) and the grade gate (`--fail-under`).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { runDiff, EngineInputError } from '../engine/index';
import type { DiffConfig, DiffData, DiffRequest } from '../engine/types';
import type { FormatName, ReadOptions } from '../formats/types';
import { validateDiffRequest, type RequestLimits } from '../request/diff-schema';
import { CliError } from './cli-error';
import { placeOf, readSide, type SideFile } from './read-side';
import { renderSummary } from './terminal-summary';

export interface DiffCommandOptions {
  format?: FormatName;
  originalFormat?: FormatName;
  reworkedFormat?: FormatName;
  map?: ReadOptions['map'];
  speakerPrefix?: boolean;
  tiers?: string[];
  config?: string;
  /** Flags that set config fields; they win over `--config`. */
  configFlags: Partial<DiffConfig>;
  json?: string;
  failUnder?: number;
  limits: RequestLimits;
  rows: number;
  quiet?: boolean;
}

export interface Terminal {
  write(text: string): void;
  warn(text: string): void;
  width: number;
  colour: boolean;
}

/** The config object of `--config FILE`: the API's `config`, as JSON. */
function readConfigFile(path: string): Partial<DiffConfig> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new CliError(`${path}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : String(error)}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new CliError(`${path}: not valid JSON (${(error as Error).message})`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new CliError(`${path}: expected a JSON object: the API's "config" object, e.g. {"enableSplits": false}`);
  }
  return value as Partial<DiffConfig>;
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

export function diffCommand(originalPath: string, reworkedPath: string, options: DiffCommandOptions, terminal: Terminal): number {
  const readOptions: ReadOptions = { map: options.map, speakerPrefix: options.speakerPrefix, tiers: options.tiers };
  const original = readSide(originalPath, options.originalFormat ?? options.format, { ...readOptions, side: 'original' });
  const reworked = readSide(reworkedPath, options.reworkedFormat ?? options.format, { ...readOptions, side: 'reworked' });
  for (const file of [original, reworked]) {
    for (const warning of file.warnings) terminal.warn(`warning: ${placeOf(file.path, warning.location)}: ${warning.message}`);
  }

  const config = { ...(options.config ? readConfigFile(options.config) : {}), ...options.configFlags };
  const request = buildRequest(original, reworked, config);
  const details = validateDiffRequest(request as unknown as Record<string, unknown>, options.limits);
  if (details.length > 0) {
    const first = details[0]!;
    const more = details.length > 1 ? ` (and ${details.length - 1} more)` : '';
    throw new CliError(`${detailPlace(first.field, original, reworked, options.config)}: ${first.message}${more}`);
  }

  let data: DiffData;
  try {
    data = runDiff(request);
  } catch (error) {
    if (error instanceof EngineInputError) throw new CliError(`${detailPlace(error.field, original, reworked, options.config)}: ${error.message}`);
    throw error;
  }

  // The bytes of JSON.stringify(data) are those the API's byte-level writer sends as `data`.
  if (options.json === '-') {
    terminal.write(`${JSON.stringify(data)}\n`);
  } else {
    if (options.json !== undefined) writeFileSync(options.json, JSON.stringify(data));
    if (!options.quiet) {
      const label = (file: SideFile) => ({ path: file.path, format: file.format, rows: file.rows.length });
      terminal.write(renderSummary(data, [label(original), label(reworked)], { width: terminal.width, colour: terminal.colour, rows: options.rows }));
    }
  }

  if (options.failUnder !== undefined) {
    const grade = data.composite?.grade ?? null;
    if (grade === null) throw new CliError('--fail-under: this comparison has no composite grade (composite disabled, or no metric contributes)');
    if (grade < options.failUnder) {
      terminal.warn(`grade ${grade.toFixed(2)} is below --fail-under ${options.failUnder}`);
      return 1;
    }
  }
  return 0;
}
