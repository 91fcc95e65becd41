import { runDiff } from '../../src/engine/index';
import { STATUSES } from '../../src/engine/types';
import { changesContent, columnRoles, drawnEntries, entrySpan, searchKey, statusCounts } from '../../src/report/report-entries';
import { knownDiff } from './known-diff';

describe('drawnEntries', () => {
  const data = knownDiff();
  const entries = drawnEntries(data);

  it('draws every non-trace entry once, in document order, with its index in data.results', () => {
    const expected = data.results.flatMap((entry, index) => (entry.trace ? [] : [index]));
    expect(entries.map((e) => e.index)).toEqual(expected);
    expect(data.results.some((e) => e.trace)).toBe(true);
  });

  it('counts entries per status as data.counts.rows does', () => {
    expect(statusCounts(entries)).toEqual(data.counts.rows);
    for (const status of STATUSES) expect(statusCounts(entries)[status]).toBeGreaterThan(0);
  });

  it('accounts for every row of both files exactly once', () => {
    const original = entries.flatMap((e) => e.original.map((p) => p.row)).sort((a, b) => a - b);
    const reworked = entries.flatMap((e) => e.reworked.map((p) => p.row)).sort((a, b) => a - b);
    expect(original).toEqual([...Array(data.meta.originalRows).keys()]);
    expect(reworked).toEqual([...Array(data.meta.reworkedRows).keys()]);
  });

  it('faces a SPLIT original row with its three reworked pieces, and a MERGED reworked row with its two sources', () => {
    const split = entries.find((e) => e.status === 'SPLIT')!;
    expect(split.original.map((p) => p.row)).toEqual([2]);
    expect(split.reworked.map((p) => p.text)).toEqual(['Thanks for having me.', 'It was a long trip here.', 'The roads were icy all the way.']);
    const merged = entries.find((e) => e.status === 'MERGED')!;
    expect(merged.original.map((p) => p.text)).toEqual(['So what happened', 'next on the road?']);
    expect(merged.reworked.map((p) => p.row)).toEqual([5]);
  });

  it('reads times, speaker and text of each piece; an entry spans its pieces on both sides', () => {
    const split = entries.find((e) => e.status === 'SPLIT')!;
    expect(split.reworked[1]).toMatchObject({ start: 5.5, end: 7, speaker: 'B', text: 'It was a long trip here.', others: [] });
    expect(entrySpan(split)).toEqual({ start: 4, end: 9 });
    const added = entries.find((e) => e.status === 'ADDED')!;
    expect(entrySpan(added)).toEqual({ start: 16, end: 18 });
  });

  it('keeps the diff and changed columns of a MODIFIED entry', () => {
    const modified = entries.filter((e) => e.status === 'MODIFIED');
    expect(modified[0]!.transcriptDiff?.some((p) => p.type === 'insert' && p.text.includes('far'))).toBe(true);
    expect(modified[1]!.changedColumns).toEqual(['speaker']);
  });

  it('searches both sides, case-insensitively and whatever the Unicode form', () => {
    const merged = entries.find((e) => e.status === 'MERGED')!;
    expect(merged.haystack.includes(searchKey('WHAT HAPPENED NEXT'))).toBe(true);
    const deleted = entries.find((e) => e.status === 'DELETED')!;
    expect(deleted.haystack.includes(searchKey('aside was CUT'))).toBe(true);
    const speakerChange = entries.filter((e) => e.status === 'MODIFIED')[1]!;
    expect(speakerChange.haystack.includes('d')).toBe(true);
    expect(merged.haystack.includes(searchKey('we finally'))).toBe(false);
    expect(searchKey('Cafe\u0301')).toBe(searchKey('CAFÉ'));
  });

  it('has NaN times and no speaker for rows without them', () => {
    const plain = runDiff({ original: [{ transcript: 'a b' }], reworked: [{ transcript: 'a c' }] });
    const [entry] = drawnEntries(plain);
    expect(entry!.original[0]).toMatchObject({ speaker: '', text: 'a b' });
    expect(entry!.original[0]!.start).toBeNaN();
    expect(entrySpan(entry!).start).toBeNaN();
  });
});

describe('columnRoles', () => {
  it('names the format adapters’ columns, and shows the others beside the text', () => {
    const data = runDiff({ original: [{ transcript: 'x', speaker: 'A', start_time: 1, end_time: 2, non_speech_events: '[music]' }], reworked: [{ transcript: 'y' }] });
    expect(columnRoles(data)).toEqual({ transcript: 'transcript', speaker: 'speaker', start: 'start_time', end: 'end_time', others: ['non_speech_events'] });
    expect(drawnEntries(data)[0]!.original[0]!.others).toEqual([['non_speech_events', '[music]']]);
  });

  it('finds the transcript of 2-D input under its own header from the character diff', () => {
    const data = runDiff({
      headers: ['Who', 'Said'],
      columnMapping: { transcript: 1, speaker: 0 },
      original: [['A', 'hello there']],
      reworked: [['A', 'hello here']],
    });
    expect(columnRoles(data).transcript).toBe('Said');
    expect(drawnEntries(data)[0]!.reworked[0]!.text).toBe('hello here');
  });

  it('takes 2-D input’s columns from the request’s columnMapping, as the engine does, whatever changed', () => {
    const columnMapping = { transcript: 1, speaker: 0, start_time: 2, end_time: 3 };
    const data = runDiff({ headers: ['Who', 'Said', 'Begin', 'Finish'], columnMapping, original: [['A', 'hello there', 0, 1]], reworked: [['B', 'hello there', 0, 1.5]] });
    const roles = columnRoles(data, { columnMapping });
    expect(roles).toEqual({ transcript: 'Said', speaker: 'Who', start: 'Begin', end: 'Finish', others: [] });
    const [entry] = drawnEntries(data, roles);
    expect(entry!.original[0]).toMatchObject({ text: 'hello there', speaker: 'A', start: 0, end: 1 });
    expect(entry!.reworked[0]).toMatchObject({ text: 'hello there', speaker: 'B', start: 0, end: 1.5 });
  });

  it('takes the speaker SACR takes (D7.9): config.speakerColName before a column named speaker', () => {
    const data = runDiff({
      original: [{ transcript: 'x', speaker: 'Alice', talker: 'A' }],
      reworked: [{ transcript: 'x', speaker: 'Alice', talker: 'B' }],
      config: { speakerColName: 'Talker' },
    });
    expect(data.scores.SACR).toBe(1);
    const roles = columnRoles(data, { speakerColName: 'Talker' });
    expect(roles.speaker).toBe('talker');
    expect(roles.others).toEqual(['speaker']);
    const [entry] = drawnEntries(data, roles);
    expect([entry!.original[0]!.speaker, entry!.reworked[0]!.speaker]).toEqual(['A', 'B']);
    // Without being told, the report follows D7.9's own fallback: the first column with a speaker name.
    expect(columnRoles(data).speaker).toBe('speaker');
  });
});

describe('changesContent', () => {
  it('is true for added and deleted rows and for entries whose kinds hold content, and carries the kinds', () => {
    const data = runDiff({
      original: [
        { transcript: 'So, HELLO there' },
        { transcript: 'the cat sat' },
        { speaker: 'A', transcript: 'same words' },
        { transcript: 'a row the annotator dropped entirely' },
      ],
      reworked: [{ transcript: 'so hello there.' }, { transcript: 'the dog sat' }, { speaker: 'B', transcript: 'same words' }],
      config: { enableAnalysis: true },
    });
    const drawn = drawnEntries(data);
    expect(drawn.map((e) => [e.status, e.editKinds, changesContent(e)])).toEqual([
      ['MODIFIED', ['case', 'punctuation'], false],
      ['MODIFIED', ['content'], true],
      ['MODIFIED', [], false],
      ['DELETED', undefined, true],
    ]);
  });

  it('finds nothing to show as content in a MODIFIED entry without kinds (the analysis was off)', () => {
    const data = runDiff({ original: [{ transcript: 'the cat sat' }], reworked: [{ transcript: 'the dog sat' }] });
    const [entry] = drawnEntries(data);
    expect(entry!.editKinds).toBeUndefined();
    expect(changesContent(entry!)).toBe(false);
  });
});
