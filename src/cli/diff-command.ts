/**
 * `transcript-diff diff ORIGINAL REWORKED`: both files through their format adapters, the request
 * judged by the API's own validation, the engine run in-process, then the summary, the JSON of
 * `data` (`--json`), the HTML report (`--html`) and the grade gate (`--fail-under`).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { DiffConfig, DiffData } from '../engine/index';
import { audioUrl, isUrl } from '../report/audio-url';
import { mediaSource, reportHtml } from '../report/html-report';
import type { RequestLimits } from '../request/diff-schema';
import { CliError } from '../compare/cli-error';
import { compareFiles, type CompareOptions } from '../compare/compare-files';
import type { SideFile } from '../compare/read-side';
import { renderSummary } from './terminal-summary';

/** What `diff` takes: how to read and compare (as `compareFiles`), and what to print or write. */
export interface DiffCommandOptions extends Omit<CompareOptions, 'config' | 'configFile' | 'warn' | 'limits'> {
  config?: string;
  /** Flags that set config fields; they win over `--config`. */
  configFlags: Partial<DiffConfig>;
  json?: string;
  /** Where to write the HTML report. */
  html?: string;
  /** With `html`: the recording the rows' times refer to, a path or a URL. */
  audio?: string;
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

/**
 * `data` as the asked config gives it, from a diff run for the report with both character diffs
 * on: without `transcriptDiff` when `enableInlineDiff` is false, without `pieceDiffs` unless
 * `enableGroupDiff` is true.
 */
function asAsked(data: DiffData, asked: Partial<DiffConfig>): DiffData {
  const keepInline = asked.enableInlineDiff !== false;
  const keepPieces = asked.enableGroupDiff === true;
  if (keepInline && keepPieces) return data;
  return {
    ...data,
    results: data.results.map((entry) => {
      if ((keepInline || entry.transcriptDiff === undefined) && (keepPieces || entry.pieceDiffs === undefined)) return entry;
      const { transcriptDiff, pieceDiffs, ...rest } = entry;
      return { ...rest, ...(keepInline && transcriptDiff !== undefined ? { transcriptDiff } : {}), ...(keepPieces && pieceDiffs !== undefined ? { pieceDiffs } : {}) };
    }),
  };
}

/** The URL the report plays `--audio` from; a CliError for one it could not play. */
function reportAudio(audio: string, reportPath: string, terminal: Terminal): string {
  const url = audioUrl(audio, reportPath);
  try {
    mediaSource(url);
  } catch (error) {
    throw new CliError(`--audio ${audio}: ${(error as Error).message}`);
  }
  if (!isUrl(audio) && !existsSync(audio)) terminal.warn(`warning: --audio ${audio}: no such file (the report links to it anyway)`);
  return url;
}

function writeReport(path: string, data: DiffData, files: [SideFile, SideFile], audio: string | undefined, speakerColName: string | undefined): void {
  const [original, reworked] = files;
  const side = (file: SideFile) => ({ name: file.path, format: file.format, rows: file.rows.length });
  const html = reportHtml({
    data,
    title: `${basename(original.path)} → ${basename(reworked.path)}`,
    sides: { original: side(original), reworked: side(reworked) },
    audio,
    columns: { speakerColName },
  });
  writeOutput('--html', path, html);
}

/** Writes an output file; a path that cannot be written is a one-line CliError naming the option and why. */
function writeOutput(option: string, path: string, text: string): void {
  try {
    writeFileSync(path, text);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such folder' : code === 'EISDIR' ? 'is a directory' : code === 'EACCES' ? 'permission denied' : String(code ?? error);
    throw new CliError(`${option} ${path}: ${why}`);
  }
}

export function diffCommand(originalPath: string, reworkedPath: string, options: DiffCommandOptions, terminal: Terminal): number {
  if (options.audio !== undefined && options.html === undefined) throw new CliError('--audio needs --html: the recording is played from the HTML report');
  const audio = options.html !== undefined && options.audio !== undefined ? reportAudio(options.audio, options.html, terminal) : undefined;
  // The tool analyses by default (the API does not: its answers keep their bytes); `--config` or
  // `--no-analysis` turns it off.
  const asked = { enableAnalysis: true, ...(options.config ? readConfigFile(options.config) : {}), ...options.configFlags };
  // The report shows the character diff of each modified row and of each split and merge,
  // whatever the config says; the other outputs still follow the config.
  const config = options.html === undefined ? asked : { ...asked, enableInlineDiff: true, enableGroupDiff: true };
  const compared = compareFiles(originalPath, reworkedPath, {
    ...options,
    config,
    configFile: options.config,
    warn: (message) => terminal.warn(`warning: ${message}`),
  });
  const { original, reworked } = compared;
  if (options.html !== undefined) writeReport(options.html, compared.data, [original, reworked], audio, config.speakerColName);
  const data = options.html === undefined ? compared.data : asAsked(compared.data, asked);

  // The bytes of JSON.stringify(data) are those the API's byte-level writer sends as `data`.
  if (options.json === '-') {
    terminal.write(`${JSON.stringify(data)}\n`);
  } else {
    if (options.json !== undefined) writeOutput('--json', options.json, JSON.stringify(data));
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
