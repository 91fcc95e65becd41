/**
 * Health-probe latency (decisions D1.9, issue 4): idle, and while two max-size diffs run at once.
 * Probes are sequential, a fixed gap apart, like a load balancer's; each is timed end to end.
 */
import { getHealth, postDiff, type Timed } from './http-client';
import type { ServerHandle } from './server-process';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `count` probes `gapMs` apart on an idle server; latencies in ms. */
export async function probeIdle(server: ServerHandle, count: number, gapMs: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const r = await getHealth(server.baseUrl);
    if (r.status !== 200) throw new Error(`health answered ${r.status}`);
    out.push(r.ms);
    await sleep(gapMs);
  }
  return out;
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
 * Rounds of two concurrent diffs of `body`, probing health every `gapMs` while either is in
 * flight; stops after `rounds` rounds or once `maxMs` have passed (at least one round).
 */
export async function probeWhileBusy(server: ServerHandle, body: Buffer, options: { rounds: number; gapMs: number; maxMs: number; diffTimeoutMs: number }): Promise<BusyProbe> {
  const result: BusyProbe = { probes: [], diffs: [], rounds: 0, peakRss: 0, failedProbes: 0 };
  const started = Date.now();
  server.resetPeak();
  while (result.rounds < options.rounds && (result.rounds === 0 || Date.now() - started < options.maxMs)) {
    let inFlight = 2;
    const done = (r: Timed | Error) => {
      inFlight--;
      result.diffs.push(r instanceof Error ? { status: 0, ms: NaN } : { status: r.status, ms: r.ms });
    };
    const diffs = [0, 1].map(() => postDiff(server.baseUrl, server.key, body, options.diffTimeoutMs).then(done, done));
    // Let both requests reach the server before the first probe.
    await sleep(options.gapMs);
    while (inFlight > 0) {
      try {
        const r = await getHealth(server.baseUrl);
        if (r.status === 200) result.probes.push(r.ms);
        else result.failedProbes++;
      } catch {
        result.failedProbes++;
      }
      await sleep(options.gapMs);
    }
    await Promise.all(diffs);
    result.rounds++;
  }
  result.peakRss = server.peakRss();
  return result;
}
