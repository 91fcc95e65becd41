/**
 * A health prober in a process of its own, like a load balancer's: the benchmark's process also
 * receives the multi-megabyte diff answers, and a prober sharing it (even on its own thread, as
 * at first) measured that process's load as much as the server's. Three runs each of the busy
 * measurement (scratch harness, same server): busy p99 20-25 ms from a thread, 11.6-13.3 ms from
 * a process, against idle p99s of 5-8 ms in both. The figure is the server's, not the client's.
 *
 * The prober is also long-lived and warmed up, like a load balancer: one process serves the whole
 * health phase and sends `WARMUP_PROBES` unrecorded probes first. A fresh process per measurement
 * timed its own start-up in its first probe (connection set-up, code not yet compiled: 10-20 ms
 * where the rest took 1-2 ms), and with one fresh process per busy round those first probes were
 * three of the four slowest of ~330, so they set the busy p99.
 *
 * The child probes GET /v1/health sequentially, `gapMs` apart, the whole time; it keeps the
 * latencies (ms) and counts failed probes only between `record` and the end of the recording.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { getHealth } from './http-client';

export interface ProbeSamples {
  latencies: number[];
  failed: number;
}

/** Probes sent (and not recorded) before the prober reports ready. */
export const WARMUP_PROBES = 20;

/** A running prober. One recording at a time. */
export interface Prober {
  /** Records `count` probes sent `gapMs` apart, then resolves with them. */
  take(count: number, gapMs: number): Promise<ProbeSamples>;
  /** Starts recording probes sent `gapMs` apart until `stop()`. */
  record(gapMs: number): void;
  /** Ends the recording that `record` started; resolves with its probes. */
  stop(): Promise<ProbeSamples>;
  /** Ends the child process. */
  close(): Promise<void>;
}

type ToChild = { type: 'record'; gapMs: number; count: number } | { type: 'stop' } | { type: 'exit' };
type FromChild = { type: 'ready' } | { type: 'samples'; samples: ProbeSamples };

/** Environment variable carrying the base URL to the child. */
const PROBER_URL = 'BENCH_PROBER_URL';

/** Starts a prober of `baseUrl` in a child process; resolves once its warm-up probes are done. */
export async function startProber(baseUrl: string): Promise<Prober> {
  const child: ChildProcess = fork(__filename, [], { env: { ...process.env, [PROBER_URL]: baseUrl }, stdio: 'inherit' });
  let pending: { resolve: (s: ProbeSamples) => void; reject: (e: Error) => void } | null = null;
  let failure: Error | null = null;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = new Promise<void>((resolve, reject) => {
    child.on('message', (message: FromChild) => {
      if (message.type === 'ready') resolve();
      else if (pending) {
        const p = pending;
        pending = null;
        p.resolve(message.samples);
      }
    });
    child.once('exit', (code) => {
      failure = new Error(`health prober exited (${code}) before reporting`);
      reject(failure);
      pending?.reject(failure);
      pending = null;
    });
  });
  await ready;
  const send = (message: ToChild) => child.send(message);
  const awaitSamples = () =>
    new Promise<ProbeSamples>((resolve, reject) => {
      if (failure) return reject(failure);
      if (pending) return reject(new Error('the prober is already recording'));
      pending = { resolve, reject };
    });
  return {
    take(count, gapMs) {
      const samples = awaitSamples();
      send({ type: 'record', gapMs, count });
      return samples;
    },
    record(gapMs) {
      send({ type: 'record', gapMs, count: 0 });
    },
    stop() {
      const samples = awaitSamples();
      send({ type: 'stop' });
      return samples;
    },
    async close() {
      if (child.connected) send({ type: 'exit' });
      await exited;
    },
  };
}

async function probeLoop(baseUrl: string): Promise<void> {
  let gapMs = 5;
  let recording: { samples: ProbeSamples; count: number } | null = null;
  let exiting = false;
  const report = () => {
    if (!recording) return;
    process.send?.({ type: 'samples', samples: recording.samples } satisfies FromChild);
    recording = null;
  };
  process.on('message', (message: ToChild) => {
    if (message.type === 'record') {
      gapMs = message.gapMs;
      recording = { samples: { latencies: [], failed: 0 }, count: message.count };
    } else if (message.type === 'stop') {
      report();
    } else {
      exiting = true;
    }
  });
  let sent = 0;
  while (!exiting) {
    let ms = -1;
    try {
      const r = await getHealth(baseUrl);
      if (r.status === 200) ms = r.ms;
    } catch {
      // A failed probe: counted below when recording.
    }
    if (++sent === WARMUP_PROBES) process.send?.({ type: 'ready' } satisfies FromChild);
    const current = recording as { samples: ProbeSamples; count: number } | null;
    if (current) {
      if (ms >= 0) current.samples.latencies.push(ms);
      else current.samples.failed++;
      if (current.count > 0 && current.samples.latencies.length + current.samples.failed >= current.count) report();
    }
    await new Promise<void>((resolve) => setTimeout(resolve, gapMs));
  }
  process.exit(0);
}

const childUrl = process.env[PROBER_URL];
if (childUrl !== undefined && process.send !== undefined) void probeLoop(childUrl);
