/**
 * `npm run bench`: the performance benchmark (issue 5). Builds deterministic bodies from
 * eval-data, starts the built server (worker pool and all) on a free loopback port with its own
 * key, and measures in one run:
 *  - per body: whole-request latency (median, p90) after a warm-up, the floor (JSON.parse of the
 *    body + JSON.stringify of the response, in this process), their ratio, the server's peak RSS,
 *    and the response/request size ratio (D9.6);
 *  - growth: each family at 1k, 5k, 15k, 30k rows (one-row bodies: by characters);
 *  - health latency idle and while two max-size diffs run at once, with the peak RSS;
 *  - throughput of typical-500 at concurrency 4 and 8 (autocannon), with the server's CPU time per
 *    request (all its threads) against typical-500's floor;
 *  - the peer, daff, on the realistic bodies, right after our own runs of each.
 * Prints the tables and the targets, writes bench-results/bench-<time>.json and latest.{json,md}.
 *
 * Options: --quick (smoke run: small sizes, few runs), --runs=N, --only=family,family,
 * --no-peer, --cpu-prof (profile the server's main thread), --seed=N, --throughput-seconds=N,
 * --workers=N (the server's ENGINE_WORKERS; default: the server's own default, the cores),
 * --node-args=flag,flag (the server's Node flags in place of `npm start`'s, to compare them:
 * e.g. --node-args=--v8-pool-size=1 for V8's parallel garbage collection).
 */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { buildBodies, type BenchBody, FAMILIES } from './bodies';
import { runDaff, type PeerResult } from './daff-peer';
import { type FloorMeter, floorMeter } from './floor';
import { type BusyProbe, probeWhileBusy } from './health';
import { startProber } from './health-prober';
import { agent, postDiff } from './http-client';
import { type CpuProfile, formatProfile, sourceMapper, summarizeProfile } from './profile-analysis';
import { mib, ms, ratio, table, verdict } from './report';
import { type ServerHandle, SERVER_ENTRY, SERVER_NODE_ARGS, startServer } from './server-process';
import { growthExponent, median, quantile, summarize } from './stats';
import { measureThroughput, type ThroughputResult } from './throughput';

const ROOT = resolve(__dirname, '..', '..', '..');
/** The realistic (not adversarial) bodies, which the peer (daff) also diffs. */
const PEER_BODIES = ['realistic-30k', 'realistic-15k', 'typical-500'];
/**
 * daff's untimed warm-up: at least this many runs, and runs until this many ms have passed in
 * them. Its times settle only after about a dozen runs of typical-500, so a count alone timed it
 * still warming (docs/benchmark.md, "What it does").
 */
const PEER_WARM_UPS = 3;
const RESULTS_DIR = join(ROOT, 'bench-results');
/** Concurrent connections of the throughput runs: two and four requests per core of the 2-core bench machine. */
const THROUGHPUT_CONNECTIONS = [4, 8];
/**
 * Warm-up rounds per body, each one request per engine worker: a worker's time on a large body
 * settles over its first few diffs (JIT tiers, heap growth): realistic-30k 413, 254, 263, 245, 192,
 * 218, 220 ms after a single warm-up request per worker.
 */
const WARM_UP_ROUNDS = 3;
/**
 * Both our server and daff warm up on a body until at least this long has passed in its warm-up
 * (besides their counts of rounds or runs): a small body is done many times over before the
 * JIT has settled. typical-500 on a server that had diffed nothing else: 13.8–14.6 ms after 3
 * rounds, ~8 ms after 60 requests; daff: see PEER_WARM_UPS.
 */
const LEAST_WARM_UP_MS = 1000;
/**
 * Both also keep being timed until at least this long has passed in their recorded runs: seven
 * requests of typical-500 span ~40 ms, and this machine's speed moves from one such moment to
 * the next (typical-500's floor 1.2 ms in one run, 2.2 ms in the next), so a few runs can catch
 * a slow spell that the peer's runs, taken right after, miss.
 */
const LEAST_RUN_MS = 1000;
/** Milliseconds between health probes, idle and busy alike. */
const HEALTH_GAP_MS = 10;
/** Milliseconds the server is left alone after a busy round before the idle probes. */
const HEALTH_SETTLE_MS = 250;

/**
 * What the benchmark checks. A lone realistic-30k request runs on one worker thread; 4× its floor
 * is the bar for it (a diff split over two threads made it faster on an idle server only).
 */
const TARGETS = {
  realisticRatio: 4,
  adversarialRatio: 10,
  /** Fitted exponent of time over size above which growth is not "near-linear". */
  growthExponent: 1.3,
  healthP99Ms: 100,
  healthVsIdle: 2,
  peakRssBytes: 1024 ** 3,
};

interface Options {
  quick: boolean;
  runs: number;
  only?: string[];
  peer: boolean;
  cpuProf: boolean;
  seed: number;
  throughputSeconds: number;
  /** ENGINE_WORKERS for the server; undefined keeps the server's default (the cores). */
  workers?: string;
  /** The server's Node flags in place of SERVER_NODE_ARGS; undefined keeps those. */
  serverNodeArgs?: string[];
}

function parseArgs(argv: string[]): Options {
  const value = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const quick = argv.includes('--quick');
  const only = value('only')?.split(',').filter((s) => s !== '');
  for (const family of only ?? []) if (!FAMILIES.includes(family)) throw new Error(`--only: unknown body ${family}; one of ${FAMILIES.join(', ')}`);
  return {
    quick,
    runs: Number(value('runs') ?? (quick ? 3 : 7)),
    only,
    peer: !argv.includes('--no-peer'),
    cpuProf: argv.includes('--cpu-prof'),
    seed: Number(value('seed') ?? 1),
    throughputSeconds: Number(value('throughput-seconds') ?? (quick ? 3 : 10)),
    workers: value('workers'),
    serverNodeArgs: value('node-args')?.split(',').filter((s) => s !== ''),
  };
}

export interface BodyResult {
  name: string;
  family: string;
  description: string;
  bytes: number;
  originalRows: number;
  reworkedRows: number;
  chars: number;
  size: number;
  sizeUnit: 'rows' | 'chars';
  /** HTTP status of the last request (0: no answer). */
  status: number;
  error?: string;
  /** Warm-up rounds done before the recorded runs. */
  warmupRounds: number;
  /** The server's peak RSS during the warm-up, whose rounds run one diff per engine worker at once. */
  warmupPeakRssBytes: number;
  runsMs: number[];
  medianMs: number;
  p90Ms: number;
  floorRunsMs: number[];
  floorMs: number;
  ratio: number;
  peakRssBytes: number;
  responseBytes: number;
  /** D9.6: response bytes ÷ request bytes. */
  responseRatio: number;
  approximateEntries?: number;
  rows?: Record<string, number>;
}

const log = (message: string) => process.stderr.write(`${message}\n`);

function describeFailure(status: number, text: string): string {
  try {
    const e = (JSON.parse(text) as { error?: { code?: string; message?: string } }).error;
    return `${status} ${e?.code ?? ''} ${e?.message ?? ''}`.trim().slice(0, 200);
  } catch {
    return `${status} ${text.slice(0, 120)}`;
  }
}

/**
 * Times one body: at least `warmups` rounds of unrecorded requests, and rounds until
 * `leastWarmupMs` have passed, `parallel` at once (one per engine worker, so that every worker
 * has run the body: sequential requests do not say which worker they land on, and a worker's
 * first large diff took ~1.5x as long); then at least `runs` recorded ones, and more until
 * `leastRunMs` have passed, stopping once `budgetMs` have passed in them (after at least one),
 * each followed by one repetition of the floor in this process (topped up to nine repetitions at
 * the end). The server's peak RSS is taken apart for the warm-up (`parallel` diffs at once) and
 * for the recorded requests (one at a time).
 */
async function measureBody(
  server: ServerHandle,
  body: BenchBody,
  o: { warmups: number; leastWarmupMs: number; parallel: number; runs: number; leastRunMs: number; budgetMs: number; timeoutMs: number },
): Promise<BodyResult> {
  const buffer = Buffer.from(body.json);
  const result: BodyResult = {
    name: body.name,
    family: body.family,
    description: body.description,
    bytes: body.bytes,
    originalRows: body.originalRows,
    reworkedRows: body.reworkedRows,
    chars: body.chars,
    size: body.size,
    sizeUnit: body.sizeUnit,
    status: 0,
    warmupRounds: 0,
    warmupPeakRssBytes: NaN,
    runsMs: [],
    medianMs: NaN,
    p90Ms: NaN,
    floorRunsMs: [],
    floorMs: NaN,
    ratio: NaN,
    peakRssBytes: NaN,
    responseBytes: NaN,
    responseRatio: NaN,
  };
  server.resetPeak();
  let last: { text: string; bytes: number } | undefined;
  let floor: FloorMeter | undefined;
  try {
    // Warm-up: rounds of one request per engine worker, at least o.warmups of them, and while
    // less than o.leastWarmupMs has passed.
    const warmStart = Date.now();
    while (result.warmupRounds < o.warmups || (o.warmups > 0 && Date.now() - warmStart < o.leastWarmupMs)) {
      const answers = await Promise.all(Array.from({ length: o.parallel }, () => postDiff(server.baseUrl, server.key, buffer, o.timeoutMs)));
      const failed = answers.find((a) => a.status !== 200);
      result.status = (failed ?? answers[0]).status;
      if (failed) {
        result.error = describeFailure(failed.status, failed.text);
        break;
      }
      last = answers[0];
      result.warmupRounds++;
    }
    if (result.warmupRounds > 0) {
      result.warmupPeakRssBytes = server.peakRss();
      server.resetPeak();
    }
    const started = Date.now();
    for (let i = 0; result.error === undefined && (i < o.runs || Date.now() - started < o.leastRunMs); i++) {
      if (i > 0 && Date.now() - started > o.budgetMs) break;
      const r = await postDiff(server.baseUrl, server.key, buffer, o.timeoutMs);
      result.status = r.status;
      if (r.status !== 200) {
        result.error = describeFailure(r.status, r.text);
        break;
      }
      last = r;
      result.runsMs.push(r.ms);
      // A floor repetition after each recorded request, so both drift with the machine alike.
      floor ??= floorMeter(body.json, r.text);
      result.floorRunsMs.push(floor.sample());
    }
  } catch (error) {
    result.error = `no answer: ${(error as Error).message}${server.exited() ? ' (server exited)' : ''}`;
  }
  result.peakRssBytes = server.peakRss();
  if (last && result.runsMs.length > 0) {
    const s = summarize(result.runsMs);
    result.medianMs = s.median;
    result.p90Ms = s.p90;
    // The floor is cheap next to a request: a few more repetitions steady its median.
    floor ??= floorMeter(body.json, last.text);
    while (result.floorRunsMs.length < 9) result.floorRunsMs.push(floor.sample());
    result.floorMs = median(result.floorRunsMs);
    result.ratio = result.medianMs / result.floorMs;
    result.responseBytes = last.bytes;
    result.responseRatio = last.bytes / body.bytes;
    const data = (JSON.parse(last.text) as { data?: { meta?: { approximateEntries?: number }; counts?: { rows?: Record<string, number> } } }).data;
    result.approximateEntries = data?.meta?.approximateEntries;
    result.rows = data?.counts?.rows;
  }
  return result;
}

interface PeerRow {
  body: string;
  serviceMedianMs: number;
  daff: PeerResult;
  /** Median of daff's timed runs (after its warm-ups), else of its warm-up runs; NaN if none finished. */
  daffMs: number;
}

/** daff's timed runs for the peer table: all of them when few, else how many and their spread. */
function timedRuns(times: readonly number[]): string {
  if (times.length === 0) return '–';
  if (times.length <= 5) return times.map((x) => ms(x)).join(', ');
  return `${times.length} runs, ${ms(quantile(times, 0.1))}–${ms(quantile(times, 0.9))} (p10–p90)`;
}

/** daff's warm-up runs for the peer table: how many, and the last three (all, if no more). */
function warmUps(times: readonly number[]): string {
  if (times.length === 0) return 'no warm-up';
  const shown = times.slice(-3).map((x) => ms(x)).join(', ');
  return times.length <= 3 ? `warm-ups ${shown}` : `${times.length} warm-ups, last ${shown}`;
}

/** The peer table's note on how daff's runs ended. */
function peerNote(daff: PeerResult): string {
  const cut = daff.ms.length === 0 ? (daff.warmupMs.length > 0 ? ', before a warm run: cold runs only' : ' before finishing one run') : '';
  if (daff.timedOut) return `stopped at the time limit${cut}`;
  return daff.error ?? '';
}

interface HealthResult {
  /** Every idle probe, pooled. */
  idle: ReturnType<typeof summarize>;
  /** Per busy body: the probes while it ran, and the idle probes between its rounds (its comparison). */
  busy: Array<{ body: string; probe: ReturnType<typeof summarize>; idle: ReturnType<typeof summarize>; raw: BusyProbe }>;
}

function relFile(path: string): string {
  return path.startsWith(ROOT) ? path.slice(ROOT.length + 1) : path;
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const startedAt = new Date();
  // The machine may be shared: the load at the start says how much the figures can be trusted.
  const loadAtStart = loadavg().map((x) => x.toFixed(2)).join(' ');
  mkdirSync(RESULTS_DIR, { recursive: true });
  try {
    statSync(join(ROOT, SERVER_ENTRY));
  } catch {
    throw new Error(`${SERVER_ENTRY} is missing: run \`npm run build\` first (npm run bench does)`);
  }

  const t = Date.now();
  const bodies = buildBodies(options.seed, { quick: options.quick, only: options.only });
  log(`bodies: ${bodies.growth.length + bodies.main.filter((b) => !bodies.growth.includes(b)).length} built in ${((Date.now() - t) / 1000).toFixed(1)} s`);

  const profileDir = join(RESULTS_DIR, 'profiles', `server-${startedAt.toISOString().replace(/[:.]/g, '-')}`);
  const nodeArgs = options.cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const serverEnv: Record<string, string> = options.workers === undefined ? {} : { ENGINE_WORKERS: options.workers };
  // The server's own default (src/config.ts): one engine worker per core.
  const engineWorkers = options.workers === undefined ? availableParallelism() : Number(options.workers);
  let server = await startServer(ROOT, { baseNodeArgs: options.serverNodeArgs, nodeArgs, env: serverEnv });
  const restarts: string[] = [];
  const ensureServer = async (after: string) => {
    if (!server.exited()) return;
    restarts.push(`server exited during ${after}: ${server.tail().split('\n').slice(-3).join(' | ')}`);
    log(`  server exited during ${after}; restarting`);
    server = await startServer(ROOT, { baseNodeArgs: options.serverNodeArgs, nodeArgs, env: serverEnv });
  };
  log(`server: pid ${server.pid} on ${server.baseUrl}, node ${(options.serverNodeArgs ?? SERVER_NODE_ARGS).join(' ')}`);
  /**
   * Probes while two of each busy body run, and of the idle server between those rounds; one
   * warmed-up prober for all (health-prober.ts).
   */
  const healthPhase = async (): Promise<HealthResult> => {
    let prober = await startProber(server.baseUrl);
    try {
      // Idle and busy probes come at the same pace and in the same number, so the two p99s are
      // the same order statistic.
      const probes = options.quick ? 100 : 300;
      const health: HealthResult = { idle: summarize([]), busy: [] };
      const busyBodies = ['realistic-30k', 'adv-huge-row'].map((name) => bodies.main.find((b) => b.name === name)).filter((b): b is BenchBody => b !== undefined);
      for (const body of busyBodies) {
        log(`health: probes while two ${body.name} diffs run…`);
        const raw = await probeWhileBusy(server, prober, Buffer.from(body.json), {
          rounds: options.quick ? 1 : 3,
          minProbes: probes,
          gapMs: HEALTH_GAP_MS,
          settleMs: HEALTH_SETTLE_MS,
          maxMs: 90_000,
          diffTimeoutMs: 120_000,
        });
        health.busy.push({ body: body.name, probe: summarize(raw.probes), idle: summarize(raw.idleProbes), raw });
        const before = server;
        await ensureServer(`two concurrent ${body.name}`);
        if (server !== before) {
          // A restarted server listens elsewhere: probe it from a new prober.
          await prober.close();
          prober = await startProber(server.baseUrl);
        }
      }
      health.idle = summarize(health.busy.flatMap((b) => b.raw.idleProbes));
      return health;
    } finally {
      await prober.close();
    }
  };

  try {
    // --- per body, and the peer right after on the realistic ones ------------------------------
    const main: BodyResult[] = [];
    const peers: PeerRow[] = [];
    for (const body of bodies.main) {
      log(`body ${body.name} (${mib(body.bytes)} MiB, ${body.originalRows}/${body.reworkedRows} rows)…`);
      const r = await measureBody(server, body, { warmups: WARM_UP_ROUNDS, leastWarmupMs: options.quick ? 0 : LEAST_WARM_UP_MS, parallel: engineWorkers, runs: options.runs, leastRunMs: options.quick ? 0 : LEAST_RUN_MS, budgetMs: options.quick ? 10_000 : 45_000, timeoutMs: 120_000 });
      log(`  median ${ms(r.medianMs)} ms, floor ${ms(r.floorMs)} ms, ratio ${ratio(r.ratio)} after ${r.warmupRounds} warm-up rounds${r.error ? `, ERROR ${r.error}` : ''}`);
      main.push(r);
      await ensureServer(body.name);
      // Right after our own runs (the server idle meanwhile), so both see the same load on a shared machine.
      if (options.peer && PEER_BODIES.includes(body.name) && !r.error) {
        log(`  peer: daff on ${body.name}…`);
        const daff = await runDaff(body.json, {
          warmups: PEER_WARM_UPS,
          leastWarmupMs: options.quick ? 0 : LEAST_WARM_UP_MS,
          runs: 3,
          leastRunMs: options.quick ? 0 : LEAST_RUN_MS,
          timeoutMs: options.quick ? 30_000 : 90_000,
          tmpDir: join(RESULTS_DIR, 'tmp'),
        });
        // Cut off by the time limit before a timed run: its warm-up runs are all there is.
        const times = daff.ms.length > 0 ? daff.ms : daff.warmupMs;
        peers.push({ body: body.name, serviceMedianMs: r.medianMs, daff, daffMs: times.length > 0 ? median(times) : NaN });
      }
    }

    // --- growth ---------------------------------------------------------------------------------
    const growth: BodyResult[] = [];
    for (const body of bodies.growth) {
      const already = main.find((m) => m.name === body.name);
      if (already) {
        growth.push(already);
        continue;
      }
      log(`growth ${body.name}…`);
      growth.push(await measureBody(server, body, { warmups: 0, leastWarmupMs: 0, parallel: 1, runs: options.quick ? 2 : 3, leastRunMs: 0, budgetMs: 20_000, timeoutMs: 120_000 }));
      await ensureServer(body.name);
    }

    // --- health, idle and busy --------------------------------------------------------------------
    log('health: idle probes…');
    const health = await healthPhase();

    // --- throughput -------------------------------------------------------------------------------
    const throughput: ThroughputResult[] = [];
    const typical = bodies.main.find((b) => b.name === 'typical-500');
    if (typical) {
      for (const connections of THROUGHPUT_CONNECTIONS) {
        log(`throughput: typical-500, ${connections} connections, ${options.throughputSeconds} s…`);
        throughput.push(await measureThroughput(server.baseUrl, server.key, typical.json, connections, options.throughputSeconds, server.pid));
      }
    }

    const stoppedHow = await server.stop();
    agent.destroy();
    log(`server stopped (${stoppedHow})`);

    // --- server main-thread profile -------------------------------------------------------------
    let serverProfile: string | undefined;
    if (options.cpuProf) {
      try {
        const files = readdirSync(profileDir).filter((f) => f.endsWith('.cpuprofile'));
        const sections = files.map((f) => {
          const readMaybe = (path: string) => {
            try {
              return readFileSync(path, 'utf8');
            } catch {
              return undefined;
            }
          };
          const summary = summarizeProfile(JSON.parse(readFileSync(join(profileDir, f), 'utf8')) as CpuProfile, ROOT, sourceMapper(readMaybe));
          return `${relFile(join(profileDir, f))}\n${formatProfile(summary, 20)}`;
        });
        serverProfile = sections.join('\n\n');
      } catch (error) {
        serverProfile = `no profile read: ${(error as Error).message}`;
      }
    }

    // --- report -------------------------------------------------------------------------------------
    const sections: string[] = [];
    const env = `${cpus()[0]?.model ?? 'cpu'} × ${availableParallelism()}, ${(totalmem() / 1024 ** 3).toFixed(0)} GiB, Node ${process.version}`;
    sections.push(
      `# Benchmark ${startedAt.toISOString()}${options.quick ? ' (quick)' : ''}\n\n${env}; load average at the start ${loadAtStart}; ` +
        `server \`node ${(options.serverNodeArgs ?? SERVER_NODE_ARGS).join(' ')}\`; ENGINE_WORKERS ${options.workers ?? 'default'}; seed ${options.seed}; at least ${options.runs} recorded runs per body, and runs until ${options.quick ? 0 : LEAST_RUN_MS} ms have passed in them, after its warm-up: at least ${WARM_UP_ROUNDS} rounds of a request per engine worker, and rounds until ${options.quick ? 0 : LEAST_WARM_UP_MS} ms have passed in them.`,
    );

    sections.push(
      '## Per body (whole HTTP request vs the floor)\n\n' +
        table(
          ['body', 'rows o/r', 'MiB', 'median ms', 'p90 ms', 'floor ms', 'ratio', 'target', 'peak RSS MiB', `warm-up peak RSS MiB (${engineWorkers} at once)`, 'resp/req', 'approx', 'status'],
          main.map((r) => {
            const limit = r.family === 'realistic-30k' ? TARGETS.realisticRatio : r.family.startsWith('adv-') ? TARGETS.adversarialRatio : undefined;
            return [
              r.name,
              `${r.originalRows}/${r.reworkedRows}`,
              mib(r.bytes),
              ms(r.medianMs),
              ms(r.p90Ms),
              ms(r.floorMs),
              ratio(r.ratio),
              limit === undefined ? '' : `≤ ${limit}× ${verdict(r.ratio <= limit)}`,
              mib(r.peakRssBytes),
              Number.isFinite(r.warmupPeakRssBytes) ? mib(r.warmupPeakRssBytes) : '–',
              ratio(r.responseRatio),
              r.approximateEntries ?? '–',
              r.error ?? String(r.status),
            ];
          }),
        ),
    );

    const families = [...new Set(growth.map((g) => g.family))];
    const exponents = new Map<string, number>();
    const growthRows: Array<Array<string | number>> = [];
    for (const family of families) {
      const points = growth.filter((g) => g.family === family).sort((a, b) => a.size - b.size);
      const e = growthExponent(points.map((p) => ({ size: p.size, cost: p.medianMs })));
      exponents.set(family, e);
      for (const p of points) {
        const unit = p.sizeUnit === 'rows' ? 1000 : 100_000;
        growthRows.push([
          p.name,
          `${p.size} ${p.sizeUnit}`,
          ms(p.medianMs),
          ms(p.floorMs),
          ratio(p.ratio),
          `${ms(p.medianMs / (p.size / unit))} per ${p.sizeUnit === 'rows' ? '1k rows' : '100k chars'}`,
          p === points[points.length - 1] ? `${Number.isFinite(e) ? e.toFixed(2) : '–'} ${verdict(Number.isFinite(e) ? e <= TARGETS.growthExponent : undefined)}` : '',
          p.error ?? '',
        ]);
      }
    }
    sections.push(
      `## Growth (time ∝ size^exponent, least squares over the sizes; near-linear: ≤ ${TARGETS.growthExponent})\n\n` +
        table(['body', 'size', 'median ms', 'floor ms', 'ratio', 'cost per unit', 'exponent', 'error'], growthRows),
    );

    const healthRows: Array<Array<string | number>> = [];
    for (const b of health.busy) {
      const ok = b.probe.p99 <= TARGETS.healthP99Ms && b.probe.p99 <= TARGETS.healthVsIdle * b.idle.p99;
      healthRows.push([`idle, between the rounds of 2 × ${b.body}`, b.idle.n, ms(b.idle.median), ms(b.idle.p99), ms(b.idle.max), '', '', '']);
      const diffs = b.raw.diffs.map((d) => d.status).filter((s) => s !== 200);
      healthRows.push([
        `2 × ${b.body} running (${b.raw.rounds} rounds)`,
        b.probe.n,
        ms(b.probe.median),
        ms(b.probe.p99),
        ms(b.probe.max),
        mib(b.raw.peakRss),
        `${verdict(ok)}${b.raw.failedProbes > 0 ? `, ${b.raw.failedProbes} failed probes` : ''}`,
        diffs.length === 0 ? `all 200, median ${ms(median(b.raw.diffs.map((d) => d.ms)))} ms` : `non-200: ${diffs.join(',')}`,
      ]);
    }
    sections.push(
      `## Health probe latency (target: busy p99 ≤ ${TARGETS.healthP99Ms} ms and ≤ ${TARGETS.healthVsIdle}× idle p99; peak RSS ≤ 1024 MiB)\n\n` +
        table(['server', 'probes', 'p50 ms', 'p99 ms', 'max ms', 'peak RSS MiB', 'target', 'diffs'], healthRows),
    );

    if (throughput.length > 0) {
      const typicalFloor = main.find((r) => r.name === 'typical-500')?.floorMs ?? NaN;
      const errors = throughput.flatMap((t) => Object.entries(t.errorKinds).map(([k, n]) => `${t.connections} connections: ${k} ×${n}`));
      sections.push(
        `## Throughput (typical-500, autocannon; the server's CPU per request, all threads, against typical-500's floor of ${ms(typicalFloor)} ms)\n\n` +
          table(
            ['connections', 'requests/s', 'CPU ms/request', 'CPU ÷ floor', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms', 'ok', 'non-2xx', 'errors', 'seconds'],
            throughput.map((t) => [t.connections, t.requestsPerSecond.toFixed(1), ms(t.cpuMsPerRequest), ratio(t.cpuMsPerRequest / typicalFloor), ms(t.latencyMs.p50), ms(t.latencyMs.p90), ms(t.latencyMs.p99), ms(t.latencyMs.max), t.ok, t.non2xx, t.errors, t.durationS.toFixed(0)]),
          ) +
          (errors.length > 0 ? `\n\nrequest errors: ${errors.join('; ')}` : ''),
      );
    }

    if (peers.length > 0) {
      sections.push(
        '## Peer: daff (align + highlighter diff, in-process, excluding JSON.parse) vs the whole request\n\n' +
          table(
            ['body', 'service ms', 'daff ms', 'daff ÷ service', 'daff runs (warm-ups)', 'note'],
            peers.map((p) => [
              p.body,
              ms(p.serviceMedianMs),
              Number.isFinite(p.daffMs) ? ms(p.daffMs) : '–',
              Number.isFinite(p.daffMs) ? ratio(p.daffMs / p.serviceMedianMs) : '–',
              `${timedRuns(p.daff.ms)} (${warmUps(p.daff.warmupMs)})`,
              peerNote(p.daff),
            ]),
          ),
      );
    }

    // Targets.
    const r30 = main.find((r) => r.name === 'realistic-30k');
    const adv = main.filter((r) => r.family.startsWith('adv-'));
    const growthFamilies = [...exponents.entries()];
    const busy30k = health.busy.find((b) => b.body === 'realistic-30k');
    const busyP99 = busy30k?.probe.p99;
    const idleP99 = busy30k?.idle.p99 ?? NaN;
    // Two max-size diffs at once: the health rounds, and the warm-up rounds of the bodies when they
    // run two diffs at once (one per engine worker; two on this machine by default).
    const maxBusyRss = Math.max(...health.busy.map((b) => b.raw.peakRss));
    const warmups = engineWorkers === 2 ? main.filter((r) => Number.isFinite(r.warmupPeakRssBytes)) : [];
    const maxWarmupRss = Math.max(...warmups.map((r) => r.warmupPeakRssBytes));
    const maxTwoRss = Math.max(maxBusyRss, maxWarmupRss);
    const targetRows: Array<[string, string, boolean | undefined]> = [
      [`realistic-30k: request ≤ ${TARGETS.realisticRatio}× floor`, r30 ? ratio(r30.ratio) : '–', r30 && !r30.error ? r30.ratio <= TARGETS.realisticRatio : undefined],
      [
        'every adversarial body ≤ 10× floor',
        adv.map((r) => `${r.name} ${r.error ? 'error' : ratio(r.ratio)}`).join(', ') || '–',
        adv.length > 0 ? adv.every((r) => !r.error && r.ratio <= TARGETS.adversarialRatio) : undefined,
      ],
      [
        `near-linear growth (exponent ≤ ${TARGETS.growthExponent})`,
        growthFamilies.map(([f, e]) => `${f} ${Number.isFinite(e) ? e.toFixed(2) : '–'}`).join(', ') || '–',
        growthFamilies.length > 0 && growthFamilies.some(([, e]) => Number.isFinite(e)) ? growthFamilies.every(([, e]) => !Number.isFinite(e) || e <= TARGETS.growthExponent) : undefined,
      ],
      [
        'health p99 ≤ 100 ms and ≤ 2× idle p99, two 30k diffs running',
        busyP99 === undefined ? '–' : `${ms(busyP99)} ms (idle p99 ${ms(idleP99)} ms)`,
        busyP99 === undefined ? undefined : busyP99 <= TARGETS.healthP99Ms && busyP99 <= TARGETS.healthVsIdle * idleP99,
      ],
      [
        'peak RSS ≤ 1 GiB, two concurrent max-size diffs',
        health.busy.length > 0 || warmups.length > 0
          ? `${mib(maxTwoRss)} MiB (health rounds ${health.busy.length > 0 ? mib(maxBusyRss) : '–'}, warm-ups ${warmups.length > 0 ? mib(maxWarmupRss) : '–'})`
          : '–',
        health.busy.length > 0 || warmups.length > 0 ? maxTwoRss <= TARGETS.peakRssBytes : undefined,
      ],
      [
        'faster than daff on the realistic bodies',
        peers.map((p) => `${p.body} ${Number.isFinite(p.daffMs) ? ratio(p.daffMs / p.serviceMedianMs) : p.daff.timedOut ? 'daff timed out' : 'daff failed'}`).join(', ') || '–',
        peers.length > 0 ? peers.every((p) => (Number.isFinite(p.daffMs) ? p.daffMs > p.serviceMedianMs : p.daff.timedOut)) : undefined,
      ],
    ];
    sections.push('## Targets\n\n' + table(['target', 'measured', 'verdict'], targetRows.map(([a, b, c]) => [a, b, verdict(c)])));
    if (restarts.length > 0) sections.push(`## Server restarts\n\n${restarts.map((r) => `- ${r}`).join('\n')}`);
    if (serverProfile) sections.push(`## Server main-thread profile\n\n\`\`\`\n${serverProfile}\n\`\`\``);

    const text = sections.join('\n\n');
    process.stdout.write(`${text}\n`);

    const stamp = startedAt.toISOString().replace(/[:.]/g, '-');
    const json = {
      startedAt: startedAt.toISOString(),
      finishedAt: new Date().toISOString(),
      machine: env,
      options,
      targets: TARGETS,
      bodies: main,
      growth: growth.map((g) => ({ ...g, exponent: exponents.get(g.family) })),
      health: { idle: health.idle, busy: health.busy.map((b) => ({ body: b.body, probe: b.probe, idle: b.idle, rounds: b.raw.rounds, peakRssBytes: b.raw.peakRss, failedProbes: b.raw.failedProbes, diffs: b.raw.diffs, p50: quantile(b.raw.probes, 0.5) })) },
      throughput,
      peers,
      restarts,
      verdicts: targetRows.map(([target, measured, ok]) => ({ target, measured, ok })),
    };
    writeFileSync(join(RESULTS_DIR, `bench-${stamp}.json`), `${JSON.stringify(json, null, 2)}\n`);
    writeFileSync(join(RESULTS_DIR, 'latest.json'), `${JSON.stringify(json, null, 2)}\n`);
    writeFileSync(join(RESULTS_DIR, 'latest.md'), `${text}\n`);
    log(`\nresults: ${relFile(join(RESULTS_DIR, `bench-${stamp}.json`))} (and latest.json, latest.md); ${((Date.now() - startedAt.getTime()) / 1000).toFixed(0)} s in all`);
  } finally {
    if (!server.exited()) await server.stop();
    agent.destroy();
  }
}

main().catch((error: unknown) => {
  log(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
