/**
 * A CSV/TSV column map as people type it - `transcript=Text,speaker=Who`, row field = column
 * header - read the same way by the command line's `--map` and the viewer's column field. Each
 * caller words the problem its own way (an option error, a message in the form), so the problem
 * comes back as text, not as an exception of either.
 */
import type { ReadOptions, TranscriptRow } from './types';

export type ColumnMap = NonNullable<ReadOptions['map']>;

const ROW_FIELDS: ReadonlyArray<keyof TranscriptRow> = ['transcript', 'speaker', 'start_time', 'end_time', 'non_speech_events'];

const isRowField = (name: string): name is keyof TranscriptRow => (ROW_FIELDS as readonly string[]).includes(name);

/** The map, or the first pair that is not FIELD=COLUMN with a known field. A later pair for the same field wins. */
export function parseColumnMap(text: string): { map: ColumnMap } | { problem: string } {
  const map: ColumnMap = {};
  for (const pair of text.split(',')) {
    const eq = pair.indexOf('=');
    const field = pair.slice(0, eq).trim();
    const column = pair.slice(eq + 1).trim();
    if (eq < 0 || column === '') return { problem: `expected FIELD=COLUMN pairs separated by commas, e.g. transcript=Text,speaker=Who; got "${pair}"` };
    if (!isRowField(field)) return { problem: `"${field}" is not a row field: use ${ROW_FIELDS.join(', ')}` };
    map[field] = column;
  }
  return { map };
}
