/**
 * One drawn entry of the report: its status and notes, then the original side facing the
 * reworked side, one `.piece` per row. A SPLIT faces one original piece with its two or more
 * reworked pieces, a MERGED the reverse; the side holding several pieces is drawn joined by a
 * bracket. Inside a MODIFIED entry the character diff marks deleted text (left) and inserted
 * text (right) with <del>/<ins>, struck through and underlined, with words for screen readers.
 */
import { el, append } from './dom';
import { screenReaderText, textNodes } from './report-text';
import { formatSpan } from '../report/format';
import { entrySpan, type ColumnRoles, type DrawnEntry, type Piece } from '../report/report-entries';
import type { DiffPart } from '../engine/index';

/** Past this many characters a cell is cut to a few lines until the reader opens it. */
export const LONG_TEXT = 600;

export interface RowContext {
  roles: ColumnRoles;
  /** Entries whose long texts are shown whole. */
  expanded: ReadonlySet<number>;
  /** Present when the report has audio: plays an entry's span. */
  play?: (entry: DrawnEntry) => void;
  /** Whether the entry has a span to play. */
  playable?: (entry: DrawnEntry) => boolean;
}

type Side = 'original' | 'reworked';

/** The diff's text of one side: equal parts, and the side's own parts marked. */
function diffNodes(parts: DiffPart[], side: Side): Node[] {
  const nodes: Node[] = [];
  for (const part of parts) {
    if (part.type === 'equal') nodes.push(...textNodes(part.text));
    else if (part.type === 'delete' && side === 'original') {
      nodes.push(el('del', {}, screenReaderText('[deleted: '), ...textNodes(part.text), screenReaderText(']')));
    } else if (part.type === 'insert' && side === 'reworked') {
      nodes.push(el('ins', {}, screenReaderText('[inserted: '), ...textNodes(part.text), screenReaderText(']')));
    }
  }
  return nodes;
}

function changedMark(changed: boolean): Node | null {
  return changed ? screenReaderText(' (changed)') : null;
}

/**
 * The diff parts a piece shows: a MODIFIED row's `transcriptDiff`; for a SPLIT or MERGED entry,
 * the piece's own parts, or, on the single row's side, every piece's parts in order; none (plain
 * text) otherwise.
 */
function partsOf(entry: DrawnEntry, side: Side, k: number): DiffPart[] | undefined {
  if (entry.status === 'MODIFIED') return entry.transcriptDiff;
  if (entry.pieceDiffs === undefined) return undefined;
  const many = entry.status === 'SPLIT' ? 'reworked' : entry.status === 'MERGED' ? 'original' : null;
  if (many === null) return undefined;
  return side === many ? entry.pieceDiffs[k] : entry.pieceDiffs.flat();
}

function pieceElement(entry: DrawnEntry, piece: Piece, side: Side, context: RowContext, parts: DiffPart[] | undefined): HTMLElement {
  const changed = new Set(entry.status === 'MODIFIED' ? entry.changedColumns : []);
  const roles = context.roles;
  const timeChanged = (roles.start !== null && changed.has(roles.start)) || (roles.end !== null && changed.has(roles.end));
  const head = el('div', { class: 'piece-head' });
  const span = formatSpan(piece.start, piece.end);
  if (span !== '') append(head, el('span', { class: timeChanged ? 'time changed' : 'time' }, span, changedMark(timeChanged)));
  if (piece.speaker !== '') {
    const speakerChanged = roles.speaker !== null && changed.has(roles.speaker);
    append(head, el('bdi', { class: speakerChanged ? 'speaker changed' : 'speaker' }, ...textNodes(piece.speaker), changedMark(speakerChanged)));
  }
  if (piece.row >= 0) append(head, el('span', { class: 'row-number', title: `row ${piece.row + 1} of the ${side} file` }, `#${piece.row + 1}`));

  const long = piece.text.length > LONG_TEXT && !context.expanded.has(entry.index);
  const text = el('div', { class: long ? 'text clamped' : 'text', dir: 'auto' });
  if (parts !== undefined) append(text, ...diffNodes(parts, side));
  else append(text, ...textNodes(piece.text));
  if (piece.text === '') text.classList.add('empty-text');

  const piecePart = el('div', { class: 'piece' }, head, text);
  if (piece.text.length > LONG_TEXT) {
    append(piecePart, el('button', { type: 'button', class: 'expand', 'data-expand': entry.index }, long ? 'Show all' : 'Show less'));
  }
  if (piece.others.length > 0) {
    const list = el('dl', { class: 'others' });
    for (const [column, value] of piece.others) {
      const columnChanged = changed.has(column);
      append(list, el('dt', {}, ...textNodes(column)), el('dd', { class: columnChanged ? 'changed' : false, dir: 'auto' }, ...textNodes(value), changedMark(columnChanged)));
    }
    append(piecePart, list);
  }
  return piecePart;
}

function sideElement(entry: DrawnEntry, side: Side, context: RowContext): HTMLElement {
  const pieces = side === 'original' ? entry.original : entry.reworked;
  const joined = pieces.length > 1;
  const cell = el('div', { class: joined ? 'side joined' : 'side', 'data-side': side });
  if (pieces.length === 0) {
    append(cell, el('div', { class: 'absent' }, side === 'original' ? 'not in the original' : 'not in the reworked'));
    return cell;
  }
  if (joined) append(cell, screenReaderText(`${pieces.length} ${side} rows:`));
  pieces.forEach((piece, k) => {
    const parts = entry.status === 'MODIFIED' && pieces.length !== 1 ? undefined : partsOf(entry, side, k);
    append(cell, pieceElement(entry, piece, side, context, parts));
  });
  return cell;
}

/** The element of one entry; its `data-entry` is the entry's index in `data.results`. */
export function entryElement(entry: DrawnEntry, context: RowContext): HTMLElement {
  const status = entry.status;
  const meta = el('div', { class: 'entry-meta' }, el('span', { class: 'status' }, status), el('span', { class: 'notes' }, ...textNodes(entry.notes)));
  if (entry.editKinds !== undefined && entry.editKinds.length > 0) {
    const kinds = entry.editKinds;
    const style = !kinds.includes('content');
    append(meta, el('span', { class: style ? 'kinds style' : 'kinds', 'data-kinds': kinds.join(' '), title: style ? 'style only: no word changed' : 'the words changed' }, kinds.join(' · ')));
  }
  if (context.play !== undefined && context.playable?.(entry)) {
    const span = entrySpan(entry);
    append(meta, el('button', { type: 'button', class: 'play', 'data-play': entry.index, title: `play ${formatSpan(span.start, span.end)}` }, '▶', screenReaderText(' play')));
  }
  return el(
    'div',
    { class: `entry status-${status.toLowerCase()}`, 'data-entry': entry.index, 'data-status': status },
    meta,
    sideElement(entry, 'original', context),
    sideElement(entry, 'reworked', context),
  );
}
