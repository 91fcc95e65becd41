/**
 * Profiles the engine in-process on one benchmark body: exactly the worker's work (JSON.parse of
 * the body, runDiff, JSON.stringify of `data`), once to warm up, then `runs` times under the V8
 * sampling profiler (the same profiler as `node --cpu-prof`). Prints the top functions by self and
 * inclusive time and writes the .cpuprofile (open it in Chrome DevTools) to bench-results/profiles/.
 *
 * Usage: npm run build && node dist/scripts/studies/profile.js [family] [--runs=3] [--top=25] [--seed=1]
 */
import { Session } from 'node:inspector';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runDiff } from '../../src/engine/index';
import type { DiffRequest } from '../../src/engine/types';
import { buildBodies, FAMILIES } from '../bench/bodies';
import { type CpuProfile, formatProfile, sourceMapper, summarizeProfile } from '../bench/profile-analysis';

const ROOT = resolve(__dirname, '..', '..', '..');

function post<T>(session: Session, method: string, params?: object): Promise<T> {
  return new Promise((ok, fail) => session.post(method, params ?? {}, (error, result) => (error ? fail(error) : ok(result as T))));
}

function readMaybe(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * The worker's whole job on one body; returns the phase times in ms and the response text. In a
 * profile, this function's self time is JSON.parse and JSON.stringify (V8 inlines both builtins).
 */
function workerJob(json: string): { parse: number; diff: number; stringify: number; text: string } {
  let t = process.hrtime.bigint();
  const lap = () => {
    const now = process.hrtime.bigint();
    const ms = Number(now - t) / 1e6;
    t = now;
    return ms;
  };
  const request = JSON.parse(json) as DiffRequest;
  const parse = lap();
  const data = runDiff(request);
  const diff = lap();
  const text = JSON.stringify(data);
  const stringify = lap();
  return { parse, diff, stringify, text };
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const flag = (name: string, fallback: number) => Number(args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
  const family = args.find((a) => !a.startsWith('--')) ?? 'realistic-30k';
  if (!FAMILIES.includes(family)) throw new Error(`unknown body ${family}; one of ${FAMILIES.join(', ')}`);
  const runs = flag('runs', 3);
  const top = flag('top', 25);
  const body = buildBodies(flag('seed', 1), { only: [family] }).main[0];
  if (!body) throw new Error(`no body for ${family}`);
  console.log(`${body.name}: ${(body.bytes / 1048576).toFixed(2)} MiB, ${body.originalRows}/${body.reworkedRows} rows`);

  const warm = workerJob(body.json);
  console.log(`warm-up: parse ${warm.parse.toFixed(0)} ms, runDiff ${warm.diff.toFixed(0)} ms, stringify ${warm.stringify.toFixed(0)} ms, response ${(Buffer.byteLength(warm.text) / 1048576).toFixed(2)} MiB`);

  const session = new Session();
  session.connect();
  await post(session, 'Profiler.enable');
  // 100 µs: fine enough for functions that take a few ms in total.
  await post(session, 'Profiler.setSamplingInterval', { interval: 100 });
  await post(session, 'Profiler.start');
  for (let i = 0; i < runs; i++) {
    const r = workerJob(body.json);
    console.log(`run ${i + 1}: parse ${r.parse.toFixed(0)} ms, runDiff ${r.diff.toFixed(0)} ms, stringify ${r.stringify.toFixed(0)} ms`);
  }
  const { profile } = await post<{ profile: CpuProfile }>(session, 'Profiler.stop');
  session.disconnect();

  const dir = join(ROOT, 'bench-results', 'profiles');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${body.name}.cpuprofile`);
  writeFileSync(file, JSON.stringify(profile));
  console.log(`\nprofile of ${runs} run(s): ${file}\n`);
  console.log(formatProfile(summarizeProfile(profile, ROOT, sourceMapper(readMaybe)), top));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
