/**
 * The report's header: title and files, the grade and every rate (and beside them, with
 * `data.analysis`, the content/style split), the normalisation profile, and with the analysis the
 * per-speaker table, the top confusions, the speaker mapping and the timing shifts. The counts
 * per status are drawn with the status filters (report-toolbar.ts).
 */
import { el, append } from './dom';
import { textNodes } from './report-text';
import { editRate, formatGrade, formatRate, formatSeconds } from '../report/format';
import { type Analysis, type BoundaryShifts, type WordCount, type WordErrors, STATUSES, type DiffData, type Scores } from '../engine/index';
import { isNavigableHref } from '../report/link-href';
import type { BackLink, ReportOptions, SideLabel } from '../report/report-options';

const RATES: ReadonlyArray<[keyof Scores, string, string]> = [
  ['overallCER', 'CER', 'characters, all compared columns'],
  ['overallWER', 'WER', 'words, all compared columns'],
  ['transcriptCER', 'Transcript CER', 'characters of the transcript'],
  ['transcriptWER', 'Transcript WER', 'words of the transcript'],
  ['SegER', 'SegER', 'segmentation: splits, merges, added and deleted rows'],
  ['SER', 'SER', 'modified rows among paired rows'],
  ['transcriptSER', 'Transcript SER', 'changed sentences'],
  ['SACR', 'SACR', 'modified rows whose speaker changed'],
];

/** Rows of the confusion lists and speaker table; the rest are summed in one line. */
const TOP = 10;

function sideLine(role: string, side: SideLabel): HTMLElement {
  const facts = [side.format, side.rows === undefined ? undefined : `${side.rows} rows`].filter((x) => x !== undefined);
  return el('div', { class: 'side-label' }, el('span', { class: 'role' }, `${role}: `), el('bdi', {}, ...textNodes(side.name)), facts.length > 0 ? ` (${facts.join(', ')})` : '');
}

function gradeBlock(data: DiffData): HTMLElement {
  const composite = data.composite;
  const grade = composite?.grade ?? null;
  const level = grade === null ? 'none' : grade >= 4 ? 'good' : grade >= 3 ? 'fair' : 'poor';
  const block = el('div', { class: `grade grade-${level}` }, el('div', { class: 'grade-title' }, 'Grade'), el('div', { class: 'grade-value', 'data-grade': '' }, formatGrade(composite)));
  if (composite && composite.grade !== null && composite.percent !== null) {
    append(block, el('div', { class: 'grade-basis' }, `mean error ${composite.percent} over ${composite.enabledMetrics.join(', ')}`));
  } else {
    append(block, el('div', { class: 'grade-basis' }, composite ? 'no metric contributes' : 'composite disabled'));
  }
  return block;
}

function ratesTable(scores: Scores): HTMLElement {
  const body = el('tbody');
  for (const [key, name, what] of RATES) {
    append(body, el('tr', {}, el('th', { scope: 'row', title: what }, name), el('td', { 'data-score': key }, formatRate(scores[key]))));
  }
  return el('table', { class: 'rates' }, el('caption', {}, 'Error rates (lower is better)'), body);
}

function table(caption: string, headings: string[], rows: Array<Array<string | Node>>): HTMLElement {
  const head = el('tr', {}, ...headings.map((h) => el('th', { scope: 'col' }, h)));
  const body = el('tbody', {}, ...rows.map((cells) => el('tr', {}, ...cells.map((c) => el('td', { dir: typeof c === 'string' ? false : 'auto' }, c)))));
  return el('table', { class: 'analysis-table' }, el('caption', {}, caption), el('thead', {}, head), body);
}

const word = (text: string) => el('bdi', { class: 'word' }, ...textNodes(text));

function speakersTable(analysis: Analysis): HTMLElement {
  const rows = analysis.speakers.slice(0, TOP).map((s) => {
    const entries = STATUSES.reduce((n, status) => n + s.entries[status], 0);
    const changed = entries - s.entries.UNCHANGED;
    return [s.speaker === null ? el('i', {}, 'no speaker') : word(s.speaker), String(entries), String(changed), String(s.word.referenceLength), formatRate(editRate(s.word)), formatRate(editRate(s.char))];
  });
  const shown = table('Per speaker (transcript column)', ['Speaker', 'Entries', 'Changed', 'Reference words', 'WER', 'CER'], rows);
  const rest = analysis.speakers.length - TOP;
  return rest > 0 ? el('div', {}, shown, el('p', { class: 'more' }, `and ${rest} more speakers`)) : shown;
}

function wordCounts(caption: string, note: string, total: number, top: WordCount[]): HTMLElement {
  const list = el('ol', { class: 'confusions' }, ...top.slice(0, TOP).map((w) => el('li', {}, word(w.word), ` × ${w.count}`)));
  return el('section', { class: 'confusion-list' }, el('h3', {}, `${caption} (${total})`), el('p', { class: 'note' }, note), list);
}

function confusions(analysis: Analysis): HTMLElement {
  const c = analysis.confusions;
  const substitutions = el(
    'section',
    { class: 'confusion-list' },
    el('h3', {}, `Substitutions (${c.substitutions.total})`),
    el('p', { class: 'note' }, 'original word → reworked word'),
    el('ol', { class: 'confusions' }, ...c.substitutions.top.slice(0, TOP).map((s) => el('li', {}, word(s.hypothesis), ' → ', word(s.reference), ` × ${s.count}`))),
  );
  const block = el(
    'div',
    { class: 'confusions-block' },
    substitutions,
    wordCounts('Insertions', 'words only in the original: the AI added them', c.insertions.total, c.insertions.top),
    wordCounts('Deletions', 'words only in the reworked: the AI missed them', c.deletions.total, c.deletions.top),
  );
  if (c.approximateEntries > 0) append(block, el('p', { class: 'note' }, `${c.approximateEntries} entries counted from an approximate alignment (D7.11)`));
  return block;
}

function speakerMapping(analysis: Analysis): HTMLElement | null {
  const mapping = analysis.speakerMapping;
  if (mapping === null) return null;
  const pairs = mapping.pairs.map((p) => el('li', {}, word(p.original), ' → ', word(p.reworked), ` (${p.support} words)`));
  const section = el(
    'section',
    { class: 'speaker-mapping' },
    el('h3', {}, 'Speaker mapping'),
    el('p', {}, `SACR after mapping: ${formatRate(mapping.mappedSACR)} (${mapping.mappedSpeakerChanged} of ${mapping.modifiedRows} modified rows)`),
    el('ul', {}, ...pairs),
  );
  const unmapped = (side: string, labels: string[]) => (labels.length === 0 ? null : el('p', {}, `Unmapped ${side}: `, ...labels.flatMap((l, k) => (k === 0 ? [word(l)] : [', ', word(l)]))));
  append(section, unmapped('original labels', mapping.unmappedOriginal), unmapped('reworked labels', mapping.unmappedReworked));
  return section;
}

function shiftLine(name: string, s: BoundaryShifts, tolerance: number): HTMLElement {
  return el('li', {}, `${name}: ${s.moved} of ${s.compared} moved, ${s.beyondTolerance} by more than ${tolerance} s (mean ${formatSeconds(s.meanAbsShift)}, max ${formatSeconds(s.maxAbsShift)})`);
}

/** The entries by kind of change, and the transcript's word errors split into content and style, in three lines. */
function editKinds(analysis: Analysis): HTMLElement {
  const { entries, transcriptWord } = analysis.editKinds;
  const errors = (name: string, e: WordErrors) => `${name} ${e.substitutions + e.deletions + e.insertions} (S ${e.substitutions}, D ${e.deletions}, I ${e.insertions})`;
  return el(
    'section',
    { class: 'edit-kinds' },
    el('h2', { class: 'edit-kinds-title' }, 'Content and style'),
    el('p', { 'data-edit-kinds': '' }, `Entries: ${entries.content} changed words, ${entries.styleOnly} style only (case ${entries.case}, punctuation ${entries.punctuation}, whitespace ${entries.whitespace}).`),
    el('p', { 'data-word-kinds': '' }, `Word errors: ${errors('content', transcriptWord.content)}, ${errors('style', transcriptWord.style)}.`),
  );
}

function analysisBlock(analysis: Analysis): HTMLElement {
  const details = el('details', { class: 'analysis', open: true }, el('summary', {}, 'Error analysis'));
  append(details, speakersTable(analysis), confusions(analysis), speakerMapping(analysis));
  if (analysis.timing !== null) {
    const t = analysis.timing;
    append(details, el('section', { class: 'timing' }, el('h3', {}, 'Timing'), el('ul', {}, shiftLine('Starts', t.starts, t.toleranceSeconds), shiftLine('Ends', t.ends, t.toleranceSeconds))));
  }
  return details;
}

/** The link back; an address that could run code when followed (javascript:) is drawn as its label alone. */
function backLink(back: BackLink): HTMLElement {
  const target = isNavigableHref(back.href) ? el('a', { href: back.href, 'data-back': '' }, back.label) : el('span', { 'data-back': '' }, back.label);
  return el('nav', { class: 'back', 'aria-label': 'Back' }, target);
}

export function headerElement(data: DiffData, options: ReportOptions): HTMLElement {
  const header = el('header', { class: 'report-header' });
  if (options.back) append(header, backLink(options.back));
  append(header, el('h1', {}, ...textNodes(options.title ?? 'Transcript diff')));
  if (options.sides) append(header, el('div', { class: 'sides' }, sideLine('original', options.sides.original), sideLine('reworked', options.sides.reworked)));
  // The content/style split under the grade, beside the rates (the taller of the two): the two
  // questions a QA lead asks of a post-edit, without pushing the rows down.
  const kinds = data.analysis?.editKinds === undefined ? null : editKinds(data.analysis);
  append(header, el('div', { class: 'scores' }, el('div', { class: 'grade-column' }, gradeBlock(data), kinds), ratesTable(data.scores)));
  const normalization = data.meta.normalization;
  if (normalization !== undefined) {
    append(header, el('p', { class: 'note', 'data-normalization': normalization.profile }, `Texts compared under the normalisation profile ${normalization.profile} (version ${normalization.version}).`));
  }
  if (data.meta.approximateEntries > 0) {
    append(header, el('p', { class: 'note' }, `${data.meta.approximateEntries} entries were counted approximately (work budget, D7.11).`));
  }
  if (data.analysis !== undefined) append(header, analysisBlock(data.analysis));
  return header;
}
