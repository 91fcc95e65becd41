import { parse } from 'csv-parse/sync';
import { runDiff } from '../../src/engine/index';
import { CSV_COLUMNS, csvField, entriesCsv, inertCell } from '../../src/report/csv-export';
import { drawnEntries } from '../../src/report/report-entries';
import { HOSTILE, knownDiff } from './known-diff';

const records = (csv: string) => parse(csv, { bom: true }) as string[][];

describe('entriesCsv', () => {
  const entries = drawnEntries(knownDiff());
  const csv = entriesCsv(entries);
  const [header, ...lines] = records(csv);

  it('has the columns start, end, speaker, original, reworked, status, notes, comment, and one line per drawn entry', () => {
    expect(header).toEqual([...CSV_COLUMNS]);
    expect(lines).toHaveLength(entries.length);
    expect(lines.map((l) => l[5])).toEqual(entries.map((e) => e.status));
    for (const line of lines) expect(line[7]).toBe('');
  });

  it('ends every line with CRLF (RFC 4180)', () => {
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(csv.split('\r\n')).toHaveLength(entries.length + 2);
  });

  it('joins the pieces of a split and a merge with " | " and spans their times', () => {
    const split = lines.find((l) => l[5] === 'SPLIT')!;
    expect(split).toEqual([
      '0:00:04.000',
      '0:00:09.000',
      'B',
      'Thanks for having me. It was a long trip here. The roads were icy all the way.',
      'Thanks for having me. | It was a long trip here. | The roads were icy all the way.',
      'SPLIT',
      'split into 3 rows',
      '',
    ]);
    const merged = lines.find((l) => l[5] === 'MERGED')!;
    expect(merged[3]).toBe('So what happened | next on the road?');
    expect(merged[4]).toBe('So what happened next on the road?');
  });

  it('leaves the empty side of an added or deleted row empty', () => {
    expect(lines.find((l) => l[5] === 'DELETED')![4]).toBe('');
    expect(lines.find((l) => l[5] === 'ADDED')![3]).toBe('');
  });

  it('writes a changed speaker as original → reworked', () => {
    expect(lines.find((l) => l[6] === 'speaker changed')![2]).toBe('B → D');
  });

  it('keeps markup and quotes as text, quoted where RFC 4180 needs it', () => {
    expect(lines.find((l) => l[5] === 'ADDED')![4]).toBe(HOSTILE);
    expect(csv).toContain('onerror=""window.pwned=1""');
  });
});

describe('csvField', () => {
  it('quotes every field, doubling quotes, so no spreadsheet splits it at a comma or a semicolon', () => {
    expect(csvField('plain')).toBe('"plain"');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('x;=cmd')).toBe('"x;=cmd"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
    expect(csvField('')).toBe('""');
  });
});

describe('formula cells', () => {
  it('gets a leading apostrophe when a spreadsheet would run it, and keeps every character', () => {
    for (const text of ['=SUM(A1:A2)', '+1', '-2 degrees', '@cmd', '\tindent', '\rreturn']) expect(inertCell(text)).toBe(`'${text}`);
    for (const text of ['plain', ' =not first', '1+1', "'quoted"]) expect(inertCell(text)).toBe(text);
  });

  it('applies to every cell of a line, the transcript and the speaker alike', () => {
    const data = runDiff({
      original: [{ transcript: '=HYPERLINK("http://x","y") now', speaker: '@bob' }, { transcript: '-10 degrees today', speaker: 'ann' }],
      reworked: [{ transcript: '=HYPERLINK("http://x","z") now', speaker: '@bob' }, { transcript: '-10 degrees today', speaker: 'ann' }],
    });
    const [, first, second] = records(entriesCsv(drawnEntries(data)));
    expect(first!.slice(2, 6)).toEqual(["'@bob", '\'=HYPERLINK("http://x","y") now', '\'=HYPERLINK("http://x","z") now', 'MODIFIED']);
    expect(second!.slice(3, 6)).toEqual(["'-10 degrees today", "'-10 degrees today", 'UNCHANGED']);
  });
});
