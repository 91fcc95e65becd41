/**
 * sclite transcript files (.trn): one utterance a line, its words then its id in parentheses,
 * `words of the utterance (speaker-utt_001)`. The id is what sclite pairs a hypothesis line
 * with its reference line by: each line is a row that keeps its id in `utterance_id`, so two trn
 * files are paired by id (compare-files.ts), whatever their order. A trn carries no times.
 *
 * As sclite reads it: the id is the last parenthesised group of the line, the words are joined
 * with single spaces, `;;` lines are comments. A line without an id, or an id used twice, is an
 * error at its line.
 */
import { checkUniqueId } from './utterance-ids';
import { decodeText, splitLines } from './text';
import { FormatError, type FormatAdapter, type ReadResult, type TranscriptRow } from './types';

const UTTERANCE = /^(.*?)\s*\(([^()\s]+)\)\s*$/;
const SNIFF_CHARS = 4096;

function readTrn(bytes: Uint8Array): ReadResult {
  const rows: TranscriptRow[] = [];
  const seen = new Map<string, number>();
  splitLines(decodeText(bytes)).forEach((text, k) => {
    const line = k + 1;
    if (text.trim() === '' || text.startsWith(';;')) return;
    const m = UTTERANCE.exec(text);
    if (m === null) throw new FormatError('expected the words of an utterance then its id in parentheses, such as: hello world (spk1_001)', { line });
    checkUniqueId(m[2], line, seen);
    rows.push({ transcript: m[1].trim().split(/\s+/).filter((word) => word !== '').join(' '), utterance_id: m[2] });
  });
  return { rows, warnings: [] };
}

/** True when every line that is not blank or a comment, among the first ones, ends with an id in parentheses, or when there are only comments. */
function sniffTrn(text: string): boolean {
  const lines = splitLines(text.slice(0, SNIFF_CHARS).replace(/^\uFEFF/, ''));
  if (text.length > SNIFF_CHARS) lines.pop();
  const content = lines.filter((line) => line.trim() !== '' && !line.startsWith(';;'));
  // Only comments: a trn of no utterances, as sclite reads it (STM and CTM take it alike).
  if (content.length === 0) return lines.some((line) => line.startsWith(';;'));
  return content.every((line) => UTTERANCE.test(line));
}

export const trnFormat: FormatAdapter = {
  name: 'trn',
  title: 'sclite transcript, "words (utterance-id)" a line (.trn)',
  extensions: ['.trn'],
  sniff: sniffTrn,
  read: readTrn,
};
