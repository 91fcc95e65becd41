/**
 * Structural transforms (decisions D5.5): find/replace rules applied, in order, to the comparison
 * text of both sides before alignment, classification and metrics.
 *
 * Every rule, literal or not, runs on re2js: a linear-time RE2 engine with no backtracking, so a
 * caller's pattern cannot hang the process. Replacement expansion is our own (D5.5): for regex
 * rules `$1`…`$9` and `$&` insert groups and nothing else is special; for literal rules the
 * replacement is plain text. `String.prototype.replace` is never used with a caller's string, as it
 * would interpret `$'` and amplify output.
 */
import { RE2JS } from 're2js';
import { EngineInputError, TransformRule } from '../types';

export interface CompiledRule {
  index: number;
  pattern: RE2JS;
  expand: (args: unknown[]) => string;
  /** Column names the rule applies to, lower-cased; 'transcript' also means the transcript column. */
  columns: Set<string>;
}

/** Extra characters any cell may gain from all rules together (D5.5: twice the size sent + 64 KiB). */
export const AMPLIFICATION_ALLOWANCE = 64 * 1024;

/** Null when the rule compiles; otherwise a message saying why (RE2 syntax, backreference, look-around). */
export function validateTransformRule(rule: TransformRule): string | null {
  try {
    compilePattern(rule);
    return null;
  } catch (error) {
    return describeSyntaxError(rule, error);
  }
}

function compilePattern(rule: TransformRule): RE2JS {
  const source = rule.regex ? rule.find : RE2JS.quote(rule.find);
  return RE2JS.compile(source, rule.caseInsensitive ? RE2JS.CASE_INSENSITIVE : 0);
}

function describeSyntaxError(rule: TransformRule, error: unknown): string {
  const detail = error instanceof Error ? error.message : 'invalid pattern';
  const unsupported = /\\[1-9]|\(\?<?[=!]/.test(rule.find)
    ? ' (backreferences and look-arounds are not supported: patterns use RE2 syntax)'
    : ' (patterns use RE2 syntax)';
  return `invalid regular expression: ${detail}${unsupported}`;
}

/** Compiles the rules once per request; throws EngineInputError naming the first bad rule. */
export function compileRules(rules: readonly TransformRule[]): CompiledRule[] {
  return rules.map((rule, index) => {
    let pattern: RE2JS;
    try {
      pattern = compilePattern(rule);
    } catch (error) {
      throw new EngineInputError(`config.structuralTransforms[${index}].find`, describeSyntaxError(rule, error));
    }
    const replace = rule.replace ?? '';
    const expand = rule.regex ? regexExpander(replace) : () => replace;
    const columns = new Set((rule.columns ?? ['transcript']).map((c) => c.toLowerCase()));
    return { index, pattern, expand, columns };
  });
}

/** `$1`…`$9` and `$&` from the match arguments (match, g1 … gn, offset, input); the rest literal. */
function regexExpander(replace: string): (args: unknown[]) => string {
  if (!replace.includes('$')) return () => replace;
  const parts: Array<string | number> = [];
  let literal = '';
  for (let i = 0; i < replace.length; i++) {
    const c = replace[i];
    const next = replace[i + 1];
    if (c === '$' && next !== undefined && (next === '&' || (next >= '1' && next <= '9'))) {
      if (literal) parts.push(literal);
      literal = '';
      parts.push(next === '&' ? 0 : Number(next));
      i++;
    } else {
      literal += c;
    }
  }
  if (literal) parts.push(literal);
  return (args) => {
    // args: match, then one entry per group, then offset and input; a group index past the
    // pattern's groups (or an unmatched group) inserts nothing.
    const groups = args.length - 2;
    let out = '';
    for (const part of parts) {
      if (typeof part === 'string') out += part;
      else if (part < groups) {
        const value = args[part];
        if (typeof value === 'string') out += value;
      }
    }
    return out;
  };
}

/** Whether a rule applies to a column (caller's name; `isTranscript` marks the transcript column). */
export function ruleApplies(rule: CompiledRule, column: string, isTranscript: boolean): boolean {
  return rule.columns.has(column.toLowerCase()) || (isTranscript && rule.columns.has('transcript'));
}

/**
 * The rules may grow a request's compared text, all cells together, to at most twice its size as
 * sent plus this many characters. D5.5 bounds each cell (twice its size plus AMPLIFICATION_ALLOWANCE), but summed over
 * the cells that bound let a 320 KB body grow to 2 GB (3,200 one-character cells, 10 columns a
 * row, each grown to 64 KiB: a worker out of memory, where D7.11 wants every valid request
 * answered). 16 Mi UTF-16 units (32 MB) is far above what label expansions need (a 1 → 5
 * character expansion in every cell of 30,000 rows, ten columns, both sides: 2.4 Mi) and well
 * inside a worker's heap.
 */
export const REQUEST_GROWTH_ALLOWANCE = 16 * 1024 * 1024;

/**
 * What the rules may still add to the request's compared text, all cells together: `left` starts
 * at the size as sent of the cells they apply to plus REQUEST_GROWTH_ALLOWANCE. Each cell is
 * charged the most it grew while its rules ran (never a credit for shrinking), so whether a
 * request crosses the line depends on its cells alone, not on the order they are transformed in.
 */
export interface GrowthAllowance {
  left: number;
}

/** The allowance of a request whose cells under rules hold `sentLength` characters as sent. */
export function requestAllowance(sentLength: number): GrowthAllowance {
  return { left: sentLength + REQUEST_GROWTH_ALLOWANCE };
}

/**
 * Applies the rules that target a column to one comparison text. `sentLength` is the length of the
 * cell as sent: the result may not exceed twice it plus AMPLIFICATION_ALLOWANCE (UTF-16 units),
 * nor grow by more than what `request` has left; the rule that crosses either line is a 422
 * naming it, and building the oversized string is cut short.
 */
export function applyRules(text: string, rules: readonly CompiledRule[], sentLength: number, request?: GrowthAllowance): string {
  const limit = 2 * sentLength + AMPLIFICATION_ALLOWANCE;
  const requestLimit = request === undefined ? Infinity : text.length + request.left;
  let peak = text.length;
  let out = text;
  for (const rule of rules) {
    let grown = out.length;
    out = rule.pattern.matcher(out).replaceAll((...args: unknown[]) => {
      const replacement = rule.expand(args);
      grown += replacement.length - (args[0] as string).length;
      if (grown > limit) {
        throw new EngineInputError(
          `config.structuralTransforms[${rule.index}]`,
          `rule ${rule.index} grows a cell past twice its size plus ${AMPLIFICATION_ALLOWANCE} characters`,
        );
      }
      if (grown > requestLimit) {
        throw new EngineInputError(
          `config.structuralTransforms[${rule.index}]`,
          `rule ${rule.index} grows the request's compared text past twice its size plus ${REQUEST_GROWTH_ALLOWANCE} characters`,
        );
      }
      if (grown > peak) peak = grown;
      return replacement;
    });
  }
  if (request !== undefined) request.left -= peak - text.length;
  return out;
}
