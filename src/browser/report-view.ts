/**
 * The report of one diff, drawn into a page: header, toolbar and the entries side by side
 * (virtualised: only the entries in view are in the DOM). The filter, search and current entry
 * live in `location.hash` (view-state.ts), so a link opens on them and back/forward step through
 * them. Used by the HTML report file (report-main.ts) and the viewer.
 */
import './report.css';
import { el, append } from './dom';
import { headerElement } from './report-header';
import { entryElement, LONG_TEXT, type RowContext } from './report-row';
import { showState, toolbar, type Toolbar } from './report-toolbar';
import { VirtualList } from './report-virtual-list';
import { entriesCsv } from '../report/csv-export';
import { changesContent, columnRoles, drawnEntries, entrySpan, searchKey, statusCounts, type DrawnEntry } from '../report/report-entries';
import { parseViewState, sameViewState, viewStateHash, type ViewState } from '../report/view-state';
import type { DiffData } from '../engine/index';
import type { ReportOptions } from '../report/report-options';

export type { ReportColumns, ReportOptions, SideLabel } from '../report/report-options';

/** Tear-down of the report mounted on a root, so a second mountReport replaces it. */
const mounted = new WeakMap<HTMLElement, () => void>();

/** A search typed within this many milliseconds of the last keystroke amends the same history entry. */
const TYPING_PAUSE_MS = 1000;

/** Inputs whose keys are not text: `n` on a focused checkbox still steps to the next change. */
const KEYLESS_INPUTS = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file', 'image']);

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLInputElement) return !KEYLESS_INPUTS.has(target.type);
  return target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
}

/** Pixels an entry is expected to take before it is drawn: a line per row and per wrapped line of its longest side. */
function estimator(charsPerLine: number): (entry: DrawnEntry) => number {
  const LINE = 20;
  const side = (pieces: DrawnEntry['original']) => pieces.reduce((sum, p) => sum + LINE + LINE * Math.max(1, Math.ceil(Math.min(p.text.length, LONG_TEXT) / charsPerLine)), 0);
  return (entry) => 18 + Math.max(side(entry.original), side(entry.reworked), LINE);
}

function downloadName(title: string | undefined): string {
  const base = (title ?? 'transcript-diff').replace(/[^\p{L}\p{N}._-]+/gu, '-').replace(/^-+|-+$/g, '');
  return `${base === '' ? 'transcript-diff' : base}.csv`;
}

export function mountReport(root: HTMLElement, data: DiffData, options: ReportOptions = {}): void {
  mounted.get(root)?.();
  root.replaceChildren();
  root.classList.add('transcript-report');
  if (data === null || typeof data !== 'object' || !Array.isArray(data.results) || data.meta === undefined || data.scores === undefined) {
    append(root, el('p', { class: 'report-error', role: 'alert' }, 'This is not the data of a diff: it has no results, scores or meta.'));
    return;
  }

  const roles = columnRoles(data, options.columns);
  const entries = drawnEntries(data, roles);
  const byIndex = new Map(entries.map((entry) => [entry.index, entry]));
  // Edit kinds come with the analysis; without them no entry can be told to change content.
  const kinds = entries.some((entry) => entry.editKinds !== undefined) || data.analysis !== undefined;
  const bar: Toolbar = toolbar(statusCounts(entries), options.audio, kinds);
  const list = el('div', { class: 'entries', role: 'list', 'aria-label': 'Entries, original facing reworked' });
  append(root, headerElement(data, options), bar.element, list);

  let state: ViewState = parseViewState(location.hash);
  let visible: DrawnEntry[] = [];
  let positions = new Map<number, number>();
  const expanded = new Set<number>();

  let stopAt = NaN;
  const audio = bar.audio;
  const context: RowContext = { roles, expanded };
  if (audio !== null) {
    context.playable = (entry) => Number.isFinite(entrySpan(entry).start);
    context.play = (entry) => {
      const span = entrySpan(entry);
      stopAt = span.end;
      audio.currentTime = span.start;
      audio.play().catch((error: unknown) => {
        bar.announce.textContent = `The audio could not be played: ${error instanceof Error ? error.message : String(error)}`;
      });
    };
    // timeupdate comes a few times a second: playback stops within a fraction of a second past the span.
    audio.addEventListener('timeupdate', () => {
      if (Number.isFinite(stopAt) && audio.currentTime >= stopAt) {
        audio.pause();
        stopAt = NaN;
      }
    });
  }

  const view = new VirtualList<DrawnEntry>(list, {
    draw: (entry) => {
      const element = entryElement(entry, context);
      element.setAttribute('role', 'listitem');
      if (entry.index === state.row) element.classList.add('current');
      return element;
    },
    estimate: estimator(Math.max(20, Math.floor(list.clientWidth / 2 / 8))),
    key: (entry) => entry.index,
    topInset: () => bar.element.getBoundingClientRect().height,
  });

  function filter(): void {
    const query = searchKey(state.query.trim());
    const onlyContent = state.onlyContent && kinds;
    visible = entries.filter(
      (entry) =>
        state.statuses.has(entry.status) &&
        !(state.onlyChanges && entry.status === 'UNCHANGED') &&
        !(onlyContent && !changesContent(entry)) &&
        (query === '' || entry.haystack.includes(query)),
    );
    positions = new Map(visible.map((entry, position) => [entry.index, position]));
    bar.shown.textContent = `${visible.length} of ${entries.length} entries shown`;
    view.setItems(visible);
    view.render();
  }

  function markCurrent(): void {
    for (const element of list.querySelectorAll('.entry.current')) element.classList.remove('current');
    if (state.row === null) return;
    const position = positions.get(state.row);
    if (position !== undefined) view.elementAt(position)?.classList.add('current');
  }

  function showRow(): void {
    if (state.row === null) return;
    const position = positions.get(state.row);
    if (position === undefined) return;
    view.scrollTo(position);
    markCurrent();
  }

  let typingTimer = 0;
  let typing = false;
  /** Writes the state into the hash: a new history entry, or (`amend`) the current one rewritten. */
  function writeHash(amend: boolean): void {
    const hash = viewStateHash(state);
    if (hash === (location.hash === '' ? '#' : location.hash)) return;
    if (amend) location.replace(hash);
    else location.hash = hash;
  }

  function apply(next: ViewState, amend = false): void {
    const refilter = !sameViewState({ ...next, row: null }, { ...state, row: null });
    state = next;
    if (refilter) filter();
    markCurrent();
    writeHash(amend);
  }

  function step(direction: 1 | -1): void {
    const from = state.row === null ? (direction === 1 ? -1 : Infinity) : state.row;
    let found: DrawnEntry | undefined;
    if (direction === 1) found = visible.find((entry) => entry.status !== 'UNCHANGED' && entry.index > from);
    else {
      for (let k = visible.length - 1; k >= 0 && found === undefined; k--) {
        if (visible[k]!.status !== 'UNCHANGED' && visible[k]!.index < from) found = visible[k];
      }
    }
    if (found === undefined) {
      bar.announce.textContent = direction === 1 ? 'No later change.' : 'No earlier change.';
      return;
    }
    apply({ ...state, row: found.index });
    showRow();
    const position = positions.get(found.index)!;
    bar.announce.textContent = `Entry ${position + 1} of ${visible.length}: ${found.status}, ${found.notes}`;
  }

  for (const [status, box] of bar.statusBoxes) {
    box.addEventListener('change', () => {
      const statuses = new Set(state.statuses);
      if (box.checked) statuses.add(status);
      else statuses.delete(status);
      apply({ ...state, statuses });
    });
  }
  bar.onlyChanges.addEventListener('change', () => {
    apply({ ...state, onlyChanges: bar.onlyChanges.checked });
    showState(bar, state);
  });
  bar.onlyContent.addEventListener('change', () => apply({ ...state, onlyContent: bar.onlyContent.checked }));
  bar.search.addEventListener('input', () => {
    // The first keystroke of a burst makes a history entry, the rest amend it: back undoes a search, not a letter.
    apply({ ...state, query: bar.search.value }, typing);
    typing = true;
    clearTimeout(typingTimer);
    typingTimer = window.setTimeout(() => (typing = false), TYPING_PAUSE_MS);
  });
  bar.previous.addEventListener('click', () => step(-1));
  bar.next.addEventListener('click', () => step(1));
  bar.exportCsv.addEventListener('click', () => {
    const blob = new Blob(['\ufeff', entriesCsv(visible)], { type: 'text/csv;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    const link = el('a', { href: url, download: downloadName(options.title), class: 'download' });
    root.appendChild(link);
    link.click();
    link.remove();
    // The download has its own reference to the blob by now; the URL is not needed again.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  });

  list.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const expand = target?.closest('[data-expand]');
    if (expand) {
      const index = Number(expand.getAttribute('data-expand'));
      if (expanded.has(index)) expanded.delete(index);
      else expanded.add(index);
      const position = positions.get(index);
      if (position === undefined) return;
      const side = expand.closest('[data-side]')?.getAttribute('data-side');
      view.redraw(position);
      // The button was drawn anew: give the focus to its successor, so the keyboard stays in place.
      view.elementAt(position)?.querySelector<HTMLElement>(`[data-side="${side}"] [data-expand]`)?.focus({ preventScroll: true });
      return;
    }
    const play = target?.closest('[data-play]');
    if (play && context.play) {
      const entry = byIndex.get(Number(play.getAttribute('data-play')));
      if (entry) context.play(entry);
    }
  });

  const onKey = (event: KeyboardEvent) => {
    if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
    if (event.key === 'n') step(1);
    else if (event.key === 'p') step(-1);
    else return;
    event.preventDefault();
  };
  const onHash = () => {
    const next = parseViewState(location.hash);
    if (sameViewState(next, state)) return;
    const refilter = !sameViewState({ ...next, row: null }, { ...state, row: null });
    state = next;
    showState(bar, state);
    if (refilter) filter();
    markCurrent();
    showRow();
  };
  document.addEventListener('keydown', onKey);
  window.addEventListener('hashchange', onHash);

  mounted.set(root, () => {
    document.removeEventListener('keydown', onKey);
    window.removeEventListener('hashchange', onHash);
    clearTimeout(typingTimer);
    audio?.pause();
    view.destroy();
  });

  showState(bar, state);
  filter();
  showRow();
}
