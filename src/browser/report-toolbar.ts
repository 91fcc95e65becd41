/**
 * The report's sticky toolbar: a checkbox per status with its count (the page's counts per
 * status), "only changes", "content changes only", the search over both sides, previous/next change, how many entries
 * are shown, the CSV export and, with audio, the player.
 */
import { el, append } from './dom';
import { STATUSES, type Status } from '../engine/index';
import type { ViewState } from '../report/view-state';

export interface Toolbar {
  element: HTMLElement;
  statusBoxes: Map<Status, HTMLInputElement>;
  onlyChanges: HTMLInputElement;
  /** "content changes only"; disabled when the data has no edit kinds (the analysis was off). */
  onlyContent: HTMLInputElement;
  search: HTMLInputElement;
  previous: HTMLButtonElement;
  next: HTMLButtonElement;
  exportCsv: HTMLButtonElement;
  shown: HTMLElement;
  /** Said to screen readers: the current row, a failed export or playback. */
  announce: HTMLElement;
  audio: HTMLAudioElement | null;
}

export function toolbar(counts: Record<Status, number>, audio: string | undefined, kinds: boolean): Toolbar {
  const statusBoxes = new Map<Status, HTMLInputElement>();
  const statuses = el('fieldset', { class: 'status-filter' }, el('legend', {}, 'Rows by status'));
  for (const status of STATUSES) {
    const box = el('input', { type: 'checkbox', checked: true, 'data-filter-status': status });
    statusBoxes.set(status, box);
    append(statuses, el('label', { class: `status-choice status-${status.toLowerCase()}` }, box, ` ${status} `, el('span', { class: 'count', 'data-status-count': status }, String(counts[status]))));
  }
  const onlyChanges = el('input', { type: 'checkbox', 'data-only-changes': '' });
  const onlyContent = el('input', { type: 'checkbox', 'data-only-content': '', disabled: !kinds });
  const contentTitle = kinds
    ? 'rows whose words changed, and added and deleted rows: not case, punctuation or spacing alone, nor a speaker or time'
    : 'needs the error analysis (config.enableAnalysis), which gives each entry its kind of change';
  const search = el('input', { type: 'search', 'data-search': '', placeholder: 'Search both sides', 'aria-label': 'Search the text of both sides', spellcheck: 'false' });
  const previous = el('button', { type: 'button', 'data-previous': '', title: 'previous change (key p)' }, '↑ Previous change');
  const next = el('button', { type: 'button', 'data-next': '', title: 'next change (key n)' }, '↓ Next change');
  const exportCsv = el('button', { type: 'button', 'data-export': '' }, 'Export CSV');
  const shown = el('span', { class: 'shown', 'data-shown': '' });
  const announce = el('div', { class: 'sr-only', role: 'status', 'aria-live': 'polite' });
  const player = audio === undefined ? null : el('audio', { controls: true, preload: 'metadata', src: audio });

  const element = el(
    'div',
    { class: 'toolbar', role: 'search' },
    statuses,
    el(
      'div',
      { class: 'toolbar-line' },
      el('label', { class: 'only-changes' }, onlyChanges, ' only changes'),
      el('label', { class: 'only-content', title: contentTitle }, onlyContent, ' content changes only'),
      search,
      previous,
      next,
      shown,
      exportCsv,
    ),
    player,
    announce,
    el('div', { class: 'columns', 'aria-hidden': 'true' }, el('div', {}, ''), el('div', {}, 'Original'), el('div', {}, 'Reworked')),
  );
  return { element, statusBoxes, onlyChanges, onlyContent, search, previous, next, exportCsv, shown, announce, audio: player };
}

/** Sets the controls to a state (a link opened, back or forward). */
export function showState(bar: Toolbar, state: ViewState): void {
  for (const [status, box] of bar.statusBoxes) box.checked = state.statuses.has(status);
  bar.onlyChanges.checked = state.onlyChanges;
  bar.onlyContent.checked = state.onlyContent && !bar.onlyContent.disabled;
  // "Only changes" hides UNCHANGED whatever its box says: the box is greyed meanwhile.
  bar.statusBoxes.get('UNCHANGED')!.disabled = state.onlyChanges;
  if (bar.search.value !== state.query) bar.search.value = state.query;
}
