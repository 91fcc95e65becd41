/**
 * meeteval's SegLST (.json): an array of segments `{session_id, speaker, start_time, end_time,
 * words}`, times in seconds, `words` the segment's text (meeteval's `io/seglst.py`). Each segment
 * is a row with its speaker and times, in the file's order; other keys are not read. A file
 * that holds several sessions is read one session at a time: ReadOptions.session names it, and
 * without it the error lists the sessions.
 */
import { parseJson } from './json-syntax';
import { quoted, quotedList } from './quote';
import { arrayAt, isObject, objectAt, pathTo, secondsAt, speakerAt, stringAt, type Json } from './json-value';
import { decodeText } from './text';
import { checkSpan } from './time-span';
import { FormatError, type FormatAdapter, type FormatWarning, type ReadOptions, type ReadResult, type TranscriptRow } from './types';

function readSeglst(bytes: Uint8Array, options: ReadOptions = {}): ReadResult {
  const segments = arrayAt(parseJson(decodeText(bytes)) as Json, '').map((value, i) => {
    const path = pathTo('', i);
    const segment = objectAt(value, path);
    return { path, segment, session: stringAt(segment['session_id'], pathTo(path, 'session_id')) };
  });
  const sessions = [...new Set(segments.map((s) => s.session))];
  let session = options.session;
  if (session === undefined) {
    if (sessions.length > 1) throw new FormatError(`the file holds ${sessions.length} sessions: name one with --session ID (${quotedList(sessions)})`, { path: '[0].session_id' });
    session = sessions[0];
  } else if (!sessions.includes(session)) {
    throw new FormatError(`the file has no session ${quoted(session)}; its sessions are ${quotedList(sessions)}`, { path: '(top level)' });
  }
  const warnings: FormatWarning[] = [];
  const rows: TranscriptRow[] = segments
    .filter((s) => s.session === session)
    .map(({ path, segment }) => {
      const start = secondsAt(segment['start_time'], pathTo(path, 'start_time'));
      const end = secondsAt(segment['end_time'], pathTo(path, 'end_time'));
      checkSpan(start, end, { path }, warnings, 'this segment');
      const row: TranscriptRow = { transcript: stringAt(segment['words'], pathTo(path, 'words')).trim() };
      const speaker = speakerAt(segment['speaker'], pathTo(path, 'speaker'));
      if (speaker !== undefined) row.speaker = speaker;
      row.start_time = start;
      row.end_time = end;
      return row;
    });
  return { rows, warnings };
}

/** True for a JSON array whose first element is a segment: an object with session_id and words. */
function sniffSeglst(text: string): boolean {
  if (!/^\uFEFF?\s*\[\s*\{/.test(text)) return false;
  // The first object is enough, and it is short: parse up to its closing brace at depth one.
  const first = /^\uFEFF?\s*\[\s*(\{[^{}]*\})/.exec(text)?.[1];
  if (first === undefined) return false;
  try {
    const value = JSON.parse(first) as unknown;
    return isObject(value) && 'session_id' in value && 'words' in value;
  } catch {
    return false;
  }
}

export const seglstFormat: FormatAdapter = {
  name: 'seglst',
  title: "meeteval SegLST: a JSON array of {session_id, speaker, start_time, end_time, words} (.json)",
  extensions: ['.json'],
  sniff: sniffSeglst,
  read: readSeglst,
};
