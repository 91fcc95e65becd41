/**
 * A transcript's text as page nodes. Text nodes only (dom.ts), and the bidirectional embedding,
 * override and isolate controls (U+202A–U+202E, U+2066–U+2069) are drawn as visible marks
 * instead of being applied: an unmatched U+202E would otherwise reverse what follows it in the
 * cell and show a reviewer text in an order the transcript does not hold. LRM, RLM and ALM stay:
 * they only set the direction of neutral characters, and right-to-left transcripts use them.
 */
import { el } from './dom';

const CONTROL_NAMES: Record<string, string> = {
  '\u202a': 'LRE',
  '\u202b': 'RLE',
  '\u202c': 'PDF',
  '\u202d': 'LRO',
  '\u202e': 'RLO',
  '\u2066': 'LRI',
  '\u2067': 'RLI',
  '\u2068': 'FSI',
  '\u2069': 'PDI',
};

const CONTROLS = /[\u202a-\u202e\u2066-\u2069]/;

const codePoint = (ch: string) => `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** The text as nodes: text nodes, and one visible mark for each bidi control it holds. */
export function textNodes(text: string): Node[] {
  if (!CONTROLS.test(text)) return [document.createTextNode(text)];
  const nodes: Node[] = [];
  let from = 0;
  for (let k = 0; k < text.length; k++) {
    const name = CONTROL_NAMES[text[k]!];
    if (name === undefined) continue;
    if (k > from) nodes.push(document.createTextNode(text.slice(from, k)));
    nodes.push(el('span', { class: 'bidi-control', title: `${codePoint(text[k]!)} bidirectional control ${name}`, dir: 'ltr' }, name));
    from = k + 1;
  }
  if (from < text.length) nodes.push(document.createTextNode(text.slice(from)));
  return nodes;
}

/** Text for screen readers only (report.css hides it from sight). */
export function screenReaderText(text: string): HTMLElement {
  return el('span', { class: 'sr-only' }, text);
}
