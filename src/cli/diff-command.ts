/**
 * `transcript-diff diff ORIGINAL REWORKED`: both files through their format adapters, the request
 * judged by the API's own validation, the engine run in-process, then the summary, the JSON of
 * `data` (`--json`) and the grade gate (`--fail-under`).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { DiffConfig } from '../engine/types';
import type { RequestLimits } from '../request/diff-schema';
import { CliError } from './cli-error';
import { compareFiles, type CompareOptions } from './compare-files';
import type { SideFile } from './read-side';
import { renderSummary } from './terminal-summary';

/** What `diff` takes: how to read and compare (as `compareFiles`), and what to print or write. */
export interface DiffCommandOptions extends Omit<CompareOptions, 'config' | 'configFile' | 'warn' | 'limits'> {
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
export function readConfigFile(path: string): Partial<DiffConfig> {
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

export function diffCommand(originalPath: string, reworkedPath: string, options: DiffCommandOptions, terminal: Terminal): number {
  // The tool analyses by default (the API does not: its answers keep their bytes); `--config` or
  // `--no-analysis` turns it off.
  const config = { enableAnalysis: true, ...(options.config ? readConfigFile(options.config) : {}), ...options.configFlags };
  const { data, original, reworked } = compareFiles(originalPath, reworkedPath, {
    ...options,
    config,
    configFile: options.config,
    warn: (message) => terminal.warn(`warning: ${message}`),
  });

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
