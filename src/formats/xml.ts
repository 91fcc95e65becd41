/**
 * XML files (ELAN, Transcriber) as a small element tree built with saxes: each element keeps the
 * line and column of its start tag, so an adapter can say where a problem lies.
 *
 * Nothing is fetched: a DOCTYPE naming an external DTD (Transcriber's `trans-14.dtd`) is read
 * past, and an entity only the DTD would define is an error, not a network request.
 */
import { SaxesParser } from 'saxes';
import { decodeText, positionFinder, type TextEncoding } from './text';
import { FormatError, type SourceLocation } from './types';

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  /** Elements and text (character data and CDATA), in document order; comments are dropped. */
  children: XmlNode[];
  /** 1-based position of the start tag's `<`. */
  line: number;
  column: number;
}

export type XmlNode = XmlElement | string;

// Declared encodings read as ISO-8859-1 (the WHATWG `latin1` decoder is windows-1252, a superset
// that differs only in C1 control characters no transcript holds). US-ASCII is a subset of both.
const LATIN1_NAMES = new Set(['iso-8859-1', 'iso8859-1', 'iso_8859-1', 'latin1', 'l1', 'windows-1252', 'cp1252', 'us-ascii', 'ascii']);
const UTF_NAMES = new Set(['utf-8', 'utf8', 'utf-16', 'utf-16le', 'utf-16be']);

/**
 * The text of an XML file, decoded as its declaration says (`<?xml ... encoding="ISO-8859-1"?>`):
 * a byte order mark wins, then the declared encoding, else UTF-8 as XML requires.
 */
export function decodeXml(bytes: Uint8Array): string {
  // The declaration is ASCII, so reading the first bytes as Latin-1 finds it in any ASCII-based
  // encoding; a UTF-16 file has a byte order mark (or zero bytes) that decodeText recognises.
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200));
  const declared = /^(?:\xef\xbb\xbf)?\s*<\?xml[^>]*?\sencoding\s*=\s*["']([^"']+)["']/.exec(head)?.[1]?.toLowerCase();
  let fallback: TextEncoding = 'utf-8';
  if (declared !== undefined && LATIN1_NAMES.has(declared)) fallback = 'latin1';
  else if (declared !== undefined && !UTF_NAMES.has(declared)) {
    throw new FormatError(`the XML declaration names the encoding "${declared}"; UTF-8, UTF-16 and ISO-8859-1 are read: save the file as UTF-8`, {
      line: 1,
    });
  }
  return decodeText(bytes, fallback);
}

/** The root element of `text`; a file that is not well-formed XML throws FormatError at the offending line and column. */
export function parseXml(text: string): XmlElement {
  const parser = new SaxesParser<{ xmlns: false; position: true }>({ xmlns: false, position: true });
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  const position = positionFinder(text);
  let tagStart = 0;

  parser.on('error', (error) => {
    // saxes prefixes its message with "line:column: "; the location carries that instead. Its
    // column counts the characters read on the line, so it is the 1-based column of the last one.
    const message = error.message.replace(/^\d+:\d+:\s*/, '');
    throw new FormatError(`the file is not well-formed XML: ${message}`, { line: parser.line, column: Math.max(1, parser.column) });
  });
  parser.on('opentagstart', (tag) => {
    // saxes has read `<name` and the character that ended the name (a space, `/`, `>` or a line
    // break): its offset in the text is two past the name's last character.
    tagStart = parser.position - tag.name.length - 2;
  });
  parser.on('opentag', (tag) => {
    const element: XmlElement = { name: tag.name, attributes: { ...tag.attributes }, children: [], ...position(tagStart) };
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(element);
    else root = element;
    if (!tag.isSelfClosing) stack.push(element);
  });
  parser.on('closetag', (tag) => {
    if (!tag.isSelfClosing) stack.pop();
  });
  const addText = (text: string) => {
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(text);
  };
  parser.on('text', addText);
  parser.on('cdata', addText);

  parser.write(text).close();
  if (!root) throw new FormatError('the file holds no XML element', { line: 1 });
  return root;
}

/** The child elements of `element` called `name`, in document order. */
export function childElements(element: XmlElement, name: string): XmlElement[] {
  return element.children.filter((node): node is XmlElement => typeof node !== 'string' && node.name === name);
}

/** Every descendant element called `name`, in document order. */
export function descendants(element: XmlElement, name: string): XmlElement[] {
  const found: XmlElement[] = [];
  const visit = (node: XmlElement) => {
    for (const child of node.children) {
      if (typeof child === 'string') continue;
      if (child.name === name) found.push(child);
      visit(child);
    }
  };
  visit(element);
  return found;
}

/** All the text inside `element`, its descendants' included. */
export function textContent(element: XmlElement): string {
  return element.children.map((node) => (typeof node === 'string' ? node : textContent(node))).join('');
}

/** Where `element` starts, for a FormatError or a warning. */
export function locationOf(element: XmlElement): SourceLocation {
  return { line: element.line, column: element.column };
}

/** The value of a required attribute; its absence is a FormatError at the element. */
export function requiredAttribute(element: XmlElement, name: string): string {
  const value = element.attributes[name];
  if (value === undefined) throw new FormatError(`<${element.name}> has no ${name} attribute`, locationOf(element));
  return value;
}
