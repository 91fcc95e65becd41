/**
 * Every transcript format the product reads, and how a file's format is chosen: by name, or
 * from its extension confirmed by its content (each adapter's sniff), or from its content alone.
 */
import { assFormat } from './ass';
import { assemblyAiFormat } from './assemblyai';
import { awsFormat } from './aws';
import { csvFormat, tsvFormat } from './csv';
import { deepgramFormat } from './deepgram';
import { eafFormat } from './eaf';
import { jsonFormat } from './json';
import { revFormat } from './rev';
import { srtFormat } from './srt';
import { stmFormat } from './stm';
import { decodeTextOrLatin1 } from './text';
import { textGridFormat } from './textgrid';
import { trsFormat } from './trs';
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

/**
 * The adapter for a file. Its extension (case-insensitive) names the candidates and the content
 * confirms one: the first candidate whose sniff accepts it. Content that no candidate accepts is
 * an error when another format accepts it (the name contradicts the content); when no format
 * does, the adapter named like the extension reads it, so a damaged file gets that format's own
 * error with its line. A file with an unknown extension is detected from its content alone.
 */
export function detectFormat(fileName: string, bytes: Uint8Array): FormatAdapter {
  const lowerName = fileName.toLowerCase();
  const candidates = FORMATS.filter((format) => format.extensions.some((extension) => lowerName.endsWith(extension)));
  const text = sniffText(bytes);
  const accepting = FORMATS.filter((format) => format.sniff(text));
  const naming = `name the format with --format NAME (${formatList()})`;
  if (candidates.length === 0) {
    if (accepting.length > 0) return accepting[0];
    throw new FormatError(`cannot tell the format of ${fileName} from its name or its content: ${naming}`);
  }
  const confirmed = candidates.find((format) => accepting.includes(format));
  if (confirmed !== undefined) return confirmed;
  const extension = candidates[0].extensions.find((candidate) => lowerName.endsWith(candidate)) ?? '';
  if (accepting.length > 0) {
    throw new FormatError(`${fileName} is named like a ${extension} file but its content looks like ${accepting[0].name}: ${naming}`);
  }
  // Of several formats sharing the extension, the one named after it (JSON rows for `.json`).
  return candidates.find((format) => `.${format.name}` === extension) ?? candidates[0];
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
