/**
 * The real engine worker, except that half 0 of a diff done in two halves throws: for the test
 * that half 1 then stops waiting for the budget half 0 would have left.
 */
import type { DiffOutcome, DiffTask } from '../../../src/http/diff-task';
import diffWorker from '../../../src/http/diff-worker';

export default function halfFaultWorker(task: DiffTask): DiffOutcome {
  if (task.half?.index === 0) throw new Error('half 0 failed');
  return diffWorker(task);
}
