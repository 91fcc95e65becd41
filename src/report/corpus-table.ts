/**
 * The pairs table of a corpus index page, as the page's JSON block carries it from Node
 * (src/report/corpus-index.ts writes it) to the page's script (src/browser/corpus-main.ts reads
 * it): one row per manifest pair, a scored pair with its grade and rates, an error row with its
 * reason. Pure types and helpers, shared by both sides.
 */

export interface ScoredRow {
  id: string;
  /** The pair's page, relative to the index (`pairs/NAME.html`); null when it could not be written. */
  page: string | null;
  /** One value per `CorpusTable.tagColumns` entry; null where the pair has no such tag. */
  tags: Array<string | null>;
  grade: number | null;
  label: string | null;
  /** One value per `CorpusTable.rates` entry, in [0, 1]; null where the pair's score is null. */
  rates: Array<number | null>;
}

export interface ErrorRow {
  id: string;
  tags: Array<string | null>;
  error: { kind: string; message: string };
}

export type CorpusRow = ScoredRow | ErrorRow;

export interface CorpusTable {
  tagColumns: string[];
  /** The names of `data.scores`, in its key order. */
  rates: string[];
  rows: CorpusRow[];
}

export function isErrorRow(row: CorpusRow): row is ErrorRow {
  return 'error' in row;
}

/** The id of the page's `<script type="application/json">` block holding the table. */
export const CORPUS_DATA_ID = 'corpus-data';
