/**
 * The real engine worker, except for halves of a split diff, scripted by the first original
 * row's transcript: "refuse then fail" makes half 0 refuse the body and half 1 throw; anything
 * else makes half 0 throw. For the tests of how the pool ends a split diff whose half fails.
 * Both halves start in lockstep (lockstep-worker.ts), as halves that fail while running would
 * have: the other half then does its own half, not the whole diff.
 */
import type { DiffOutcome, DiffTask } from '../../../src/http/diff-task';
import diffWorker from '../../../src/http/diff-worker';
import { inLockstep } from './lockstep-worker';

export default function halfFaultWorker(task: DiffTask): DiffOutcome {
  if (!task.half) return diffWorker(task);
  inLockstep(task);
  const script = Buffer.from(task.body.buffer, task.body.byteOffset, Math.min(task.body.byteLength, 200)).toString('latin1');
  if (script.includes('refuse then fail')) {
    if (task.half.index === 0) return { ok: false, code: 'BAD_REQUEST', message: 'refused by half 0' };
    throw new Error('half 1 failed');
  }
  if (task.half.index === 0) throw new Error('half 0 failed');
  return diffWorker(task);
}
