/**
 * The POST /v1/diff request schema (spec §2, decisions D4). The zod schemas are the single source
 * of truth for what the server accepts and for the OpenAPI document.
 *
 * zod over every row of a large body costs more than serialising the whole body again. So zod
 * judges the body's shape, and one pass over the rows (`checkRows`) decides with a cheap
 * predicate (`isPlainValidRow`) which rows zod must look at: only failing rows go through
 * `RowObjectSchema`, so every row message is still zod's. The same pass checks what no schema
 * says cheaply (one form on both sides, 2-D consistency, cell size, depth and finite numbers). A
 * property test keeps the predicate no wider than the schema.
 */
import { z } from 'zod';
import { NORMALIZATION_NAMES, parseTime, validateTransformRule } from '../engine/index';
import type { ErrorDetail } from './refusal';

export const LIMITS = {
  rows: 30_000,
  transforms: 20,
  extraCols: 20,
  /** Code points in one cell (D4.4). */
  cellCodePoints: 100_000,
  /** Nesting levels inside a row; the row itself is level 1 (D4.4). */
  depth: 64,
  ruleText: 200,
  /** Details listed before the `*` summary entry (D4.5). */
  details: 100,
} as const;

/** Code points in `text`, counted only as far as `limit + 1`. */
function codePointsOver(text: string, limit: number): boolean {
  if (text.length <= limit) return false;
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    if (++count > limit) return true;
  }
  return false;
}

const TEXTISH = 'must be a string, a number or null';
const TIME =
  'must be seconds (a number or numeric string), "hh:mm:ss(.fff)", "mm:ss(.fff)", null or "" (no time)';

const Textish = z
  .union([z.string(), z.number(), z.null()], { error: TEXTISH })
  .meta({ description: 'Text, a number or null.' });

const TimeValue = z
  .union([z.number(), z.string(), z.null()], { error: TIME })
  .refine((value) => parseTime(value) !== undefined, { message: TIME })
  .meta({ description: 'Seconds as a number or numeric string, "hh:mm:ss(.fff)", "mm:ss(.fff)", or null/"" for no time.' });

export const RowObjectSchema = z
  .looseObject({
    transcript: z.string().meta({ description: 'Text of the row (may be empty).' }),
    speaker: Textish.optional(),
    start_time: TimeValue.optional(),
    end_time: TimeValue.optional(),
    non_speech_events: Textish.optional(),
    emotion: Textish.optional(),
    language: Textish.optional(),
    locale: Textish.optional(),
    accent: Textish.optional(),
    file_name: Textish.optional(),
  })
  .meta({
    id: 'RowObject',
    description:
      'A transcript row. Any other field is any JSON value and is passed through unchanged (at most 64 levels deep, ' +
      'numbers finite, each cell at most 100,000 characters).',
  });

export const RowCellsSchema = z
  .array(z.unknown())
  .meta({ id: 'RowCells', description: '2-D input: the cells of one row, indexed like `headers`.' });

const ROW = 'must be a row object or an array of cells';
export const RowSchema = z.union([RowObjectSchema, RowCellsSchema], { error: ROW });

const Rows = (side: string) =>
  z
    .array(RowSchema)
    .max(LIMITS.rows, { message: `must have at most ${LIMITS.rows} rows` })
    .meta({ description: `${side} rows: all row objects, or (2-D input) all arrays of cells.` });

const limitedText = (min: number, max: number) =>
  z
    .string()
    .refine((s) => s.length >= min && !codePointsOver(s, max), {
      message: `must be ${min}-${max} characters`,
    });

export const TransformRuleSchema = z
  .strictObject({
    find: limitedText(1, LIMITS.ruleText).meta({ description: 'Text (or RE2 pattern when regex is true) to find.' }),
    replace: limitedText(0, LIMITS.ruleText).optional().meta({ description: 'Replacement; default "".' }),
    regex: z.boolean().optional().meta({ description: 'Treat find as an RE2 pattern; $1…$9 and $& expand in replace.' }),
    caseInsensitive: z.boolean().optional(),
    columns: z.array(z.string()).min(1).optional().meta({ description: 'Columns the rule applies to; default ["transcript"].' }),
  })
  .superRefine((rule, ctx) => {
    const problem = validateTransformRule(rule);
    if (problem !== null) ctx.addIssue({ code: 'custom', path: ['find'], message: problem });
  })
  .meta({
    id: 'TransformRule',
    description:
      'A find/replace rule applied to both sides before comparison (D5.5), to cells that are not empty. The rules together may grow a cell to at most twice its size plus 64 KiB, and all the cells they apply to together to at most twice their size plus 16 Mi characters: beyond, a 422 names the rule.',
  });

const flag = (description: string) => z.boolean().optional().meta({ description });

export const DiffConfigSchema = z
  .strictObject({
    simpleMode: flag('Disable split and merge detection (default false).'),
    enableSplits: flag('Detect splits (default true).'),
    enableMerges: flag('Detect merges (default true).'),
    enableCER: flag('Compute overallCER (default true).'),
    enableWER: flag('Compute overallWER (default true).'),
    enableSegER: flag('Compute SegER (default true).'),
    enableSER: flag('Compute SER (default true).'),
    stripDiacritics: flag('Remove diacritics and normalise Arabic before comparing (default true).'),
    positionalMode: flag('Pair row i with row i, no alignment (default false).'),
    ignoreColNames: z.array(z.string()).optional().meta({ description: 'Columns that never make a row MODIFIED.' }),
    enableInlineDiff: flag('Include transcriptDiff on MODIFIED rows (default true).'),
    enableGroupDiff: flag('Include pieceDiffs on SPLIT and MERGED entries: the single row\'s character diff against each of its pieces (default false).'),
    structuralTransforms: z
      .array(TransformRuleSchema)
      .max(LIMITS.transforms, { message: `must have at most ${LIMITS.transforms} rules` })
      .optional(),
    enableTranscriptCER: flag('Compute transcriptCER (default true).'),
    enableTranscriptWER: flag('Compute transcriptWER (default true).'),
    enableTranscriptSER: flag('Compute transcriptSER (default true).'),
    enableSACR: flag('Compute SACR (default true).'),
    speakerColName: z.string().optional().meta({ description: 'Speaker column, matched case-insensitively.' }),
    enableComposite: flag('Compute the composite grade (default true).'),
    cerInComposite: flag('overallCER contributes to the composite (default true).'),
    werInComposite: flag('overallWER contributes to the composite (default true).'),
    segerInComposite: flag('SegER contributes to the composite (default true).'),
    serInComposite: flag('SER contributes to the composite (default true).'),
    enableAnalysis: flag('Add data.analysis (per speaker, per column, confusions, speaker mapping, timing) and each entry\'s transcriptCounts (default false).'),
    timingToleranceSeconds: z
      .number()
      .min(0)
      .optional()
      .meta({ description: 'Boundary shifts above this many seconds count in analysis.timing beyondTolerance (default 0.1).' }),
    normalization: z
      .enum(NORMALIZATION_NAMES, { error: `must be one of ${NORMALIZATION_NAMES.join(', ')}` })
      .optional()
      .meta({
        description:
          'A normalisation profile applied to the comparison text of the transcript and the other text columns (not the speaker labels or the times), ' +
          'after the structuralTransforms: none (default), case (full Unicode case folding), punctuation (punctuation removed, apostrophes and hyphens inside words kept), ' +
          'case+punctuation, or basic (case folded, [], () and <> spans removed, punctuation and symbols to spaces). Named in meta.normalization when not none.',
      }),
    pairBy: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .meta({
        description:
          'A column of utterance ids, matched case-insensitively: rows with equal ids are paired 1:1 (UNCHANGED or MODIFIED), an id on one side only is ADDED or DELETED, a row without an id too; no splits or merges, and the column is not compared. Ignored under positionalMode. A name that matches no column is a 422.',
      }),
  })
  .meta({ id: 'DiffConfig', description: 'Algorithm overrides; unknown keys are rejected.' });

const columnIndex = z.number().int().min(0);

export const ColumnMappingSchema = z
  .strictObject({
    transcript: columnIndex.meta({ description: '0-based index of the transcript cell.' }),
    speaker: columnIndex.optional(),
    start_time: columnIndex.optional(),
    end_time: columnIndex.optional(),
    nse: columnIndex.optional().meta({ description: 'Index of the non-speech events cell.' }),
    extraCols: z
      .array(columnIndex)
      .max(LIMITS.extraCols, { message: `must have at most ${LIMITS.extraCols} entries` })
      .optional()
      .meta({ description: 'Further compared columns.' }),
  })
  .meta({ id: 'ColumnMapping', description: '2-D input only: which cell holds which field. One index has one role: the same index under two of transcript, speaker, start_time, end_time and nse is a 422.' });

export const DiffRequestSchema = z
  .strictObject({
    original: Rows('Baseline (AI transcript)'),
    reworked: Rows('Post-edited (gold)'),
    config: DiffConfigSchema.optional(),
    headers: z
      .array(z.string().min(1, { message: 'must not be empty' }))
      .min(1, { message: 'must name at least one column' })
      .optional()
      .meta({ description: 'Column names; required for 2-D input, unique.' }),
    columnMapping: ColumnMappingSchema.optional(),
  })
  .meta({ id: 'DiffRequest' });

/**
 * The limits a caller may raise: the API always judges by LIMITS; the command-line tool lets a
 * user raise these two for local files (the engine's work budget still bounds the work, D7.11).
 */
export interface RequestLimits {
  rows: number;
  cellCodePoints: number;
}

/** What zod checks per request: the documented schema with the rows left to `checkRows`. */
function bodyShapeSchema(limits: RequestLimits) {
  const rows = z.array(z.unknown()).max(limits.rows, { message: `must have at most ${limits.rows} rows` });
  return DiffRequestSchema.extend({ original: rows, reworked: rows });
}
const BodyShapeSchema = bodyShapeSchema(LIMITS);

export type Path = ReadonlyArray<string | number>;

/** One detail per zod issue, and one per unrecognised key (D4.1 names `config.enableSplit`). */
function issueDetails(issues: readonly z.core.$ZodIssue[], base: Path, out: Array<[Path, string]>): void {
  for (const issue of issues) {
    const path = [...base, ...(issue.path as Path)];
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) out.push([[...path, key], 'is not a recognised field']);
    } else if (issue.code === 'invalid_union' && issue.errors.length === 1) {
      issueDetails(issue.errors[0], path, out);
    } else {
      out.push([path, issue.message]);
    }
  }
}

const TEXT_FIELDS = new Set(['speaker', 'non_speech_events', 'emotion', 'language', 'locale', 'accent', 'file_name']);
const TIME_FIELDS = new Set(['start_time', 'end_time']);

/**
 * True only for an object row that `RowObjectSchema` certainly accepts: a string transcript, and
 * each known field absent or of its type. Anything else goes to zod for the exact messages. Reads
 * the row's own keys (`keys`, two or three in a typical row) rather than probing for each known
 * field, which is the faster of the two on typical rows.
 */
export function isPlainValidRow(row: Record<string, unknown>, keys: readonly string[] = Object.keys(row)): boolean {
  if (typeof row.transcript !== 'string') return false;
  for (const key of keys) {
    const v = row[key];
    if (TEXT_FIELDS.has(key)) {
      if (!(v === null || typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)))) return false;
    } else if (TIME_FIELDS.has(key)) {
      if (!(v === null || typeof v === 'string' || typeof v === 'number') || parseTime(v) === undefined) return false;
    }
  }
  return true;
}

type Form = 'object' | 'array';
const formOf = (row: unknown): Form | null =>
  Array.isArray(row) ? 'array' : typeof row === 'object' && row !== null ? 'object' : null;

/** Why one value inside a row is unacceptable (D4.4), or null. `level` is its nesting level. */
function valueProblem(value: unknown, level: number): string | null {
  if (level > LIMITS.depth) return `is nested deeper than ${LIMITS.depth} levels`;
  if (typeof value === 'number') return Number.isFinite(value) ? null : 'must be a finite number';
  if (typeof value !== 'object' || value === null) return null;
  for (const key of Object.keys(value)) {
    const problem = valueProblem((value as Record<string, unknown>)[key], level + 1);
    if (problem !== null) return problem;
  }
  return null;
}

/** Why one cell (a row's direct value, level 2) is unacceptable, or null. */
export function cellProblem(value: unknown, maxCodePoints: number = LIMITS.cellCodePoints): string | null {
  if (typeof value === 'string') {
    return codePointsOver(value, maxCodePoints) ? `must be at most ${maxCodePoints} characters` : null;
  }
  const problem = valueProblem(value, 2);
  if (problem !== null || typeof value !== 'object' || value === null) return problem;
  // A nested value is compared as its JSON text: that text is the cell's size.
  return codePointsOver(JSON.stringify(value), maxCodePoints)
    ? `must be at most ${maxCodePoints} characters as JSON text`
    : null;
}

const isIndex = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/** The single pass over rows and the 2-D fields (D4.2–D4.4, D6.7). */
export function checkRows(body: Record<string, unknown>, out: Array<[Path, string]>, limits: RequestLimits = LIMITS): void {
  const sides = (['original', 'reworked'] as const).filter(
    (side) => Array.isArray(body[side]) && (body[side] as unknown[]).length <= limits.rows,
  );
  let form: Form | null = null;
  let formAt: Path = [];
  for (const side of sides) {
    const rows = body[side] as unknown[];
    const i = rows.findIndex((row) => formOf(row) !== null);
    if (i >= 0) {
      form = formOf(rows[i]);
      formAt = [side, i];
      break;
    }
  }
  // Headers that fail the schema are reported there; they cannot also judge rows and indices.
  const headers =
    Array.isArray(body.headers) && body.headers.length > 0 && body.headers.every((h) => typeof h === 'string' && h !== '')
      ? (body.headers as string[])
      : undefined;
  const mapping = typeof body.columnMapping === 'object' && body.columnMapping !== null && !Array.isArray(body.columnMapping)
    ? (body.columnMapping as Record<string, unknown>)
    : undefined;

  if (form === 'object' && body.columnMapping !== undefined) {
    out.push([['columnMapping'], 'applies only to 2-D array rows; object rows are matched by field name']);
  }
  if (Array.isArray(body.headers)) {
    const seen = new Set<unknown>();
    body.headers.forEach((name: unknown, j) => {
      if (typeof name === 'string' && seen.has(name)) out.push([['headers', j], `repeats the column name "${name.slice(0, 60)}"`]);
      seen.add(name);
    });
  }
  const roles = new Map<number, 'text' | 'time' | 'transcript'>();
  if (form === 'array') {
    if (body.headers === undefined) out.push([['headers'], 'is required for 2-D array rows']);
    if (body.columnMapping === undefined) out.push([['columnMapping', 'transcript'], 'is required for 2-D array rows']);
    if (mapping && headers) {
      const inside = (index: unknown, path: Path) => {
        if (isIndex(index) && index >= headers.length) {
          out.push([path, `index ${index} is outside headers (${headers.length} names)`]);
          return false;
        }
        return isIndex(index);
      };
      const roleOf = { transcript: 'transcript', speaker: 'text', nse: 'text', start_time: 'time', end_time: 'time' } as const;
      // One column has one role: a cell read as the transcript and as a time would be compared as
      // neither (its text would drop out of CER and WER), so two roles on one index are refused.
      const keyAt = new Map<number, string>();
      for (const [key, role] of Object.entries(roleOf)) {
        if (!inside(mapping[key], ['columnMapping', key])) continue;
        const index = mapping[key] as number;
        const taken = keyAt.get(index);
        if (taken !== undefined) {
          out.push([['columnMapping', key], `index ${index} is already mapped as ${taken}: one column has one role`]);
          continue;
        }
        keyAt.set(index, key);
        roles.set(index, role);
      }
      if (Array.isArray(mapping.extraCols)) mapping.extraCols.forEach((index, j) => inside(index, ['columnMapping', 'extraCols', j]));
    }
  }

  const formName = (f: Form | null) => (f === 'array' ? 'an array of cells' : 'a row object');
  for (const side of sides) {
    const rows = body[side] as unknown[];
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i];
      const rowForm = formOf(row);
      if (rowForm === null) {
        out.push([[side, i], ROW]);
        continue;
      }
      const keys = rowForm === 'object' ? Object.keys(row as Record<string, unknown>) : null;
      if (keys !== null && !isPlainValidRow(row as Record<string, unknown>, keys)) {
        const result = RowObjectSchema.safeParse(row);
        if (!result.success) issueDetails(result.error.issues, [side, i], out);
      }
      if (rowForm !== form) {
        out.push([
          [side, i],
          `is ${formName(rowForm)} but ${z.core.toDotPath([...formAt])} is ${formName(form)}: all rows must use one form`,
        ]);
        continue;
      }
      if (keys !== null) {
        const record = row as Record<string, unknown>;
        for (const key of keys) {
          const problem = cellProblem(record[key], limits.cellCodePoints);
          if (problem !== null) out.push([[side, i, key], problem]);
        }
        continue;
      }
      const cells = row as unknown[];
      if (headers && cells.length > headers.length) {
        out.push([[side, i], `has ${cells.length} cells but headers names ${headers.length}`]);
      }
      for (let c = 0; c < cells.length; c++) {
        const value = cells[c];
        const role = roles.get(c);
        let problem = cellProblem(value, limits.cellCodePoints);
        if (problem === null && role === 'transcript' && typeof value !== 'string') problem = 'must be a string (the transcript)';
        if (problem === null && role === 'text' && !(value === null || typeof value === 'string' || typeof value === 'number')) problem = TEXTISH;
        if (problem === null && role === 'time' && parseTime(value) === undefined) problem = TIME;
        if (problem !== null) out.push([[side, i, c], problem]);
      }
    }
  }
}

const TOP_LEVEL = ['original', 'reworked', 'config', 'headers', 'columnMapping'];

/**
 * Document order: top-level field, then row index, then the cell's position in its row;
 * otherwise (ties) the order found, as the sort is stable.
 */
function comparePaths(a: Path, b: Path, body: Record<string, unknown>): number {
  const rank = (p: Path) => {
    const r = TOP_LEVEL.indexOf(String(p[0]));
    return r < 0 ? TOP_LEVEL.length : r;
  };
  if (rank(a) !== rank(b)) return rank(a) - rank(b);
  const ia = typeof a[1] === 'number' ? a[1] : -1;
  const ib = typeof b[1] === 'number' ? b[1] : -1;
  if (ia !== ib || ia < 0 || a.length < 3 || b.length < 3) return ia - ib;
  const row = (body[String(a[0])] as unknown[])[ia];
  const position = (key: string | number) =>
    typeof key === 'number' ? key : typeof row === 'object' && row !== null ? Object.keys(row).indexOf(key) : 0;
  return position(a[2]) - position(b[2]);
}

/**
 * Validates a parsed body. Returns the 422 details (one per failing field, at most 100 plus a `*`
 * summary, D4.5), or an empty array when the body is acceptable.
 */
export function validateDiffRequest(body: Record<string, unknown>, limits: RequestLimits = LIMITS): ErrorDetail[] {
  const found: Array<[Path, string]> = [];
  const schema = limits.rows === LIMITS.rows ? BodyShapeSchema : bodyShapeSchema(limits);
  const parsed = schema.safeParse(body);
  if (!parsed.success) issueDetails(parsed.error.issues, [], found);
  checkRows(body, found, limits);
  if (found.length === 0) return [];

  found.sort((a, b) => comparePaths(a[0], b[0], body));
  const details: ErrorDetail[] = [];
  const seen = new Set<string>();
  let omitted = 0;
  for (const [path, message] of found) {
    const field = path.length === 0 ? '(body)' : z.core.toDotPath([...path]);
    if (seen.has(field)) continue;
    seen.add(field);
    if (details.length < LIMITS.details) details.push({ field, message });
    else omitted++;
  }
  if (omitted > 0) details.push({ field: '*', message: `${omitted} more failing fields not listed` });
  return details;
}
