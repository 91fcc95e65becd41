#!/usr/bin/env node
/**
 * The `transcript-diff` command: the engine in-process, on files in the formats teams exchange.
 * Exit status: 0 done; 1 the grade is below `--fail-under`; 2 bad input or options (one line on
 * stderr naming the file, the place and the problem).
 */
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { FORMATS } from '../formats/index';
import type { FormatName, ReadOptions, TranscriptRow } from '../formats/types';
import type { DiffConfig } from '../engine/types';
import { packageVersion } from '../package-version';
import { LIMITS } from '../request/diff-schema';
import { CliError } from './cli-error';
import { diffCommand, type Terminal } from './diff-command';

const NAME = 'transcript-diff';

function positiveInteger(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('expected a whole number of at least 1');
  return n;
}

function grade(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < 1 || n > 5) throw new InvalidArgumentError('expected a grade from 1 to 5, e.g. 3.5');
  return n;
}

const ROW_FIELDS: ReadonlyArray<keyof TranscriptRow> = ['transcript', 'speaker', 'start_time', 'end_time', 'non_speech_events'];

/** `--map transcript=Text,speaker=Who`: row field → column header. */
function columnMap(value: string): NonNullable<ReadOptions['map']> {
  const map: NonNullable<ReadOptions['map']> = {};
  for (const pair of value.split(',')) {
    const eq = pair.indexOf('=');
    const field = pair.slice(0, eq).trim() as keyof TranscriptRow;
    const column = pair.slice(eq + 1).trim();
    if (eq < 0 || column === '') throw new InvalidArgumentError(`expected FIELD=COLUMN pairs separated by commas, e.g. transcript=Text,speaker=Who; got "${pair}"`);
    if (!ROW_FIELDS.includes(field)) throw new InvalidArgumentError(`"${field}" is not a row field: use ${ROW_FIELDS.join(', ')}`);
    map[field] = column;
  }
  return map;
}

function formatChoice(flag: string, description: string): Option {
  return new Option(`${flag} <name>`, description).choices(FORMATS.map((format) => format.name));
}

function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

/** The terminal's traits: colour only on a TTY and without NO_COLOR (https://no-color.org). */
function terminal(): Terminal {
  const tty = process.stdout.isTTY === true;
  const noColour = process.env['NO_COLOR'] !== undefined && process.env['NO_COLOR'] !== '';
  return {
    write: (text) => process.stdout.write(text),
    warn: (text) => process.stderr.write(`${NAME}: ${text}\n`),
    width: tty && process.stdout.columns ? process.stdout.columns : 100,
    colour: tty && !noColour && process.env['TERM'] !== 'dumb',
  };
}

export function buildProgram(run: { exitCode: number }): Command {
  const program = new Command(NAME)
    .description('Compare an AI transcript with its post-edit: what changed, row by row, and how much.')
    .version(packageVersion(), '-V, --version')
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride();

  program
    .command('diff')
    .description('compare two transcript files (the original, then its post-edit)')
    .argument('<original>', 'the AI transcript (hypothesis)')
    .argument('<reworked>', 'its post-edit (reference, the gold standard)')
    .addOption(formatChoice('--format', 'format of both files (default: from the extension, confirmed from the content)'))
    .addOption(formatChoice('--original-format', 'format of the original file'))
    .addOption(formatChoice('--reworked-format', 'format of the reworked file'))
    .option('--map <pairs>', 'CSV/TSV columns, e.g. transcript=Text,speaker=Who,start_time=Begin', columnMap)
    .option('--speaker-prefix', 'SubRip/WebVTT: read a leading "NAME:" of a cue as its speaker')
    .option('--tiers <ids>', 'ELAN: read these tiers (comma-separated), symbolic ones included', (v) => v.split(',').map((s) => s.trim()))
    .option('--config <file>', "the API's config object, as a JSON file")
    .option('--no-splits', 'do not detect split rows (config.enableSplits false)')
    .option('--no-merges', 'do not detect merged rows (config.enableMerges false)')
    .option('--simple', 'simple mode: transcript only (config.simpleMode)')
    .option('--positional', 'pair rows by position (config.positionalMode)')
    .option('--keep-diacritics', 'compare diacritics (config.stripDiacritics false)')
    .option('--ignore <column>', 'leave a column out of the comparison (repeatable; config.ignoreColNames)', collect)
    .option('--no-analysis', 'no error analysis: no per-speaker table, confusions, speaker mapping or timing (config.enableAnalysis false)')
    .option('--json <file>', 'write the JSON of `data`, as POST /v1/diff returns it ("-": stdout, no summary)')
    .option('--rows <n>', 'most-changed rows to print', positiveInteger, 10)
    .option('-q, --quiet', 'print no summary')
    .option('--fail-under <grade>', 'exit 1 when the composite grade is below this (1-5)', grade)
    .option('--max-rows <n>', `rows a side (default ${LIMITS.rows}, as the API)`, positiveInteger)
    .option('--max-cell-chars <n>', `characters in one cell (default ${LIMITS.cellCodePoints}, as the API)`, positiveInteger)
    .action((original: string, reworked: string, opts: Record<string, unknown>) => {
      const configFlags: Partial<DiffConfig> = {};
      if (opts['splits'] === false) configFlags.enableSplits = false;
      if (opts['merges'] === false) configFlags.enableMerges = false;
      if (opts['simple']) configFlags.simpleMode = true;
      if (opts['positional']) configFlags.positionalMode = true;
      if (opts['keepDiacritics']) configFlags.stripDiacritics = false;
      if (opts['ignore']) configFlags.ignoreColNames = opts['ignore'] as string[];
      if (opts['analysis'] === false) configFlags.enableAnalysis = false;
      run.exitCode = diffCommand(
        original,
        reworked,
        {
          format: opts['format'] as FormatName | undefined,
          originalFormat: opts['originalFormat'] as FormatName | undefined,
          reworkedFormat: opts['reworkedFormat'] as FormatName | undefined,
          map: opts['map'] as ReadOptions['map'],
          speakerPrefix: opts['speakerPrefix'] === true,
          tiers: opts['tiers'] as string[] | undefined,
          config: opts['config'] as string | undefined,
          configFlags,
          json: opts['json'] as string | undefined,
          failUnder: opts['failUnder'] as number | undefined,
          limits: {
            rows: (opts['maxRows'] as number | undefined) ?? LIMITS.rows,
            cellCodePoints: (opts['maxCellChars'] as number | undefined) ?? LIMITS.cellCodePoints,
          },
          rows: opts['rows'] as number,
          quiet: opts['quiet'] === true,
        },
        terminal(),
      );
    });
  return program;
}

/** Runs the command line; resolves with the exit status. */
export function main(argv: string[]): number {
  const run = { exitCode: 0 };
  const program = buildProgram(run);
  try {
    program.parse(argv, { from: 'user' });
    return run.exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version exit 0; a usage error has been printed by commander already.
      return error.exitCode === 0 ? 0 : 2;
    }
    if (error instanceof CliError) {
      process.stderr.write(`${NAME}: ${error.message}\n`);
      return error.exitCode;
    }
    process.stderr.write(`${NAME}: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
}

if (require.main === module) {
  process.exitCode = main(process.argv.slice(2));
}
