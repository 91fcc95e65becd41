/**
 * The engine's one public entry: a validated request in, `data` of the success envelope out.
 * Pure and synchronous, so it runs the same in a worker thread, a test or a command-line tool.
 * Code outside src/engine imports from this file only (docs/engine.md has the layout inside).
 */
import { align, type MovedRows } from './align/row-alignment';
import { groupByWords } from './align/word-grouping';
import { analyse } from './analysis/analyse';
import { EntryCountsRecorder } from './analysis/entry-recorder';
import { assemble } from './results/entries';
import { computeComposite } from './scoring/composite';
import { computeMetrics } from './scoring/scores';
import { prepare } from './prepare/prepared-sides';
import { normalizationProfile } from './prepare/normalization-profiles';
import { DEFAULT_CONFIG, DiffConfig, DiffData, DiffRequest, OPTIONAL_CONFIG_KEYS } from './types';
import { ColumnLayout, DEFAULT_COLUMN_LAYOUT } from './prepare/prepared-sides';
import { WorkBudget, createWorkBudget } from './distance/work-budget';

export * from './types';
export type { ColumnLayout } from './prepare/prepared-sides';
export type { WorkBudget } from './distance/work-budget';
export { createWorkBudget } from './distance/work-budget';
// What the request validation, the report and the batch scorer share with the engine, so that a
// time, a cell, a pattern, a speaker column and a rate mean the same everywhere.
export { cellText, normalizeText, parseTime } from './prepare/normalize';
export { validateTransformRule } from './prepare/transforms';
export { detectSpeakerColumn } from './prepare/speaker-column';
export { clampedRate } from './scoring/scores';
export { computeComposite, GRADE_LABELS } from './scoring/composite';

/** Every config field resolved: the caller's value where given, else the default of spec §2.4. */
export function resolveConfig(overrides: Partial<DiffConfig> | undefined): DiffConfig {
  const config: DiffConfig = { ...DEFAULT_CONFIG };
  if (overrides) {
    for (const key of [...Object.keys(DEFAULT_CONFIG), ...OPTIONAL_CONFIG_KEYS] as Array<keyof DiffConfig>) {
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
  const moved: MovedRows = { original: null, reworked: null };
  const grouping = groupByWords(prep, align(prep, config, moved), config, moved);
  const { results, units } = assemble(prep, grouping.beads, config);
  const recorder = config.enableAnalysis ? new EntryCountsRecorder(units.length) : null;
  const { scores, counts, approximateEntries } = computeMetrics(prep, units, config, budget, recorder, grouping);
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
  // Named only when it is not `none`: the default answer keeps its bytes.
  const profile = normalizationProfile(config.normalization);
  if (profile.apply !== null) data.meta.normalization = { profile: profile.name, version: profile.version };
  // Only when asked, and last: with the analysis off the answer keeps its bytes.
  if (recorder !== null) data.analysis = analyse(prep, results, units, config, counts, recorder, grouping);
  return data;
}
