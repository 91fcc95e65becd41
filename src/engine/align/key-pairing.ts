/**
 * `config.pairBy`: rows paired by an utterance id, as sclite pairs the utterances of two `trn`
 * files. The n-th row carrying an id on one side is paired with the n-th row carrying it on the
 * other; an id on one side only, or a row with no id, stays unpaired (DELETED or ADDED). No splits
 * or merges: an id names one utterance.
 *
 * Results follow the original's order; when the two files list their ids in different orders the
 * pairs cross, and each unpaired reworked row is placed before the first pair whose reworked row
 * comes after it, so that every row is still in exactly one entry (D6.2).
 */
import type { Bead } from './bead-programme';

export function keyedPath(originalKeys: readonly string[], reworkedKeys: readonly string[]): Bead[] {
  // Reworked rows by id, in order, consumed as the original's rows claim them.
  const waiting = new Map<string, number[]>();
  reworkedKeys.forEach((key, r) => {
    if (key === '') return;
    const rows = waiting.get(key);
    if (rows === undefined) waiting.set(key, [r]);
    else rows.push(r);
  });
  const partner = new Int32Array(originalKeys.length).fill(-1);
  const claimed = new Uint8Array(reworkedKeys.length);
  originalKeys.forEach((key, o) => {
    const rows = key === '' ? undefined : waiting.get(key);
    if (rows === undefined || rows.length === 0) return;
    const r = rows.shift() as number;
    partner[o] = r;
    claimed[r] = 1;
  });

  const beads: Bead[] = [];
  let nextAdded = 0;
  const addUpTo = (limit: number): void => {
    for (; nextAdded < limit; nextAdded++) if (!claimed[nextAdded]) beads.push({ kind: 'add', oi: [], ri: [nextAdded] });
  };
  for (let o = 0; o < originalKeys.length; o++) {
    const r = partner[o];
    if (r < 0) {
      beads.push({ kind: 'del', oi: [o], ri: [] });
      continue;
    }
    addUpTo(r);
    beads.push({ kind: 'pair', oi: [o], ri: [r] });
  }
  addUpTo(reworkedKeys.length);
  return beads;
}
