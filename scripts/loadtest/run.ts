/**
 * `npm run loadtest`: a bounded load test of one instance (issue 6). It starts the built server
 * on 127.0.0.1 (rate limits raised, default workers and queue), then runs three consecutive
 * autocannon rounds at concurrency 8 with a fixed mix of request sizes, from a 0.1 MB diff to a
 * maximum-size one (~4 MB, 30,000 rows a side). It reports latency p50/p99, responses by status,
 * connection errors, and the server's resident memory before and after every round, then stops
 * the server with SIGTERM.
 *
 * It fails (exit 1) when any response is not 200, 429 or 503, a connection fails, the server
 * does not exit 0, or memory keeps growing: resident memory after the third round more than
 * 25 % (and 64 MiB) above that after the first. An unreported warm-up pass comes first (V8 and
 * the allocator size their heaps to the largest diff), and each reading is taken once the server
 * is idle again, so that a leak, not whichever diffs were in flight, is what would show.
 *
 * Nothing leaves the machine: the server listens on loopback only. The whole run stays under
 * 60 s (a watchdog stops it otherwise).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildBodies, type BenchBody } from '../bench/bodies';
import { startServer, type ServerHandle } from '../bench/server-process';

const ROOT = join(__dirname, '..', '..', '..');
const CONNECTIONS = 8;
const ROUNDS = Number(process.env.LOADTEST_ROUNDS ?? 3);
const ROUND_SECONDS = 10;
/** A first, unreported pass: V8 and the allocator size their heaps to the largest diff here. */
const WARM_UP_SECONDS = 5;
/** Idle time before each memory reading, so it is not a snapshot of whichever diffs were in flight. */
const SETTLE_MS = 2_500;
const WATCHDOG_MS = Number(process.env.LOADTEST_WATCHDOG_MS ?? 60_000);
/**
 * Growth allowed from after round 1 to after round 3: the larger of a share and a floor. Idle
 * readings of a healthy server wander by about ±30 MiB from round to round with no trend (eight
 * rounds measured: 225, 226, 278, 262, 264, 241 MiB...), so a tighter bound would only measure
 * noise; a leak of request or response buffers (0.1-10 MB per diff, ~70 diffs a round) would
 * exceed this in one round.
 */
const GROWTH_SHARE = 0.25;
const GROWTH_FLOOR_BYTES = 64 * 1024 * 1024;
const ACCEPTED = new Set(['200', '429', '503']);

interface Histogram {
  p50: number;
  p99: number;
  max: number;
}
interface AutocannonResult {
  latency: Histogram;
  duration: number;
  errors: number;
  timeouts: number;
  statusCodeStats: Record<string, { count: number }>;
}
type Autocannon = (opts: Record<string, unknown>) => Promise<AutocannonResult>;

interface Round {
  round: number;
  seconds: number;
  responses: number;
  latencyMs: Histogram;
  byStatus: Record<string, number>;
  errors: number;
  rssBeforeMiB: number;
  rssAfterMiB: number;
  peakRssMiB: number;
}

const MiB = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

function rss(pid: number): number {
  const m = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : 0;
}

/**
 * The sequence each connection cycles through: mostly small and medium diffs, one maximum-size
 * diff in ten, as a day of agencies' uploads might look (most files are short).
 */
function mix(): { sequence: BenchBody[]; sizes: BenchBody[] } {
  const { growth, main } = buildBodies(1, { only: ['realistic-30k', 'typical-500'] });
  const byName = new Map([...growth, ...main].map((b) => [b.name, b]));
  const pick = (name: string) => {
    const body = byName.get(name);
    if (!body) throw new Error(`no benchmark body ${name}`);
    return body;
  };
  const small = pick('realistic-30k@1k');
  const typical = pick('typical-500');
  const medium = pick('realistic-30k@5k');
  const max = pick('realistic-30k');
  return {
    sequence: [small, typical, small, medium, typical, small, typical, medium, small, max],
    sizes: [small, typical, medium, max],
  };
}

function load(server: ServerHandle, sequence: BenchBody[], seconds: number): Promise<AutocannonResult> {
  // autocannon ships no type declarations; the shape used is declared above.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const autocannon = require('autocannon') as Autocannon;
  return autocannon({
    url: `${server.baseUrl}/v1/diff`,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': server.key },
    requests: sequence.map((body) => ({ body: body.json })),
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 30,
  });
}

const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

async function round(server: ServerHandle, n: number, sequence: BenchBody[]): Promise<Round> {
  const before = rss(server.pid);
  server.resetPeak();
  const result = await load(server, sequence, ROUND_SECONDS);
  const peak = server.peakRss();
  // autocannon's last requests were cut off at the deadline; their diffs are cancelled (D9.7).
  await settle();
  const byStatus: Record<string, number> = {};
  for (const [status, { count }] of Object.entries(result.statusCodeStats)) byStatus[status] = count;
  return {
    round: n,
    seconds: result.duration,
    responses: Object.values(byStatus).reduce((a, b) => a + b, 0),
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    byStatus,
    errors: result.errors,
    rssBeforeMiB: MiB(before),
    rssAfterMiB: MiB(rss(server.pid)),
    peakRssMiB: MiB(peak),
  };
}

function report(rounds: Round[], sizes: BenchBody[], exit: string, verdicts: string[]): string {
  const lines = [
    `# Load test: ${CONNECTIONS} connections, ${ROUNDS} rounds of ${ROUND_SECONDS} s after a ${WARM_UP_SECONDS} s warm-up, one instance on 127.0.0.1`,
    '',
    `Memory is the server's resident set (main thread and workers) read ${SETTLE_MS / 1000} s after each round, once idle.`,
    '',
    `Bodies (each connection cycles through 10: 4 × ${sizes[0].name}, 3 × ${sizes[1].name}, 2 × ${sizes[2].name}, 1 × ${sizes[3].name}):`,
    ...sizes.map((b) => `- ${b.name}: ${b.originalRows}/${b.reworkedRows} rows, ${(b.bytes / 1024 / 1024).toFixed(2)} MiB`),
    '',
    '| round | responses | p50 ms | p99 ms | max ms | by status | conn. errors | RSS before MiB | RSS after MiB | peak RSS MiB |',
    '|---:|---:|---:|---:|---:|:---|---:|---:|---:|---:|',
    ...rounds.map(
      (r) =>
        `| ${r.round} | ${r.responses} | ${r.latencyMs.p50} | ${r.latencyMs.p99} | ${r.latencyMs.max} | ` +
        `${Object.entries(r.byStatus).map(([s, c]) => `${s}: ${c}`).join(', ') || 'none'} | ${r.errors} | ` +
        `${r.rssBeforeMiB} | ${r.rssAfterMiB} | ${r.peakRssMiB} |`,
    ),
    '',
    `Server exit after SIGTERM: ${exit}`,
    '',
    ...verdicts,
  ];
  return lines.join('\n');
}

async function main(): Promise<void> {
  // eslint-disable-next-line prefer-const -- the watchdog, set before the server starts, reads it
  let server: ServerHandle | undefined;
  const watchdog = setTimeout(() => {
    process.stderr.write(`load test exceeded ${WATCHDOG_MS / 1000} s: stopping\n`);
    void (server ? server.stop(1_000) : Promise.resolve()).finally(() => process.exit(1));
  }, WATCHDOG_MS);
  const { sequence, sizes } = mix();
  server = await startServer(ROOT);
  const rounds: Round[] = [];
  await load(server, sequence, WARM_UP_SECONDS);
  await settle();
  let exit: string;
  try {
    for (let n = 1; n <= ROUNDS; n++) {
      rounds.push(await round(server, n, sequence));
      if (server.exited()) throw new Error(`the server died during round ${n}:\n${server.tail()}`);
    }
  } finally {
    exit = await server.stop();
    clearTimeout(watchdog);
  }

  const verdicts: string[] = [];
  const unexpected = rounds.flatMap((r) => Object.entries(r.byStatus).filter(([s]) => !ACCEPTED.has(s)).map(([s, c]) => `${s} ×${c} in round ${r.round}`));
  const errors = rounds.reduce((a, r) => a + r.errors, 0);
  verdicts.push(
    unexpected.length === 0 && errors === 0
      ? 'Statuses: PASS (only 200, 429 or 503; no connection errors)'
      : `Statuses: FAIL (${[...unexpected, ...(errors > 0 ? [`${errors} connection errors`] : [])].join(', ')})`,
  );
  const first = rounds[0].rssAfterMiB;
  const last = rounds[rounds.length - 1].rssAfterMiB;
  const allowed = Math.max(first * GROWTH_SHARE, MiB(GROWTH_FLOOR_BYTES));
  verdicts.push(
    last - first <= allowed
      ? `Memory: PASS (after round 1 ${first} MiB, after round ${ROUNDS} ${last} MiB: ${(last - first).toFixed(1)} MiB, allowed ${allowed.toFixed(1)})`
      : `Memory: FAIL (after round 1 ${first} MiB, after round ${ROUNDS} ${last} MiB: grew ${(last - first).toFixed(1)} MiB, allowed ${allowed.toFixed(1)})`,
  );
  verdicts.push(exit === '0' ? 'Shutdown: PASS (exit 0)' : `Shutdown: FAIL (${exit})`);
  process.stdout.write(`${report(rounds, sizes, exit, verdicts)}\n`);
  if (verdicts.some((v) => v.includes('FAIL'))) process.exitCode = 1;
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
