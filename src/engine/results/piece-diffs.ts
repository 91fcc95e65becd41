/**
 * `pieceDiffs` (`config.enableGroupDiff`): the character diff of a SPLIT or MERGED entry, piece
 * by piece. The single row's raw transcript is diffed (inline-diff.ts) against its pieces' raw
 * transcripts joined with one space, and the parts are cut where one piece ends and the next
 * begins, so a reviewer sees where each piece starts and what changed in it.
 *
 * For a SPLIT the pieces are the reworked rows: each piece's equal and insert parts join to its
 * own text, and all pieces' equal and delete parts, in order, join to the original text. For a
 * MERGED the pieces are the original rows, and the mirror holds: each piece's equal and delete
 * parts join to its text, all pieces' equal and insert parts to the reworked text. The space that
 * joins two pieces belongs to no piece: where the single row has a character there, it is that
 * row's (a delete of a SPLIT's, an insert of a MERGED's), else it is dropped.
 */
import type { DiffPart } from '../types';
import { inlineDiff } from './inline-diff';

/** Parts of the single row's text against `pieces`; `single` is the original for a SPLIT, the reworked for a MERGED. */
export function pieceDiffs(single: string, pieces: readonly string[], split: boolean): DiffPart[][] {
  const joined = pieces.join(' ');
  const parts = split ? inlineDiff(single, joined) : inlineDiff(joined, single);
  // The pieces' side: 'insert' for a SPLIT (reworked), 'delete' for a MERGED (original); the other kind is the single row's only.
  const pieceKind = split ? 'insert' : 'delete';
  const singleKind = split ? 'delete' : 'insert';
  const out: DiffPart[][] = pieces.map(() => []);
  let piece = 0;
  // Offset in `joined` of the current piece's end (where the separator is).
  let end = pieces[0].length;
  let at = 0;
  const add = (k: number, type: DiffPart['type'], text: string): void => {
    if (text === '') return;
    const list = out[k];
    const last = list[list.length - 1];
    if (last !== undefined && last.type === type) last.text += text;
    else list.push({ type, text });
  };
  for (const part of parts) {
    if (part.type === singleKind) {
      add(piece, part.type, part.text);
      continue;
    }
    // Equal or piece-side text: it consumes `joined`, and may run over piece boundaries.
    let text = part.text;
    while (text !== '') {
      if (at === end && piece < pieces.length - 1) {
        // The separator: the single row's own character when equal, nothing when inserted.
        if (part.type === 'equal') add(piece, singleKind, text[0]);
        text = text.slice(1);
        at++;
        piece++;
        end = at + pieces[piece].length;
        continue;
      }
      const take = Math.min(text.length, end - at);
      add(piece, part.type === 'equal' ? 'equal' : pieceKind, text.slice(0, take));
      text = text.slice(take);
      at += take;
      if (take === 0) break;
    }
  }
  return out;
}
