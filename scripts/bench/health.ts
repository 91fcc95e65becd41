/**
 * Health-probe latency (decisions D1.9, issue 4): idle, and while two max-size diffs run at once.
 * Probes come from one long-lived, warmed-up prober process (health-prober.ts), sequential and a
 * fixed gap apart like a load balancer's, each timed end to end.
 */
import { postDiff, type Timed } from './http-client';
import type { Prober } from './health-prober';
import type { ServerHandle } from './server-process';

export interface BusyProbe {
  /** Health latencies while the diffs were in flight, ms. */
  probes: number[];
  /**
   * Health latencies of the idle server between the rounds, as many after each round as were
   * taken during it: the same order statistic, under the machine's load of the same moments.
   */
  idleProbes: number[];
  /** Each diff's status and time. */
  diffs: Array<{ status: number; ms: number }>;
  rounds: number;
  peakRss: number;
  /** Probes that failed (non-200 or network error). */
  failedProbes: number;
}

/**
 * Rounds of two concurrent diffs of `body`, probing health every `gapMs` while they are in
 * flight, and after each round, once the server has had `settleMs` to finish its own work, as
 * many probes of the idle server. Goes on until at least `rounds` rounds have run and `minProbes`
 * busy probes have been taken, or once `maxMs` have passed (at least one round). `minProbes` lets
 * the p99s rest on enough probes: from ~100 probes a p99 is the largest but one, from 300 the
 * fourth.
 *
 * Why idle probes between the rounds rather than one idle block before them: this machine's speed
 * drifts within a run (a neighbour's load comes and goes; the same diff took 176-284 ms within
 * one run), so a p99 taken a minute earlier is a p99 of another machine. Interleaved, both p99s
 * sample the same moments.
 */
export async function probeWhileBusy(
  server: ServerHandle,
  prober: Prober,
  body: Buffer,
  options: { rounds: number; minProbes?: number; gapMs: number; settleMs: number; maxMs: number; diffTimeoutMs: number },
): Promise<BusyProbe> {
  const result: BusyProbe = { probes: [], idleProbes: [], diffs: [], rounds: 0, peakRss: 0, failedProbes: 0 };
  const started = Date.now();
  server.resetPeak();
  const wanted = () => result.rounds < options.rounds || result.probes.length + result.failedProbes < (options.minProbes ?? 0);
  while (wanted() && (result.rounds === 0 || Date.now() - started < options.maxMs)) {
    const done = (r: Timed | Error) => {
      result.diffs.push(r instanceof Error ? { status: 0, ms: NaN } : { status: r.status, ms: r.ms });
    };
    // Only status and time are needed: the answers are counted, not kept (http-client.ts).
    const diffs = [0, 1].map(() => postDiff(server.baseUrl, server.key, body, options.diffTimeoutMs, false).then(done, done));
    // Probing starts as both requests are sent and ends when both have been answered.
    prober.record(options.gapMs);
    await Promise.all(diffs);
    const samples = await prober.stop();
    result.probes.push(...samples.latencies);
    result.failedProbes += samples.failed;
    result.rounds++;
    await new Promise((resolve) => setTimeout(resolve, options.settleMs));
    const idle = await prober.take(Math.max(1, samples.latencies.length), options.gapMs);
    if (idle.failed > 0) throw new Error(`${idle.failed} health probes failed on the idle server between rounds`);
    result.idleProbes.push(...idle.latencies);
  }
  result.peakRss = server.peakRss();
  return result;
}
