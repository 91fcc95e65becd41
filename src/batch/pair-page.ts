/**
 * A pair's HTML page under `batch --html`: the report of its diff (reportHtml), written by the
 * worker thread that diffed it, right after the diff, so no result ever reaches the main thread.
 */
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import type { Comparison } from '../compare/compare-files';
import { reportHtml } from '../report/html-report';
import type { ManifestPair } from './manifest';
import { hasPage, INDEX_FROM_PAGE } from './page-names';
import { isErrorRecord } from './pair-record';
import { forEachRecord } from './pairs-file';

/** Writes the report of a pair's diff, through a temporary file so that a page on disk is always whole. */
export function writePairPage(path: string, pair: ManifestPair, comparison: Comparison, speakerColName?: string): void {
  const { data, original, reworked } = comparison;
  const html = reportHtml({
    data,
    title: pair.id,
    sides: {
      original: { name: pair.original, format: original.format, rows: original.rows.length },
      reworked: { name: pair.reworked, format: reworked.format, rows: reworked.rows.length },
    },
    // The index keeps its sort, filter and page in its own hash, which a static page cannot know: the link opens it afresh.
    back: { href: INDEX_FROM_PAGE, label: '← All pairs' },
    columns: { speakerColName },
  });
  const temporary = `${path}.partial`;
  try {
    writeFileSync(temporary, html);
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/**
 * The ids among `done` whose first line in pairs.jsonl is a scored record but whose page is not
 * on disk: pairs scored by a run without --html, or whose page was removed. Error rows have no page.
 */
export async function pairsWithoutPage(pairsPath: string, out: string, done: ReadonlySet<string>): Promise<Set<string>> {
  const seen = new Set<string>();
  const missing = new Set<string>();
  await forEachRecord(pairsPath, (record) => {
    if (!done.has(record.id) || seen.has(record.id)) return;
    seen.add(record.id);
    if (!isErrorRecord(record) && !hasPage(out, record.id)) missing.add(record.id);
  });
  return missing;
}
