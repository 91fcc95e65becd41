/**
 * Throughput of small diffs with autocannon: one body (typical-500), fixed concurrency and
 * duration, rate limits raised by the server's environment; and what each request cost the
 * server in CPU time, all its threads together (/proc/PID/stat), which is what a busy service
 * pays per request.
 */
import { readFileSync } from 'node:fs';

interface Histogram {
  average: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  total?: number;
}
interface AutocannonResult {
  requests: Histogram;
  latency: Histogram;
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
}
interface AutocannonInstance extends Promise<AutocannonResult> {
  on(event: 'reqError', listener: (error: Error) => void): void;
}
type Autocannon = (opts: Record<string, unknown>) => AutocannonInstance;

export interface ThroughputResult {
  connections: number;
  durationS: number;
  /** Successful (2xx) responses per second over the whole run. */
  requestsPerSecond: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number };
  ok: number;
  non2xx: number;
  errors: number;
  /** The distinct messages of request errors, with their counts (at most ten kinds). */
  errorKinds: Record<string, number>;
  /** The server's CPU time (user + system, every thread) over the run, per successful response; NaN without a pid. */
  cpuMsPerRequest: number;
}

/** Clock ticks a second of /proc's CPU times (USER_HZ: 100 on every Linux ABI Node supports). */
const TICKS_PER_SECOND = 100;

/** CPU time a process has used so far, every thread, in ms; NaN where /proc cannot tell. */
export function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces, inside parentheses): utime is the 14th field, stime the 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return NaN;
  }
}

/** Runs autocannon against POST /v1/diff with `body` for `durationS` seconds. */
export async function measureThroughput(baseUrl: string, key: string, body: string, connections: number, durationS: number, pid?: number): Promise<ThroughputResult> {
  const cpuBefore = pid === undefined ? NaN : processCpuMs(pid);
  // autocannon ships no type declarations; the shape used is declared above.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const autocannon = require('autocannon') as Autocannon;
  const instance = autocannon({
    url: `${baseUrl}/v1/diff`,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': key },
    body,
    connections,
    duration: durationS,
    timeout: 60,
  });
  const errorKinds: Record<string, number> = {};
  instance.on('reqError', (error) => {
    const kind = String(error.message ?? error).slice(0, 80);
    if (kind in errorKinds || Object.keys(errorKinds).length < 10) errorKinds[kind] = (errorKinds[kind] ?? 0) + 1;
  });
  const r = await instance;
  const cpuMs = pid === undefined ? NaN : processCpuMs(pid) - cpuBefore;
  return {
    connections,
    durationS: r.duration,
    requestsPerSecond: r['2xx'] / r.duration,
    latencyMs: { p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max },
    ok: r['2xx'],
    non2xx: r.non2xx,
    errors: r.errors,
    errorKinds,
    cpuMsPerRequest: cpuMs / r['2xx'],
  };
}
