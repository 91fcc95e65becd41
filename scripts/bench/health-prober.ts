/**
 * A health prober in a process of its own, like a load balancer's: the benchmark's process also
 * receives the multi-megabyte diff answers, and a prober sharing it (even on its own thread, as
 * at first) measured that process's load as much as the server's. Three runs each of the busy
 * measurement (scratch harness, same server): busy p99 20-25 ms from a thread, 11.6-13.3 ms from
 * a process, against idle p99s of 5-8 ms in both. The figure is the server's, not the client's.
 *
 * The child probes GET /v1/health sequentially, `gapMs` apart, until told to stop, then sends the
 * latencies (ms) and the number of failed probes.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { getHealth } from './http-client';

export interface ProbeSamples {
  latencies: number[];
  failed: number;
}

interface ProberData {
  baseUrl: string;
  gapMs: number;
  /** Stop by itself after this many probes (0: only when told). */
  maxProbes: number;
}

/** A running prober; `stop()` resolves with every latency measured. */
export interface Prober {
  stop(): Promise<ProbeSamples>;
  /** Resolves when the prober stopped by itself (after maxProbes). */
  finished: Promise<ProbeSamples>;
}

/** Environment variable carrying the child's ProberData. */
const PROBER_DATA = 'BENCH_PROBER_DATA';

/** Starts probing `baseUrl` from a child process. */
export function startProber(baseUrl: string, gapMs: number, maxProbes = 0): Prober {
  const data: ProberData = { baseUrl, gapMs, maxProbes };
  const child: ChildProcess = fork(__filename, [], { env: { ...process.env, [PROBER_DATA]: JSON.stringify(data) }, stdio: 'inherit' });
  const finished = new Promise<ProbeSamples>((resolve, reject) => {
    child.once('message', (samples: ProbeSamples) => resolve(samples));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`health prober exited (${code}) before reporting`)));
  });
  return {
    finished,
    stop() {
      child.send('stop');
      return finished;
    },
  };
}

async function probeLoop(data: ProberData): Promise<void> {
  let stopping = false;
  process.on('message', () => (stopping = true));
  const samples: ProbeSamples = { latencies: [], failed: 0 };
  while (!stopping && (data.maxProbes === 0 || samples.latencies.length + samples.failed < data.maxProbes)) {
    try {
      const r = await getHealth(data.baseUrl);
      if (r.status === 200) samples.latencies.push(r.ms);
      else samples.failed++;
    } catch {
      samples.failed++;
    }
    await new Promise<void>((resolve) => setTimeout(resolve, data.gapMs));
  }
  process.send?.(samples, () => process.exit(0));
}

const childData = process.env[PROBER_DATA];
if (childData !== undefined && process.send !== undefined) void probeLoop(JSON.parse(childData) as ProberData);
