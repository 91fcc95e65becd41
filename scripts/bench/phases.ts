/**
 * Times the engine worker's job on one benchmark body in-process, phase by phase: as one worker
 * does it (judging the body, runDiff, serialising) and as each half of a split diff does it
 * (judging, diffHalf, counting, serialising; engine/index.ts). Warm: the first third of the
 * runs is not counted. Prints the median of each phase in ms, and daff's median on the same
 * tables in the same process (align and highlighter diff, as the bench's peer), in blocks of
 * BLOCK runs alternating with ours so that both see the same stretch of the machine: run after
 * each of ours, daff took 7.4 ms where in runs of its own it took 4.6-5.2 (its times then
 * include collecting our garbage). The halves run one after the other here: in the server they
 * run at once, each a little slower.
 *
 * Usage: npm run build && node dist/scripts/bench/phases.js [family] [--runs=300] [--seed=1]
 */
import { countUnits, createWorkBudget, diffHalf, runDiff } from '../../src/engine/index';
import type { DiffRequest } from '../../src/engine/types';
import { serializeElements, serializeJson } from '../../src/http/json-bytes';
import { judgeBody } from '../../src/http/request-check';
import { buildBodies, FAMILIES } from './bodies';
import { daffDiff } from './daff-child';
import { median } from './stats';

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

function main(): void {
  const args = process.argv.slice(2);
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

  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const daff = require('daff') as Parameters<typeof daffDiff>[0];
  const tables = JSON.parse(body.json) as { original: Record<string, unknown>[]; reworked: Record<string, unknown>[] };
  const whole: Phases = {};
  const halves: [Phases, Phases] = [{}, {}];
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
    let lap = timed(whole, counted);
    const request = parsed();
    lap('judge');
    const data = runDiff(request);
    lap('runDiff');
    serializeJson(data as unknown as Record<string, unknown>);
    lap('serialise');
    for (const half of [0, 1] as const) {
      lap = timed(halves[half], counted);
      const own = parsed();
      lap('judge');
      const share = diffHalf(own, half);
      lap('diffHalf');
      countUnits(share.prep, share.units, share.config, createWorkBudget(), share.items);
      lap('count');
      serializeElements(share.results);
      lap('serialise');
    }
  }
  const total = (phases: Phases) => median(Object.values(phases)[0]!.map((_, k) => Object.values(phases).reduce((sum, ms) => sum + ms[k]!, 0)));
  console.log(`${line('one worker', whole)}; in all ${total(whole).toFixed(2)} ms`);
  halves.forEach((phases, half) => console.log(`${line(`half ${half}`, phases)}; in all ${total(phases).toFixed(2)} ms`));
  console.log(line('daff, same process', daffPhases));
}

main();
