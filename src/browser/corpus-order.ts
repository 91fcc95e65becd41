/**
 * The order of the corpus table's rows for a sort column: numbers by value, text by a collator
 * that reads digits as numbers (`pair-9` before `pair-10`). Rows without a value (a null rate,
 * an error row under a rate column) come last in either direction, so sorting by WER descending
 * opens on the worst scored pairs, not on the pairs that have no WER. Ties keep the id order, so
 * an order never depends on the sort before it.
 */
import { isErrorRow, type CorpusRow, type CorpusTable } from '../report/corpus-table';

/** `id`, `grade`, `tag:NAME` or `rate:NAME`. */
export type SortKey = string;
export type Direction = 'ascending' | 'descending';

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** The value a row sorts by under `key`: a number, a text, or null for none. */
export function sortValue(table: CorpusTable, key: SortKey): (row: CorpusRow) => number | string | null {
  if (key === 'id') return (row) => row.id;
  if (key === 'grade') return (row) => (isErrorRow(row) ? null : row.grade);
  if (key.startsWith('tag:')) {
    const k = table.tagColumns.indexOf(key.slice(4));
    return (row) => row.tags[k] ?? null;
  }
  if (key.startsWith('rate:')) {
    const k = table.rates.indexOf(key.slice(5));
    return (row) => (isErrorRow(row) ? null : (row.rates[k] ?? null));
  }
  throw new Error(`unknown sort column ${key}`);
}

function compareValues(a: number | string, b: number | string): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

/** Row indices of `rows` (a subset given by `indices`) in the order of `key` and `direction`. */
export function sortedIndices(table: CorpusTable, indices: readonly number[], key: SortKey, direction: Direction): number[] {
  const value = sortValue(table, key);
  const keys = table.rows.map(value);
  const sign = direction === 'ascending' ? 1 : -1;
  const byId = (i: number, j: number) => collator.compare(table.rows[i]!.id, table.rows[j]!.id) || (table.rows[i]!.id < table.rows[j]!.id ? -1 : table.rows[i]!.id > table.rows[j]!.id ? 1 : 0);
  return [...indices].sort((i, j) => {
    const a = keys[i]!;
    const b = keys[j]!;
    if (a === null || b === null) return a === b ? byId(i, j) : a === null ? 1 : -1;
    return sign * compareValues(a, b) || byId(i, j);
  });
}
