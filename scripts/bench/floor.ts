/**
 * The floor: what any Node service pays for a body and its answer, measured in this process on
 * the same bodies, in the same run. JSON.parse of the request body plus JSON.stringify of the
 * response that the server returned (parsed once beforehand, outside the clock).
 */

/** Milliseconds of JSON.parse(body) + JSON.stringify(response), `runs` times. */
export function measureFloor(body: string, responseText: string, runs: number): number[] {
  const response: unknown = JSON.parse(responseText);
  const out: number[] = [];
  let sink = 0;
  // One unrecorded warm-up pass: the first parse of a large text pays for code that is not yet optimised.
  for (let i = -1; i < runs; i++) {
    const start = process.hrtime.bigint();
    const parsed = JSON.parse(body) as { original: unknown[] };
    const text = JSON.stringify(response);
    if (i >= 0) out.push(Number(process.hrtime.bigint() - start) / 1e6);
    // Keep both results observable so that neither call can be optimised away.
    sink += parsed.original.length + text.length;
  }
  if (sink < 0) throw new Error('unreachable');
  return out;
}
