/**
 * The engine's entry points: a validated request in, `data` of the success envelope out.
 * Pure and synchronous, so it runs the same in a worker thread, a test or a command-line tool.
 *
 * `runDiff` does the whole request. A large request can instead be done by two threads at once
 * (http/engine-pool.ts): each runs `diffHalf` for one half and counts that half's items with
 * `countUnits`, and `finishDiff` scores the sum of the two tallies. Half 0's results followed by
 * half 1's are runDiff's results. The counting is in document order with one work budget
 * (D7.11): half 1's count holds only if it comes out the same from what half 0 left, which
 * http/diff-worker.ts checks (WorkBudget.slack) and otherwise counts again.
 */
import { align, Half } from './aligner';
import { assemble, scoringUnits } from './assemble';
import { computeComposite } from './composite';
import { createWorkBudget } from './edit-distance';
import { ItemRange, ScoringFacts, Tally, addTallies, countUnits, itemCut, itemsPerUnit, scoreTally, scoringFacts } from './metrics';
import { prepare } from './prepare';
import { ColumnLayout, DEFAULT_COLUMN_LAYOUT, DEFAULT_CONFIG, DiffConfig, DiffData, DiffRequest, Prepared, ResultEntry, ScoringUnit } from './types';

export { EngineInputError } from './types';
export type { DiffData, DiffRequest } from './types';
export type { Half } from './aligner';
export type { ItemRange, Tally } from './metrics';
export { countUnits } from './metrics';
export { createWorkBudget } from './edit-distance';

/**
 * How a request is halved. From this many rows (both sides together) the alignment path is cut
 * at an exact anchor near the middle (aligner.ts `Half`), and each half aligns, assembles and
 * counts its own stretch. Below it, both halves align the whole (a few rows: cheap) and the
 * counting is cut instead, by text size: half 0 assembles and serialises every entry and counts
 * the first COUNT_SHARE_0 of the text, half 1 counts the rest (a single huge row, 24 columns of
 * 100,000 characters, is mostly counting).
 */
export const HALF_MIN_ROWS = 256;
const COUNT_SHARE_0 = 0.4;

/** Every config field resolved: the caller's value where given, else the default of spec §2.4. */
export function resolveConfig(overrides: Partial<DiffConfig> | undefined): DiffConfig {
  const config: DiffConfig = { ...DEFAULT_CONFIG };
  if (overrides) {
    for (const key of Object.keys(DEFAULT_CONFIG).concat('speakerColName') as Array<keyof DiffConfig>) {
      if (Object.prototype.hasOwnProperty.call(overrides, key) && overrides[key] !== undefined) {
        (config as unknown as Record<string, unknown>)[key] = overrides[key];
      }
    }
  }
  return config;
}

/** What a request's results and scoring units are, for the whole request or one half of it. */
export interface DiffShare {
  config: DiffConfig;
  prep: Prepared;
  results: ResultEntry[];
  units: ScoringUnit[];
  /** The items of `units` this share counts (countUnits); all of them when undefined. */
  items?: ItemRange;
  /** Everything `finishDiff` needs besides the tallies: plain data, it may cross threads. */
  facts: FinishFacts;
}

/** Facts of the whole request that the tail of `data` (scores, composite, meta) reads. */
export interface FinishFacts extends ScoringFacts {
  config: DiffConfig;
  originalRows: number;
  headers: string[];
}

/**
 * Prepares, aligns and assembles the request: the whole of it, or with `half`, that half
 * (HALF_MIN_ROWS). `layout`: which columns are kept sparse (types.ts ColumnLayout; tests vary it).
 */
export function diffHalf(request: DiffRequest, half?: Half, layout: ColumnLayout = DEFAULT_COLUMN_LAYOUT): DiffShare {
  const config = resolveConfig(request.config);
  const prep = prepare(request, config, layout);
  const facts: FinishFacts = { ...scoringFacts(prep), config, originalRows: request.original.length, headers: prep.headers };
  if (half !== undefined && prep.original.rows.length + prep.reworked.rows.length < HALF_MIN_ROWS) {
    const beads = align(prep, config);
    const { results, units } = half === 0 ? assemble(prep, beads, config) : { results: [], units: scoringUnits(prep, beads) };
    const cut = itemCut(prep, units, config, COUNT_SHARE_0);
    const items = half === 0 ? { from: 0, to: cut } : { from: cut, to: units.length * itemsPerUnit(prep, config) };
    return { config, prep, results, units, items, facts };
  }
  const beads = align(prep, config, half);
  const { results, units } = assemble(prep, beads, config);
  return { config, prep, results, units, facts };
}

/** `data` without `results`, from the tallies of the request's scoring units (in any grouping). */
export function finishDiff(facts: FinishFacts, tallies: readonly Tally[]): Omit<DiffData, 'results'> {
  const { config } = facts;
  const { scores, counts, approximateEntries } = scoreTally(addTallies(tallies), facts, config);
  return {
    scores,
    counts,
    composite: config.enableComposite ? computeComposite(scores, config) : null,
    meta: {
      originalRows: facts.originalRows,
      reworkedRows: facts.reworkedRows,
      headers: facts.headers,
      approximateEntries,
    },
  };
}

/** Diffs two transcripts. Throws EngineInputError for a transform the schema could not judge. */
export function runDiff(request: DiffRequest, layout: ColumnLayout = DEFAULT_COLUMN_LAYOUT): DiffData {
  const share = diffHalf(request, undefined, layout);
  const tally = countUnits(share.prep, share.units, share.config, createWorkBudget());
  return { results: share.results, ...finishDiff(share.facts, [tally]) };
}
