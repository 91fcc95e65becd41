import { runDiff } from '../../src/engine/index';
import type { DiffRequest } from '../../src/engine/types';
import { loadKallaamaPairs } from '../../scripts/lib/sources';
import { MAX_BODY_BYTES, upToLimit } from '../../scripts/bench/bodies';
import { describeWithEvalData } from '../support/eval-data';

// Real human drafts against their expert corrections (shared/eval-data/kallaama), repeated up to
// the 5 MiB body limit: the heaviest realistic request. D7.11 wants approximations to stay at 0 in
// normal use; with the former budget of 30 million units this request had 1,303.
describeWithEvalData('real post-edits at the body limit', () => {
  let body: string;
  let request: DiffRequest;
  beforeAll(() => {
    body = upToLimit(loadKallaamaPairs());
    request = JSON.parse(body) as DiffRequest;
  });

  it('is a request the service accepts: at most 5 MiB', () => {
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(MAX_BODY_BYTES);
    // Whole files only: within one file (at most ~120 kB) of the limit.
    expect(Buffer.byteLength(body)).toBeGreaterThan(0.95 * MAX_BODY_BYTES);
  });

  it('is scored exactly, every row accounted for once', () => {
    const data = runDiff(request);
    expect(data.meta.approximateEntries).toBe(0);
    const covered = (side: 'originalIndices' | 'reworkedIndices') =>
      data.results.filter((entry) => !entry.trace).flatMap((entry) => entry[side]).sort((x, y) => x - y);
    expect(covered('originalIndices')).toEqual(request.original.map((_, i) => i));
    expect(covered('reworkedIndices')).toEqual(request.reworked.map((_, i) => i));
  });
});
