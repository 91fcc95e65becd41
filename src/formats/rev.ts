/**
 * Rev.ai transcripts (`application/vnd.rev.transcript.v1.0+json`): `monologues[]`, each a speaker's
 * turn of `elements[]` (`text` words and `unknown` tags such as `<inaudible>` with `ts`/`end_ts`
 * in seconds, `punct` elements holding punctuation and the spaces between words).
 *
 * One row per monologue: the element values joined as written (whitespace runs made one space),
 * from the first timed element's `ts` to the last one's `end_ts`. Speaker: `speaker_name` where
 * set, else the `speaker` number as a string (`0` is `"0"`, as for Deepgram). A monologue with
 * no words is not a row (a warning counts them).
 */
import { arrayAt, numberAt, objectAt, pathTo, readJsonObject, sniffJsonObject, speakerAt, stringAt } from './json-value';
import { nonBlank, oneLine, orderedRow } from './row-fields';
import { checkSpan } from './time-span';
import type { FormatAdapter, FormatWarning, ReadResult, TranscriptRow } from './types';

function readRev(bytes: Uint8Array): ReadResult {
  const root = readJsonObject(bytes);
  const rows: TranscriptRow[] = [];
  const warnings: FormatWarning[] = [];
  let blank = 0;
  arrayAt(root['monologues'], 'monologues').forEach((value, i) => {
    const path = pathTo('monologues', i);
    const monologue = objectAt(value, path);
    const name = monologue['speaker_name'];
    const speaker = nonBlank(typeof name === 'string' ? name : undefined) ?? speakerAt(monologue['speaker'], pathTo(path, 'speaker'));
    let text = '';
    let start: number | undefined;
    let end: number | undefined;
    const elementsPath = pathTo(path, 'elements');
    arrayAt(monologue['elements'], elementsPath).forEach((item, j) => {
      const at = pathTo(elementsPath, j);
      const element = objectAt(item, at);
      stringAt(element['type'], pathTo(at, 'type'));
      text += stringAt(element['value'], pathTo(at, 'value'));
      if (element['ts'] !== undefined) {
        const ts = numberAt(element['ts'], pathTo(at, 'ts'));
        start ??= ts;
      }
      if (element['end_ts'] !== undefined) end = numberAt(element['end_ts'], pathTo(at, 'end_ts'));
    });
    const transcript = oneLine(text);
    if (transcript === '') {
      blank++;
      return;
    }
    checkSpan(start, end, { path }, warnings, 'this monologue');
    rows.push(orderedRow({ transcript, speaker, start_time: start, end_time: end }));
  });
  if (blank > 0) warnings.push({ message: `${blank} monologue(s) without words are not rows`, location: { path: 'monologues' } });
  return { rows, warnings };
}

export const revFormat: FormatAdapter = {
  name: 'rev',
  title: 'Rev.ai transcript (.json)',
  extensions: ['.json'],
  sniff: (text) => Array.isArray(sniffJsonObject(text)?.['monologues']),
  read: (bytes) => readRev(bytes),
};
