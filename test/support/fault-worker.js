/**
 * A stand-in engine worker in plain JavaScript, for the fault tests, which replace workers often:
 * it needs neither the TypeScript loader nor compiling. The first original row's transcript is the
 * script: "sleep <ms>" blocks the thread, "hold <file>" blocks it until the file exists
 * (latch.ts), "throw" throws, "exit" ends the thread, "oom" allocates until the thread's heap
 * limit kills it; anything else answers row counts, as scripted-worker.ts does.
 */
'use strict';

const { existsSync } = require('node:fs');

module.exports = function faultWorker(task) {
  const body = JSON.parse(Buffer.from(task.body).toString('utf8'));
  const script = (body.original[0] && body.original[0].transcript) || '';
  const sleep = /^sleep (\d+)$/.exec(script);
  if (sleep) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Number(sleep[1]));
  const hold = /^hold (.+)$/.exec(script);
  if (hold) while (!existsSync(hold[1])) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
  if (script === 'throw') throw new Error('secret internal detail /srv/app/engine.ts:42');
  if (script === 'exit') process.exit(7);
  if (script === 'oom') {
    // Reachable chunks of 8 MB until V8 gives up: only the pool's resourceLimits stop this.
    const hoard = [];
    for (;;) hoard.push(new Array(1000000).fill(hoard.length + 0.5));
  }
  const data = { originalRows: body.original.length, reworkedRows: body.reworked.length };
  return { ok: true, data: Buffer.from(JSON.stringify(data)) };
};
