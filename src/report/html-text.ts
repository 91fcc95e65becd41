/**
 * Text inside markup written in Node (the report's and the corpus index's pages): escaped, so
 * that a title, an id, a tag or an error message reaches the page as text, never as markup.
 */

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for an element's content or a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

