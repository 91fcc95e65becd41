import fc from 'fast-check';
import { BARE, DROP_PUNCTUATION, DROP_SPACES, FOLD_CASE, sameView, viewText } from '../../../src/engine/analysis/text-views';

const VIEWS = [BARE, DROP_PUNCTUATION | DROP_SPACES, FOLD_CASE | DROP_SPACES, FOLD_CASE | DROP_PUNCTUATION, FOLD_CASE, 0];

describe('the views of a text', () => {
  it('fold case, drop punctuation (inner apostrophes and hyphens kept) and drop or collapse spaces', () => {
    const text = ", So, DON'T - go... well-known ΟΔΟΣ! ";
    expect(viewText(text, BARE)).toBe("sodon'tgowell-knownοδοσ");
    expect(viewText(text, DROP_PUNCTUATION | DROP_SPACES)).toBe("SoDON'Tgowell-knownΟΔΟΣ");
    expect(viewText(text, FOLD_CASE | DROP_SPACES)).toBe(",so,don't-go...well-knownοδοσ!");
    expect(viewText(text, FOLD_CASE | DROP_PUNCTUATION)).toBe("so don't go well-known οδοσ");
  });

  it('compares texts without building them, exactly as comparing the built views', () => {
    const ascii = fc.string({ unit: fc.constantFrom('a', 'A', 'b', 'B', '1', ' ', ' ', '.', ',', "'", '-', '$', '_', '(') });
    const any = fc.string({ unit: fc.constantFrom('a', 'A', ' ', "'", '-', '.', 'é', 'É', 'ß', 'ſ', 'K', '’', '—', '\u{10400}') });
    const spaced = (t: string) => t.replace(/ +/g, ' ').trim();
    for (const text of [ascii, any]) {
      fc.assert(
        fc.property(text.map(spaced), text.map(spaced), fc.constantFrom(...VIEWS), (a, b, view) => {
          expect(sameView(a, b, view)).toBe(viewText(a, view) === viewText(b, view));
        }),
        { numRuns: 3000 },
      );
    }
  });

  it('decides an apostrophe or hyphen next to a character beyond ASCII on the general path', () => {
    expect(sameView("l'été", 'lété', BARE)).toBe(false);
    expect(sameView("'été", 'été', BARE)).toBe(true);
    expect(sameView('ﬁne', 'FINE', BARE)).toBe(true);
  });
});
