/**
 * The corpus index page's table of pairs: sortable by any column (a header button), filtered by a
 * text over ids, tags and error messages, and shown a page of rows at a time, so a table of a
 * hundred thousand pairs keeps a small DOM. The sort, filter and page live in `location.hash`, so
 * coming back from a pair's page (or a link) opens the same view.
 */
import { formatGrade, formatRate } from '../report/format';
import { isErrorRow, type CorpusRow, type CorpusTable } from '../report/corpus-table';
import { append, el } from './dom';
import { sortedIndices, type Direction, type SortKey } from './corpus-order';

export const PAGE_SIZES = [50, 100, 500, 1000] as const;
const DEFAULT_PAGE_SIZE = 100;

interface ViewState {
  sort: SortKey | null;
  direction: Direction;
  /** 0-based. */
  page: number;
  size: number;
  query: string;
}

interface Column {
  key: SortKey;
  label: string;
  numeric: boolean;
}

function columnsOf(table: CorpusTable): Column[] {
  return [
    { key: 'id', label: 'id', numeric: false },
    ...table.tagColumns.map((name) => ({ key: `tag:${name}`, label: name, numeric: false })),
    { key: 'grade', label: 'grade', numeric: true },
    ...table.rates.map((name) => ({ key: `rate:${name}`, label: name, numeric: true })),
  ];
}

function readHash(columns: readonly Column[]): ViewState {
  const params = new URLSearchParams(location.hash.replace(/^#/, ''));
  const sort = params.get('sort');
  const size = Number(params.get('size'));
  const page = Number(params.get('page'));
  return {
    sort: sort !== null && columns.some((c) => c.key === sort) ? sort : null,
    direction: params.get('dir') === 'descending' ? 'descending' : 'ascending',
    page: Number.isInteger(page) && page >= 1 ? page - 1 : 0,
    size: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    query: params.get('q') ?? '',
  };
}

function writeHash(state: ViewState): void {
  const params = new URLSearchParams();
  if (state.sort !== null) {
    params.set('sort', state.sort);
    params.set('dir', state.direction);
  }
  if (state.query !== '') params.set('q', state.query);
  if (state.page > 0) params.set('page', String(state.page + 1));
  if (state.size !== DEFAULT_PAGE_SIZE) params.set('size', String(state.size));
  const hash = params.toString();
  // replaceState: a sort or a page turn is not a step of the history; Back leaves the index.
  history.replaceState(null, '', hash === '' ? location.pathname + location.search : `#${hash}`);
}

function matches(row: CorpusRow, query: string): boolean {
  if (row.id.toLowerCase().includes(query)) return true;
  if (row.tags.some((t) => t !== null && t.toLowerCase().includes(query))) return true;
  return isErrorRow(row) && `${row.error.kind}: ${row.error.message}`.toLowerCase().includes(query);
}

function rowElement(table: CorpusTable, row: CorpusRow, index: number): HTMLTableRowElement {
  const tags = row.tags.map((t, k) => el('td', { 'data-column': `tag:${table.tagColumns[k]!}`, dir: 'auto' }, t ?? ''));
  if (isErrorRow(row)) {
    return el(
      'tr',
      { class: 'error-row', 'data-row': index, 'data-pair-id': row.id, 'data-kind': row.error.kind },
      el('th', { scope: 'row', 'data-column': 'id', dir: 'auto' }, row.id),
      ...tags,
      el('td', { class: 'error', colspan: 1 + table.rates.length }, el('span', { class: 'error-kind' }, row.error.kind), ': ', el('span', { dir: 'auto' }, row.error.message)),
    );
  }
  const id = row.page === null ? el('span', { dir: 'auto', title: 'its page could not be written' }, row.id) : el('a', { href: row.page, dir: 'auto' }, row.id);
  return el(
    'tr',
    { 'data-row': index, 'data-pair-id': row.id },
    el('th', { scope: 'row', 'data-column': 'id' }, id),
    ...tags,
    el('td', { 'data-column': 'grade', 'data-value': row.grade ?? '', class: 'number' }, formatGrade({ grade: row.grade, label: row.label, percent: null, enabledMetrics: [] })),
    ...row.rates.map((rate, k) => el('td', { 'data-column': `rate:${table.rates[k]!}`, 'data-value': rate ?? '', class: 'number' }, formatRate(rate))),
  );
}

/** Draws the table of `table` into `root`, replacing what it held. */
export function mountCorpusTable(root: HTMLElement, table: CorpusTable): void {
  const columns = columnsOf(table);
  const state = readHash(columns);
  const all = table.rows.map((_, i) => i);
  let shown: number[] = all;

  const filter = el('input', { type: 'search', 'data-filter': true, placeholder: 'id, tag or error', value: state.query, 'aria-label': 'filter the pairs' });
  const count = el('span', { class: 'shown', 'data-shown': true });
  const heads = columns.map((column) => {
    const button = el('button', { type: 'button', 'data-sort': column.key }, column.label);
    button.addEventListener('click', () => {
      state.direction = state.sort === column.key && state.direction === 'ascending' ? 'descending' : 'ascending';
      state.sort = column.key;
      state.page = 0;
      refilter();
    });
    return el('th', { scope: 'col', 'data-column': column.key, class: column.numeric ? 'number' : null }, button);
  });
  const body = el('tbody');
  const pageInfo = el('span', { class: 'page-info', 'data-page-info': true });
  const pager = (label: string, name: string, to: () => number) => {
    const button = el('button', { type: 'button', 'data-page': name }, label);
    button.addEventListener('click', () => {
      state.page = to();
      draw();
    });
    return button;
  };
  const pages = () => Math.max(1, Math.ceil(shown.length / state.size));
  const first = pager('« first', 'first', () => 0);
  const previous = pager('‹ previous', 'previous', () => Math.max(0, state.page - 1));
  const next = pager('next ›', 'next', () => Math.min(pages() - 1, state.page + 1));
  const last = pager('last »', 'last', () => pages() - 1);
  const size = el('select', { 'data-page-size': true, 'aria-label': 'rows a page' }, ...PAGE_SIZES.map((n) => el('option', { value: n, selected: n === state.size }, String(n))));
  size.addEventListener('change', () => {
    state.size = Number(size.value);
    state.page = 0;
    draw();
  });

  function draw(): void {
    state.page = Math.min(state.page, pages() - 1);
    const from = state.page * state.size;
    const slice = shown.slice(from, from + state.size);
    body.replaceChildren(...slice.map((i) => rowElement(table, table.rows[i]!, i)));
    count.textContent = shown.length === all.length ? `${all.length} pairs` : `${shown.length} of ${all.length} pairs`;
    pageInfo.textContent = shown.length === 0 ? 'no pairs' : `rows ${from + 1}–${from + slice.length} of ${shown.length}, page ${state.page + 1} of ${pages()}`;
    first.disabled = previous.disabled = state.page === 0;
    next.disabled = last.disabled = state.page >= pages() - 1;
    heads.forEach((th, k) => {
      const sorted = columns[k]!.key === state.sort;
      if (sorted) th.setAttribute('aria-sort', state.direction);
      else th.removeAttribute('aria-sort');
    });
    writeHash(state);
  }

  function refilter(): void {
    const query = state.query.trim().toLowerCase();
    const kept = query === '' ? all : all.filter((i) => matches(table.rows[i]!, query));
    shown = state.sort === null ? kept : sortedIndices(table, kept, state.sort, state.direction);
    draw();
  }

  filter.addEventListener('input', () => {
    state.query = filter.value;
    state.page = 0;
    refilter();
  });

  root.replaceChildren();
  append(
    root,
    el('div', { class: 'table-controls' }, el('label', {}, 'Filter ', filter), ' ', count),
    el('div', { class: 'table-scroll' }, el('table', { class: 'corpus-table' }, el('thead', {}, el('tr', {}, ...heads)), body)),
    el('nav', { class: 'pager', 'aria-label': 'pages of the table' }, first, previous, pageInfo, next, last, el('label', {}, ' rows a page ', size)),
  );
  refilter();
}
