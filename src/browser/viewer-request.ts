/**
 * The request body of POST /v1/diff from the reviewer's choices: two files read in the browser by
 * the format adapters (the command line's own code), or a pasted body; analysis on, so the report
 * can show its tables. The body is checked against the service's size limit here, before it is
 * sent: a reviewer learns at once that a pair is too large, and the service reads no 5 MiB body
 * only to refuse it.
 */
import { nothingToCompare, pairSides } from '../compare/id-pairing';
import { FormatError, readTranscript } from '../formats/index';
import { placeOf } from '../formats/source-place';
import type { ReportColumns, SideLabel } from './report-view';
import type { Choices } from './viewer-choices';
import type { SideName } from './viewer-form';
import { ViewerProblem } from './viewer-problem';

export interface PreparedRequest {
  /** The JSON body as UTF-8, the bytes the limit counts (decisions D1.5). */
  bytes: Uint8Array<ArrayBuffer>;
  sides: Record<SideName, SideLabel>;
  /** How the body names its columns, for the report to read the rows as the engine does. */
  columns: ReportColumns;
  /** The adapters' warnings, each with its file and place. */
  warnings: string[];
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

async function bytesOf(file: File): Promise<Uint8Array> {
  try {
    return new Uint8Array(await file.arrayBuffer());
  } catch (error) {
    throw new ViewerProblem(`${file.name}: the browser could not read the file (${(error as Error).message ?? String(error)}); pick it again.`);
  }
}

async function readSide(choices: Choices, side: SideName, warnings: string[]) {
  const { file, format, segments } = choices.sides[side];
  if (file === null) throw new ViewerProblem(`Pick the ${side} file.`);
  const bytes = await bytesOf(file);
  const segmentsFile = segments === null ? undefined : { name: segments.name, bytes: await bytesOf(segments) };
  try {
    // `side`: a request body file {original, reworked} gives each picker its own half.
    const read = readTranscript(file.name, bytes, { ...choices.reading, side, format, ...(segmentsFile === undefined ? {} : { segments: segmentsFile }) });
    for (const warning of read.warnings) warnings.push(`${placeOf(file.name, warning.location)}: ${warning.message}`);
    return { rows: read.rows, label: { name: file.name, format: read.format, rows: read.rows.length } };
  } catch (error) {
    if (error instanceof FormatError) throw new ViewerProblem(`${placeOf(file.name, error.location)}: ${error.message}`);
    throw new ViewerProblem(`${file.name}: could not be read: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function fromFiles(choices: Choices): Promise<{ body: unknown; sides: Record<SideName, SideLabel>; warnings: string[] }> {
  const warnings: string[] = [];
  const original = await readSide(choices, 'original', warnings);
  const reworked = await readSide(choices, 'reworked', warnings);
  // As the command line sends them: paired by utterance id when both files name their utterances.
  const sides = [{ name: original.label.name, rows: original.rows }, { name: reworked.label.name, rows: reworked.rows }] as const;
  const refusal = nothingToCompare(...sides);
  if (refusal !== null) throw new ViewerProblem(refusal);
  const paired = pairSides(...sides, choices.config, (message) => warnings.push(message));
  return {
    body: { original: paired.original, reworked: paired.reworked, config: { enableAnalysis: true, enableGroupDiff: true, ...paired.config } },
    sides: { original: original.label, reworked: reworked.label },
    warnings,
  };
}

function pastedSide(body: Record<string, unknown>, side: SideName): SideLabel {
  const rows = body[side];
  return { name: `pasted body: ${side}`, format: 'json', rows: Array.isArray(rows) ? rows.length : undefined };
}

function fromPastedBody(text: string): { body: unknown; sides: Record<SideName, SideLabel>; warnings: string[] } {
  if (text.trim() === '') throw new ViewerProblem('Paste a request body: {"original": [...], "reworked": [...]}.');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ViewerProblem(`The pasted body is not valid JSON: ${(error as Error).message}`);
  }
  if (!isObject(value)) throw new ViewerProblem('The pasted body must be a JSON object: {"original": [...], "reworked": [...], "config": {...}}.');
  // A config that is not an object goes as it is: the service's validation names the problem.
  const config = value['config'] === undefined ? { enableAnalysis: true, enableGroupDiff: true } : isObject(value['config']) ? { enableAnalysis: true, enableGroupDiff: true, ...value['config'] } : value['config'];
  return { body: { ...value, config }, sides: { original: pastedSide(value, 'original'), reworked: pastedSide(value, 'reworked') }, warnings: [] };
}

const MIB = 1024 * 1024;
const mib = (bytes: number) => (bytes / MIB).toFixed(2);

/** The request to send; a ViewerProblem for a file that cannot be read or a body over `maxBytes`. */
export async function prepareRequest(choices: Choices, maxBytes: number): Promise<PreparedRequest> {
  const { body, sides, warnings } = choices.mode === 'body' ? fromPastedBody(choices.bodyText) : await fromFiles(choices);
  const columns = columnsOf(body);
  const bytes = new TextEncoder().encode(JSON.stringify(body));
  if (bytes.byteLength > maxBytes) {
    throw new ViewerProblem(
      `The request would be ${mib(bytes.byteLength)} MiB (${bytes.byteLength} bytes of JSON), over the service's limit of ` +
        `${mib(maxBytes)} MiB (${maxBytes} bytes), so it was not sent. Compare shorter parts of the transcripts.`,
      warnings,
    );
  }
  return { bytes, sides, columns, warnings };
}

/** The body's `columnMapping` and `config.speakerColName`, when they have the shapes the service accepts. */
function columnsOf(body: unknown): ReportColumns {
  if (!isObject(body)) return {};
  const config = body['config'];
  const speakerColName = isObject(config) && typeof config['speakerColName'] === 'string' ? config['speakerColName'] : undefined;
  const mapping = body['columnMapping'];
  const columnMapping = isObject(mapping) && typeof mapping['transcript'] === 'number' ? (mapping as unknown as ReportColumns['columnMapping']) : undefined;
  return { columnMapping, speakerColName };
}
