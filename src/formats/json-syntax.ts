/**
 * JSON text to a value, with a syntax error located. JSON.parse on Node 20 names no position for
 * some errors (`Unexpected token '}', "..." is not valid JSON`), and a user needs the line and
 * column to fix the file, and what was expected there.
 */
import { positionOf } from './text';
import { FormatError } from './types';

/**
 * The value of a JSON text. A syntax error is a FormatError at the line and column of the first
 * character that cannot continue a JSON text (JSON.parse's own messages carry a position only
 * on some engines and for some errors).
 */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const fault = jsonSyntaxFault(text);
    if (fault === null) throw new FormatError(`the file is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
    const at = positionOf(text, fault.index);
    const found = fault.index >= text.length ? 'the end of the file' : JSON.stringify(text.slice(fault.index, fault.index + 12));
    throw new FormatError(`the file is not valid JSON: expected ${fault.expected}, found ${found}`, at);
  }
}

const A_VALUE = 'a value (a string, number, object, array, true, false or null)';

/**
 * Where `text` first departs from JSON's grammar (a UTF-16 offset, `text.length` when it ends too
 * early) and what the grammar expected there; null when it is valid JSON. A string that is never
 * closed is reported where it opens: its end is only a guess.
 */
export function jsonSyntaxFault(text: string): { index: number; expected: string } | null {
  const n = text.length;
  let i = 0;
  // Containers are tracked on an explicit stack: a recursive scanner would overflow on the deep
  // nesting JSON.parse itself accepts.
  const open: string[] = [];
  const fault = (expected: string) => ({ index: i, expected });
  const isDigit = (k: number) => k < n && text.charCodeAt(k) >= 0x30 && text.charCodeAt(k) <= 0x39;
  const skipSpace = () => {
    while (i < n && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++;
  };
  /** Advances past the string starting at i; false when it is not a valid string. */
  const scanString = (): boolean => {
    i++;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        i++;
        return true;
      }
      if (c < 0x20) return false;
      if (c === 0x5c) {
        const e = text[i + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) return false;
          i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) {
          i += 2;
        } else {
          return false;
        }
      } else {
        i++;
      }
    }
    return false;
  };

  /** Past the number at i: a fault, or null. */
  const scanNumber = () => {
    if (text[i] === '-') i++;
    if (!isDigit(i)) return fault('a digit');
    if (text[i] === '0') i++;
    else while (isDigit(i)) i++;
    if (text[i] === '.') {
      i++;
      if (!isDigit(i)) return fault('a digit after the decimal point');
      while (isDigit(i)) i++;
    }
    if (text[i] === 'e' || text[i] === 'E') {
      i++;
      if (text[i] === '+' || text[i] === '-') i++;
      if (!isDigit(i)) return fault('a digit in the exponent');
      while (isDigit(i)) i++;
    }
    return null;
  };

  /** Past a property name and its colon at i: a fault, or null. */
  const scanKey = () => {
    if (text[i] !== '"') return fault('a property name in double quotes');
    const start = i;
    if (!scanString()) return { index: start, expected: 'a property name in double quotes, closed on its line' };
    skipSpace();
    if (text[i] !== ':') return fault("':' after the property name");
    i++;
    skipSpace();
    return null;
  };

  skipSpace();
  for (;;) {
    // A value starts at i.
    const c = text[i];
    if (c === '{' || c === '[') {
      open.push(c);
      i++;
      skipSpace();
      if (text[i] !== (c === '{' ? '}' : ']')) {
        const keyFault = c === '{' ? scanKey() : null;
        if (keyFault) return keyFault;
        continue;
      }
      open.pop();
      i++;
    } else if (c === '"') {
      const start = i;
      if (!scanString()) return { index: start, expected: 'a string closed on its line, with valid escapes' };
    } else if (c === 't' || c === 'f' || c === 'n') {
      const word = c === 't' ? 'true' : c === 'f' ? 'false' : 'null';
      for (const letter of word) {
        if (text[i] !== letter) return fault(word);
        i++;
      }
    } else if (c === '-' || isDigit(i)) {
      const numberFault = scanNumber();
      if (numberFault) return numberFault;
    } else {
      return fault(A_VALUE);
    }
    // After a value: close containers, then move to the next element.
    skipSpace();
    let top = open[open.length - 1];
    while (top !== undefined && text[i] === (top === '{' ? '}' : ']')) {
      open.pop();
      i++;
      skipSpace();
      top = open[open.length - 1];
    }
    if (top === undefined) return i < n ? fault('nothing after the end of the JSON value') : null;
    if (text[i] !== ',') return fault(`',' or '${top === '{' ? '}' : ']'}'`);
    i++;
    skipSpace();
    const keyFault = top === '{' ? scanKey() : null;
    if (keyFault) return keyFault;
  }
}
