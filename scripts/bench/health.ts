/**
 * Health-probe latency (decisions D1.9, issue 4): idle, and while two max-size diffs run at once.
 * Probes come from one long-lived, warmed-up prober process (health-prober.ts), sequential and a
 * fixed gap apart like a load balancer's, each timed end to end.
 */
import { postDiff, type Timed } from './http-client';
import type { Prober } from './health-prober';
import type { ServerHandle } from './server-process';

/** `count` probes `gapMs` apart on an idle server; latencies in ms. */
export async function probeIdle(prober: Prober, count: number, gapMs: number): Promise<number[]> {
  const samples = await prober.take(count, gapMs);
  if (samples.failed > 0) throw new Error(`${samples.failed} of ${count} health probes failed on the idle server`);
  return samples.latencies;
}

export interface BusyProbe {
  /** Health latencies while the diffs were in flight, ms. */
  probes: number[];
  /** Each diff's status and time. */
  diffs: Array<{ status: number; ms: number }>;
  rounds: number;
  peakRss: number;
  /** Probes that failed (non-200 or network error). */
  failedProbes: number;
}

/**
 * Rounds of two concurrent diffs of `body`, probing health every `gapMs` while they are in
 * flight; goes on until at least `rounds` rounds have run and `minProbes` probes have been taken,
 * or once `maxMs` have passed (at least one round). `minProbes` lets the busy p99 rest on as many
 * probes as the idle one: from ~100 probes a p99 is the largest but one, from 300 the fourth.
 */
export async function probeWhileBusy(
  server: ServerHandle,
  prober: Prober,
  body: Buffer,
  options: { rounds: number; minProbes?: number; gapMs: number; maxMs: number; diffTimeoutMs: number },
): Promise<BusyProbe> {
  const result: BusyProbe = { probes: [], diffs: [], rounds: 0, peakRss: 0, failedProbes: 0 };
  const started = Date.now();
  server.resetPeak();
  const wanted = () => result.rounds < options.rounds || result.probes.length + result.failedProbes < (options.minProbes ?? 0);
  while (wanted() && (result.rounds === 0 || Date.now() - started < options.maxMs)) {
    const done = (r: Timed | Error) => {
      result.diffs.push(r instanceof Error ? { status: 0, ms: NaN } : { status: r.status, ms: r.ms });
    };
    const diffs = [0, 1].map(() => postDiff(server.baseUrl, server.key, body, options.diffTimeoutMs).then(done, done));
    // Probing starts as both requests are sent and ends when both have been answered.
    prober.record(options.gapMs);
    await Promise.all(diffs);
    const samples = await prober.stop();
    result.probes.push(...samples.latencies);
    result.failedProbes += samples.failed;
    result.rounds++;
  }
  result.peakRss = server.peakRss();
  return result;
}
