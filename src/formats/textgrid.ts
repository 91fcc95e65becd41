/**
 * Praat TextGrid text files, in the long form (`item [1]:`, `xmin = 0`, `intervals [1]:` ...) and
 * the short form (the bare values), UTF-8, UTF-16 or ISO Latin-1.
 *
 * Both forms are read as Praat reads them: only numbers, "strings" and <flags> count, everything
 * else (the labels, `=`, `:`) is skipped, `[...]` indices are skipped, and `!` starts a comment
 * to the end of the line. The sizes in the file say how many values follow, so a long-form file
 * whose labels were edited by hand still reads, and one whose sizes disagree with its content is
 * an error at the value where they part.
 *
 * Rows are the intervals of every interval tier whose text is not blank, with the tier's name as
 * speaker; point tiers (TextTier) are not rows. Rows are ordered by start time, ties in tier order.
 */
import { decodeTextOrLatin1, positionOf } from './text';
import { orderByStartTime } from './time-order';
import { FormatError, type FormatAdapter, type FormatWarning, type ReadResult, type TranscriptRow } from './types';

type Token =
  | { kind: 'number'; value: number; offset: number }
  | { kind: 'string'; value: string; offset: number }
  | { kind: 'flag'; value: string; offset: number };

const NUMBER = /[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?/y;

/** The numbers, strings and flags of a Praat text file, with their offsets. */
function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let k = 0;
  while (k < text.length) {
    const c = text[k] as string;
    if (c === '"') {
      // A string runs to the next lone quote; `""` inside it is one quote. It may span lines.
      let value = '';
      let j = k + 1;
      for (;;) {
        const close = text.indexOf('"', j);
        if (close < 0) throw new FormatError('a string is not closed: a `"` is missing', positionOf(text, k));
        value += text.slice(j, close);
        if (text[close + 1] === '"') {
          value += '"';
          j = close + 2;
        } else {
          j = close + 1;
          break;
        }
      }
      tokens.push({ kind: 'string', value, offset: k });
      k = j;
    } else if (c === '<') {
      const close = text.indexOf('>', k);
      if (close < 0) throw new FormatError('a flag such as <exists> is not closed: a `>` is missing', positionOf(text, k));
      tokens.push({ kind: 'flag', value: text.slice(k + 1, close), offset: k });
      k = close + 1;
    } else if (c === '!') {
      const newline = text.slice(k).search(/[\r\n]/);
      k = newline < 0 ? text.length : k + newline;
    } else if (c === '[') {
      const close = text.indexOf(']', k);
      k = close < 0 ? text.length : close + 1;
    } else {
      NUMBER.lastIndex = k;
      const match = /[-+.\d]/.test(c) ? NUMBER.exec(text) : null;
      if (match) {
        tokens.push({ kind: 'number', value: Number(match[0]), offset: k });
        k += match[0].length;
      } else {
        k++;
      }
    }
  }
  return tokens;
}

/** Takes the tokens in order, each of an expected kind, and says what was expected where it is not. */
class TokenReader {
  private next = 0;

  constructor(
    private readonly text: string,
    private readonly tokens: Token[],
  ) {}

  string(what: string): { value: string; offset: number } {
    return this.take('string', what, 'a "string"') as { value: string; offset: number };
  }

  number(what: string): { value: number; offset: number } {
    return this.take('number', what, 'a number') as { value: number; offset: number };
  }

  count(what: string): number {
    const token = this.number(what);
    if (!Number.isInteger(token.value) || token.value < 0) this.fail(`expected ${what} (a whole number), found ${token.value}`, token.offset);
    return token.value;
  }

  flag(what: string): { value: string; offset: number } {
    return this.take('flag', what, 'a <flag>') as { value: string; offset: number };
  }

  /** The first token not read yet, if any. */
  rest(): Token | undefined {
    return this.tokens[this.next];
  }

  fail(message: string, offset: number): never {
    throw new FormatError(message, positionOf(this.text, offset));
  }

  private take(kind: Token['kind'], what: string, shape: string): Token {
    const token = this.tokens[this.next];
    if (!token) this.fail(`expected ${what} (${shape}), found the end of the file`, this.text.length);
    if (token.kind !== kind) this.fail(`expected ${what} (${shape}), found ${describe(token)}`, token.offset);
    this.next++;
    return token;
  }
}

function describe(token: Token): string {
  if (token.kind === 'number') return `the number ${token.value}`;
  if (token.kind === 'flag') return `<${token.value}>`;
  const shown = token.value.length > 40 ? `${token.value.slice(0, 40)}…` : token.value;
  return `the string "${shown}"`;
}

function readTextGrid(bytes: Uint8Array): ReadResult {
  const warnings: FormatWarning[] = [];
  // Praat tries UTF-8 and reads a file that is not valid UTF-8 as ISO Latin-1 (older Praat wrote Latin-1).
  const { text, notDecoded } = decodeTextOrLatin1(bytes);
  if (notDecoded) warnings.push({ message: 'the file is not valid UTF-8: read as ISO Latin-1, as Praat does', location: notDecoded.location });
  const reader = new TokenReader(text, tokenize(text));

  const fileType = reader.string('the file type "ooTextFile"');
  if (!fileType.value.startsWith('ooTextFile')) {
    const binary = fileType.value.startsWith('ooBinaryFile') ? ': this is a binary TextGrid, save it from Praat as a text file' : '';
    reader.fail(`expected the file type "ooTextFile", found "${fileType.value}"${binary}`, fileType.offset);
  }
  const objectClass = reader.string('the object class "TextGrid"');
  if (!objectClass.value.startsWith('TextGrid')) reader.fail(`expected the object class "TextGrid", found "${objectClass.value}"`, objectClass.offset);
  reader.number('the start time (xmin) of the TextGrid');
  reader.number('the end time (xmax) of the TextGrid');
  const tiers = reader.flag('<exists> or <absent> (whether the TextGrid has tiers)');
  const tierCount = tiers.value === 'exists' ? reader.count('the number of tiers') : 0;

  const rows: TranscriptRow[] = [];
  for (let t = 1; t <= tierCount; t++) {
    const tierClass = reader.string(`the class of tier ${t} ("IntervalTier" or "TextTier")`);
    const name = reader.string(`the name of tier ${t}`).value;
    const tier = `tier ${t} "${name}"`;
    reader.number(`the start time (xmin) of ${tier}`);
    reader.number(`the end time (xmax) of ${tier}`);
    if (tierClass.value === 'IntervalTier') {
      const count = reader.count(`the number of intervals of ${tier}`);
      for (let i = 1; i <= count; i++) {
        const start = reader.number(`the start time (xmin) of interval ${i} of ${tier}`).value;
        const end = reader.number(`the end time (xmax) of interval ${i} of ${tier}`);
        const label = reader.string(`the text of interval ${i} of ${tier}`).value;
        if (end.value < start) reader.fail(`interval ${i} of ${tier} ends (${end.value}) before it starts (${start})`, end.offset);
        // Rows are one line: a line break inside an interval's text is a space.
        const transcript = label.replace(/\r\n|\r|\n/g, ' ').trim();
        if (transcript !== '') rows.push({ transcript, speaker: name, start_time: start, end_time: end.value });
      }
    } else if (tierClass.value === 'TextTier') {
      const count = reader.count(`the number of points of ${tier}`);
      let marked = 0;
      for (let i = 1; i <= count; i++) {
        reader.number(`the time of point ${i} of ${tier}`);
        if (reader.string(`the mark of point ${i} of ${tier}`).value.trim() !== '') marked++;
      }
      if (marked > 0) {
        warnings.push({ message: `${tier} is a point tier: its ${marked} marked point(s) are not rows`, location: positionOf(text, tierClass.offset) });
      }
    } else {
      reader.fail(`${tier} has the class "${tierClass.value}"; a TextGrid's tiers are "IntervalTier" or "TextTier"`, tierClass.offset);
    }
  }
  const extra = reader.rest();
  if (extra) reader.fail(`found ${describe(extra)} after the last of the ${tierCount} tier(s) the file announces`, extra.offset);
  return { rows: orderByStartTime(rows), warnings };
}

const HEADER = /^\s*File\s+type\s*=\s*"ooTextFile[^"]*"\s*Object\s+class\s*=\s*"TextGrid[^"]*"/;

export const textGridFormat: FormatAdapter = {
  name: 'textgrid',
  title: 'Praat TextGrid (.TextGrid)',
  extensions: ['.textgrid'],
  sniff: (text) => HEADER.test(text),
  read: (bytes) => readTextGrid(bytes),
};
