/**
 * A stand-in engine worker for the tests that need control over timing and failure (queue full,
 * cancellation, unexpected throws). It judges the body exactly as the real worker does; then the
 * first original row's transcript is the script: "sleep <ms>" blocks the thread, "hold <file>"
 * blocks it until the file exists (latch.ts), "throw" throws, "input-error" refuses a transform;
 * anything else answers a small data object of row counts.
 */
import { existsSync } from 'node:fs';
import type { EngineTask, WorkerAnswer } from '../../src/runtime/engine-task';
import { judgeBody } from '../../src/request/judge';

export default function scriptedWorker(task: EngineTask): WorkerAnswer {
  const verdict = judgeBody(task.body);
  if (!verdict.ok) return verdict;
  const body = verdict.body as { original: Array<{ transcript?: string }>; reworked: unknown[] };
  const script = body.original[0]?.transcript ?? '';
  const sleep = /^sleep (\d+)$/.exec(script);
  if (sleep) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Number(sleep[1]));
  const hold = /^hold (.+)$/.exec(script);
  if (hold) while (!existsSync(hold[1]!)) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
  if (script === 'throw') throw new Error('secret internal detail /srv/app/engine.ts:42');
  if (script === 'input-error') {
    return { ok: false, code: 'VALIDATION_ERROR', details: [{ field: 'config.structuralTransforms[0]', message: 'rule 0 grows a cell past its bound' }] };
  }
  const data = { originalRows: body.original.length, reworkedRows: body.reworked.length };
  return { ok: true, data: Buffer.from(JSON.stringify(data)) };
}
