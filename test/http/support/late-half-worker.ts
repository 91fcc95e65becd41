/**
 * The real engine worker, except that half 0 of a split diff starts late: it waits until half 1
 * has taken the whole diff (diff-task.ts TAKEN; at most 10 s), then 1.5 s more, as a half whose
 * worker got no CPU would; it throws unless the real worker then skipped it. For the tests of a
 * half that takes a diff over.
 */
import { CLAIMS, type DiffOutcome, type DiffTask, TAKEN } from '../../../src/http/diff-task';
import diffWorker from '../../../src/http/diff-worker';

const nap = new Int32Array(new SharedArrayBuffer(4));

export default function lateHalfWorker(task: DiffTask): DiffOutcome {
  if (task.half?.index === 0) {
    const claims = new Int32Array(task.body.buffer as SharedArrayBuffer, task.half.control + CLAIMS, 1);
    const deadline = Date.now() + 10_000;
    while (!(Atomics.load(claims, 0) & TAKEN) && Date.now() < deadline) Atomics.wait(nap, 0, 0, 1);
    Atomics.wait(nap, 0, 0, 1500);
    const outcome = diffWorker(task);
    if (!(outcome.ok && 'skipped' in outcome)) throw new Error('the late half did not skip');
    return outcome;
  }
  return diffWorker(task);
}
