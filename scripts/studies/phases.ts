/**
 * Times the engine worker's job on one benchmark body in-process, phase by phase (judging the
 * body, runDiff, serialising). Warm: the first third of the runs is not counted. Prints the
 * median of each phase in ms, and daff's median on the same tables in the same process (align
 * and highlighter diff, as the bench's peer), in blocks of BLOCK runs alternating with ours so
 * that both see the same stretch of the machine (daff's times then include collecting our
 * garbage).
 *
 * With --pool it times instead the engine pool the server uses (runtime/engine-pool.ts: a worker
 * thread, the body in a shared slot): what a diff costs without the HTTP request around it. The
 * whole request's median (`npm run bench`) less the pool's is the HTTP layer; the pool's less the
 * in-process phases is the hop to the worker thread and back.
 *
 * Usage: npm run build && node dist/scripts/studies/phases.js [family] [--runs=300] [--seed=1] [--pool]
 */
import { spawnSync } from 'node:child_process';
import { runDiff } from '../../src/engine/index';
import type { DiffRequest } from '../../src/engine/types';
import { serializeJson } from '../../src/runtime/json-bytes';
import { createEnginePool, type DiffEngine } from '../../src/runtime/engine-pool';
import { judgeBody } from '../../src/request/judge';
import { buildBodies, FAMILIES } from '../bench/bodies';
import { SERVER_NODE_ARGS } from '../bench/server-process';
import { daffDiff } from '../bench/daff-child';
import { median } from '../bench/stats';

type Phases = Record<string, number[]>;

/** Runs of ours, then of daff, in turn. */
const BLOCK = 25;

function timed(phases: Phases, counted: boolean): (name: string) => void {
  let t = process.hrtime.bigint();
  return (name) => {
    const now = process.hrtime.bigint();
    if (counted) (phases[name] ??= []).push(Number(now - t) / 1e6);
    t = now;
  };
}

function line(label: string, phases: Phases): string {
  const parts = Object.entries(phases).map(([name, ms]) => `${name} ${median(ms).toFixed(2)}`);
  return `${label}: ${parts.join(', ')} ms`;
}

/**
 * Times `engine.run` on `bytes` in a shared slot, as the server gathers a body (the worker may
 * write its answer over it, so the body is copied in again before each run); the first third of
 * the runs is not counted.
 */
async function timePool(name: string, engine: DiffEngine, bytes: Buffer, runs: number): Promise<Phases> {
  const phases: Phases = {};
  for (let k = 0; k < runs; k++) {
    const slot = engine.slots.take();
    bytes.copy(slot.bytes);
    const lap = timed(phases, k >= Math.floor(runs / 3));
    const answer = await engine.run('diff', { slot, length: bytes.length }, new AbortController().signal);
    lap(name);
    engine.slots.drop(slot);
    if (!answer.ok) throw new Error(`the body was refused: ${answer.code}`);
  }
  return phases;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const pool = args.includes('--pool');
  // The server's Node flags (npm start) apply to its worker threads too: the pool runs under them.
  if (pool && !SERVER_NODE_ARGS.every((flag) => process.execArgv.includes(flag))) {
    const child = spawnSync(process.execPath, [...SERVER_NODE_ARGS, __filename, ...args], { stdio: 'inherit' });
    process.exitCode = child.status ?? 1;
    return;
  }
  const flag = (name: string, fallback: number) => Number(args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
  const family = args.find((a) => !a.startsWith('--')) ?? 'typical-500';
  if (!FAMILIES.includes(family)) throw new Error(`unknown body ${family}; one of ${FAMILIES.join(', ')}`);
  const runs = flag('runs', 300);
  if (!Number.isInteger(runs) || runs < 3) throw new Error('--runs must be a whole number of at least 3');
  const body = buildBodies(flag('seed', 1), { only: [family] }).main[0];
  if (!body) throw new Error(`no body for ${family}`);
  const bytes = Buffer.from(body.json);
  const parsed = (): DiffRequest => {
    const verdict = judgeBody(bytes);
    if (!verdict.ok) throw new Error(`the body was refused: ${verdict.code}`);
    return verdict.body as unknown as DiffRequest;
  };
  console.log(`${family}: ${(body.bytes / 1024).toFixed(0)} KiB, ${body.originalRows}/${body.reworkedRows} rows, ${runs} runs (the last ${runs - Math.floor(runs / 3)} counted)`);
  if (pool) {
    const engine = createEnginePool({ workers: 1, maxQueue: 1 });
    try {
      console.log(line('engine pool (body in a slot)', await timePool('pool, 1 worker', engine, bytes, runs)));
    } finally {
      await engine.destroy();
    }
    return;
  }

  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const daff = require('daff') as Parameters<typeof daffDiff>[0];
  const tables = JSON.parse(body.json) as { original: Record<string, unknown>[]; reworked: Record<string, unknown>[] };
  const whole: Phases = {};
  const daffPhases: Phases = {};
  for (let i = 0; i < runs; i++) {
    const counted = i >= Math.floor(runs / 3);
    if (i % BLOCK === 0) {
      for (let k = i; k < Math.min(i + BLOCK, runs); k++) {
        const daffLap = timed(daffPhases, k >= Math.floor(runs / 3));
        daffDiff(daff, tables.original, tables.reworked);
        daffLap('daff');
      }
    }
    const lap = timed(whole, counted);
    const request = parsed();
    lap('judge');
    const data = runDiff(request);
    lap('runDiff');
    serializeJson(data as unknown as Record<string, unknown>);
    lap('serialise');
  }
  const total = (phases: Phases) => median(Object.values(phases)[0]!.map((_, k) => Object.values(phases).reduce((sum, ms) => sum + ms[k]!, 0)));
  console.log(`${line('one worker', whole)}; in all ${total(whole).toFixed(2)} ms`);
  console.log(line('daff, same process', daffPhases));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
