import { applyRules, compileRules, validateTransformRule, AMPLIFICATION_ALLOWANCE } from '../../src/engine/transforms';
import { runDiff } from '../../src/engine';
import { DiffRequest, EngineInputError, TransformRule } from '../../src/engine/types';

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

  it('runs a catastrophic pattern in linear time', () => {
    const text = 'a'.repeat(50_000) + '!';
    const started = process.hrtime.bigint();
    expect(apply(text, [{ find: '(a+)+$', replace: 'x', regex: true }])).toBe(text);
    // Linear-time engine: generous bound, the backtracking engine takes hours here.
    expect(Number(process.hrtime.bigint() - started) / 1e9).toBeLessThan(5);
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
  // together are bounded too.
  const columns = ['transcript', 'c1', 'c2'];
  const rules: TransformRule[] = [
    { find: 'a', replace: 'b'.repeat(200), columns },
    { find: 'b', replace: 'c'.repeat(200), columns },
    { find: 'c{40}', regex: true, replace: 'd'.repeat(65), columns },
  ];
  const row = () => Object.fromEntries(columns.map((c) => [c, 'a']));

  it('lets one cell grow to its own bound', () => {
    const one = runDiff({ original: [row()], reworked: [], config: { structuralTransforms: rules.map((r) => ({ ...r, columns: ['transcript'] })) } } as DiffRequest);
    expect(one.results[0]?.status).toBe('DELETED');
  });

  it('stops the rule that takes the cells together past twice their size plus the allowance, naming it', () => {
    const request = { original: Array.from({ length: 40 }, row), reworked: Array.from({ length: 40 }, row), config: { structuralTransforms: rules } };
    let caught: unknown;
    try {
      runDiff(request as DiffRequest);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(EngineInputError);
    // The first cell takes 64,999 of the 65,776 allowed (240 characters sent plus 64 KiB); the
    // second one's second rule crosses the line.
    expect((caught as EngineInputError).field).toBe('config.structuralTransforms[1]');
    expect((caught as EngineInputError).message).toMatch(/grows the request's compared text past twice its size plus 65536 characters/);
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
});

describe('structural transforms and the speaker column', () => {
  // SACR compares the speaker cells as normalised, without transforms (prepare.ts): a rule on the
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
