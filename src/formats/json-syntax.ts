/**
 * Where JSON text stops being valid. JSON.parse on Node 20 names no position for some errors
 * (`Unexpected token '}', "..." is not valid JSON`), and a user needs the line to fix the file.
 */

class Invalid {
  constructor(readonly offset: number) {}
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?/y;

/** The UTF-16 offset of the first character that makes `text` invalid JSON (text.length when it ends too early); undefined when it is valid. */
export function invalidJsonOffset(text: string): number | undefined {
  let k = 0;
  const stop = (): never => {
    throw new Invalid(k);
  };
  const space = () => {
    while (k < text.length && (text[k] === ' ' || text[k] === '\t' || text[k] === '\n' || text[k] === '\r')) k++;
  };
  const string = () => {
    k++;
    while (k < text.length) {
      const c = text.charCodeAt(k);
      if (c === 0x22) {
        k++;
        return;
      }
      if (c < 0x20) stop();
      if (c === 0x5c) {
        const escape = text[k + 1] ?? '';
        if (escape === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(k + 2, k + 6))) stop();
          k += 6;
          continue;
        }
        if (!'"\\/bfnrt'.includes(escape) || escape === '') stop();
        k += 2;
        continue;
      }
      k++;
    }
    stop();
  };
  const value = (): void => {
    space();
    const c = text[k];
    if (c === '{' || c === '[') {
      const close = c === '{' ? '}' : ']';
      k++;
      space();
      if (text[k] === close) {
        k++;
        return;
      }
      for (;;) {
        if (c === '{') {
          space();
          if (text[k] !== '"') stop();
          string();
          space();
          if (text[k] !== ':') stop();
          k++;
        }
        value();
        space();
        if (text[k] === ',') {
          k++;
          continue;
        }
        if (text[k] === close) {
          k++;
          return;
        }
        stop();
      }
    }
    if (c === '"') return string();
    for (const literal of ['true', 'false', 'null']) {
      if (text.startsWith(literal, k)) {
        k += literal.length;
        return;
      }
    }
    NUMBER.lastIndex = k;
    const number = NUMBER.exec(text);
    if (!number) stop();
    k += (number as RegExpExecArray)[0].length;
  };
  try {
    value();
    space();
    if (k < text.length) stop();
    return undefined;
  } catch (error) {
    if (error instanceof Invalid) return error.offset;
    // Nesting deeper than the stack: the place reached is the best answer there is.
    return k;
  }
}
