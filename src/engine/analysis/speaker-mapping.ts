/**
 * Which original speaker label is which reworked one ("A"/"B" against "Maria"/"Tom", `spk_0`,
 * "Barret Zoph:" against "Barrett Zoph"), from the rows the alignment paired, and the speaker
 * changes that remain once the labels are mapped.
 *
 * Labels are compared exactly, as the caller gives them (normalised speaker values); the caller
 * leaves rows without a label out of the pairings and passes their label as null.
 */
import { maxWeightAssignment } from './assignment';
import type { SpeakerMapping } from '../types';

/** One paired row, or one piece of a split or merge, with the labels on its two sides. */
export interface SpeakerPairing {
  original: string;
  reworked: string;
  /** Reference words of this pairing (a non-negative integer). */
  weight: number;
}

/** Every label that occurs in the rows of each side, paired or not. */
export interface SpeakerLabels {
  originalLabels: readonly string[];
  reworkedLabels: readonly string[];
}

/** The mapping part of SpeakerMapping, before the MODIFIED rows are counted. */
export type SpeakerAssignment = Pick<SpeakerMapping, 'pairs' | 'unmappedOriginal' | 'unmappedReworked'>;

/** The two labels of a MODIFIED row (null: that side's row has no speaker). */
export interface ModifiedRowSpeakers {
  original: string | null;
  reworked: string | null;
}

/** Code-unit order: the same in every locale and runtime, unlike localeCompare. */
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The one-to-one mapping of original labels to reworked labels that best explains the pairings.
 * A pair's support is the sum of the weights of the pairings that carry its two labels; the
 * mapping maximises the total support of its pairs; among those, it maps the most labels to
 * themselves; among those, the tie rule of assignment.ts over labels in code-unit order (the
 * first original label takes the first reworked label it can, and so on). Pairs of zero support
 * explain nothing and are never mapped. Labels of the pairings missing from `labels` are added.
 * Pairs are sorted by support (descending), then original, then reworked label; the unmapped
 * lists by label. Throws a RangeError when a weight is not a non-negative integer.
 */
export function mapSpeakers(pairings: readonly SpeakerPairing[], labels: SpeakerLabels): SpeakerAssignment {
  const support = new Map<string, Map<string, number>>();
  const originals = new Set(labels.originalLabels);
  const reworkeds = new Set(labels.reworkedLabels);
  pairings.forEach((p, index) => {
    if (!Number.isSafeInteger(p.weight) || p.weight < 0) {
      throw new RangeError(`speaker pairings[${index}].weight is ${p.weight}, not a non-negative integer`);
    }
    originals.add(p.original);
    reworkeds.add(p.reworked);
    if (p.weight === 0) return;
    let row = support.get(p.original);
    if (row === undefined) support.set(p.original, (row = new Map()));
    row.set(p.reworked, (row.get(p.reworked) ?? 0) + p.weight);
  });

  // Only labels with some support can be mapped; leaving the rest out keeps the matrix small
  // and does not change the tie rule's order among the labels that stay.
  const rowLabels = [...support.keys()].sort(byCodeUnits);
  const columnSet = new Set<string>();
  for (const row of support.values()) for (const label of row.keys()) columnSet.add(label);
  const columnLabels = [...columnSet].sort(byCodeUnits);
  const columnIndex = new Map(columnLabels.map((label, c) => [label, c]));

  // Support first, identical labels second, exactly: at most min(rows, columns) identical pairs,
  // so a bonus of 1 each, on a support scaled by one more than that, never outweighs one word.
  const scale = Math.min(rowLabels.length, columnLabels.length) + 1;
  const weights = rowLabels.map((original) => {
    const line = new Array<number>(columnLabels.length).fill(0);
    for (const [reworked, s] of support.get(original)!) {
      line[columnIndex.get(reworked)!] = s * scale + (original === reworked ? 1 : 0);
    }
    return line;
  });
  const { pairs: assigned } = maxWeightAssignment(weights);

  const pairs = assigned.map(({ row, column }) => {
    const original = rowLabels[row];
    const reworked = columnLabels[column];
    return { original, reworked, support: support.get(original)!.get(reworked)! };
  });
  pairs.sort((a, b) => b.support - a.support || byCodeUnits(a.original, b.original) || byCodeUnits(a.reworked, b.reworked));
  const mappedOriginal = new Set(pairs.map((p) => p.original));
  const mappedReworked = new Set(pairs.map((p) => p.reworked));
  return {
    pairs,
    unmappedOriginal: [...originals].filter((label) => !mappedOriginal.has(label)).sort(byCodeUnits),
    unmappedReworked: [...reworkeds].filter((label) => !mappedReworked.has(label)).sort(byCodeUnits),
  };
}

/**
 * MODIFIED rows whose mapped original label differs from the reworked label: the numerator of
 * the mapped speaker-change rate. A mapped original label stands for its partner; an unmapped
 * one stands for itself (no pairing says what else it could be), so with no pairs this is
 * exactly SACR's numerator. Null stands for no speaker and equals only null, as SACR compares an
 * absent speaker as ''.
 */
export function mappedChanges(modified: readonly ModifiedRowSpeakers[], mapping: Pick<SpeakerMapping, 'pairs'>): number {
  const partner = new Map(mapping.pairs.map((p) => [p.original, p.reworked]));
  let changed = 0;
  for (const row of modified) {
    const mapped = row.original === null ? null : (partner.get(row.original) ?? row.original);
    if (mapped !== row.reworked) changed++;
  }
  return changed;
}
