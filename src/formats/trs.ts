/**
 * Transcriber files (.trs, XML, often ISO-8859-1 as their declaration says; the DOCTYPE's
 * `trans-14.dtd` is never fetched).
 *
 * Within each `<Turn>`, the text between two `<Sync time=.../>` points (or between the last one
 * and the turn's end) is a row from that Sync's time to the next. A turn of overlapping speakers
 * (`speaker="spk1 spk2"`) marks whose words follow with `<Who nb="1"/>`, `<Who nb="2"/>`: each
 * speaker's words of a stretch are a row of their own, with the stretch's times. The speaker is
 * the `<Speaker>`'s name (its id if it has none); a turn without a speaker gives rows without one.
 *
 * `<Event>`s and `<Comment>`s are not words: they go to `non_speech_events`, joined with a space,
 * in Transcriber's bracket notation: a noise event is `[desc]`, another type `[type=desc]`
 * (e.g. `[lexical=desc]`); an event that begins or ends a stretch of audio is `[desc-]` or
 * `[-desc]`; a comment is `{desc}`. `<Background>` is ignored. A stretch with neither words nor
 * events is not a row. Whitespace runs are one space. Rows are ordered by start time, ties in
 * document order (an overlap's speakers in `Who` order).
 */
import { nonBlank, oneLine, orderedRow } from './row-fields';
import { unsignedDecimal } from './seconds';
import { orderByStartTime } from './time-order';
import { checkSpan } from './time-span';
import { FormatError, type FormatAdapter, type FormatWarning, type ReadResult, type TranscriptRow } from './types';
import { childElements, decodeXml, descendants, locationOf, parseXml, requiredAttribute, type XmlElement } from './xml';

/** A time attribute in seconds. */
function secondsOf(element: XmlElement, name: string): number {
  const value = requiredAttribute(element, name);
  const seconds = unsignedDecimal(value.trim());
  if (seconds === undefined) {
    throw new FormatError(`<${element.name}> has ${name}="${value}": expected a time in seconds`, locationOf(element));
  }
  return seconds;
}

/** An `<Event>` or `<Comment>` in Transcriber's bracket notation. */
function eventNotation(element: XmlElement): string {
  const desc = requiredAttribute(element, 'desc').trim();
  if (element.name === 'Comment') return `{${desc}}`;
  const type = element.attributes['type'] ?? 'noise';
  const label = type === 'noise' ? desc : `${type}=${desc}`;
  const extent = element.attributes['extent'] ?? 'instantaneous';
  if (extent === 'begin') return `[${label}-]`;
  if (extent === 'end') return `[-${label}]`;
  return `[${label}]`;
}

/** What one speaker said in one stretch. */
interface Part {
  words: string[];
  events: string[];
}

function readTurn(turn: XmlElement, speakerNames: Map<string, string>, warnings: FormatWarning[]): TranscriptRow[] {
  const ids = (turn.attributes['speaker'] ?? '').trim().split(/\s+/).filter((id) => id !== '');
  const names = ids.map((id) => {
    const name = speakerNames.get(id);
    if (name !== undefined) return name;
    warnings.push({ message: `the turn names the speaker "${id}", which <Speakers> does not declare: its id is the speaker`, location: locationOf(turn) });
    return id;
  });
  const turnEnd = secondsOf(turn, 'endTime');
  const rows: TranscriptRow[] = [];
  let stretchStart = secondsOf(turn, 'startTime');
  // Index into `names` of whose words follow: set by <Who>; a single speaker needs none.
  let who = names.length > 1 ? -1 : 0;
  let parts = new Map<number, Part>();
  let warnedNoWho = false;

  const part = (): Part => {
    if (who < 0) {
      if (!warnedNoWho) {
        warnings.push({ message: `words before any <Who> in a turn of ${names.length} speakers: given to the first, "${names[0]}"`, location: locationOf(turn) });
        warnedNoWho = true;
      }
      who = 0;
    }
    let current = parts.get(who);
    if (!current) {
      current = { words: [], events: [] };
      parts.set(who, current);
    }
    return current;
  };
  const flush = (end: number) => {
    for (const [index, { words, events }] of parts) {
      const transcript = oneLine(words.join(' '));
      if (transcript === '' && events.length === 0) continue;
      rows.push(
        orderedRow({ transcript, speaker: names[index], start_time: stretchStart, end_time: end, non_speech_events: events.length > 0 ? events.join(' ') : undefined }),
      );
    }
    parts = new Map();
  };

  for (const node of turn.children) {
    if (typeof node === 'string') {
      if (node.trim() !== '') part().words.push(node);
      continue;
    }
    switch (node.name) {
      case 'Sync': {
        const time = secondsOf(node, 'time');
        checkSpan(stretchStart, time, locationOf(node), warnings, `the stretch before this Sync (at ${time} s)`);
        flush(time);
        stretchStart = time;
        break;
      }
      case 'Who': {
        const nb = Number(requiredAttribute(node, 'nb'));
        if (!Number.isInteger(nb) || nb < 1 || nb > names.length) {
          const range = names.length === 0 ? 'the turn names no speaker' : `the turn names ${names.length} speaker(s)`;
          throw new FormatError(`<Who nb="${node.attributes['nb']}"> does not name a speaker of its turn: ${range}`, locationOf(node));
        }
        who = nb - 1;
        break;
      }
      case 'Event':
      case 'Vocal':
      case 'Comment':
        part().events.push(eventNotation(node));
        break;
      case 'Background':
        break;
      default:
        throw new FormatError(`unexpected <${node.name}> in a <Turn>: expected text, Sync, Who, Event, Comment or Background`, locationOf(node));
    }
  }
  flush(turnEnd);
  return rows;
}

function readTrs(bytes: Uint8Array): ReadResult {
  const root = parseXml(decodeXml(bytes));
  if (root.name !== 'Trans') throw new FormatError(`expected a Transcriber file (<Trans>), found <${root.name}>`, locationOf(root));
  const speakerNames = new Map<string, string>();
  for (const speakers of childElements(root, 'Speakers')) {
    for (const speaker of childElements(speakers, 'Speaker')) {
      const id = requiredAttribute(speaker, 'id');
      speakerNames.set(id, nonBlank(speaker.attributes['name']) ?? id);
    }
  }
  const episode = childElements(root, 'Episode')[0];
  if (!episode) throw new FormatError('the file has no <Episode>: a Transcriber file holds its turns there', locationOf(root));
  const warnings: FormatWarning[] = [];
  const rows = descendants(episode, 'Turn').flatMap((turn) => readTurn(turn, speakerNames, warnings));
  return { rows: orderByStartTime(rows), warnings };
}

export const trsFormat: FormatAdapter = {
  name: 'trs',
  title: 'Transcriber (.trs)',
  extensions: ['.trs'],
  sniff: (text) => /<!DOCTYPE\s+Trans[\s>]|<Trans[\s>]/.test(text.slice(0, 4096)),
  read: (bytes) => readTrs(bytes),
};
