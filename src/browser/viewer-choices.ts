/**
 * The form's values as plain data: which files in which formats, how to read them, the config
 * fields the options set, the pasted body, the audio file and the key. The text options are read
 * as the command line reads them (src/cli/main.ts: `--tiers`, `--map`, `--ignore`).
 */
import { NORMALIZATION_NAMES, type DiffConfig, type NormalizationName } from '../engine/index';
import { parseColumnMap, type ColumnMap } from '../formats/column-map';
import { formatNames } from '../formats/index';
import { quoted } from '../formats/quote';
import type { FormatName, ReadOptions } from '../formats/types';
import { AUTO_FORMAT, type InputMode, type SideName, type ViewerForm } from './viewer-form';
import { ViewerProblem } from './viewer-problem';

export interface SideChoice {
  file: File | null;
  /** A Kaldi text's segments file. */
  segments: File | null;
  /** Undefined: detected from the file's name and content. */
  format: FormatName | undefined;
}

export interface Choices {
  mode: InputMode;
  sides: Record<SideName, SideChoice>;
  reading: Omit<ReadOptions, 'side' | 'segments'>;
  /** Only the fields an option changes from the engine's defaults. */
  config: Partial<DiffConfig>;
  bodyText: string;
  audio: File | null;
  key: string;
}

/** Comma-separated names, blanks dropped; undefined when there are none. */
function names(text: string): string[] | undefined {
  const list = text
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  return list.length > 0 ? list : undefined;
}

/** `transcript=Text,speaker=Who`: row field → column header, read as `--map` reads it; blank: no map. */
function columnMapOf(text: string): ColumnMap | undefined {
  if (text.trim() === '') return undefined;
  const parsed = parseColumnMap(text);
  if ('problem' in parsed) throw new ViewerProblem(`CSV/TSV columns: ${parsed.problem}`);
  return parsed.map;
}

function formatOf(select: HTMLSelectElement): FormatName | undefined {
  const value = select.value;
  return value !== AUTO_FORMAT && (formatNames() as string[]).includes(value) ? (value as FormatName) : undefined;
}

function side(form: ViewerForm, name: SideName): SideChoice {
  const controls = form.sides[name];
  return { file: controls.file.files?.[0] ?? null, segments: controls.segments.files?.[0] ?? null, format: formatOf(controls.format) };
}

/** The config fields the comparison options set, as the command line's switches set them. */
function configOf(form: ViewerForm): Partial<DiffConfig> {
  const config: Partial<DiffConfig> = {};
  if (!form.splits.checked) config.enableSplits = false;
  if (!form.merges.checked) config.enableMerges = false;
  if (form.keepDiacritics.checked) config.stripDiacritics = false;
  if (form.simple.checked) config.simpleMode = true;
  if (form.positional.checked) config.positionalMode = true;
  const ignore = names(form.ignore.value);
  if (ignore) config.ignoreColNames = ignore;
  const normalization = form.normalization.value;
  if (normalization !== 'none' && (NORMALIZATION_NAMES as readonly string[]).includes(normalization)) config.normalization = normalization as NormalizationName;
  return config;
}

/** How to read the files: the options of the command line's `--speaker-prefix`, `--tiers`, `--map`, `--ctm-gap` and `--session`. */
function readingOf(form: ViewerForm): Omit<ReadOptions, 'side' | 'segments'> {
  const reading: Omit<ReadOptions, 'side' | 'segments'> = {};
  if (form.speakerPrefix.checked) reading.speakerPrefix = true;
  const tiers = names(form.tiers.value);
  if (tiers) reading.tiers = tiers;
  const map = columnMapOf(form.columnMap.value);
  if (map) reading.map = map;
  const gap = form.ctmGap.value.trim();
  if (gap !== '') {
    const seconds = Number(gap);
    if (!Number.isFinite(seconds) || seconds < 0) throw new ViewerProblem(`CTM pause: expected a number of seconds (0 or more), e.g. 1.5; got ${quoted(gap)}`);
    reading.ctmGap = seconds;
  }
  const session = form.session.value.trim();
  if (session !== '') reading.session = session;
  return reading;
}

/** Reads the form; a text option that does not parse is a ViewerProblem. */
export function readChoices(form: ViewerForm): Choices {
  const mode: InputMode = form.modes.body.checked ? 'body' : 'files';
  return {
    mode,
    sides: { original: side(form, 'original'), reworked: side(form, 'reworked') },
    // Options that do not apply to a pasted body cannot stop it.
    reading: mode === 'files' ? readingOf(form) : {},
    config: mode === 'files' ? configOf(form) : {},
    bodyText: form.body.value,
    audio: form.audio.files?.[0] ?? null,
    key: form.key.value.trim(),
  };
}
