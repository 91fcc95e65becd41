/**
 * TTML subtitles and their profiles, DFXP and IMSC (.ttml, .dfxp, .xml; W3C TTML2). Each `<p>` in
 * the body is a row, in document order. Its times are its `begin` and `end` (or `begin` + `dur`),
 * in clock time, offset time, frames or ticks at the document's rates (ttml-time.ts), each
 * relative to its parent's begin as TTML's default parallel time containers nest them; a `<p>`
 * with no times of its own spans its timed `<span>`s, else its parent's interval. `<br/>` is a
 * line break, whitespace runs are one space, `<metadata>` is not text.
 *
 * Speaker: the `ttm:agent` of the `<p>` or of an ancestor, named by the `<ttm:name>` of the agent
 * declared in the head (else its id). A `<span>` with its own agent is that agent's turn: a `<p>`
 * of several agents gives one row per turn with the `<p>`'s times, as WebVTT voices do.
 */
import { quoted } from './quote';
import { oneLine } from './row-fields';
import { checkSpan } from './time-span';
import { timeBase, ttmlSeconds, type TimeBase } from './ttml-time';
import { FormatError, type FormatAdapter, type FormatWarning, type ReadResult, type TranscriptRow } from './types';
import { decodeXml, locationOf, parseXml, type XmlElement } from './xml';

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** An attribute by its local name, whatever prefix the document binds (`ttp:frameRate`, `tts:…`). */
function attributeOf(element: XmlElement, name: string, prefixed: boolean): string | undefined {
  if (!prefixed) return element.attributes[name];
  const key = Object.keys(element.attributes).find((key) => key.includes(':') && localName(key) === name);
  return key === undefined ? undefined : element.attributes[key];
}

function elements(element: XmlElement): XmlElement[] {
  return element.children.filter((node): node is XmlElement => typeof node !== 'string');
}

interface Interval {
  begin: number;
  end?: number;
}

interface Turn {
  agent?: string;
  text: string;
}

class TtmlReader {
  readonly rows: TranscriptRow[] = [];
  readonly warnings: FormatWarning[] = [];

  constructor(
    private readonly base: TimeBase,
    private readonly agents: Map<string, string>,
  ) {}

  private time(element: XmlElement, name: 'begin' | 'end' | 'dur'): number | undefined {
    const text = element.attributes[name];
    if (text === undefined) return undefined;
    const seconds = ttmlSeconds(text, this.base);
    if (seconds === undefined) {
      throw new FormatError(`<${element.name}> has ${name}=${quoted(text)}: expected a TTML time such as 00:00:01.500, 00:00:01:12 (frames), 1.5s or 1500ms`, locationOf(element));
    }
    return seconds;
  }

  /** The element's interval from its parent's: begin relative to the parent's begin, end from end and dur, else the parent's end. */
  private interval(element: XmlElement, parent: Interval): Interval & { own: boolean } {
    if (element.attributes['timeContainer'] === 'seq') throw new FormatError('sequential time containers (timeContainer="seq") are not read: save the file with explicit begin and end times', locationOf(element));
    const begin = this.time(element, 'begin');
    const end = this.time(element, 'end');
    const dur = this.time(element, 'dur');
    const start = parent.begin + (begin ?? 0);
    // With both end and dur, the earlier of the two ends it (SMIL's active end, which TTML keeps).
    const ends = [...(end === undefined ? [] : [parent.begin + end]), ...(dur === undefined ? [] : [start + dur])];
    const stop = ends.length > 0 ? Math.min(...ends) : parent.end;
    return { begin: start, end: stop, own: begin !== undefined || end !== undefined || dur !== undefined };
  }

  private speakerOf(element: XmlElement, inherited: string | undefined): string | undefined {
    const agent = attributeOf(element, 'agent', true);
    if (agent === undefined) return inherited;
    const first = agent.trim().split(/\s+/)[0] ?? '';
    return this.agents.get(first) ?? (first === '' ? inherited : first);
  }

  /** Walks body, div and p elements, making a row of each p. */
  visit(element: XmlElement, parent: Interval, agent: string | undefined, timed: boolean): void {
    const interval = this.interval(element, parent);
    const speaker = this.speakerOf(element, agent);
    if (localName(element.name) === 'p') {
      this.paragraph(element, interval, speaker, timed || interval.own);
      return;
    }
    for (const child of elements(element)) {
      const name = localName(child.name);
      if (name === 'div' || name === 'p') this.visit(child, interval, speaker, timed || interval.own);
    }
  }

  private paragraph(p: XmlElement, interval: Interval & { own: boolean }, speaker: string | undefined, timed: boolean): void {
    const turns: Turn[] = [{ agent: speaker, text: '' }];
    const spanTimes: number[] = [];
    const walk = (element: XmlElement, span: Interval, agent: string | undefined) => {
      for (const node of element.children) {
        if (typeof node === 'string') {
          const last = turns[turns.length - 1];
          if (last.agent === agent) last.text += node;
          else turns.push({ agent, text: node });
          continue;
        }
        const name = localName(node.name);
        if (name === 'br') turns[turns.length - 1].text += '\n';
        else if (name === 'span') {
          const inner = this.interval(node, span);
          if (inner.own) spanTimes.push(inner.begin, ...(inner.end === undefined ? [] : [inner.end]));
          walk(node, inner, this.speakerOf(node, agent));
        }
      }
    };
    walk(p, interval, speaker);
    let begin: number | undefined = interval.begin;
    let end = interval.end;
    if (!timed && spanTimes.length > 0) {
      begin = Math.min(...spanTimes);
      end = Math.max(...spanTimes);
    } else if (!timed) {
      begin = undefined;
      end = undefined;
    }
    checkSpan(begin, end, locationOf(p), this.warnings, 'this <p>');
    const said = turns.map((turn) => ({ ...turn, text: oneLine(turn.text) })).filter((turn) => turn.text !== '');
    // Kept, so that every <p> is accounted for, but said, as the other subtitle formats say an empty cue.
    if (said.length === 0) this.warnings.push({ message: 'this <p> has no text: kept as an empty row', location: locationOf(p) });
    for (const turn of said.length > 0 ? said : [{ agent: speaker, text: '' }]) {
      const row: TranscriptRow = { transcript: turn.text };
      if (turn.agent !== undefined) row.speaker = turn.agent;
      if (begin !== undefined) row.start_time = begin;
      if (end !== undefined) row.end_time = end;
      this.rows.push(row);
    }
  }
}

/** Agent id → name, from the `ttm:agent` declarations anywhere in the head. */
function declaredAgents(root: XmlElement): Map<string, string> {
  const agents = new Map<string, string>();
  const visit = (element: XmlElement) => {
    for (const child of elements(element)) {
      if (localName(child.name) === 'agent') {
        const id = child.attributes['xml:id'];
        const name = elements(child).find((e) => localName(e.name) === 'name');
        const text = name === undefined ? '' : oneLine(name.children.filter((n): n is string => typeof n === 'string').join(''));
        if (id !== undefined) agents.set(id, text === '' ? id : text);
      } else {
        visit(child);
      }
    }
  };
  const head = elements(root).find((e) => localName(e.name) === 'head');
  if (head !== undefined) visit(head);
  return agents;
}

function readTtml(bytes: Uint8Array): ReadResult {
  const root = parseXml(decodeXml(bytes));
  if (localName(root.name) !== 'tt') throw new FormatError(`expected a TTML document (<tt>), found <${root.name}>`, locationOf(root));
  const base = timeBase((name) => attributeOf(root, name, true));
  if ('invalid' in base) throw new FormatError(`<tt> has a ttp:${base.invalid} that is not a positive number (ttp:frameRateMultiplier: two whole numbers, "1000 1001")`, locationOf(root));
  const body = elements(root).find((e) => localName(e.name) === 'body');
  const reader = new TtmlReader(base, declaredAgents(root));
  if (body !== undefined) reader.visit(body, { begin: 0 }, undefined, false);
  return { rows: reader.rows, warnings: reader.warnings };
}

export const ttmlFormat: FormatAdapter = {
  name: 'ttml',
  title: 'TTML / DFXP / IMSC subtitles (.ttml, .dfxp, .xml)',
  extensions: ['.ttml', '.dfxp', '.xml'],
  sniff: (text) => /<(?:[\w-]+:)?tt[\s>]/.test(text.slice(0, 4096)) && /http:\/\/www\.w3\.org\/(?:ns\/ttml|2006\/(?:04|10)\/ttaf1)/.test(text.slice(0, 8192)),
  read: readTtml,
};
