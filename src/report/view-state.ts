/**
 * What the report's URL hash keeps, so that a link opens on the same rows:
 * `#status=MODIFIED,SPLIT&changes=1&content=1&q=foo&row=123`. `status` absent: every status; `row`: an
 * index in `data.results`. Unknown keys and values are ignored, so an old or edited link still
 * opens.
 */
import { STATUSES, type Status } from '../engine/index';

export interface ViewState {
  /** Statuses shown; every status when the hash names none. */
  statuses: ReadonlySet<Status>;
  /** Hide UNCHANGED entries, whatever `statuses` says. */
  onlyChanges: boolean;
  /** Show only the entries that change the transcript's content (report-entries.ts `changesContent`). */
  onlyContent: boolean;
  /** The search text, as typed. */
  query: string;
  /** The current entry (index in `data.results`), or null. */
  row: number | null;
}

export const DEFAULT_VIEW: ViewState = { statuses: new Set(STATUSES), onlyChanges: false, onlyContent: false, query: '', row: null };

export function parseViewState(hash: string): ViewState {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const status = params.get('status');
  const statuses = status === null ? new Set(STATUSES) : new Set(STATUSES.filter((s) => status.split(',').includes(s)));
  const rowText = params.get('row');
  const row = rowText !== null && /^\d{1,9}$/.test(rowText) ? Number(rowText) : null;
  return { statuses, onlyChanges: params.get('changes') === '1', onlyContent: params.get('content') === '1', query: params.get('q') ?? '', row };
}

/** The hash of a state (with its `#`), its keys in a fixed order; `#` alone for the default view. */
export function viewStateHash(state: ViewState): string {
  const parts: string[] = [];
  if (state.statuses.size < STATUSES.length) parts.push(`status=${STATUSES.filter((s) => state.statuses.has(s)).join(',')}`);
  if (state.onlyChanges) parts.push('changes=1');
  if (state.onlyContent) parts.push('content=1');
  if (state.query !== '') parts.push(`q=${encodeURIComponent(state.query)}`);
  if (state.row !== null) parts.push(`row=${state.row}`);
  return `#${parts.join('&')}`;
}

export function sameViewState(a: ViewState, b: ViewState): boolean {
  return viewStateHash(a) === viewStateHash(b);
}
