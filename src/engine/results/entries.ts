/**
 * Pass 7: classify each bead of the alignment path and build the result entries (D6.1–D6.6) in
 * document order, with the scoring units the metrics read (one per non-trace entry, D7.3): the
 * entries themselves, since an entry already carries a unit's status and indices.
 */
import { Bead } from '../align/bead-programme';
import { inlineDiff } from './inline-diff';
import { pieceDiffs } from './piece-diffs';
import { cellText, parseTime, timesEqual } from '../prepare/normalize';
import { cell } from '../prepare/prepared-sides';
import { DiffConfig, ResultEntry, Row } from '../types';
import { ScoringUnit } from '../scoring/unit-counts';
import { Prepared } from '../prepare/prepared-sides';

export interface Assembled {
  results: ResultEntry[];
  units: ScoringUnit[];
}

/** Compared columns whose values differ between original row o and reworked row r (caller's names, in column order). */
export function changedColumns(prep: Prepared, o: number, r: number): string[] {
  if (prep.original.sparse === null || prep.reworked.sparse === null) {
    const changed: string[] = [];
    for (const c of prep.denseCols) if (denseDiffers(prep, c, o, r)) changed.push(prep.columns[c]);
    return changed;
  }
  const changed: number[] = [];
  for (const c of prep.denseCols) if (denseDiffers(prep, c, o, r)) changed.push(c);
  const dense = changed.length;
  // Both rows' sparse cells, by ascending column: a column one row lacks differs (D5.4: absent is "").
  const a = prep.original.sparse[o];
  const b = prep.reworked.sparse[r];
  let i = 0;
  let j = 0;
  while (i < a.cols.length || j < b.cols.length) {
    const ca = i < a.cols.length ? a.cols[i] : Infinity;
    const cb = j < b.cols.length ? b.cols[j] : Infinity;
    if (ca === cb) {
      if (a.texts[i] !== b.texts[j]) changed.push(ca);
      i++;
      j++;
    } else if (ca < cb) {
      changed.push(ca);
      i++;
    } else {
      changed.push(cb);
      j++;
    }
  }
  if (changed.length > dense && dense > 0) changed.sort((x, y) => x - y);
  return changed.map((c) => prep.columns[c]);
}

/** Whether dense column `c` differs between original row o and reworked row r. */
function denseDiffers(prep: Prepared, c: number, o: number, r: number): boolean {
  if (!prep.timeCols.includes(c)) return (prep.original.text[c] as string[])[o] !== (prep.reworked.text[c] as string[])[r];
  const name = prep.columns[c];
  return !timesEqual(parseTime(cell(prep.original.rows[o], name)) ?? NaN, parseTime(cell(prep.reworked.rows[r], name)) ?? NaN);
}

function modifiedNotes(prep: Prepared, changed: string[]): string {
  return changed.includes(prep.transcriptName) ? 'transcript changed' : `${changed.join(', ')} changed`;
}

/** Builds the entries of `data.results` and the scoring units from the alignment path. */
export function assemble(prep: Prepared, beads: readonly Bead[], config: DiffConfig): Assembled {
  const results: ResultEntry[] = [];
  const units: ScoringUnit[] = [];
  const origRows = prep.original.rows;
  const rewRows = prep.reworked.rows;
  const rawTranscript = (row: Row): string => cellText(cell(row, prep.transcriptName));

  for (const bead of beads) {
    const { oi, ri } = bead;
    switch (bead.kind) {
      case 'pair': {
        const [o] = oi;
        const [r] = ri;
        const changed = changedColumns(prep, o, r);
        if (changed.length === 0) {
          results.push({
            status: 'UNCHANGED',
            originalRow: origRows[o],
            reworkedRow: rewRows[r],
            notes: 'exact match',
            originalIndices: oi,
            reworkedIndices: ri,
          });
          units.push(results[results.length - 1]);
        } else {
          const entry: ResultEntry = {
            status: 'MODIFIED',
            originalRow: origRows[o],
            reworkedRow: rewRows[r],
            notes: modifiedNotes(prep, changed),
            changedColumns: changed,
            originalIndices: oi,
            reworkedIndices: ri,
          };
          if (config.enableInlineDiff) {
            entry.transcriptDiff = inlineDiff(
              cellText(cell(origRows[o], prep.transcriptName)),
              cellText(cell(rewRows[r], prep.transcriptName)),
            );
          }
          results.push(entry);
          units.push(results[results.length - 1]);
        }
        break;
      }
      case 'del':
        results.push({ status: 'DELETED', originalRow: origRows[oi[0]], notes: 'row deleted', originalIndices: oi, reworkedIndices: [] });
        units.push(results[results.length - 1]);
        break;
      case 'add':
        results.push({ status: 'ADDED', reworkedRow: rewRows[ri[0]], notes: 'row added', originalIndices: [], reworkedIndices: ri });
        units.push(results[results.length - 1]);
        break;
      case 'split': {
        const entry: ResultEntry = {
          status: 'SPLIT',
          originalRow: origRows[oi[0]],
          reworkedRows: ri.map((r) => rewRows[r]),
          notes: `split into ${ri.length} rows`,
          originalIndices: oi,
          reworkedIndices: ri,
        };
        if (config.enableGroupDiff) entry.pieceDiffs = pieceDiffs(rawTranscript(origRows[oi[0]]), ri.map((r) => rawTranscript(rewRows[r])), true);
        results.push(entry);
        units.push(entry);
        break;
      }
      case 'merge': {
        const reworkedRow = rewRows[ri[0]];
        const entry: ResultEntry = {
          status: 'MERGED',
          originalRows: oi.map((o) => origRows[o]),
          reworkedRow,
          notes: `merged from ${oi.length} rows`,
          originalIndices: oi,
          reworkedIndices: ri,
        };
        if (config.enableGroupDiff) entry.pieceDiffs = pieceDiffs(rawTranscript(reworkedRow), oi.map((o) => rawTranscript(origRows[o])), false);
        results.push(entry);
        units.push(results[results.length - 1]);
        oi.forEach((o, k) => {
          results.push({
            status: 'MERGED',
            trace: true,
            originalRow: origRows[o],
            reworkedRow,
            notes: `Source row ${k + 1}/${oi.length}`,
            originalIndices: [o],
            reworkedIndices: ri,
          });
        });
        break;
      }
    }
  }
  return { results, units };
}
