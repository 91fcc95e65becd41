/**
 * The anchors GitHub gives the headings of a Markdown file, by the rules of github-slugger, which
 * GitHub's renderer follows: the heading's text as rendered (no backticks, a link's text only),
 * lower-cased; every character removed that is punctuation other than `-` and `_`, a symbol, a
 * control or format character, a separator other than the plain space, or an "other" number
 * (`²`), unless it is alphabetic; each space becomes `-`. A slug already taken in the file gets
 * `-1`, `-2`, … after it, counted per slug as github-slugger does.
 */
import { CODE_SPAN, maskFencedCode } from './markdown-code';

const REMOVED = /[\p{No}\p{Ps}\p{Pe}\p{Pi}\p{Pf}\p{Po}\p{Pd}\p{S}\p{Cc}\p{Co}\p{Cf}\p{Cn}\p{Z}]/u;
const KEPT = /[\p{Alphabetic} -]/u;

/** The slug of one heading's rendered text, before duplicates are numbered. */
export function githubSlug(text: string): string {
  let slug = '';
  for (const char of text.toLowerCase()) if (KEPT.test(char) || !REMOVED.test(char)) slug += char;
  return slug.replace(/ /g, '-');
}

/**
 * Numbers repeated slugs within one file. A slug that was produced by numbering also counts as
 * taken: "echo", "echo", "echo 1" give echo, echo-1, echo-1-1.
 */
export function slugger(): (text: string) => string {
  const occurrences = new Map<string, number>();
  return (text) => {
    const original = githubSlug(text);
    let slug = original;
    while (occurrences.has(slug)) {
      const count = occurrences.get(original)! + 1;
      occurrences.set(original, count);
      slug = `${original}-${count}`;
    }
    occurrences.set(slug, 0);
    return slug;
  };
}

const ATX_HEADING = /^ {0,3}#{1,6}(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const LINK_OR_IMAGE = /!?\[((?:[^\]\\]|\\.)*)\]\([^)]*\)/g;
const HTML_TAG = /<\/?[A-Za-z][^>]*>/g;
const ESCAPE = /\\([!-/:-@[-`{-~])/g;
/** `_` that opens or closes emphasis: at the edge of a word, not inside one (snake_case stays). */
const UNDERSCORE_EMPHASIS = /(^|[^\p{L}\p{N}_])_+(?=\S)|(?<=\S)_+(?=$|[^\p{L}\p{N}_])/gu;

/** A heading's text as GitHub renders it: code spans keep their text verbatim, markup goes. */
export function headingText(source: string): string {
  const parts: string[] = [];
  let last = 0;
  for (const match of source.matchAll(CODE_SPAN)) {
    parts.push(plainText(source.slice(last, match.index)), match[2]!.replace(/^ (.*) $/, '$1'));
    last = match.index + match[0].length;
  }
  parts.push(plainText(source.slice(last)));
  return parts.join('').trim();
}

function plainText(markdown: string): string {
  return markdown.replace(LINK_OR_IMAGE, '$1').replace(HTML_TAG, '').replace(UNDERSCORE_EMPHASIS, '$1').replace(ESCAPE, '$1');
}

/** Every anchor the headings of a Markdown file define (headings in fenced code are not headings). */
export function headingAnchors(markdown: string): Set<string> {
  const slug = slugger();
  const anchors = new Set<string>();
  for (const line of maskFencedCode(markdown).split('\n')) {
    const match = ATX_HEADING.exec(line);
    if (match) anchors.add(slug(headingText(match[1] ?? '')));
  }
  return anchors;
}
