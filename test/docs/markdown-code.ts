/**
 * Code in Markdown, blanked out: what looks like a heading or a link inside a fenced block or a
 * code span is text, not markup. Blanking keeps every newline and the length, so a position in the
 * masked text is the same line and column in the file.
 */

const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})/;

function blank(text: string): string {
  return text.replace(/[^\n]/g, ' ');
}

/** The file with every fenced code block (its fences included) blanked. An unclosed fence runs to the end. */
export function maskFencedCode(markdown: string): string {
  const lines = markdown.split('\n');
  let fence: string | undefined;
  return lines
    .map((line) => {
      if (fence === undefined) {
        const open = FENCE_OPEN.exec(line);
        if (!open) return line;
        const marker = open[1]!;
        if (marker[0] === '`' && line.slice(open[0].length).includes('`')) return line;
        fence = marker;
        return blank(line);
      }
      const close = new RegExp(`^ {0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}[ \\t]*$`);
      if (close.test(line)) fence = undefined;
      return blank(line);
    })
    .join('\n');
}

/** A code span: a run of backticks, its text, and a closing run of the same length. */
export const CODE_SPAN = /(`+)([\s\S]*?[^`])\1(?!`)/g;

/**
 * The text with its code spans blanked, backticks included. A code span never crosses a blank
 * line, so each paragraph is searched alone: one stray backtick cannot hide the rest of the file.
 */
export function maskCodeSpans(text: string): string {
  return text
    .split(/(\n[ \t]*\n)/)
    .map((paragraph) => paragraph.replace(CODE_SPAN, (span) => blank(span)))
    .join('');
}
