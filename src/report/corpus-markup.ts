/**
 * Static markup written in Node for the corpus index page: text and attribute values escaped, so
 * that an id, a tag or an error message from a manifest reaches the page as text, never as markup.
 */

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for an element's content or a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/**
 * JSON for a `<script type="application/json">` block: `<` written as `\u003c`, so no `</script>`
 * or `<!--` in a string can end or alter the block, and U+2028/U+2029 escaped, which older
 * JavaScript parsers took for line ends inside strings. JSON.parse reads the same value back.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
