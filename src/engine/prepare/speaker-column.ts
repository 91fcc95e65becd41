/** Which compared column holds the speaker, for SACR (decisions D7.9). */
import type { ColumnMapping, DiffConfig } from '../types';

/** Column names D7.9 recognises as the speaker, case-insensitively, in this order of preference. */
const SPEAKER_NAMES = new Set(['speaker', 'speaker_name', 'speaker_id', 'speaker_label', 'spk']);

/**
 * The speaker column for SACR (D7.9), by its caller's name, or null: `config.speakerColName`
 * (case-insensitive; naming no column gives null, with no fallback), else `columnMapping.speaker`,
 * else the first header named speaker, speaker_name, speaker_id, speaker_label or spk.
 */
export function detectSpeakerColumn(
  headers: string[],
  config: Pick<DiffConfig, 'speakerColName'>,
  columnMapping?: ColumnMapping,
): string | null {
  if (config.speakerColName !== undefined) {
    const wanted = config.speakerColName.toLowerCase();
    return headers.find((h) => h.toLowerCase() === wanted) ?? null;
  }
  if (columnMapping?.speaker !== undefined) return headers[columnMapping.speaker] ?? null;
  return headers.find((h) => SPEAKER_NAMES.has(h.toLowerCase())) ?? null;
}
