/**
 * The real engine worker, except that a half of a split diff first waits (up to 10 s) until the
 * other half has started too. Whether a half takes the whole diff over depends on whether the
 * other one got a CPU in time (diff-worker.ts `takeWhole`); the tests of the split itself must not.
 */
import { CLAIMS, type DiffOutcome, type DiffTask, STARTED } from '../../../src/http/diff-task';
import diffWorker from '../../../src/http/diff-worker';

const nap = new Int32Array(new SharedArrayBuffer(4));

/** Claims this half's start (diff-task.ts CLAIMS) and waits until the other half has claimed its own. */
export function inLockstep(task: DiffTask): void {
  if (!task.half) return;
  const claims = new Int32Array(task.body.buffer as SharedArrayBuffer, task.half.control + CLAIMS, 1);
  Atomics.or(claims, 0, STARTED[task.half.index]);
  const other = STARTED[task.half.index === 0 ? 1 : 0];
  const deadline = Date.now() + 10_000;
  while (!(Atomics.load(claims, 0) & other) && Date.now() < deadline) Atomics.wait(nap, 0, 0, 1);
}

export default function lockstepWorker(task: DiffTask): DiffOutcome {
  inLockstep(task);
  return diffWorker(task);
}
