/**
 * Building the page's elements. Everything a transcript or an answer holds reaches the page as a
 * text node or an attribute value, never as markup: no innerHTML anywhere in the browser code, so
 * a transcript holding `<script>` or `<img onerror=...>` is shown, not run.
 */

export type Child = Node | string | null | undefined | false;

export interface Attributes {
  [name: string]: string | number | boolean | null | undefined;
}

/** An element with attributes (false, null or undefined: left out; true: present and empty) and children. */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Attributes = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    element.setAttribute(name, value === true ? '' : String(value));
  }
  append(element, ...children);
  return element;
}

/** Appends children; strings become text nodes. */
export function append(parent: Node, ...children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
  }
}
