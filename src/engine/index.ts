/**
 * The engine's entry point: a validated request in, `data` of the success envelope out.
 * Pure and synchronous, so it runs the same in a worker thread, a test or a command-line tool.
 */
import { align } from './aligner';
import { analyse } from './analysis';
import { EntryCountsRecorder } from './entry-counts';
import { assemble } from './assemble';
import { computeComposite } from './composite';
import { computeMetrics } from './metrics';
import { prepare } from './prepare';
import { ColumnLayout, DEFAULT_COLUMN_LAYOUT, DEFAULT_CONFIG, DiffConfig, DiffData, DiffRequest } from './types';
import { WorkBudget, createWorkBudget } from './work-budget';

export { EngineInputError } from './types';
export type { DiffData, DiffRequest } from './types';

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

/**
 * Diffs two transcripts. Throws EngineInputError for a transform the schema could not judge.
 * `layout`: which columns are kept sparse (types.ts ColumnLayout); `budget`: the exact
 * edit-distance work the metrics may spend (D7.11). Both have the service's defaults; tests vary
 * them.
 */
export function runDiff(request: DiffRequest, layout: ColumnLayout = DEFAULT_COLUMN_LAYOUT, budget: WorkBudget = createWorkBudget()): DiffData {
  const config = resolveConfig(request.config);
  const prep = prepare(request, config, layout);
  const { results, units } = assemble(prep, align(prep, config), config);
  const recorder = config.enableAnalysis ? new EntryCountsRecorder(units.length) : null;
  const { scores, counts, approximateEntries } = computeMetrics(prep, units, config, budget, recorder);
  const data: DiffData = {
    results,
    scores,
    counts,
    composite: config.enableComposite ? computeComposite(scores, config) : null,
    meta: {
      originalRows: request.original.length,
      reworkedRows: prep.reworked.rows.length,
      headers: prep.headers,
      approximateEntries,
    },
  };
  // Only when asked, and last: with the analysis off the answer keeps its bytes.
  if (recorder !== null) data.analysis = analyse(prep, results, units, config, counts, recorder);
  return data;
}
