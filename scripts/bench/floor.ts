/**
 * The floor: what any Node service pays for a body and its answer, measured in this process on
 * the same bodies, in the same run. JSON.parse of the request body plus JSON.stringify of the
 * response that the server returned (parsed once beforehand, outside the clock).
 */

/** Times the floor of one body, one repetition at a time. */
export interface FloorMeter {
  /** Milliseconds of one JSON.parse(body) + JSON.stringify(response). */
  sample(): number;
}

/**
 * A meter for the floor of `body` and its `responseText`. Its samples are meant to be taken
 * between the requests they are compared with, so that both see the machine in the same state:
 * on a shared machine whose speed drifts over a run, a floor measured only after all the
 * requests made their ratio move by a third (realistic-30k: floor 62 ms in one run, 89 ms in
 * the next, the requests alike).
 */
export function floorMeter(body: string, responseText: string): FloorMeter {
  const response: unknown = JSON.parse(responseText);
  let sink = 0;
  const once = (): number => {
    const start = process.hrtime.bigint();
    const parsed = JSON.parse(body) as { original: unknown[] };
    const text = JSON.stringify(response);
    const elapsed = Number(process.hrtime.bigint() - start) / 1e6;
    // Keep both results observable so that neither call can be optimised away.
    sink += parsed.original.length + text.length;
    if (sink < 0) throw new Error('unreachable');
    return elapsed;
  };
  // One unrecorded warm-up pass: the first parse of a large text pays for code that is not yet optimised.
  once();
  return { sample: once };
}
