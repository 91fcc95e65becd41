/**
 * The evaluation corpus (shared/eval-data: whole third-party transcripts, kept outside the
 * repository), found where the evaluation scripts find it. Suites that need the whole corpus are
 * declared with `describeWithEvalData`: skipped with one line where it is absent, failed instead
 * with REQUIRE_EVAL_DATA set (.ci/run sets it). Unit tests read the excerpts in test/fixtures.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { EVAL_DATA_DIR } from '../../scripts/lib/sources';
import { describeWithRequirement } from './requirement';

export { EVAL_DATA_DIR };

/** Set (to anything but empty or 0) where the corpus is part of the set-up: its absence then fails. */
export const REQUIRE_EVAL_DATA = 'REQUIRE_EVAL_DATA';

/** A path under the corpus. */
export function evalDataPath(...parts: string[]): string {
  return join(EVAL_DATA_DIR, ...parts);
}

/** `describe` for tests that read the whole corpus (requirement.ts). */
export function describeWithEvalData(title: string, body: () => void): void {
  describeWithRequirement(
    existsSync(EVAL_DATA_DIR),
    {
      missing: `the evaluation corpus is not at ${EVAL_DATA_DIR}`,
      provide: 'put shared/eval-data beside the repository (../shared/eval-data) or name its folder with EVAL_DATA_DIR',
      requireVariable: REQUIRE_EVAL_DATA,
    },
    title,
    body,
  );
}
