import fc from 'fast-check';
import { removeBracketedSpans } from '../../../src/engine/prepare/bracketed-spans';

describe('removeBracketedSpans', () => {
  it.each([
    ['so [laughter] yes', 'so   yes'],
    ['(inaudible) okay', '  okay'],
    ['a <unk> b', 'a   b'],
    ['word[noise]word', 'word word'],
    ['[a [b] c] d', '  d'],
    ['[a (b] c) d', '  d'],
    ['x [unclosed y', 'x [unclosed y'],
    ['x ] y [z]', 'x ] y  '],
    ['a < b and c > d', 'a   d'],
  ])('%j → %j', (text, expected) => {
    expect(removeBracketedSpans(text)).toBe(expected);
  });

  it('returns the same string without brackets', () => {
    const text = 'no tags here';
    expect(removeBracketedSpans(text)).toBe(text);
  });

  it('takes one pass however deep the nesting', () => {
    const depth = 50_000;
    const text = `${'['.repeat(depth)}x${']'.repeat(depth)} kept`;
    expect(removeBracketedSpans(text)).toBe('  kept');
  });

  it('agrees with removing innermost same-kind pairs until none is left, when spans do not overlap', () => {
    // Nested and sequential spans of one kind at a time: the repeated regular expression is the rule's definition there.
    const innermost = (t: string) => {
      let previous: string;
      do {
        previous = t;
        t = t.replace(/\[[^[\]]*\]/g, '\u0000');
      } while (t !== previous);
      return t.replace(/\u0000+/g, ' ');
    };
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', ' ', '[', ']') }), (text) => {
        expect(removeBracketedSpans(text)).toBe(innermost(text));
      }),
    );
  });
});
