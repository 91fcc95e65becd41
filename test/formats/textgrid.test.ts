import fc from 'fast-check';
import { textGridFormat } from '../../src/formats/textgrid';
import type { TranscriptRow } from '../../src/formats/types';
import { fixtureBytes, formatErrorOf, utf8 } from './helpers';

interface Interval {
  xmin: number;
  xmax: number;
  text: string;
}
interface Tier {
  name: string;
  points?: boolean;
  intervals: Interval[];
}

const quote = (text: string) => `"${text.replace(/"/g, '""')}"`;

/** A TextGrid in Praat's long text form (as Praat writes it, CRLF or LF). */
function longForm(tiers: Tier[], eol = '\n'): string {
  const lines = ['File type = "ooTextFile"', 'Object class = "TextGrid"', '', 'xmin = 0 ', 'xmax = 100 ', 'tiers? <exists> ', `size = ${tiers.length} `, 'item []: '];
  tiers.forEach((tier, t) => {
    lines.push(`    item [${t + 1}]:`, `        class = "${tier.points ? 'TextTier' : 'IntervalTier'}" `, `        name = ${quote(tier.name)} `, '        xmin = 0 ', '        xmax = 100 ');
    const kind = tier.points ? 'points' : 'intervals';
    lines.push(`        ${kind}: size = ${tier.intervals.length} `);
    tier.intervals.forEach((interval, i) => {
      lines.push(`        ${kind} [${i + 1}]:`);
      if (tier.points) lines.push(`            number = ${interval.xmin} `, `            mark = ${quote(interval.text)} `);
      else lines.push(`            xmin = ${interval.xmin} `, `            xmax = ${interval.xmax} `, `            text = ${quote(interval.text)} `);
    });
  });
  return lines.join(eol) + eol;
}

/** The same TextGrid in Praat's short text form. */
function shortForm(tiers: Tier[]): string {
  const lines = ['File type = "ooTextFile"', 'Object class = "TextGrid"', '', '0', '100', '<exists>', String(tiers.length)];
  for (const tier of tiers) {
    lines.push(tier.points ? '"TextTier"' : '"IntervalTier"', quote(tier.name), '0', '100', String(tier.intervals.length));
    for (const interval of tier.intervals) lines.push(String(interval.xmin), ...(tier.points ? [] : [String(interval.xmax)]), quote(interval.text));
  }
  return lines.join('\n') + '\n';
}

const MARY: Tier = {
  name: 'Mary',
  intervals: [
    { xmin: 0, xmax: 1.5, text: '' },
    { xmin: 1.5, xmax: 3.25, text: 'Hello, he said "hi".' },
    { xmin: 3.25, xmax: 4, text: '   ' },
    { xmin: 4, xmax: 6, text: 'two\nlines' },
  ],
};
const JOHN: Tier = {
  name: 'John "Jr"',
  intervals: [
    { xmin: 0, xmax: 1.5, text: 'first' },
    { xmin: 1.5, xmax: 5, text: 'same start as Mary' },
  ],
};
const BELL: Tier = { name: 'bell', points: true, intervals: [{ xmin: 2, xmax: 2, text: 'ding' }] };
const EXPECTED: TranscriptRow[] = [
  { transcript: 'first', speaker: 'John "Jr"', start_time: 0, end_time: 1.5 },
  { transcript: 'Hello, he said "hi".', speaker: 'Mary', start_time: 1.5, end_time: 3.25 },
  { transcript: 'same start as Mary', speaker: 'John "Jr"', start_time: 1.5, end_time: 5 },
  { transcript: 'two lines', speaker: 'Mary', start_time: 4, end_time: 6 },
];

function utf16(text: string, order: 'le' | 'be'): Uint8Array {
  const bytes = new Uint8Array(2 + text.length * 2);
  bytes.set(order === 'le' ? [0xff, 0xfe] : [0xfe, 0xff]);
  for (let k = 0; k < text.length; k++) {
    const code = text.charCodeAt(k);
    const [first, second] = order === 'le' ? [code & 0xff, code >> 8] : [code >> 8, code & 0xff];
    bytes[2 + 2 * k] = first;
    bytes[3 + 2 * k] = second;
  }
  return bytes;
}

describe('TextGrid: a file written from known intervals', () => {
  it('gives the non-blank intervals of every interval tier, by start time, ties in tier order (long form)', () => {
    const result = textGridFormat.read(utf8(longForm([MARY, JOHN, BELL])));
    expect(result.rows).toEqual(EXPECTED);
  });

  it('gives the same rows from the short form, CRLF line ends, UTF-16 LE and UTF-16 BE', () => {
    expect(textGridFormat.read(utf8(shortForm([MARY, JOHN, BELL]))).rows).toEqual(EXPECTED);
    expect(textGridFormat.read(utf8(longForm([MARY, JOHN, BELL], '\r\n'))).rows).toEqual(EXPECTED);
    expect(textGridFormat.read(utf16(longForm([MARY, JOHN, BELL]), 'le')).rows).toEqual(EXPECTED);
    expect(textGridFormat.read(utf16(shortForm([MARY, JOHN, BELL]), 'be')).rows).toEqual(EXPECTED);
  });

  it('says that a point tier with marks is not rows', () => {
    const { warnings } = textGridFormat.read(utf8(longForm([MARY, BELL])));
    expect(warnings).toEqual([{ message: 'tier 2 "bell" is a point tier: its 1 marked point(s) are not rows', location: { line: 33, column: 17 } }]);
  });

  it('gives no rows for a TextGrid without tiers', () => {
    const text = 'File type = "ooTextFile"\nObject class = "TextGrid"\n\nxmin = 0\nxmax = 1\ntiers? <absent>\n';
    expect(textGridFormat.read(utf8(text))).toEqual({ rows: [], warnings: [] });
  });

  it('skips `!` comments as Praat does', () => {
    const text = shortForm([JOHN]).replace('"first"', '"first" ! the first words 3 "x"');
    expect(textGridFormat.read(utf8(text)).rows[0]).toEqual(EXPECTED[0]);
  });

  it('reads a file that is not valid UTF-8 as ISO Latin-1, with a warning', () => {
    const text = shortForm([{ name: 'Zoé', intervals: [{ xmin: 0, xmax: 1, text: 'café' }] }]);
    const latin1 = Uint8Array.from(text, (c) => c.charCodeAt(0));
    const result = textGridFormat.read(latin1);
    expect(result.rows).toEqual([{ transcript: 'café', speaker: 'Zoé', start_time: 0, end_time: 1 }]);
    expect(result.warnings).toEqual([{ message: 'the file is not valid UTF-8: read as ISO Latin-1, as Praat does', location: { line: 9 } }]);
  });

  it('round-trips random tiers in both forms (property)', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'é', ' ', '"', '!', '[', ']', '<', '>', '1', '\n', '中') });
    const tier = fc.record({
      name: fc.string({ unit: fc.constantFrom('a', 'b', '"', ' '), maxLength: 5 }),
      intervals: fc.array(fc.tuple(fc.integer({ min: 0, max: 50 }), fc.integer({ min: 0, max: 10 }), text), { maxLength: 6 }),
    });
    fc.assert(
      fc.property(fc.array(tier, { maxLength: 4 }), (specs) => {
        const tiers: Tier[] = specs.map((spec) => ({ name: spec.name, intervals: spec.intervals.map(([start, length, label]) => ({ xmin: start / 4, xmax: (start + length) / 4, text: label })) }));
        const expected = tiers
          .flatMap((t) => t.intervals.map((i) => ({ transcript: i.text.replace(/\n/g, ' ').trim(), speaker: t.name, start_time: i.xmin, end_time: i.xmax })))
          .filter((row) => row.transcript !== '')
          .sort((a, b) => a.start_time - b.start_time);
        expect(textGridFormat.read(utf8(longForm(tiers))).rows).toEqual(expected);
        expect(textGridFormat.read(utf8(shortForm(tiers))).rows).toEqual(expected);
      }),
    );
  });
});

describe('TextGrid: a malformed file', () => {
  it('throws at the place where the sizes and the content part (an interval missing)', () => {
    const text = longForm([MARY]).replace('intervals: size = 4', 'intervals: size = 5');
    const error = formatErrorOf(() => textGridFormat.read(utf8(text)));
    expect(error.message).toBe('expected the start time (xmin) of interval 5 of tier 1 "Mary" (a number), found the end of the file');
    expect(error.location.line).toBe(32);
  });

  it('throws at an unclosed string with its line and column', () => {
    const text = shortForm([JOHN]).replace('"same start as Mary"', '"same start as Mary');
    const error = formatErrorOf(() => textGridFormat.read(utf8(text)));
    expect(error.message).toBe('a string is not closed: a `"` is missing');
    expect(error.location).toEqual({ line: 18, column: 1 });
  });

  it('throws for an interval that ends before it starts', () => {
    const error = formatErrorOf(() => textGridFormat.read(utf8(shortForm([{ name: 'A', intervals: [{ xmin: 2, xmax: 1, text: 'x' }] }]))));
    expect(error.message).toBe('interval 1 of tier 1 "A" ends (1) before it starts (2)');
    expect(error.location).toEqual({ line: 14, column: 1 });
  });

  it('throws for an unknown tier class, and for a binary or non-TextGrid Praat file', () => {
    expect(formatErrorOf(() => textGridFormat.read(utf8(shortForm([JOHN]).replace('"IntervalTier"', '"PointTier"')))).message).toBe(
      'tier 1 "John "Jr"" has the class "PointTier"; a TextGrid\'s tiers are "IntervalTier" or "TextTier"',
    );
    expect(formatErrorOf(() => textGridFormat.read(utf8('File type = "ooBinaryFile"\n'))).message).toBe(
      'expected the file type "ooTextFile", found "ooBinaryFile": this is a binary TextGrid, save it from Praat as a text file',
    );
    expect(formatErrorOf(() => textGridFormat.read(utf8('File type = "ooTextFile"\nObject class = "Sound"\n'))).location).toEqual({ line: 2, column: 16 });
  });

  it('throws for values left after the last tier', () => {
    const error = formatErrorOf(() => textGridFormat.read(utf8(`${shortForm([JOHN])}"IntervalTier"\n`)));
    expect(error.message).toBe('found the string "IntervalTier" after the last of the 1 tier(s) the file announces');
  });
});

describe('TextGrid: sniff', () => {
  it('recognises both forms and rejects other formats', () => {
    expect(textGridFormat.sniff(longForm([MARY]))).toBe(true);
    expect(textGridFormat.sniff(shortForm([MARY]))).toBe(true);
    expect(textGridFormat.sniff('1\n00:00:01,000 --> 00:00:02,000\nHello\n')).toBe(false);
    expect(textGridFormat.sniff('File type = "ooTextFile"\nObject class = "Pitch 1"\n')).toBe(false);
    expect(textGridFormat.sniff('[{"transcript": "File type"}]')).toBe(false);
  });
});

describe('TextGrid: a primock57 consultation (real files)', () => {
  const read = (name: string) => textGridFormat.read(fixtureBytes('primock57', `${name}.TextGrid`));

  it('reads the doctor\'s and the patient\'s file: one tier each, its non-empty intervals as rows', () => {
    const counts = Object.fromEntries(
      ['day3_consultation06_doctor', 'day3_consultation06_patient'].map((name) => {
        const { rows, warnings } = read(name);
        expect(warnings).toEqual([]);
        for (let k = 1; k < rows.length; k++) expect(rows[k]!.start_time!).toBeGreaterThanOrEqual(rows[k - 1]!.start_time!);
        return [name, [rows.length, [...new Set(rows.map((row) => row.speaker))]]];
      }),
    );
    // Both files name their tier "Speaker".
    expect(counts).toEqual({
      day3_consultation06_doctor: [29, ['Speaker']],
      day3_consultation06_patient: [25, ['Speaker']],
    });
  });

  it('gives the first utterance with its times and tags as written', () => {
    expect(read('day3_consultation06_doctor').rows[0]).toEqual({
      transcript: "Hello, hi, I'm Doctor Jacob and welcome to Babylon.",
      speaker: 'Speaker',
      start_time: 1.42030051353579,
      end_time: 5.05804856400178,
    });
    expect(read('day3_consultation06_patient').rows[0]).toEqual({ transcript: 'I <UNSURE>have been</UNSURE>', speaker: 'Speaker', start_time: 5.59457925693849, end_time: 6.8107941950167 });
  });
});
