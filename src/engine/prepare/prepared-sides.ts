/**
 * Pass 1: turn the request into the comparison view shared by the aligner and the metrics.
 * 2-D rows become objects keyed by the headers (D5.1); the compared columns are chosen (D5.1,
 * D5.2); every compared cell gets its normalised text (D5.3, transforms D5.5) or its time (D5.4).
 * The caller's row objects are kept as parsed, never copied.
 */
import { detectSpeakerColumn } from './speaker-column';
import { cellText, normalizeSpace, normalizeText, parseTime } from './normalize';
import { chargeGrowth, normalizationProfile, profileAllowance } from './normalization-profiles';
import { applyRules, compileRules, CompiledRule, GrowthAllowance, requestAllowance, ruleApplies } from './transforms';
import { ColumnMapping, DiffConfig, DiffRequest, EngineInputError, Row } from '../types';

/** A row's non-empty normalised texts in the sparse columns (Prepared.denseCols), by ascending column index. */
export interface SparseCells {
  cols: number[];
  texts: string[];
}

/**
 * Which compared columns are kept as one text per row (dense) and which only in the rows that
 * have them (sparse): with thousands of rare keys, one text per row for every key would cost
 * columns × rows (prepared-sides.ts).
 */
export interface ColumnLayout {
  /** Up to this many compared columns, every one is dense. */
  allDenseUpTo: number;
  /** Beyond that, a column is dense when some row of every `denseShare` rows (both sides) has its key. */
  denseShare: number;
}

export const DEFAULT_COLUMN_LAYOUT: ColumnLayout = { allDenseUpTo: 64, denseShare: 16 };

/**
 * Comparison view of one side, produced by the preparation pass and shared by the aligner and the
 * metrics. `text[c][i]` is the normalised text (D5.3, transforms applied) of compared column c in
 * row i, '' when absent; times are seconds, NaN when absent (D5.4).
 */
export interface PreparedSide {
  rows: Row[];
  /** Normalised text per compared column and row; null for a sparse column (see `sparse`). */
  text: Array<string[] | null>;
  /** Per row, its cells in the sparse columns; null when every compared column is dense. */
  sparse: SparseCells[] | null;
  /** Normalised transcript per row, always present (also when the transcript column is ignored). */
  transcript: string[];
  start: Float64Array;
  end: Float64Array;
  /** Normalised speaker value per row for SACR ('' when absent); null when no speaker column. */
  speaker: string[] | null;
}

export interface Prepared {
  /** Compared columns, caller's names (D5.1/D5.2), in meta.headers order. */
  columns: string[];
  /** Index in `columns` of the transcript column; -1 when `ignoreColNames` excludes it. */
  transcriptCol: number;
  /** The transcript column's name (caller's name: the header for 2-D input). */
  transcriptName: string;
  /** Indices in `columns` that are times (compared as seconds, not text, and not in CER/WER). */
  timeCols: number[];
  /**
   * Indices in `columns` with a text per row (PreparedSide.text), ascending: all of them, unless
   * the request has more than ColumnLayout.allDenseUpTo and some are rare. Always the transcript,
   * the speaker and the times.
   */
  denseCols: number[];
  original: PreparedSide;
  reworked: PreparedSide;
  headers: string[];
  /** The speaker column's name (D7.9), detected when SACR or the analysis needs it; null or absent: none. */
  speakerName?: string | null;
  /** Each row's id in the `config.pairBy` column ('' when it has none); null without pairBy. */
  pairKeys?: { original: string[]; reworked: string[] } | null;
}

const TIME_COLUMNS = new Set(['start_time', 'end_time']);
const PASS_THROUGH = 'file_name';

/** A row's own cell: `row['__proto__']` on a row without that key would read Object.prototype. */
export function cell(row: Row, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(row, key) ? row[key] : undefined;
}

/** Sets a key as plain data: `row[key] = v` would change the prototype for `__proto__`. */
function defineCell(row: Row, key: string, value: unknown): void {
  Object.defineProperty(row, key, { value, enumerable: true, writable: true, configurable: true });
}

/** D5.1: an array row as an object keyed by the headers; a shorter row simply lacks its missing cells. */
export function arrayRowToObject(cells: readonly unknown[], headers: readonly string[]): Row {
  const row: Row = {};
  const n = Math.min(cells.length, headers.length);
  for (let i = 0; i < n; i++) defineCell(row, headers[i], cells[i]);
  return row;
}

/**
 * D6.7: meta.headers for object rows: sent headers first, then every key in order of first
 * appearance. With `present`, also collects the keys that occur in some row.
 */
export function objectHeaders(original: readonly Row[], reworked: readonly Row[], sent?: readonly string[], present?: Set<string>): string[] {
  const seen = new Set<string>(sent ?? []);
  const headers = [...seen];
  for (const rows of [original, reworked]) {
    for (const row of rows) {
      for (const key in row) {
        if (!Object.prototype.hasOwnProperty.call(row, key)) continue;
        present?.add(key);
        if (!seen.has(key)) {
          seen.add(key);
          headers.push(key);
        }
      }
    }
  }
  return headers;
}

interface ColumnPlan {
  headers: string[];
  compared: string[];
  transcriptName: string;
  startName: string | null;
  endName: string | null;
}

function planColumns(
  headers: string[],
  config: DiffConfig,
  mapping: ColumnMapping | undefined,
  presentKeys: Set<string>,
): ColumnPlan {
  const ignored = new Set(config.ignoreColNames.map((c) => c.toLowerCase()));
  if (config.pairBy !== undefined && !config.positionalMode) ignored.add(config.pairBy.toLowerCase());
  let candidates: string[];
  let transcriptName = 'transcript';
  let startName: string | null = null;
  let endName: string | null = null;
  if (mapping) {
    transcriptName = headers[mapping.transcript];
    const mapped = [mapping.transcript, mapping.speaker, mapping.start_time, mapping.end_time, mapping.nse];
    candidates = [...mapped, ...(mapping.extraCols ?? [])]
      .filter((i): i is number => i !== undefined)
      .map((i) => headers[i]);
    startName = mapping.start_time === undefined ? null : headers[mapping.start_time];
    endName = mapping.end_time === undefined ? null : headers[mapping.end_time];
  } else {
    candidates = headers.filter((h) => presentKeys.has(h) && h !== PASS_THROUGH);
    if (presentKeys.has('start_time')) startName = 'start_time';
    if (presentKeys.has('end_time')) endName = 'end_time';
  }
  const compared: string[] = [];
  const chosen = new Set<string>();
  for (const name of candidates) {
    if (!ignored.has(name.toLowerCase()) && !chosen.has(name)) {
      chosen.add(name);
      compared.push(name);
    }
  }
  return { headers, compared, transcriptName, startName, endName };
}

/** How the columns of a request are kept (see ColumnLayout): which are dense, and the rules of each. */
interface ColumnView {
  plan: ColumnPlan;
  timeCols: Set<number>;
  dense: boolean[];
  /** Column index of each sparse column's name; null when none is sparse. */
  sparseIndex: Map<string, number> | null;
  /** The rules that apply to each compared column. */
  rulesOf: CompiledRule[][];
  /**
   * The normalisation profile's text of a transformed text (`config.normalization`), or null when
   * the profile is `none`; applied to every compared text column but the speaker column.
   */
  profile: ((text: string) => string) | null;
  /** The column the profile leaves alone: the speaker labels (D7.9), null when there is none. */
  labelColumn: string | null;
  /** What the profile may still add to the request's compared text (normalization-profiles.ts `chargeGrowth`). */
  profileGrowth: GrowthAllowance;
}

const NO_SPARSE_CELLS: SparseCells = { cols: [], texts: [] };

function prepareSide(
  rows: Row[],
  view: ColumnView,
  config: DiffConfig,
  rules: CompiledRule[],
  speakerName: string | null,
  allowance: GrowthAllowance,
): PreparedSide {
  const { plan, timeCols, dense, sparseIndex, rulesOf, profile, labelColumn, profileGrowth } = view;
  const strip = config.stripDiacritics;
  // Rules apply to a cell's comparison text when it has one: an absent, null or empty cell stays
  // "" (D5.4), whatever a rule would make of an empty string (a pattern such as "^" matches it).
  // The profile comes after the rules, so that a rule still sees the case and punctuation sent.
  const cellTextOf = (value: unknown, applicable: readonly CompiledRule[], profiled: boolean): string => {
    const text = normalizeText(value, strip);
    if (text === '') return text;
    const ruled = applicable.length === 0 ? text : normalizeSpace(applyRules(text, applicable, cellText(value).length, allowance));
    if (!profiled || profile === null || ruled === '') return ruled;
    const out = profile(ruled);
    if (out.length > ruled.length) chargeGrowth(config.normalization, ruled.length, out.length, profileGrowth);
    return out;
  };
  const profiles = (column: string) => profile !== null && column !== labelColumn;
  const columnText = (column: string, applicable: readonly CompiledRule[]): string[] => {
    const profiled = profiles(column);
    return rows.map((row) => cellTextOf(cell(row, column), applicable, profiled));
  };

  // A sparse column's cells are only those of the rows that have its key, gathered by column so
  // that every cell, dense or sparse, is transformed in one order: column by column, row by row.
  const sparseRows = new Map<number, Array<[number, unknown]>>();
  if (sparseIndex !== null) {
    rows.forEach((row, r) => {
      for (const key in row) {
        if (!Object.prototype.hasOwnProperty.call(row, key)) continue;
        const c = sparseIndex.get(key);
        if (c === undefined) continue;
        let cells = sparseRows.get(c);
        if (cells === undefined) sparseRows.set(c, (cells = []));
        cells.push([r, row[key]]);
      }
    });
  }
  const sparse = sparseIndex === null ? null : rows.map((): SparseCells => NO_SPARSE_CELLS);
  const text = plan.compared.map((column, c) => {
    if (dense[c]) return timeCols.has(c) ? rows.map(() => '') : columnText(column, rulesOf[c]);
    // Columns come in ascending order, so each row's sparse cells do too.
    const profiled = profiles(column);
    for (const [r, value] of sparseRows.get(c) ?? []) {
      const t = cellTextOf(value, rulesOf[c], profiled);
      if (t === '') continue;
      const cells = (sparse as SparseCells[])[r];
      if (cells === NO_SPARSE_CELLS) (sparse as SparseCells[])[r] = { cols: [c], texts: [t] };
      else {
        cells.cols.push(c);
        cells.texts.push(t);
      }
    }
    return null;
  });
  const transcriptIndex = plan.compared.indexOf(plan.transcriptName);
  const transcript = transcriptIndex >= 0 ? (text[transcriptIndex] as string[]) : columnText(plan.transcriptName, rulesOn(rules, plan.transcriptName, plan));
  const times = (name: string | null): Float64Array => {
    const out = new Float64Array(rows.length).fill(NaN);
    if (name !== null) rows.forEach((row, i) => (out[i] = parseTime(cell(row, name)) ?? NaN));
    return out;
  };
  // The speaker's text without transforms: the compared column's own, unless a transform applies to it.
  const speakerIndex = speakerName === null ? -1 : plan.compared.indexOf(speakerName);
  const speaker =
    speakerName === null
      ? null
      : speakerIndex >= 0 && !timeCols.has(speakerIndex) && rulesOf[speakerIndex].length === 0
        ? (text[speakerIndex] as string[])
        : rows.map((row) => normalizeText(cell(row, speakerName), strip));
  return { rows, text, sparse, transcript, start: times(plan.startName), end: times(plan.endName), speaker };
}

/**
 * Which compared columns are dense (ColumnLayout): every one up to `allDenseUpTo`; beyond, the
 * transcript, the speaker, the times and the columns whose key some row of every `denseShare`
 * has. So the dense ones hold at most allDenseUpTo × rows + denseShare × (cells sent) texts,
 * and the sparse ones no more than the cells sent.
 */
function denseColumns(plan: ColumnPlan, timeCols: Set<number>, speakerName: string | null, sides: ReadonlyArray<readonly Row[]>, layout: ColumnLayout): boolean[] {
  const count = plan.compared.length;
  const dense = new Array<boolean>(count).fill(true);
  if (count <= layout.allDenseUpTo) return dense;
  const index = new Map(plan.compared.map((name, c) => [name, c]));
  const present = new Int32Array(count);
  let rows = 0;
  for (const side of sides) {
    rows += side.length;
    for (const row of side) {
      for (const key in row) {
        if (!Object.prototype.hasOwnProperty.call(row, key)) continue;
        const c = index.get(key);
        if (c !== undefined) present[c]++;
      }
    }
  }
  for (let c = 0; c < count; c++) {
    const name = plan.compared[c];
    const kept = name === plan.transcriptName || name === speakerName || timeCols.has(c);
    dense[c] = kept || present[c] * layout.denseShare >= rows;
  }
  return dense;
}

/** The rules that apply to a column. */
function rulesOn(rules: readonly CompiledRule[], column: string, plan: ColumnPlan): CompiledRule[] {
  return rules.filter((r) => ruleApplies(r, column, column === plan.transcriptName));
}

/**
 * The growth the rules may give the request's compared text (transforms.ts GrowthAllowance):
 * from the size as sent of every cell, both sides, that some rule applies to (the keys each row
 * has, so that thousands of columns cost their cells, not columns × rows).
 */
function growthAllowance(sides: ReadonlyArray<readonly Row[]>, view: ColumnView, rules: readonly CompiledRule[]): GrowthAllowance {
  if (rules.length === 0) return requestAllowance(0);
  const { plan, timeCols, rulesOf } = view;
  const ruled = new Set<string>();
  plan.compared.forEach((name, c) => {
    if (!timeCols.has(c) && rulesOf[c].length > 0) ruled.add(name);
  });
  if (!plan.compared.includes(plan.transcriptName) && rulesOn(rules, plan.transcriptName, plan).length > 0) ruled.add(plan.transcriptName);
  let sent = 0;
  for (const rows of sides) {
    for (const row of rows) {
      for (const key in row) {
        if (Object.prototype.hasOwnProperty.call(row, key) && ruled.has(key)) sent += cellText(row[key]).length;
      }
    }
  }
  return requestAllowance(sent);
}

/**
 * Builds the comparison view of a validated request. Throws EngineInputError for a bad transform.
 * `layout` decides which columns are sparse (tests compare both ways).
 */
export function prepare(request: DiffRequest, config: DiffConfig, layout: ColumnLayout = DEFAULT_COLUMN_LAYOUT): Prepared {
  const rules = compileRules(config.structuralTransforms);
  const twoD = request.original.length + request.reworked.length > 0 &&
    request.original.every(Array.isArray) && request.reworked.every(Array.isArray) && request.headers !== undefined;
  let original: Row[];
  let reworked: Row[];
  let headers: string[];
  const presentKeys = new Set<string>();
  if (twoD) {
    headers = [...(request.headers as string[])];
    original = (request.original as unknown[][]).map((cells) => arrayRowToObject(cells, headers));
    reworked = (request.reworked as unknown[][]).map((cells) => arrayRowToObject(cells, headers));
  } else {
    original = request.original as Row[];
    reworked = request.reworked as Row[];
    headers = objectHeaders(original, reworked, request.headers, presentKeys);
  }
  presentKeys.add('transcript');
  const mapping = twoD ? request.columnMapping : undefined;
  const plan = planColumns(headers, config, mapping, presentKeys);
  const timeCols = new Set<number>();
  plan.compared.forEach((name, c) => {
    if (name === plan.startName || name === plan.endName || (!twoD && TIME_COLUMNS.has(name))) timeCols.add(c);
  });
  const speakerName = config.enableSACR || config.enableAnalysis ? detectSpeakerColumn(headers, config, mapping) : null;
  const profile = normalizationProfile(config.normalization).apply;
  // The profile leaves the speaker labels alone whether or not SACR and the analysis read them.
  const labelColumn = profile === null ? null : (speakerName ?? detectSpeakerColumn(headers, config, mapping));
  const sides = [original, reworked];
  const dense = denseColumns(plan, timeCols, speakerName, sides, layout);
  const sparseNames = plan.compared.flatMap((name, c): Array<[string, number]> => (dense[c] ? [] : [[name, c]]));
  const view: ColumnView = {
    plan,
    timeCols,
    dense,
    sparseIndex: sparseNames.length > 0 ? new Map(sparseNames) : null,
    rulesOf: plan.compared.map((name) => rulesOn(rules, name, plan)),
    profile,
    labelColumn: labelColumn === plan.transcriptName ? null : labelColumn,
    profileGrowth: profileAllowance(),
  };
  const allowance = growthAllowance(sides, view, rules);
  return {
    columns: plan.compared,
    transcriptCol: plan.compared.indexOf(plan.transcriptName),
    transcriptName: plan.transcriptName,
    timeCols: [...timeCols].sort((a, b) => a - b),
    denseCols: plan.compared.flatMap((_, c) => (dense[c] ? [c] : [])),
    original: prepareSide(original, view, config, rules, speakerName, allowance),
    reworked: prepareSide(reworked, view, config, rules, speakerName, allowance),
    headers,
    speakerName,
    pairKeys: pairKeysOf(config, headers, original, reworked),
  };
}

/** The rows' ids in the `config.pairBy` column (null without it, or under positionalMode, D6.8). */
function pairKeysOf(config: DiffConfig, headers: readonly string[], original: readonly Row[], reworked: readonly Row[]): Prepared['pairKeys'] | null {
  if (config.pairBy === undefined || config.positionalMode) return null;
  const wanted = config.pairBy.toLowerCase();
  const name = headers.find((h) => h.toLowerCase() === wanted);
  if (name === undefined) {
    if (original.length + reworked.length === 0) return { original: [], reworked: [] };
    const shown = headers.slice(0, 10).join(', ') + (headers.length > 10 ? ', …' : '');
    throw new EngineInputError('config.pairBy', `names no column of the rows (columns: ${shown})`);
  }
  const keys = (rows: readonly Row[]) => rows.map((row) => cellText(cell(row, name)).trim());
  return { original: keys(original), reworked: keys(reworked) };
}
