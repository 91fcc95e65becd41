/**
 * Annotation tags in brackets (`[laughter]`, `(inaudible)`, `<unk>`), which the `basic`
 * normalisation profile removes: every character from a bracket to its partner, both included.
 * Brackets pair within their own kind ([ ], ( ), < >), nested pairs counted, so "[a [b] c]" goes
 * whole; spans of different kinds that overlap go together ("[a (b] c)"). A bracket without a
 * partner stays (the profile then turns it into a space, as punctuation or a symbol). Each removed
 * span becomes one space, so that a tag between two words does not glue them.
 *
 * One pass and a stack per kind: linear whatever the nesting (a regular expression applied until
 * nothing changes would take one pass per level).
 */

const OPENING = new Map<number, number>([[0x5b, 0], [0x28, 1], [0x3c, 2]]);
const CLOSING = new Map<number, number>([[0x5d, 0], [0x29, 1], [0x3e, 2]]);
const ANY_BRACKET = /[[\]()<>]/;

/** `text` without its bracketed spans, each replaced by one space. */
export function removeBracketedSpans(text: string): string {
  if (!ANY_BRACKET.test(text)) return text;
  const open: number[][] = [[], [], []];
  // +1 where a removed span starts, −1 just after it ends: spans are unioned by the running sum.
  const depth = new Int32Array(text.length + 1);
  let found = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const opening = OPENING.get(c);
    if (opening !== undefined) {
      open[opening]!.push(i);
      continue;
    }
    const closing = CLOSING.get(c);
    if (closing === undefined) continue;
    const start = open[closing]!.pop();
    if (start === undefined) continue;
    depth[start]++;
    depth[i + 1]--;
    found = true;
  }
  if (!found) return text;
  let out = '';
  let sum = 0;
  let keptFrom = 0;
  for (let i = 0; i <= text.length; i++) {
    const before = sum;
    sum += depth[i]!;
    if (before === 0 && sum > 0) out += text.slice(keptFrom, i) + ' ';
    else if (before > 0 && sum === 0) keptFrom = i;
  }
  // Every span has closed by the end (each +1 has its −1 at most at text.length).
  return out + text.slice(keptFrom);
}
