/**
 * The relative links of Markdown files, and the ones that do not resolve in the repository: a
 * target file or folder that is missing or outside the repository, or an `#anchor` that no
 * heading of the target Markdown file defines. Links to other sites are not followed.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, extname, join, normalize, sep } from 'node:path';
import { headingAnchors } from './github-slug';
import { maskCodeSpans, maskFencedCode } from './markdown-code';

export interface Link {
  /** 1-based line of the file. */
  line: number;
  /** As written: `docs/api.md#errors`, `#keys`, `images/a.png`. */
  target: string;
}

export interface BrokenLink extends Link {
  /** The file holding the link, relative to the repository. */
  file: string;
  problem: string;
}

/** `[text](target "title")` and `![alt](target)`; the target may be written `<in angle brackets>`. */
const INLINE = /\]\(\s*(<[^>\n]*>|[^\s()]*(?:\([^\s()]*\)[^\s()]*)*)(?:\s+(?:"[^"]*"|'[^']*'|\([^)]*\)))?\s*\)/g;
/** `[label]: target` at the start of a line. */
const DEFINITION = /^ {0,3}\[[^\]\n]+\]:[ \t]*(<[^>\n]*>|\S+)/gm;
/** `href="…"` and `src="…"` of inline HTML. */
const HTML_ATTRIBUTE = /\b(?:href|src)\s*=\s*"([^"]*)"/g;
/** A scheme (`https:`, `mailto:`) or `//host`: another site, not a file of the repository. */
const EXTERNAL = /^(?:[A-Za-z][A-Za-z0-9+.-]*:|\/\/)/;

/** Every link of a Markdown file, in code neither. */
export function markdownLinks(markdown: string): Link[] {
  const text = maskCodeSpans(maskFencedCode(markdown));
  const found: { at: number; target: string }[] = [];
  for (const pattern of [INLINE, DEFINITION, HTML_ATTRIBUTE]) {
    for (const match of text.matchAll(pattern)) found.push({ at: match.index, target: match[1]!.replace(/^<(.*)>$/, '$1') });
  }
  return found.sort((a, b) => a.at - b.at).map(({ at, target }) => ({ line: text.slice(0, at).split('\n').length, target }));
}

/** The links of `files` (paths relative to `root`) that do not resolve. */
export function brokenLinks(root: string, files: string[]): BrokenLink[] {
  const anchorsOf = new Map<string, Set<string>>();
  const anchors = (path: string): Set<string> => {
    let found = anchorsOf.get(path);
    if (!found) anchorsOf.set(path, (found = headingAnchors(readFileSync(join(root, path), 'utf8'))));
    return found;
  };
  const broken: BrokenLink[] = [];
  for (const file of files) {
    for (const link of markdownLinks(readFileSync(join(root, file), 'utf8'))) {
      const problem = linkProblem(root, file, link.target, anchors);
      if (problem !== undefined) broken.push({ file, ...link, problem });
    }
  }
  return broken;
}

function linkProblem(root: string, file: string, target: string, anchors: (path: string) => Set<string>): string | undefined {
  if (EXTERNAL.test(target)) return undefined;
  const hash = target.indexOf('#');
  const pathPart = (hash === -1 ? target : target.slice(0, hash)).replace(/\?.*$/, '');
  const anchor = hash === -1 ? undefined : decodeURIComponent(target.slice(hash + 1));
  let path = file;
  if (pathPart !== '') {
    const decoded = decodeURIComponent(pathPart);
    // GitHub resolves a leading slash from the repository's root.
    path = normalize(decoded.startsWith('/') ? decoded.slice(1) : join(dirname(file), decoded));
    if (path === '..' || path.startsWith(`..${sep}`)) return 'outside the repository';
    if (!existsSync(join(root, path))) return 'no such file or folder';
  }
  if (anchor === undefined || anchor === '') return undefined;
  // Anchors of other files (a source file's #L12) are GitHub's viewer's, not headings.
  if (extname(path).toLowerCase() !== '.md') return undefined;
  if (!anchors(path).has(anchor)) return `no heading of ${path} has the anchor #${anchor}`;
  return undefined;
}
