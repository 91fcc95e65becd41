/**
 * The error analysis in the terminal summary (`data.analysis`): the edits by kind and the word
 * errors split into content and style, the speaker mapping's rate beside SACR, the timing line, a
 * table of speakers, and the top confusions, every line cut to the width.
 */
import type { Analysis, BoundaryShifts, EditKindsAnalysis, SpeakerAnalysis, EditCounts, Scores, WordErrors } from '../engine/index';
import { editRate, formatRate } from '../report/format';

export interface AnalysisStyle {
  bold(text: string): string;
  dim(text: string): string;
}

/** Speakers listed in the table; the rest are summed on one line. */
const TABLE_SPEAKERS = 8;
/** Lines of each confusion list. */
const CONFUSION_LINES = 2;
/** Lines of mapped label pairs. */
const MAPPING_LINES = 2;
/** Widest speaker label before it is cut. */
const SPEAKER_WIDTH = 24;

/** A rate of errors over reference tokens, as D7.1 states it (an empty reference: 0 or 100 %). */
const wer = (c: EditCounts) => formatRate(editRate(c));

const codePoints = (text: string) => [...text].length;

function cut(text: string, width: number): string {
  const chars = [...text];
  return chars.length <= width ? text : `${chars.slice(0, width - 1).join('')}…`;
}

function pad(text: string, width: number, right = false): string {
  const room = width - codePoints(text);
  if (room <= 0) return text;
  return right ? ' '.repeat(room) + text : text + ' '.repeat(room);
}

function seconds(x: number | null): string {
  return x === null ? 'n/a' : `${x.toFixed(3)} s`;
}

function shifts(name: string, s: BoundaryShifts, tolerance: number): string {
  return `${name} ${s.moved} of ${s.compared} moved (${s.beyondTolerance} by more than ${tolerance} s; mean ${seconds(s.meanAbsShift)}, max ${seconds(s.maxAbsShift)})`;
}

/** Items joined with `·` into at most `lines` lines of `width`; what does not fit is left out. */
function packed(items: string[], width: number, lines: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const item of items) {
    const next = line === '' ? `  ${item}` : `${line} · ${item}`;
    if (codePoints(next) <= width) {
      line = next;
      continue;
    }
    if (line !== '') out.push(line);
    if (out.length === lines) return out;
    line = cut(`  ${item}`, width);
  }
  if (line !== '' && out.length < lines) out.push(line);
  return out;
}

function speakerRow(s: SpeakerAnalysis): [string, string, string, string] {
  const changed = Object.entries(s.entries).reduce((n, [status, k]) => (status === 'UNCHANGED' ? n : n + k), 0);
  const label = s.speaker === null ? '(no speaker)' : s.speaker;
  return [cut(label, SPEAKER_WIDTH), String(changed), String(s.word.referenceLength), wer(s.word)];
}

const errors = (e: WordErrors) => e.substitutions + e.deletions + e.insertions;
const sdi = (e: WordErrors) => `S ${e.substitutions}, D ${e.deletions}, I ${e.insertions}`;

/** The entries by kind of change, and the word errors split into style and content. */
function editKindLines(kinds: EditKindsAnalysis, style: AnalysisStyle, fit: (line: string) => string): string[] {
  const { entries, transcriptWord } = kinds;
  const styleKinds = (['case', 'punctuation', 'whitespace'] as const).map((k) => `${k} ${entries[k]}`).join(' · ');
  return [
    fit(`${style.bold('Edits')} ${entries.content} content entries · ${entries.styleOnly} style only (${styleKinds})`),
    fit(`      word errors: content ${errors(transcriptWord.content)} (${sdi(transcriptWord.content)}) · style ${errors(transcriptWord.style)} (${sdi(transcriptWord.style)})`),
  ];
}

/** The analysis lines of the summary; `fit` cuts a line to the terminal's width. */
export function analysisLines(analysis: Analysis, scores: Scores, style: AnalysisStyle, width: number, fit: (line: string) => string): string[] {
  const lines: string[] = editKindLines(analysis.editKinds, style, fit);
  const mapping = analysis.speakerMapping;
  if (mapping !== null) {
    // Labels mapped to themselves go without saying; the others are what the mapping found.
    const pairs = mapping.pairs.filter((p) => p.original !== p.reworked).map((p) => `${p.original} → ${p.reworked}`);
    const sacr = scores.SACR === null ? '' : `SACR ${formatRate(scores.SACR)}  `;
    lines.push(fit(`${style.bold('Speakers')} ${sacr}mapped ${formatRate(mapping.mappedSACR)} (${mapping.mappedSpeakerChanged} of ${mapping.modifiedRows} modified rows)`));
    lines.push(...packed(pairs, width, MAPPING_LINES));
  }
  if (analysis.timing !== null) {
    const { starts, ends, toleranceSeconds } = analysis.timing;
    lines.push(fit(`${style.bold('Timing')} ${shifts('starts', starts, toleranceSeconds)}`));
    lines.push(fit(`       ${shifts('ends', ends, toleranceSeconds)}`));
  }

  const speakers = analysis.speakers;
  if (speakers.length > 1 || (speakers.length === 1 && speakers[0].speaker !== null)) {
    const rows = speakers.slice(0, TABLE_SPEAKERS).map(speakerRow);
    if (speakers.length > TABLE_SPEAKERS) {
      const rest = speakers.slice(TABLE_SPEAKERS);
      const sum = (f: (s: SpeakerAnalysis) => number) => rest.reduce((n, s) => n + f(s), 0);
      const words: EditCounts = {
        substitutions: sum((s) => s.word.substitutions),
        deletions: sum((s) => s.word.deletions),
        insertions: sum((s) => s.word.insertions),
        hits: sum((s) => s.word.hits),
        referenceLength: sum((s) => s.word.referenceLength),
      };
      const changed = sum((s) => Object.entries(s.entries).reduce((n, [status, k]) => (status === 'UNCHANGED' ? n : n + k), 0));
      rows.push([`(${rest.length} more)`, String(changed), String(words.referenceLength), wer(words)]);
    }
    const header: [string, string, string, string] = ['speaker', 'changed entries', 'words', 'WER'];
    const widths = header.map((h, k) => Math.max(codePoints(h), ...rows.map((r) => codePoints(r[k]))));
    const row = (r: string[]) => r.map((cell, k) => pad(cell, widths[k], k > 0)).join('  ');
    lines.push('', fit(style.bold(row(header))));
    for (const r of rows) lines.push(fit(row(r)));
  }

  const { substitutions, insertions, deletions, approximateEntries } = analysis.confusions;
  if (substitutions.total + insertions.total + deletions.total > 0) {
    lines.push('', style.bold('Top confusions (reference → original)'));
    const list = (title: string, total: number, items: string[]) => {
      if (total === 0) return;
      lines.push(fit(`${title} (${total})`));
      lines.push(...packed(items, width, CONFUSION_LINES));
    };
    list('substituted', substitutions.total, substitutions.top.map((s) => `${s.reference} → ${s.hypothesis} ×${s.count}`));
    list('missed by the original (deletions)', deletions.total, deletions.top.map((w) => `${w.word} ×${w.count}`));
    list('added by the original (insertions)', insertions.total, insertions.top.map((w) => `${w.word} ×${w.count}`));
    if (approximateEntries > 0) lines.push(style.dim(`${approximateEntries} entries' confusions come from an approximate alignment`));
  }
  return lines;
}
