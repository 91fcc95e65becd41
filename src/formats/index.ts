/**
 * Every transcript format the product reads, and how a file's format is chosen: by name, or
 * from its extension confirmed by its content (each adapter's sniff), or from its content alone.
 */
import { assFormat } from './ass';
import { assemblyAiFormat } from './assemblyai';
import { awsFormat } from './aws';
import { csvFormat, tsvFormat } from './csv';
import { ctmFormat } from './ctm';
import { deepgramFormat } from './deepgram';
import { eafFormat } from './eaf';
import { jsonFormat } from './json';
import { kaldiFormat } from './kaldi';
import { labelStudioFormat } from './labelstudio';
import { revFormat } from './rev';
import { sbvFormat } from './sbv';
import { seglstFormat } from './seglst';
import { srtFormat } from './srt';
import { stmFormat } from './stm';
import { decodeTextOrLatin1 } from './text';
import { textGridFormat } from './textgrid';
import { trnFormat } from './trn';
import { trsFormat } from './trs';
import { ttmlFormat } from './ttml';
import { FormatAdapter, FormatError, FormatName, ReadOptions, ReadResult } from './types';
import { vttFormat } from './vtt';
import { whisperFormat } from './whisper';

export { FormatError } from './types';
export type { FormatAdapter, FormatName, FormatWarning, ReadOptions, ReadResult, SourceLocation, TranscriptRow } from './types';

/**
 * The adapters; adding a format is one line here. Where several share an extension (`.json`),
 * the first whose sniff accepts the content reads it, so specific formats come before general
 * ones: the ASR provider exports before JSON rows.
 */
export const FORMATS: readonly FormatAdapter[] = [
  whisperFormat,
  assemblyAiFormat,
  deepgramFormat,
  revFormat,
  awsFormat,
  seglstFormat,
  labelStudioFormat,
  jsonFormat,
  csvFormat,
  tsvFormat,
  srtFormat,
  vttFormat,
  assFormat,
  stmFormat,
  textGridFormat,
  eafFormat,
  trsFormat,
  ctmFormat,
  trnFormat,
  kaldiFormat,
  ttmlFormat,
  sbvFormat,
];

/** The names of the formats, in the registry's order (the choices of `--format`). */
export function formatNames(): FormatName[] {
  return FORMATS.map((format) => format.name);
}

function formatList(): string {
  return formatNames().join(', ');
}

/** The adapter called `name` (case-insensitive); a FormatError listing the names otherwise. */
export function formatNamed(name: string): FormatAdapter {
  const wanted = name.trim().toLowerCase();
  const format = FORMATS.find((candidate) => candidate.name === wanted);
  if (format === undefined) throw new FormatError(`no format is called ${JSON.stringify(name)}: the formats are ${formatList()}`);
  return format;
}

/**
 * The text a sniff looks at. Bytes that are not UTF-8 are read as Latin-1: every sniff looks for
 * ASCII markers, and a Latin-1 Transcriber or TextGrid file is still that format. Undecodable
 * bytes are the reading adapter's error, with its line, not detection's: they leave nothing to sniff.
 */
function sniffText(bytes: Uint8Array): string {
  try {
    return decodeTextOrLatin1(bytes).text;
  } catch {
    return '';
  }
}

/** The formats a file name names: by its extension, or by its whole name (Kaldi's `text`). */
function namedBy(fileName: string): FormatAdapter[] {
  const lowerName = fileName.toLowerCase();
  const base = lowerName.slice(Math.max(lowerName.lastIndexOf('/'), lowerName.lastIndexOf('\\')) + 1);
  return FORMATS.filter((format) => format.extensions.some((extension) => lowerName.endsWith(extension)) || (format.fileNames ?? []).includes(base));
}

const GENERIC_EXTENSIONS = new Set(['.xml']);

/** True when the text has at most one line that is not blank: a CSV header with no rows, or one line of words. */
function atMostOneLine(text: string): boolean {
  return text.split(/\r\n|\r|\n/).filter((line) => line.trim() !== '').length <= 1;
}

/**
 * The adapter for a file. Its name (the extension, or the whole name) names the candidates and
 * the content confirms one: the first candidate whose sniff accepts it. Content that no candidate
 * accepts is read by the candidate named like the extension, so a damaged file gets that format's
 * own error with its line; when another format accepts the content, the error says so. A file
 * whose name names no format is detected from its content alone, except where that is a guess: a
 * single line a CSV sniff takes for a header (a trn line or a sentence with commas) gives no rows.
 * Messages do not repeat the file's name: the caller puts it before the place.
 */
export function detectFormat(fileName: string, bytes: Uint8Array): FormatAdapter {
  const candidates = namedBy(fileName);
  const text = sniffText(bytes);
  // A format known by its name alone (Kaldi's text) is never a guess from content.
  const accepting = FORMATS.filter((format) => format.extensions.length > 0 && format.sniff(text));
  const naming = `name the format with --format NAME (${formatList()})`;
  if (candidates.length === 0) {
    const headerOnly = accepting.filter((format) => (format.name === 'csv' || format.name === 'tsv') && atMostOneLine(text));
    const sure = accepting.filter((format) => !headerOnly.includes(format));
    if (sure.length > 0) return sure[0];
    if (headerOnly.length > 0) {
      throw new FormatError(`cannot tell the format from the name or the content: one line, which could be a ${headerOnly.map((f) => f.name).join('/')} header with no rows, a trn utterance or plain text; ${naming}`, { line: 1 });
    }
    throw new FormatError(`cannot tell the format from the name or the content: ${naming}`);
  }
  const confirmed = candidates.find((format) => format.sniff(text));
  if (confirmed !== undefined) return confirmed;
  const lowerName = fileName.toLowerCase();
  const extension = candidates[0].extensions.find((candidate) => lowerName.endsWith(candidate)) ?? '';
  // `.xml` names no one format: ELAN and Transcriber files are saved so too.
  if (GENERIC_EXTENSIONS.has(extension) && accepting.length > 0) return accepting[0];
  // Of several formats sharing the extension, the one named after it (JSON rows for `.json`).
  const named = candidates.find((format) => `.${format.name}` === extension) ?? candidates[0];
  if (accepting.length === 0) return named;
  // The content is another format's: the named format's own error says where it stops being one.
  const other = accepting[0].name;
  try {
    named.read(bytes);
  } catch (error) {
    if (error instanceof FormatError) {
      throw new FormatError(`${error.message} (the content looks like ${other}: if it is, pass --format ${other})`, error.location);
    }
    throw error;
  }
  throw new FormatError(`named like a ${extension || named.name} file but the content looks like ${other}: ${naming}`);
}

/** The rows of a file, read in `format` when given, else in the format detected from its name and content. */
export function readTranscript(
  fileName: string,
  bytes: Uint8Array,
  options: ReadOptions & { format?: string } = {},
): ReadResult & { format: FormatName } {
  const { format, ...readOptions } = options;
  const adapter = format === undefined ? detectFormat(fileName, bytes) : formatNamed(format);
  return { format: adapter.name, ...adapter.read(bytes, readOptions) };
}
