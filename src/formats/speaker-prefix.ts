/**
 * The speakers of a subtitle cue named by a leading `NAME:`, when asked (SubRip and WebVTT have no
 * speaker field of their own).
 */
import { oneLine } from './row-fields';

/** Part of a cue said by one speaker; no `speaker` where the cue names none. */
export interface Turn {
  speaker?: string;
  text: string;
}

// A name is a short run without a colon that holds a letter, followed by a colon and a space or
// the end of the line, so that `10:30`, `http://` and `Ratio 3:1` are not speakers.
const SPEAKER_PREFIX = /^\s*([^:\s][^:]{0,39}?)\s*:(?:\s+|$)/;
const HAS_LETTER = /\p{L}/u;

/**
 * The turns of a cue whose lines may begin with `NAME:`: such a line starts a turn of NAME, and
 * a line without one continues the current turn (text before the first name is a turn without
 * a speaker). Turns with no text are dropped unless the cue has no text at all.
 */
export function prefixTurns(lines: readonly string[]): Turn[] {
  const turns: Turn[] = [];
  let current: Turn = { text: '' };
  for (const line of lines) {
    const prefix = SPEAKER_PREFIX.exec(line);
    if (prefix !== null && HAS_LETTER.test(prefix[1])) {
      turns.push(current);
      current = { speaker: prefix[1], text: line.slice(prefix[0].length) };
    } else {
      current.text = `${current.text}\n${line}`;
    }
  }
  turns.push(current);
  const said = turns.map((turn) => ({ ...turn, text: oneLine(turn.text) })).filter((turn) => turn.text !== '');
  return said.length > 0 ? said : [{ text: '' }];
}
