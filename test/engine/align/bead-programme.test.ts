import fc from 'fast-check';
import { alignGap, beadTable, createPairMemo, type SideFeatures } from '../../../src/engine/align/bead-programme';
import { looseText } from '../../../src/engine/align/row-similarity';

const WORDS = 'we the report said our margin grew in every quarter and cash flow was strong so guidance stays'.split(' ');

/** Both sides of one gap as the aligner sees them: loose keys, shared loose ids, optional times. */
function sides(original: string[], reworked: string[], timed: boolean): [SideFeatures, SideFeatures] {
  const ids = new Map<string, number>();
  const side = (texts: string[]): SideFeatures => {
    const loose = texts.map(looseText);
    const looseId = Int32Array.from(loose.map((l) => ids.get(l) ?? (ids.set(l, ids.size), ids.size - 1)));
    const start = Float64Array.from(texts.map((_, i) => (timed ? 2 * i : NaN)));
    const end = Float64Array.from(texts.map((_, i) => (timed ? 2 * i + 2 : NaN)));
    return { loose, moved: new Uint8Array(texts.length), start, end, looseId, memo: createPairMemo(0) };
  };
  const a = side(original);
  const b = side(reworked);
  a.memo = b.memo = createPairMemo(ids.size);
  return [a, b];
}

/** The shortcut's own criterion, restated: a common prefix and suffix cover 80 % of the longer key. */
function mostlyShared(a: string, b: string): boolean {
  const longest = Math.max(a.length, b.length);
  let p = 0;
  while (p < Math.min(a.length, b.length) && a[p] === b[p]) p++;
  let q = 0;
  while (q < Math.min(a.length, b.length) - p && a[a.length - 1 - q] === b[b.length - 1 - q]) q++;
  return longest === 0 || p + q >= 0.8 * longest;
}

const sentence = fc.array(fc.constantFrom(...WORDS), { minLength: 2, maxLength: 14 }).map((w) => w.join(' '));
/** An annotator's edit of a row: none, a word swapped or dropped, punctuation, a rewrite, a piece of the next row. */
const edit = fc.record({ kind: fc.integer({ min: 0, max: 5 }), at: fc.nat(), word: fc.constantFrom(...WORDS) });

function applyEdit(text: string, next: string, e: { kind: number; at: number; word: string }): string {
  const words = text.split(' ');
  const i = e.at % words.length;
  switch (e.kind) {
    case 0:
      words[i] = e.word;
      return words.join(' ');
    case 1:
      words.splice(i, 1);
      return words.join(' ') || e.word;
    case 2:
      return `${text}.`;
    case 3:
      return `${e.word} ${e.word} ${text.split(' ').reverse().join(' ')}`;
    case 4:
      return `${text} ${next}`;
    default:
      return text.toUpperCase();
  }
}

describe('gap aligner: a square gap of mostly shared rows', () => {
  it('gives exactly the bead programme’s answer, whether the shortcut applies or not', () => {
    let shortcut = 0;
    let runs = 0;
    fc.assert(
      fc.property(fc.array(fc.tuple(sentence, edit), { minLength: 2, maxLength: 6 }), fc.boolean(), fc.boolean(), (rows, timed, splits) => {
        const original = rows.map(([text]) => text);
        const reworked = rows.map(([text, e], i) => applyEdit(text, original[(i + 1) % original.length], e));
        const [orig, rew] = sides(original, reworked, timed);
        const n = original.length;
        const options = { splits, merges: splits };
        runs++;
        if (orig.loose.every((l, i) => mostlyShared(l, rew.loose[i]))) shortcut++;
        expect(alignGap(orig, rew, 0, n, 0, n, options)).toEqual(beadTable(orig, rew, 0, n, 0, n, options));
      }),
      { seed: 2611, numRuns: 1000 },
    );
    // The property must exercise the shortcut, not only the table.
    expect(shortcut).toBeGreaterThan(runs / 10);
  });
});
