/**
 * How two sides' rows go to the engine, in the command line, the batch and the viewer alike. Two
 * files that both name their utterances (trn, Kaldi text) are paired by id, as sclite and
 * compute-wer pair them (config.pairBy), unless the config pairs otherwise. Wherever the ids pair
 * nothing (a partner file without ids, positionalMode, or config.pairBy naming another column),
 * they would only make rows differ by a column that is not text: they are dropped, and said so.
 * A side with no rows is compared too, but never in silence; two sides with none are not
 * compared at all (`nothingToCompare`): a grade from nothing would read as a perfect transcript.
 *
 * Plain data in and out (no file system): the browser bundle uses it.
 */
import type { DiffConfig } from '../engine/index';
import type { TranscriptRow } from '../formats/types';

export const UTTERANCE_ID = 'utterance_id';

export interface Side {
  /** The file's name, for messages. */
  name: string;
  rows: TranscriptRow[];
}

/** The refusal of two sides that hold no row between them, or null when there is something to compare. */
export function nothingToCompare(original: Side, reworked: Side): string | null {
  if (original.rows.length > 0 || reworked.rows.length > 0) return null;
  return `${original.name}, ${reworked.name}: neither file has a row: nothing to compare`;
}

const hasIds = (side: Side) => side.rows.some((row) => row.utterance_id !== undefined);

/** The config to send and the sides' rows, ids dropped from a side whose partner has none; `warn` hears why. */
export function pairSides(original: Side, reworked: Side, config: Partial<DiffConfig>, warn: (message: string) => void): { config: Partial<DiffConfig>; original: TranscriptRow[]; reworked: TranscriptRow[] } {
  if (original.rows.length === 0) warn(`${original.name}: no rows; every reference row counts as ADDED`);
  if (reworked.rows.length === 0) warn(`${reworked.name}: no rows; every original row counts as DELETED`);
  const [originalIds, reworkedIds] = [hasIds(original), hasIds(reworked)];
  const withoutIds = (rows: TranscriptRow[]) => rows.map(({ utterance_id: _id, ...row }) => row);
  if (originalIds && reworkedIds) {
    if (config.positionalMode === true) {
      warn(`${original.name}, ${reworked.name}: utterance ids are not used: positionalMode pairs rows by position`);
      return { config, original: withoutIds(original.rows), reworked: withoutIds(reworked.rows) };
    }
    if (config.pairBy !== undefined && config.pairBy.toLowerCase() !== UTTERANCE_ID) {
      warn(`${original.name}, ${reworked.name}: utterance ids are not used: config.pairBy pairs rows by ${config.pairBy}`);
      return { config, original: withoutIds(original.rows), reworked: withoutIds(reworked.rows) };
    }
    return { config: { ...config, pairBy: config.pairBy ?? UTTERANCE_ID }, original: original.rows, reworked: reworked.rows };
  }
  if (originalIds !== reworkedIds) {
    const [named, other] = originalIds ? [original, reworked] : [reworked, original];
    warn(`${named.name}: its utterance ids are not used: ${other.name} has none to pair them with, so rows are aligned by their text`);
  }
  return { config, original: originalIds ? withoutIds(original.rows) : original.rows, reworked: reworkedIds ? withoutIds(reworked.rows) : reworked.rows };
}
