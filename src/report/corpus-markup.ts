/**
 * Static markup written in Node for the corpus index page: text and attribute values escaped, so
 * that an id, a tag or an error message from a manifest reaches the page as text, never as markup.
 */

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for an element's content or a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

