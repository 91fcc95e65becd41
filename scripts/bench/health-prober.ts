/**
 * A health prober in its own worker thread, so that the benchmark's main thread (which also
 * receives multi-megabyte diff responses) cannot delay a probe and inflate its latency: the figure
 * is the server's, not the client's.
 *
 * The thread probes GET /v1/health sequentially, `gapMs` apart, until told to stop, then posts the
 * latencies (ms) and the number of failed probes.
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { join } from 'node:path';
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

/** Starts probing `baseUrl` from a worker thread. */
export function startProber(baseUrl: string, gapMs: number, maxProbes = 0): Prober {
  const worker = new Worker(join(__dirname, 'health-prober.js'), { workerData: { baseUrl, gapMs, maxProbes } satisfies ProberData });
  const finished = new Promise<ProbeSamples>((resolve, reject) => {
    worker.once('message', (samples: ProbeSamples) => {
      void worker.terminate();
      resolve(samples);
    });
    worker.once('error', reject);
  });
  return {
    finished,
    stop() {
      worker.postMessage('stop');
      return finished;
    },
  };
}

async function probeLoop(data: ProberData): Promise<void> {
  const port = parentPort;
  if (!port) return;
  let stopping = false;
  port.on('message', () => (stopping = true));
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
  port.postMessage(samples);
}

if (!isMainThread && (workerData as ProberData | undefined)?.baseUrl !== undefined) void probeLoop(workerData as ProberData);
