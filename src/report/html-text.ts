/**
 * What the Node-written pages (the report's and the corpus index's) put inside their markup: text
 * escaped, so that a title, an id, a tag or an error message reaches the page as text, never as
 * markup; and the built script and stylesheet, inlined only when they cannot end their element.
 */
import { browserAsset } from '../package-files';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for an element's content or a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}


/**
 * A built browser asset (dist/browser/NAME) to inline as is in a `<script>` or `<style>`
 * element: text that would end the element early (`</script`), or open a comment in which the
 * parser would skip its end (`<!--`), is refused rather than rewritten, since the page's policy
 * names the asset by its hash.
 */
export function inlineAsset(name: string, element: 'script' | 'style'): string {
  const text = browserAsset(name);
  if (new RegExp(`</${element}|<!--`, 'i').test(text)) throw new Error(`dist/browser/${name} holds "</${element}" or "<!--": it cannot be inlined`);
  return text;
}
