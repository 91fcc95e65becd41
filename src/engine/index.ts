/**
 * The engine's entry points: a validated request in, `data` of the success envelope out.
 * Pure and synchronous, so it runs the same in a worker thread, a test or a command-line tool.
 *
 * `runDiff` does the whole request. A large request can instead be done by two threads at once
 * (http/engine-pool.ts): each runs `diffHalf` for one half of the alignment path and counts its
 * scoring units with `countUnits` (half 1 starting from the work budget half 0 left, so D7.11's
 * budget is spent in document order exactly as in one pass), and `finishDiff` scores the sum of
 * the two tallies. Half 0's results followed by half 1's are runDiff's results.
 */
import { align, Half } from './aligner';
import { assemble } from './assemble';
import { computeComposite } from './composite';
import { createWorkBudget } from './edit-distance';
import { ScoringFacts, Tally, addTallies, countUnits, scoreTally, scoringFacts } from './metrics';
import { prepare } from './prepare';
import { DEFAULT_CONFIG, DiffConfig, DiffData, DiffRequest, Prepared, ResultEntry, ScoringUnit } from './types';

export { EngineInputError } from './types';
export type { DiffData, DiffRequest } from './types';
export type { Half } from './aligner';
export { HALF_MIN_ROWS, halfIsEmpty } from './aligner';
export type { Tally } from './metrics';
export { countUnits, emptyTally } from './metrics';
export { createWorkBudget } from './edit-distance';

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

/** What a request's results and scoring units are, for the whole path or one half of it. */
export interface DiffShare {
  config: DiffConfig;
  prep: Prepared;
  results: ResultEntry[];
  units: ScoringUnit[];
  /** Everything `finishDiff` needs besides the tallies: plain data, it may cross threads. */
  facts: FinishFacts;
}

/** Facts of the whole request that the tail of `data` (scores, composite, meta) reads. */
export interface FinishFacts extends ScoringFacts {
  config: DiffConfig;
  originalRows: number;
  headers: string[];
}

/** Prepares, aligns and assembles the request: the whole path, or with `half`, that half. */
export function diffHalf(request: DiffRequest, half?: Half): DiffShare {
  const config = resolveConfig(request.config);
  const prep = prepare(request, config);
  const beads = align(prep, config, half);
  const { results, units } = assemble(prep, beads, config);
  const facts: FinishFacts = { ...scoringFacts(prep), config, originalRows: request.original.length, headers: prep.headers };
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
export function runDiff(request: DiffRequest): DiffData {
  const share = diffHalf(request);
  const tally = countUnits(share.prep, share.units, share.config, createWorkBudget());
  return { results: share.results, ...finishDiff(share.facts, [tally]) };
}
