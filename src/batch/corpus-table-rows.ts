/**
 * The index page's table of a run, built from what readRun read back from pairs.jsonl (the
 * figures the summary uses, no result of any diff): one row per manifest pair, in manifest order,
 * a scored pair linked to its page when the page is on disk.
 */
import type { CorpusRow, CorpusTable } from '../report/corpus-table';
import type { Manifest } from './manifest';
import { hasPage, pageHref } from './page-names';
import type { ErrorRecord } from './pair-record';
import { RATES, type PairFigures } from './pooled';

export interface TableOfRun {
  table: CorpusTable;
  /** Scored pairs with no page on disk, in manifest order. */
  withoutPage: string[];
}

export function corpusTable(manifest: Manifest, run: { scored: readonly PairFigures[]; errors: readonly ErrorRecord[] }, out: string): TableOfRun {
  const place = new Map(manifest.pairs.map((p, i) => [p.id, i]));
  const tags = (of: Record<string, string>) => manifest.tagColumns.map((column) => of[column] ?? null);
  const rows = new Array<CorpusRow | undefined>(manifest.pairs.length);
  for (const p of run.scored) {
    const page = hasPage(out, p.id) ? pageHref(p.id) : null;
    rows[place.get(p.id)!] = { id: p.id, page, tags: tags(p.tags), grade: p.grade, label: p.label, rates: Array.from(p.rates, (r) => (Number.isNaN(r) ? null : r)) };
  }
  for (const e of run.errors) rows[place.get(e.id)!] = { id: e.id, tags: tags(e.tags), error: { kind: e.error.kind, message: e.error.message } };
  // readRun gives exactly one record per manifest id, or the run stops before the index.
  const table: CorpusTable = { tagColumns: [...manifest.tagColumns], rates: [...RATES], rows: rows as CorpusRow[] };
  const withoutPage = table.rows.filter((row) => 'page' in row && row.page === null).map((row) => row.id);
  return { table, withoutPage };
}
