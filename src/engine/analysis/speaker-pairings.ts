/**
 * `analysis.speakerMapping`: the speaker pairings the alignment gives (speaker-mapping.ts
 * SpeakerPairing), their one-to-one mapping, and the MODIFIED rows whose speaker still differs
 * once the original labels are mapped.
 *
 * Labels are the normalised speaker values SACR compares (prepared-sides.ts, D7.9), so that with every
 * label mapped to itself the mapped count is exactly `counts.speakerChanged`; an empty value is
 * no label. Pairings, weighted by reference words (words.ts):
 * - UNCHANGED, MODIFIED: the original row's label against the reworked row's, weight the reworked
 *   row's words;
 * - SPLIT: the original row's label against each piece's, weight that piece's words;
 * - MERGED: each original piece's label against the reworked row's, weight that piece's words
 *   (the reference is one row: a piece explains about as much of it as it has words);
 * - ADDED, DELETED: no partner, no pairing. A row without a label takes no part.
 */
import type { SpeakerMapping } from '../types';
import { ModifiedRowSpeakers, SpeakerPairing, mappedChanges, mapSpeakers } from './speaker-mapping';
import type { ScoringUnit } from '../scoring/unit-counts';
import type { Prepared } from '../prepare/prepared-sides';
import { wordCount } from '../text/words';

/**
 * Labels of one side that the assignment (O(k³) in the labels) weighs at most. A speaker column
 * that holds an id per row would otherwise cost hours; past this, the labels of each side with
 * the most support are mapped and the rest stay unmapped.
 */
export const MAX_MAPPED_LABELS = 256;

/**
 * The mapping, or null when the request has no speaker column. `unitWords`, when the caller has
 * counted them, gives a one-to-one unit's reference words (its reworked row's), sparing a count.
 */
export function speakerMappingOf(prep: Prepared, units: readonly ScoringUnit[], unitWords: ((unit: number) => number) | null = null): SpeakerMapping | null {
  const original = prep.original.speaker;
  const reworked = prep.reworked.speaker;
  if (original === null || reworked === null) return null;
  const refWords = (r: number) => wordCount(prep.reworked.transcript[r]);
  const hypWords = (o: number) => wordCount(prep.original.transcript[o]);
  // Weights summed per pair of labels as they come: a few labels over thousands of rows.
  const support = new Map<string, Map<string, number>>();
  const pair = (o: number, r: number, weight: number): void => {
    const from = original[o];
    const to = reworked[r];
    if (from === '' || to === '') return;
    let row = support.get(from);
    if (row === undefined) support.set(from, (row = new Map()));
    row.set(to, (row.get(to) ?? 0) + weight);
  };
  // MODIFIED rows per pair of labels ('' for none): a few combinations over thousands of rows.
  const modified = new Map<string, Map<string, number>>();
  let modifiedRows = 0;
  units.forEach((unit, u) => {
    const hyp = unit.originalIndices;
    const ref = unit.reworkedIndices;
    switch (unit.status) {
      case 'MODIFIED':
        {
          let row = modified.get(original[hyp[0]]);
          if (row === undefined) modified.set(original[hyp[0]], (row = new Map()));
          row.set(reworked[ref[0]], (row.get(reworked[ref[0]]) ?? 0) + 1);
          modifiedRows++;
        }
        pair(hyp[0], ref[0], unitWords === null ? refWords(ref[0]) : unitWords(u));
        break;
      case 'UNCHANGED':
        pair(hyp[0], ref[0], unitWords === null ? refWords(ref[0]) : unitWords(u));
        break;
      case 'SPLIT':
        for (const r of ref) pair(hyp[0], r, refWords(r));
        break;
      case 'MERGED':
        for (const o of hyp) pair(o, ref[0], hypWords(o));
        break;
      default:
        break;
    }
  });
  const pairings: SpeakerPairing[] = [];
  for (const [from, row] of support) for (const [to, weight] of row) pairings.push({ original: from, reworked: to, weight });
  const labels = {
    originalLabels: distinctLabels(original),
    reworkedLabels: distinctLabels(reworked),
  };
  const assignment = mapSpeakers(withinLabelCap(pairings), labels);
  let mappedSpeakerChanged = 0;
  for (const [from, row] of modified) {
    for (const [to, rows] of row) {
      const speakers: ModifiedRowSpeakers = { original: from === '' ? null : from, reworked: to === '' ? null : to };
      mappedSpeakerChanged += rows * mappedChanges([speakers], assignment);
    }
  }
  return {
    ...assignment,
    mappedSpeakerChanged,
    modifiedRows,
    mappedSACR: modifiedRows === 0 ? 0 : mappedSpeakerChanged / modifiedRows,
  };
}

function distinctLabels(labels: readonly string[]): string[] {
  const seen = new Set(labels);
  seen.delete('');
  return [...seen];
}

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The pairings among the MAX_MAPPED_LABELS labels of each side with the most support (ties: code-unit order). */
function withinLabelCap(pairings: SpeakerPairing[]): SpeakerPairing[] {
  const originalSupport = new Map<string, number>();
  const reworkedSupport = new Map<string, number>();
  for (const p of pairings) {
    if (p.weight === 0) continue;
    originalSupport.set(p.original, (originalSupport.get(p.original) ?? 0) + p.weight);
    reworkedSupport.set(p.reworked, (reworkedSupport.get(p.reworked) ?? 0) + p.weight);
  }
  if (originalSupport.size <= MAX_MAPPED_LABELS && reworkedSupport.size <= MAX_MAPPED_LABELS) return pairings;
  const strongest = (support: Map<string, number>) =>
    new Set([...support].sort((x, y) => y[1] - x[1] || byCodeUnits(x[0], y[0])).slice(0, MAX_MAPPED_LABELS).map(([label]) => label));
  const keptOriginal = strongest(originalSupport);
  const keptReworked = strongest(reworkedSupport);
  return pairings.filter((p) => keptOriginal.has(p.original) && keptReworked.has(p.reworked));
}
