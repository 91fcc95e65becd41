/**
 * Throughput of small diffs with autocannon: one body (typical-500), fixed concurrency and
 * duration, rate limits raised by the server's environment.
 */

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
}

/** Runs autocannon against POST /v1/diff with `body` for `durationS` seconds. */
export async function measureThroughput(baseUrl: string, key: string, body: string, connections: number, durationS: number): Promise<ThroughputResult> {
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
  return {
    connections,
    durationS: r.duration,
    requestsPerSecond: r['2xx'] / r.duration,
    latencyMs: { p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max },
    ok: r['2xx'],
    non2xx: r.non2xx,
    errors: r.errors,
    errorKinds,
  };
}
