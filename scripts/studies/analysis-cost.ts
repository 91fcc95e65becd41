/**
 * What `config.enableAnalysis` costs: one benchmark body diffed in-process, analysis off and on
 * alternately (so drift in the machine's load falls on both alike), each run timed from the
 * request to the JSON text of `data` (a larger answer costs its serialisation too).
 * Prints per mode the median, min and max in milliseconds and the answer's size, then on ÷ off.
 *
 * `node dist/scripts/studies/analysis-cost.js [--family=realistic-30k] [--runs=7] [--seed=1]`
 */
import { performance } from 'node:perf_hooks';
import { runDiff } from '../../src/engine/index';
import type { DiffRequest } from '../../src/engine/types';
import { buildBodies } from '../bench/bodies';
import { median } from '../bench/stats';

interface Mode {
  name: 'off' | 'on';
  times: number[];
  bytes: number;
}

function main(): void {
  const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  const family = arg('family') ?? 'realistic-30k';
  const runs = Number(arg('runs') ?? 7);
  const seed = Number(arg('seed') ?? 1);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a whole number of at least 1, not ${arg('runs')}`);
  const body = buildBodies(seed, { only: [family] }).main.find((b) => b.family === family);
  if (body === undefined) throw new Error(`no benchmark body of the family ${family}`);
  const request = JSON.parse(body.json) as DiffRequest;
  const modes: Mode[] = [
    { name: 'off', times: [], bytes: 0 },
    { name: 'on', times: [], bytes: 0 },
  ];
  const once = (mode: Mode): number => {
    const config = { ...request.config, enableAnalysis: mode.name === 'on' };
    const start = performance.now();
    const text = JSON.stringify(runDiff({ ...request, config }));
    const elapsed = performance.now() - start;
    mode.bytes = Buffer.byteLength(text, 'utf8');
    return elapsed;
  };
  // One unmeasured run of each: the JIT and the engine's scratch arrays warm up.
  for (const mode of modes) once(mode);
  for (let r = 0; r < runs; r++) for (const mode of modes) mode.times.push(once(mode));

  process.stdout.write(`${body.name}: ${body.originalRows} + ${body.reworkedRows} rows, ${runs} alternating runs of each\n`);
  for (const mode of modes) {
    const ms = (x: number) => x.toFixed(0);
    process.stdout.write(
      `analysis ${mode.name.padEnd(3)}  median ${ms(median(mode.times))} ms  min ${ms(Math.min(...mode.times))}  max ${ms(Math.max(...mode.times))}  answer ${(mode.bytes / 1e6).toFixed(2)} MB\n`,
    );
  }
  const [off, on] = modes;
  process.stdout.write(`on ÷ off: time ${(median(on.times) / median(off.times)).toFixed(3)}×, answer ${(on.bytes / off.bytes).toFixed(3)}×\n`);
}

main();
