/**
 * What two threads get from this machine, by kind of work: each loop runs alone in one thread,
 * then in two threads at once; the speed-up is 2 × (one thread's time) ÷ (two threads' time).
 *
 * - latency: one chain of dependent multiplications (the batch benchmark's calibration loop);
 * - independent: eight independent additions a step (many instructions in flight);
 * - random memory: reads and writes at random places of a 32 MiB array per thread (together
 *   more than the shared last-level cache);
 * - allocation: small short-lived objects (the young generation's work).
 *
 * Three rounds of each. `node dist/scripts/studies/thread-scaling.js`
 */
import { Worker } from 'node:worker_threads';

const LOOPS: Array<[name: string, body: string, steps: number]> = [
  ['latency', 'let h = 0x811c9dc5; for (let i = 0; i < n; i++) h = Math.imul(h ^ (i & 0xff), 0x01000193) ^ (h >>> 13); out = h;', 3e8],
  [
    'independent',
    'let a = 1, b = 2, c = 3, d = 4, e = 5, f = 6, g = 7, k = 8; for (let i = 0; i < n; i++) { a = (a + i) | 0; b = (b ^ i) | 0; c = (c + (i << 1)) | 0; d = (d - i) | 0; e = (e ^ (i << 2)) | 0; f = (f + (i >> 1)) | 0; g = (g ^ (i >> 2)) | 0; k = (k + 3) | 0; } out = a ^ b ^ c ^ d ^ e ^ f ^ g ^ k;',
    3e8,
  ],
  [
    'random memory',
    'const arr = new Int32Array(1 << 23); let s = 0, x = 12345; for (let i = 0; i < n; i++) { x = (Math.imul(x, 1103515245) + 12345) | 0; const j = (x >>> 9) & ((1 << 23) - 1); s = (s + arr[j]) | 0; arr[j] = i; } out = s;',
    3e7,
  ],
  ['allocation', "let s = 0; for (let i = 0; i < n; i++) { const o = { a: i, b: [i, i + 1], c: 'x' + (i & 1023) }; s = (s + o.b[1] + o.c.length) | 0; } out = s;", 3e7],
];

function run(body: string, steps: number, threads: number): Promise<number> {
  const source = `const { parentPort, workerData: n } = require('node:worker_threads'); let out = 0; ${body} parentPort.postMessage(out);`;
  return new Promise((resolve, reject) => {
    const start = performance.now();
    let done = 0;
    for (let t = 0; t < threads; t++) {
      const worker = new Worker(source, { eval: true, workerData: steps });
      worker.on('error', reject);
      worker.on('message', () => {
        void worker.terminate();
        if (++done === threads) resolve(performance.now() - start);
      });
    }
  });
}

async function main(): Promise<void> {
  for (const [name, body, steps] of LOOPS) {
    const speedUps: string[] = [];
    for (let round = 0; round < 3; round++) {
      const one = await run(body, steps, 1);
      const two = await run(body, steps, 2);
      speedUps.push(`${((2 * one) / two).toFixed(2)}x`);
    }
    process.stdout.write(`${name.padEnd(14)} two threads: ${speedUps.join(', ')} one\n`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
