/**
 * Whether an address may be the target of a link the report draws: a path relative to the page,
 * or an http:, https: or file: URL. Any other scheme is refused - javascript: and vbscript: run
 * code when followed, data: and blob: open a document of the caller's making.
 *
 * Browsers drop tabs and line breaks anywhere in a URL and control characters and spaces around
 * it before reading its scheme (`java\tscript:` is javascript:), so the scheme is read the same way.
 */

const NAVIGABLE_SCHEMES = new Set(['http', 'https', 'file']);

export function isNavigableHref(href: string): boolean {
  // eslint-disable-next-line no-control-regex -- the characters the URL parser strips are what is matched
  const parsed = href.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(parsed)?.[1]?.toLowerCase();
  return scheme === undefined || NAVIGABLE_SCHEMES.has(scheme);
}
