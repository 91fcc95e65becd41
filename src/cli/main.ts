#!/usr/bin/env node
/**
 * The `transcript-diff` command: the engine in-process, on files in the formats teams exchange.
 * Exit status: 0 done; 1 the grade is below `--fail-under`; 2 bad input or options (one line on
 * stderr naming the file, the place and the problem); 3 a batch with error rows.
 */
import { availableParallelism } from 'node:os';
import { Command, CommanderError, InvalidArgumentError, Option, type OptionValues } from '@commander-js/extra-typings';
import { parseColumnMap, type ColumnMap } from '../formats/column-map';
import { DEFAULT_CTM_GAP } from '../formats/ctm';
import { formatNames } from '../formats/index';
import { NORMALIZATION_NAMES, type DiffConfig, type NormalizationName } from '../engine/index';
import { packageVersion } from '../package-files';
import { LIMITS, type RequestLimits } from '../request/diff-schema';
import { CliError } from '../compare/cli-error';
import { diffCommand, readConfigFile, type Terminal } from './diff-command';
import { compareCommand } from '../batch/compare-runs';
import { runBatch } from '../batch/run-batch';

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

/** `--map transcript=Text,speaker=Who`: row field → column header. */
function columnMap(value: string): ColumnMap {
  const parsed = parseColumnMap(value);
  if ('problem' in parsed) throw new InvalidArgumentError(parsed.problem);
  return parsed.map;
}

function formatChoice<const Flag extends string>(flag: Flag, description: string) {
  return new Option(`${flag} <name>`, description).choices(formatNames());
}

function seconds(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < 0) throw new InvalidArgumentError('expected a number of seconds (0 or more), e.g. 1.5');
  return n;
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

function wholeNumber(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isInteger(n) || n < 0) throw new InvalidArgumentError('expected a whole number (0 or more)');
  return n;
}

/** The options of the comparison switches (`withComparisonOptions`), as commander types them. */
interface ComparisonFlags {
  splits: boolean;
  merges: boolean;
  simple?: true;
  positional?: true;
  keepDiacritics?: true;
  ignore?: string[];
  maxRows?: number;
  maxCellChars?: number;
  normalize?: NormalizationName;
}

/** Config fields set by the comparison switches; they win over `--config`. */
function configFlags(opts: ComparisonFlags & { analysis?: boolean }): Partial<DiffConfig> {
  const flags: Partial<DiffConfig> = {};
  if (!opts.splits) flags.enableSplits = false;
  if (!opts.merges) flags.enableMerges = false;
  if (opts.simple) flags.simpleMode = true;
  if (opts.positional) flags.positionalMode = true;
  if (opts.keepDiacritics) flags.stripDiacritics = false;
  if (opts.ignore) flags.ignoreColNames = opts.ignore;
  if (opts.analysis === false) flags.enableAnalysis = false;
  if (opts.normalize !== undefined) flags.normalization = opts.normalize;
  return flags;
}

/** The limits of `--max-rows` and `--max-cell-chars`, the API's where not raised. */
function limitsOf(opts: ComparisonFlags): RequestLimits {
  return { rows: opts.maxRows ?? LIMITS.rows, cellCodePoints: opts.maxCellChars ?? LIMITS.cellCodePoints };
}

/** The switches every command that compares files takes: how to read them, and the config. */
function withComparisonOptions<Args extends unknown[], Opts extends OptionValues>(command: Command<Args, Opts>) {
  return command
    .option('--map <pairs>', 'CSV/TSV columns, e.g. transcript=Text,speaker=Who,start_time=Begin', columnMap)
    .option('--speaker-prefix', 'SubRip/WebVTT/SBV: read a leading "NAME:" of a cue as its speaker')
    .option('--tiers <ids>', 'ELAN: read these tiers (comma-separated), symbolic ones included', (v) => v.split(',').map((s) => s.trim()))
    .option('--ctm-gap <seconds>', `CTM: a pause longer than this between two words starts a new row (default ${DEFAULT_CTM_GAP})`, seconds)
    .option('--session <id>', 'SegLST: the session to read; Label Studio: the task id (when the file holds several)')
    .option('--config <file>', "the API's config object, as a JSON file")
    .option('--no-splits', 'do not detect split rows (config.enableSplits false)')
    .option('--no-merges', 'do not detect merged rows (config.enableMerges false)')
    .option('--simple', 'simple mode: transcript only (config.simpleMode)')
    .option('--positional', 'pair rows by position (config.positionalMode)')
    .option('--keep-diacritics', 'compare diacritics (config.stripDiacritics false)')
    .option('--ignore <column>', 'leave a column out of the comparison (repeatable; config.ignoreColNames)', collect)
    .addOption(
      new Option('--normalize <name>', 'compare under a normalisation profile (config.normalization; default none)').choices(NORMALIZATION_NAMES),
    )
    .option('--max-rows <n>', `rows a side (default ${LIMITS.rows}, as the API)`, positiveInteger)
    .option('--max-cell-chars <n>', `characters in one cell (default ${LIMITS.cellCodePoints}, as the API)`, positiveInteger);
}

/**
 * The state of one command line: its exit status, or for the commands that run asynchronously
 * (batch, compare) the promise of it.
 */
export interface CliRun {
  exitCode: number;
  pending?: Promise<number>;
  /** The command line's arguments, for a message that repeats them (batch's --resume). */
  argv?: readonly string[];
}

/** An argument as a POSIX shell reads it back: quoted when it holds anything but safe characters. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The same command line with --resume, to finish a batch that was interrupted. */
function resumeCommand(argv: readonly string[]): string {
  const words = argv.includes('--resume') ? argv : [...argv, '--resume'];
  return [NAME, ...words].map(shellWord).join(' ');
}

/** Ctrl-C (SIGINT) while a batch runs: the handler once, and a way to stop listening. */
function onInterrupt(handler: () => void): () => void {
  process.once('SIGINT', handler);
  return () => process.removeListener('SIGINT', handler);
}

export function buildProgram(run: CliRun) {
  const program = new Command(NAME)
    .description('Compare an AI transcript with its post-edit: what changed, row by row, and how much.')
    .version(packageVersion(), '-V, --version')
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride();

  const diff = program
    .command('diff')
    .description('compare two transcript files (the original, then its post-edit)')
    .argument('<original>', 'the AI transcript (hypothesis)')
    .argument('<reworked>', 'its post-edit (reference, the gold standard)')
    .addOption(formatChoice('--format', 'format of both files (default: from the extension, confirmed from the content)'))
    .addOption(formatChoice('--original-format', 'format of the original file'))
    .addOption(formatChoice('--reworked-format', 'format of the reworked file'))
    .option('--segments <file>', "Kaldi text: the segments file giving both files' utterance times (default: a file named segments beside each text)")
    .option('--original-segments <file>', "Kaldi text: the original's segments file")
    .option('--reworked-segments <file>', "Kaldi text: the reworked file's segments file")
    .option('--no-analysis', 'no error analysis: no per-speaker table, confusions, speaker mapping or timing (config.enableAnalysis false)')
    .option('--json <file>', 'write the JSON of `data`, as POST /v1/diff returns it ("-": stdout, no summary)')
    .option('--html <file>', 'write the report as one HTML file that opens from disk: rows side by side, filters, search, CSV export')
    .option('--audio <path-or-url>', "with --html: the recording, played from each row's times (a path is linked relative to the report)")
    .option('--rows <n>', 'most-changed rows to print', positiveInteger, 10)
    .option('-q, --quiet', 'print no summary')
    .option('--fail-under <grade>', 'exit 1 when the composite grade is below this (1-5)', grade);
  withComparisonOptions(diff).action((original, reworked, opts) => {
    run.exitCode = diffCommand(
      original,
      reworked,
      {
        format: opts.format,
        originalFormat: opts.originalFormat,
        reworkedFormat: opts.reworkedFormat,
        segments: opts.segments,
        originalSegments: opts.originalSegments,
        reworkedSegments: opts.reworkedSegments,
        map: opts.map,
        speakerPrefix: opts.speakerPrefix === true,
        tiers: opts.tiers,
        ctmGap: opts.ctmGap,
        session: opts.session,
        config: opts.config,
        configFlags: configFlags(opts),
        json: opts.json,
        html: opts.html,
        audio: opts.audio,
        failUnder: opts.failUnder,
        limits: limitsOf(opts),
        rows: opts.rows,
        quiet: opts.quiet === true,
      },
      terminal(),
    );
  });

  const batch = program
    .command('batch')
    .description('score every pair of files a manifest lists, in parallel: pairs.jsonl, summary.json and summary.csv under --out')
    .argument('<manifest>', 'CSV or JSONL: id, original, reworked (paths relative to the manifest), optional format or original_format/reworked_format; other columns are group tags')
    .requiredOption('--out <dir>', 'folder for pairs.jsonl, summary.json, summary.csv')
    .option('--jobs <n>', `worker threads (default: ${availableParallelism()}, the available parallelism)`, positiveInteger)
    .option('--resume', 'go on with the run in --out: skip the pairs already in pairs.jsonl')
    .option('--seed <text>', 'seed of the bootstrap resampling', '1')
    .option('--bootstrap <n>', 'bootstrap resamples (0: no intervals)', wholeNumber, 1000)
    .option('--worst <n>', 'worst pairs listed', wholeNumber, 10)
    .option('--fail-under <grade>', "exit 1 when the corpus's pooled grade is below this (1-5)", grade)
    .option('--html', 'also write index.html (the summary, charts and a sortable table of the pairs) and a report page per scored pair under pairs/')
    .option('-q, --quiet', 'print no progress and no summary');
  withComparisonOptions(batch).action((manifest, opts) => {
    const config = { ...(opts.config ? readConfigFile(opts.config) : {}), ...configFlags(opts) };
    const tty = process.stderr.isTTY === true;
    run.pending = runBatch(
      {
        manifest,
        out: opts.out,
        jobs: opts.jobs,
        resume: opts.resume === true,
        pair: {
          config,
          map: opts.map,
          speakerPrefix: opts.speakerPrefix === true,
          tiers: opts.tiers,
          ...(opts.ctmGap === undefined ? {} : { ctmGap: opts.ctmGap }),
          ...(opts.session === undefined ? {} : { session: opts.session }),
          limits: limitsOf(opts),
        },
        seed: opts.seed,
        bootstrap: opts.bootstrap,
        worst: opts.worst,
        failUnder: opts.failUnder,
        quiet: opts.quiet === true,
        html: opts.html === true,
      },
      {
        write: (text) => process.stdout.write(text),
        progress: (text) => process.stderr.write(text),
        tty,
        width: tty && process.stderr.columns ? process.stderr.columns : 100,
        onInterrupt,
        ...(run.argv === undefined ? {} : { resumeCommand: resumeCommand(run.argv) }),
      },
    );
  });

  program
    .command('compare')
    .description('compare two batch runs over the same pair ids: B - A for each pooled rate, with paired-bootstrap intervals')
    .argument('<outA>', 'the --out folder of run A')
    .argument('<outB>', 'the --out folder of run B')
    .option('--json <file>', 'write the comparison as JSON ("-": stdout, no table)')
    .option('--seed <text>', 'seed of the bootstrap resampling', '1')
    .option('--bootstrap <n>', 'bootstrap resamples', positiveInteger, 1000)
    .action((outA, outB, opts) => {
      run.pending = compareCommand(outA, outB, { seed: opts.seed, bootstrap: opts.bootstrap, json: opts.json }, (text) => process.stdout.write(text));
    });
  return program;
}

/** The exit status of a failed command line, its one line of explanation written to stderr. */
function exitStatusOf(error: unknown): number {
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

/** Runs a command line of any command; resolves with the exit status. */
export async function runCli(argv: string[]): Promise<number> {
  const run: CliRun = { exitCode: 0, argv };
  try {
    buildProgram(run).parse(argv, { from: 'user' });
    return run.pending ? await run.pending : run.exitCode;
  } catch (error) {
    return exitStatusOf(error);
  }
}

if (require.main === module) {
  void runCli(process.argv.slice(2)).then((status) => {
    process.exitCode = status;
  });
}
