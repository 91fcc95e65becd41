/**
 * The engine's one entry point: a validated request in, `data` of the success envelope out.
 * Pure and synchronous, so it runs the same in a worker thread, a test or a command-line tool.
 */
import { align } from './aligner';
import { assemble } from './assemble';
import { computeComposite } from './composite';
import { computeMetrics } from './metrics';
import { prepare } from './prepare';
import { DEFAULT_CONFIG, DiffConfig, DiffData, DiffRequest } from './types';

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

/** Diffs two transcripts. Throws EngineInputError for a transform the schema could not judge. */
export function runDiff(request: DiffRequest): DiffData {
  const config = resolveConfig(request.config);
  const prep = prepare(request, config);
  const beads = align(prep, config);
  const { results, units } = assemble(prep, beads, config);
  const { scores, counts, approximateEntries } = computeMetrics(prep, units, config);
  return {
    results,
    scores,
    counts,
    composite: config.enableComposite ? computeComposite(scores, config) : null,
    meta: {
      originalRows: request.original.length,
      reworkedRows: request.reworked.length,
      headers: prep.headers,
      approximateEntries,
    },
  };
}
