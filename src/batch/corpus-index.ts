/**
 * OUT/index.html of `batch --html`: the corpus summary and charts as static markup, and the pairs
 * table as a JSON block that the inline script (src/browser/corpus-main.ts) sorts and pages. One
 * self-contained file that opens from disk: style and script inline, allowed by the hashes of a
 * Content-Security-Policy meta whose `default-src 'none'` forbids every fetch.
 *
 * The table is written row by row, so the page of a large corpus is never one string in memory.
 */
import { closeSync, openSync, renameSync, writeSync } from 'node:fs';
import type { Summary } from './summary';
import { STATUSES } from '../engine/index';
import { gradeChartSvg, werHistogram, werHistogramSvg } from './corpus-charts';
import { escapeHtml, inlineAsset } from '../report/html-text';
import { CORPUS_DATA_ID, isErrorRow, type CorpusTable } from '../report/corpus-table';
import { formatGrade, formatRate } from '../report/format';
import { scriptJson, sha256Source } from '../report/html-report';

export interface CorpusIndex {
  summary: Summary;
  table: CorpusTable;
}

/** The rate the histogram shows: WER of the transcript column alone, what a post-editor changes in the words. */
const HISTOGRAM_RATE = 'transcriptWER';

function intervalText(interval: { low: number; high: number } | null | undefined, format: (x: number) => string): string {
  return interval ? `[${format(interval.low)}, ${format(interval.high)}]` : '';
}

function summaryMarkup(summary: Summary): string {
  const c = summary.corpus;
  const ci = 'pooled' in c.intervals ? c.intervals : null;
  const grade = (x: number) => x.toFixed(2);
  const out: string[] = [];
  out.push(
    `<p class="counts"><span data-pairs="total">${summary.pairs.total}</span> pairs: <span data-pairs="scored">${summary.pairs.scored}</span> scored, <span data-pairs="errors">${summary.pairs.errorRows}</span> error rows.`,
  );
  if (summary.warnings.total > 0) out.push(` ${summary.warnings.total} format warnings on ${summary.warnings.pairs} pairs (rows kept from doubtful lines; each pair's are in pairs.jsonl).`);
  out.push('</p>');
  out.push(
    `<p class="grades">Pooled grade <strong data-corpus-grade>${escapeHtml(formatGrade(c.pooledComposite))}</strong> (D8's grade of the pooled rates); mean of the pairs' grades <strong data-mean-grade>${c.meanGrade === null ? 'n/a' : grade(c.meanGrade)}</strong>${ci?.meanGrade ? ` ${intervalText(ci.meanGrade, grade)}` : ''}.</p>`,
  );
  out.push('<table class="rates"><caption>Corpus rates</caption><thead><tr><th scope="col">rate</th><th scope="col">pooled</th><th scope="col">95 % interval</th><th scope="col">macro</th></tr></thead><tbody>');
  for (const name of Object.keys(c.pooled) as Array<keyof typeof c.pooled>) {
    out.push(
      `<tr><th scope="row">${escapeHtml(name)}</th><td data-pooled="${escapeHtml(name)}">${formatRate(c.pooled[name])}</td><td data-interval="${escapeHtml(name)}">${intervalText(ci?.pooled[name], formatRate)}</td><td data-macro="${escapeHtml(name)}">${formatRate(c.macro[name])}</td></tr>`,
    );
  }
  out.push('</tbody></table>');
  out.push('<table class="statuses"><caption>Rows by status, over the scored pairs</caption><tbody>');
  for (const status of STATUSES) out.push(`<tr><th scope="row">${status}</th><td data-status-total="${status}">${c.totals.counts.rows[status]}</td></tr>`);
  out.push('</tbody></table>');
  out.push('<dl class="definitions">');
  out.push(`<dt>pooled</dt><dd>${escapeHtml(summary.definitions['pooled'] ?? '')}</dd>`);
  out.push(`<dt>macro</dt><dd>${escapeHtml(summary.definitions['macro'] ?? '')}</dd>`);
  out.push(`<dt>95 % interval</dt><dd>${escapeHtml(ci ? (summary.definitions['intervals'] ?? '') : 'note' in c.intervals ? c.intervals.note : '')}${ci ? escapeHtml(`: ${ci.resamples} resamples, seed "${ci.seed}"`) : ''}</dd>`);
  out.push('</dl>');
  return out.join('');
}

function chartsMarkup(index: CorpusIndex): string {
  const k = index.table.rates.indexOf(HISTOGRAM_RATE);
  const rates = index.table.rows.flatMap((row) => (isErrorRow(row) ? [] : [row.rates[k] ?? null]));
  return (
    '<div class="chart-row"><figure class="chart-figure">' +
    werHistogramSvg(werHistogram(rates), 'transcript WER') +
    `<figcaption>Pairs by their transcript WER (<code>${HISTOGRAM_RATE}</code>: the word error rate of the transcript column alone), one bar per range; a pair's own rate, not the pooled one.</figcaption></figure>` +
    '<figure class="chart-figure">' +
    gradeChartSvg(index.summary.corpus.grades) +
    '<figcaption>Pairs by grade label (D8.4); "no grade" when no metric of the grade measured anything.</figcaption></figure></div>'
  );
}

function errorsMarkup(summary: Summary): string {
  if (summary.errors.count === 0) return '';
  const rows = summary.errors.rows.map((e) => `<li data-error-id="${escapeHtml(e.id)}"><span class="error-id">${escapeHtml(e.id)}</span> <span class="error-kind">${escapeHtml(e.kind)}</span>: ${escapeHtml(e.message)}</li>`);
  const kinds = Object.entries(summary.errors.byKind)
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => `${kind} ${n}`)
    .join(', ');
  return `<section class="errors"><h2>Error rows (${summary.errors.count}: ${escapeHtml(kinds)})</h2><p>Pairs that could not be scored, and why; they have no page.</p><ul>${rows.join('')}</ul></section>`;
}

/** Rows of the JSON block a write at a time: a chunk is a few hundred rows, not the whole table. */
const ROWS_PER_WRITE = 500;

/** Writes the page through `write`, in order, the table's rows in chunks. */
export function renderCorpusIndex(index: CorpusIndex, write: (chunk: string) => void): void {
  const script = inlineAsset('corpus.js', 'script');
  const style = inlineAsset('corpus.css', 'style');
  const csp = `default-src 'none'; script-src ${sha256Source(script)}; style-src ${sha256Source(style)}; base-uri 'none'; form-action 'none'`;
  const { summary, table } = index;
  const title = `Corpus: ${summary.manifest}`;
  write(
    `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${escapeHtml(csp)}"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer"><title>${escapeHtml(title)}</title><style>${style}</style></head>\n<body>`,
  );
  write(`<header><h1>${escapeHtml(title)}</h1></header><main><section class="summary"><h2>Summary</h2>${summaryMarkup(summary)}</section>`);
  write(`<section class="charts"><h2>Distributions</h2>${chartsMarkup(index)}</section>`);
  write(errorsMarkup(summary));
  write(
    `<section class="pairs"><h2>Pairs</h2><p>Click a column header to sort; a pair's id opens its report.</p><div id="corpus-table"></div><noscript><p>The table needs JavaScript; pairs.jsonl holds the same rows.</p></noscript></section></main>\n`,
  );
  write(`<script type="application/json" id="${CORPUS_DATA_ID}">{"tagColumns":${scriptJson(table.tagColumns)},"rates":${scriptJson(table.rates)},"rows":[`);
  for (let at = 0; at < table.rows.length; at += ROWS_PER_WRITE) {
    const chunk = table.rows.slice(at, at + ROWS_PER_WRITE).map(scriptJson).join(',\n');
    write(at === 0 ? `\n${chunk}` : `,\n${chunk}`);
  }
  write(`\n]}</script>\n<script>${script}</script>\n</body></html>\n`);
}

/** Writes the page to `path` through a temporary file, so a reader never sees half a page. */
export function writeCorpusIndex(path: string, index: CorpusIndex): void {
  const temporary = `${path}.partial`;
  const fd = openSync(temporary, 'w');
  try {
    renderCorpusIndex(index, (chunk) => {
      const bytes = Buffer.from(chunk, 'utf8');
      for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at);
    });
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, path);
}
