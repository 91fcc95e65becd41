/**
 * The short summary `transcript-diff diff` prints: grade and label, the rates, rows per status,
 * then the most-changed rows with their character diff, each cut to the terminal's width, and the
 * error analysis when the data carries it (analysis-summary.ts).
 *
 * Pure: data in, text out. With `colour`, ANSI styles mark the diff (red struck-through for
 * deleted text, green underlined for inserted: marked by more than colour alone); without it,
 * the diff reads `[-deleted-]{+inserted+}` as wdiff and git's word diff print it.
 */
import { analysisLines } from './analysis-summary';
import { STATUSES, type DiffData, type ResultEntry, type Row, type Scores, type Status } from '../engine/index';
import { formatRate } from '../report/format';

export interface SummaryOptions {
  /** Columns of the terminal; lines are cut to it. */
  width: number;
  colour: boolean;
  /** Most-changed rows shown (0: none). */
  rows: number;
}

export interface SideLabel {
  path: string;
  format: string;
  rows: number;
}

const RATE_NAMES: ReadonlyArray<[keyof Scores, string]> = [
  ['overallCER', 'CER'],
  ['overallWER', 'WER'],
  ['transcriptCER', 'transcript CER'],
  ['transcriptWER', 'transcript WER'],
  ['SegER', 'SegER'],
  ['SER', 'SER'],
  ['transcriptSER', 'transcript SER'],
  ['SACR', 'SACR'],
];

interface Style {
  bold(text: string): string;
  dim(text: string): string;
  deleted(text: string): string;
  inserted(text: string): string;
  grade(grade: number, text: string): string;
}

const ESC = '\u001b[';
const sgr = (on: string, off: string) => (text: string) => (text === '' ? '' : `${ESC}${on}m${text}${ESC}${off}m`);

const COLOUR: Style = {
  bold: sgr('1', '22'),
  dim: sgr('2', '22'),
  deleted: sgr('31;9', '39;29'),
  inserted: sgr('32;4', '39;24'),
  grade: (grade, text) => sgr(grade >= 4 ? '32;1' : grade >= 3 ? '33;1' : '31;1', '39;22')(text),
};

const PLAIN: Style = {
  bold: (t) => t,
  dim: (t) => t,
  deleted: (t) => (t === '' ? '' : `[-${t}-]`),
  inserted: (t) => (t === '' ? '' : `{+${t}+}`),
  grade: (_g, t) => t,
};

/** Text of a row's transcript, shown on one line. */
function oneLine(row: Row | undefined): string {
  const text = row?.['transcript'];
  return typeof text === 'string' ? text.replace(/\s+/g, ' ') : '';
}

/** How much an entry changed, in characters of its transcript, for ranking the rows shown. */
export function changeSize(entry: ResultEntry): number {
  switch (entry.status) {
    case 'UNCHANGED':
      return 0;
    case 'MODIFIED': {
      let n = 0;
      for (const part of entry.transcriptDiff ?? []) if (part.type !== 'equal') n += [...part.text].length;
      // A change outside the transcript (speaker, times, another column) still counts.
      return Math.max(n, entry.changedColumns?.length ?? 0);
    }
    case 'ADDED':
      return [...oneLine(entry.reworkedRow)].length;
    case 'DELETED':
      return [...oneLine(entry.originalRow)].length;
    default: {
      // A split or merge: the pieces' text, plus one for each boundary that moved.
      const rows = entry.status === 'SPLIT' ? entry.reworkedRows : entry.originalRows;
      return (rows?.length ?? 1) - 1 + [...(rows ?? []).map(oneLine).join(' ')].length / 100;
    }
  }
}

/** Cuts a styled line to `width` visible code points (escape sequences are not counted), adding `…`. */
export function fitWidth(line: string, width: number): string {
  let visible = 0;
  let out = '';
  let styled = false;
  for (let k = 0; k < line.length; ) {
    if (line.startsWith(ESC, k)) {
      const end = line.indexOf('m', k);
      out += line.slice(k, end + 1);
      styled = true;
      k = end + 1;
      continue;
    }
    const ch = String.fromCodePoint(line.codePointAt(k) as number);
    if (visible === width - 1 && restVisible(line, k) > 1) return `${out}…${styled ? `${ESC}0m` : ''}`;
    out += ch;
    visible++;
    k += ch.length;
  }
  return out;
}

function restVisible(line: string, from: number): number {
  // eslint-disable-next-line no-control-regex -- the terminal's escape sequences are what this skips
  return [...line.slice(from).replace(/\u001b\[[0-9;]*m/g, '')].length;
}

/** Unchanged text before a row's first change, kept short so that the change shows within the width. */
const LEAD_IN = 24;
function leadIn(text: string): string {
  const chars = [...text];
  return chars.length <= LEAD_IN ? text : `…${chars.slice(-LEAD_IN).join('')}`;
}

/** The text of an entry: its diff for MODIFIED, the pieces for SPLIT/MERGED, one side otherwise. */
function entryText(entry: ResultEntry, style: Style): string {
  switch (entry.status) {
    case 'MODIFIED':
      if (entry.transcriptDiff) {
        return entry.transcriptDiff
          .map((p, k) => (p.type === 'equal' ? (k === 0 ? leadIn(p.text) : p.text) : p.type === 'delete' ? style.deleted(p.text) : style.inserted(p.text)))
          .join('')
          .replace(/\s+/g, ' ');
      }
      return `${oneLine(entry.originalRow)} → ${oneLine(entry.reworkedRow)}`;
    case 'ADDED':
      return style.inserted(oneLine(entry.reworkedRow));
    case 'DELETED':
      return style.deleted(oneLine(entry.originalRow));
    case 'SPLIT':
      return `${oneLine(entry.originalRow)} → ${(entry.reworkedRows ?? []).map((r) => `“${oneLine(r)}”`).join(' | ')}`;
    case 'MERGED':
      return `${(entry.originalRows ?? []).map((r) => `“${oneLine(r)}”`).join(' | ')} → ${oneLine(entry.reworkedRow)}`;
    default:
      return oneLine(entry.reworkedRow);
  }
}

/** `#12` for reworked row 12 (1-based), `#12-14` for several, `(orig #3)` for a deleted row. */
function rowLabel(entry: ResultEntry): string {
  const span = (indices: number[]) =>
    indices.length === 1 ? `#${indices[0]! + 1}` : `#${indices[0]! + 1}-${indices[indices.length - 1]! + 1}`;
  return entry.reworkedIndices.length > 0 ? span(entry.reworkedIndices) : `orig ${span(entry.originalIndices)}`;
}

export function renderSummary(data: DiffData, sides: [SideLabel, SideLabel], options: SummaryOptions): string {
  const style = options.colour ? COLOUR : PLAIN;
  // The header lines wrap as the terminal wraps them; each changed row is cut to one line.
  const lines: string[] = [];
  const [a, b] = sides;
  lines.push(`${style.bold('original')} ${a.path} (${a.format}, ${a.rows} rows)  ${style.bold('reworked')} ${b.path} (${b.format}, ${b.rows} rows)`);
  const composite = data.composite;
  if (composite && composite.grade !== null) {
    lines.push(`${style.bold('Grade')} ${style.grade(composite.grade, `${composite.grade.toFixed(2)} ${composite.label}`)}  (mean error ${composite.percent} over ${composite.enabledMetrics.join(', ')})`);
  } else {
    lines.push(`${style.bold('Grade')} n/a (${composite ? 'no metric contributes' : 'composite disabled'})`);
  }
  lines.push(RATE_NAMES.map(([key, name]) => `${name} ${formatRate(data.scores[key])}`).join('  '));
  const counts = data.counts.rows;
  lines.push(`${style.bold('Rows')} ${STATUSES.map((s: Status) => `${counts[s]} ${s.toLowerCase()}`).join(' · ')}`);
  const normalization = data.meta.normalization;
  if (normalization !== undefined) lines.push(`${style.bold('Normalization')} ${normalization.profile} (version ${normalization.version})`);
  if (data.meta.approximateEntries > 0) {
    lines.push(style.dim(`${data.meta.approximateEntries} entries were counted approximately (work budget, D7.11)`));
  }

  const changed = data.results
    .filter((e) => !e.trace && e.status !== 'UNCHANGED')
    .map((entry, order) => ({ entry, order, size: changeSize(entry) }))
    .sort((x, y) => y.size - x.size || x.order - y.order)
    .slice(0, options.rows);
  if (changed.length > 0) {
    lines.push('', style.bold(`Most-changed rows (${changed.length} of ${data.results.filter((e) => !e.trace && e.status !== 'UNCHANGED').length} changed entries)`));
    for (const { entry } of changed) {
      const kinds = entry.editKinds === undefined || entry.editKinds.length === 0 ? '' : ` ${entry.editKinds.join('+')}`;
      lines.push(fitWidth(`${rowLabel(entry)} ${entry.status}${kinds}  ${entryText(entry, style)}`, options.width));
    }
  }
  if (data.analysis !== undefined) {
    lines.push('', ...analysisLines(data.analysis, data.scores, style, options.width, (line) => fitWidth(line, options.width)));
  }
  return `${lines.join('\n')}\n`;
}
