import { applyRules, compileRules, validateTransformRule, AMPLIFICATION_ALLOWANCE, type GrowthAllowance, REQUEST_GROWTH_ALLOWANCE } from '../../../src/engine/prepare/transforms';
import { runDiff } from '../../../src/engine';
import { DiffRequest, EngineInputError, TransformRule } from '../../../src/engine/types';
import { ColumnLayout } from '../../../src/engine/prepare/prepared-sides';

const apply = (text: string, rules: TransformRule[]) => applyRules(text, compileRules(rules), text.length);

describe('structural transforms', () => {
  it('replaces every literal match, with `$` patterns kept as plain text', () => {
    expect(apply("a-b-a", [{ find: 'a', replace: "$'$&$1" }])).toBe("$'$&$1-b-$'$&$1");
  });

  it('expands $1…$9 and $& in regex rules and nothing else', () => {
    expect(apply('John Smith', [{ find: '(\\w+) (\\w+)', replace: '$2, $1 [$&] $$ $0 $<x>', regex: true }]))
      .toBe('Smith, John [John Smith] $$ $0 $<x>');
  });

  it('inserts nothing for a group the pattern does not have or that did not match', () => {
    expect(apply('ab', [{ find: 'a(x)?', replace: '[$1$9]', regex: true }])).toBe('[]b');
  });

  it('matches case-insensitively when asked, literal or regex', () => {
    expect(apply('Um, UM um', [{ find: 'um', replace: '', caseInsensitive: true }])).toBe(',  ');
    expect(apply('Uh uhh', [{ find: 'uh+', replace: 'x', regex: true, caseInsensitive: true }])).toBe('x x');
  });

  it('handles empty matches without looping', () => {
    expect(apply('ab', [{ find: 'x*', replace: '-', regex: true }])).toBe('-a-b-');
  });

  it('runs a catastrophic pattern on RE2, in linear time, never on the backtracking RegExp', () => {
    const text = 'a'.repeat(50_000) + '!';
    // Every use of a native RegExp goes through its exec once exec is replaced.
    const exec = jest.spyOn(RegExp.prototype, 'exec');
    try {
      expect(apply(text, [{ find: '(a+)+$', replace: 'x', regex: true }])).toBe(text);
      // The backtracking engine would take hours on this text.
      expect(exec.mock.contexts.filter((re) => re.source.includes('(a+)+'))).toEqual([]);
    } finally {
      exec.mockRestore();
    }
  });

  it.each([
    ['(a)\\1', 'backreference'],
    ['(?=a)', 'look-ahead'],
    ['(?<=a)b', 'look-behind'],
    ['[', 'unclosed class'],
  ])('rejects %p (%s) naming the rule', (find) => {
    expect(validateTransformRule({ find, regex: true })).toMatch(/RE2 syntax/);
    expect(() => compileRules([{ find: 'ok' }, { find, regex: true }])).toThrow(EngineInputError);
    try {
      compileRules([{ find: 'ok' }, { find, regex: true }]);
    } catch (error) {
      expect((error as EngineInputError).field).toBe('config.structuralTransforms[1].find');
    }
  });

  it('accepts any literal text, since it is quoted', () => {
    expect(validateTransformRule({ find: '(a)\\1[' })).toBeNull();
    expect(apply('x(a)\\1[y', [{ find: '(a)\\1[', replace: '-' }])).toBe('x-y');
  });

  it('keeps lone surrogates intact', () => {
    expect(apply('\ud800a\udc00', [{ find: 'a', replace: 'b' }])).toBe('\ud800b\udc00');
  });

  it('stops a rule that grows a cell past twice its size plus the allowance, naming it', () => {
    const text = 'a'.repeat(20_000);
    const rules: TransformRule[] = [{ find: 'b', replace: 'c' }, { find: 'a', replace: 'aaaaaaaaaa' }];
    expect(() => apply(text, rules)).toThrow(EngineInputError);
    try {
      apply(text, rules);
    } catch (error) {
      expect((error as EngineInputError).field).toBe('config.structuralTransforms[1]');
    }
    // Exactly at the bound is allowed.
    const small = 'a'.repeat(10);
    const grown = applyRules(small, compileRules([{ find: 'a', replace: 'a'.repeat(1 + Math.floor((10 + AMPLIFICATION_ALLOWANCE) / 10)) }]), 10);
    expect(grown.length).toBeLessThanOrEqual(2 * 10 + AMPLIFICATION_ALLOWANCE);
  });
});

describe('the growth the rules give the whole request', () => {
  // Each cell grows from 1 character to 65,000, inside its own bound (2 + 64 KiB): summed over
  // every cell that is gigabytes for a body of a few hundred kilobytes, so the request's cells
  // together may grow only to twice their size plus REQUEST_GROWTH_ALLOWANCE.
  const ALL_DENSE: ColumnLayout = { allDenseUpTo: Infinity, denseShare: 1 };
  const ALL_SPARSE: ColumnLayout = { allDenseUpTo: 0, denseShare: 0 };
  const chain = (columns: string[]): TransformRule[] => [
    { find: 'a', replace: 'b'.repeat(200), columns },
    { find: 'b', replace: 'c'.repeat(200), columns },
    { find: 'c{40}', regex: true, replace: 'd'.repeat(65), columns },
  ];
  // Two rules that take a one-character cell to 40,000.
  const short = (columns: string[]): TransformRule[] => chain(columns).slice(0, 2);
  const rowsOf = (n: number, columns: string[]) => Array.from({ length: n }, () => Object.fromEntries(columns.map((c) => [c, 'a'])));
  /** The field of the 422, or null when the request is answered. */
  const refusal = (request: object, layout?: ColumnLayout): string | null => {
    try {
      runDiff(request as DiffRequest, layout);
      return null;
    } catch (error) {
      if (!(error instanceof EngineInputError)) throw error;
      expect(error.message).toMatch(/grows the request's compared text past twice its size plus 16777216 characters/);
      return error.field;
    }
  };
  // Cells each grown by 39,999 that take the request past the allowance.
  const cells = Math.ceil(REQUEST_GROWTH_ALLOWANCE / 39_999) + 2;

  it('lets one cell grow to its own bound', () => {
    const one = runDiff({ original: rowsOf(1, ['transcript']), reworked: [], config: { structuralTransforms: chain(['transcript']) } } as DiffRequest);
    expect(one.results[0]?.status).toBe('DELETED');
  });

  it('stops the rule that takes the cells together past the line, the same one with any column layout', () => {
    const rows = Math.ceil(cells / 2);
    // c1 grows through rules 0-1 and c2 through rules 2-3: the line is crossed in c2, the last column.
    const rules = [...short(['c1']), ...short(['c2'])];
    const request = { original: rowsOf(rows, ['transcript', 'c1', 'c2']), reworked: [], config: { structuralTransforms: rules } };
    expect(refusal(request, ALL_DENSE)).toBe('config.structuralTransforms[3]');
    expect(refusal(request, ALL_SPARSE)).toBe('config.structuralTransforms[3]');
    // Two cells fewer and it passes.
    expect(refusal({ ...request, original: request.original.slice(0, rows - 2) })).toBeNull();
  });

  it('charges each cell the most it grew, never a credit for shrinking', () => {
    const allowance: GrowthAllowance = { left: 100 };
    const shrink = compileRules([{ find: 's', replace: '' }]);
    expect(applyRules('s'.repeat(50), shrink, 50, allowance)).toBe('');
    expect(allowance.left).toBe(100);
    // Grows by 80, then back: charged 80.
    const upAndDown = compileRules([{ find: 'x', replace: 'x'.repeat(81) }, { find: 'x+', regex: true, replace: 'x' }]);
    expect(applyRules('x', upAndDown, 1, allowance)).toBe('x');
    expect(allowance.left).toBe(20);
    expect(() => applyRules('x', upAndDown, 1, allowance)).toThrow(/grows the request's compared text/);
  });

  it('decides by the cells alone, not by the order of the columns', () => {
    // 100,000 characters shrink to none while five cells grow by 60,000 each: within the line
    // either way round, and whichever column comes first.
    const original = [{ transcript: 'x', b: 's'.repeat(100_000) }, ...Array.from({ length: 5 }, () => ({ transcript: 'y', a: 'g'.repeat(20_000) }))];
    const reworked = [{ transcript: 'x' }, ...Array.from({ length: 5 }, () => ({ transcript: 'y' }))];
    const rules: TransformRule[] = [{ find: 's', replace: '', columns: ['b'] }, { find: 'g', replace: 'gggg', columns: ['a'] }];
    for (const headers of [['transcript', 'a', 'b'], ['transcript', 'b', 'a']]) {
      expect(refusal({ original, reworked, headers, config: { structuralTransforms: rules } })).toBeNull();
    }
  });

  it('allows the cells together to double', () => {
    const text = 'one two three four five six';
    const request = {
      original: Array.from({ length: 300 }, () => ({ transcript: text })),
      reworked: Array.from({ length: 300 }, () => ({ transcript: text })),
      config: { structuralTransforms: [{ find: ' ', replace: '  x  ' }] },
    };
    expect(runDiff(request as DiffRequest).results.every((entry) => entry.status === 'UNCHANGED')).toBe(true);
  });

  it('leaves absent, null and empty cells empty, whatever a rule makes of an empty string (D5.4)', () => {
    // "^$" matches only an empty text: an absent speaker does not become "unknown".
    const rules: TransformRule[] = [{ find: '^$', regex: true, replace: 'unknown', columns: ['speaker'] }];
    const answer = runDiff({
      original: [{ transcript: 'a' }, { transcript: 'b', speaker: null }, { transcript: 'c', speaker: '' }],
      reworked: [{ transcript: 'a', speaker: 'unknown' }, { transcript: 'b' }, { transcript: 'c', speaker: null }],
      config: { structuralTransforms: rules },
    } as DiffRequest);
    expect(answer.results.map((entry) => [entry.status, entry.changedColumns])).toEqual([
      ['MODIFIED', ['speaker']],
      ['UNCHANGED', undefined],
      ['UNCHANGED', undefined],
    ]);
  });
});

describe('structural transforms and the speaker column', () => {
  // SACR compares the speaker cells as normalised, without transforms (prepared-sides.ts): a rule on the
  // speaker column changes what the rows' comparison sees, not whether the speaker changed.
  const request = (rules: TransformRule[]) => ({
    original: [{ transcript: 'hello world', speaker: 'Alice' }],
    reworked: [{ transcript: 'hello there world', speaker: 'alice' }],
    config: { structuralTransforms: rules },
  });

  it('counts a speaker change that a transform on the speaker column hides from the comparison', () => {
    const hidden = runDiff(request([{ find: 'alice', replace: 'X', caseInsensitive: true, columns: ['speaker'] }]) as DiffRequest);
    expect(hidden.scores.SACR).toBe(1);
    expect(hidden.results[0]?.changedColumns).toEqual(['transcript']);
  });

  it('counts it alike with no transform, where the speaker column is compared too', () => {
    const plain = runDiff(request([]) as DiffRequest);
    expect(plain.scores.SACR).toBe(1);
    expect(plain.results[0]?.changedColumns).toEqual(['transcript', 'speaker']);
  });
});
