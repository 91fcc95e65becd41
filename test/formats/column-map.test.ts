import { parseColumnMap } from '../../src/formats/column-map';

describe('parseColumnMap', () => {
  it('maps row fields to column headers, spaces around each name dropped', () => {
    expect(parseColumnMap(' transcript = Text , speaker=Who,start_time=Begin,end_time=End,non_speech_events=Events')).toEqual({
      map: { transcript: 'Text', speaker: 'Who', start_time: 'Begin', end_time: 'End', non_speech_events: 'Events' },
    });
  });

  it('keeps an = inside a column header', () => {
    expect(parseColumnMap('transcript=a=b')).toEqual({ map: { transcript: 'a=b' } });
  });

  it('lets a later pair for the same field win', () => {
    expect(parseColumnMap('transcript=A,transcript=B')).toEqual({ map: { transcript: 'B' } });
  });

  it('names the first pair that is not FIELD=COLUMN, as it was typed', () => {
    const expected = (got: string) => ({ problem: `expected FIELD=COLUMN pairs separated by commas, e.g. transcript=Text,speaker=Who; got "${got}"` });
    expect(parseColumnMap('')).toEqual(expected(''));
    expect(parseColumnMap('transcript')).toEqual(expected('transcript'));
    expect(parseColumnMap('transcript=Text, speaker')).toEqual(expected(' speaker'));
    expect(parseColumnMap('transcript=  ')).toEqual(expected('transcript=  '));
    expect(parseColumnMap('transcript=Text,,speaker=Who')).toEqual(expected(''));
  });

  it('refuses a field that is not a row field, an inherited property name included', () => {
    const fields = 'use transcript, speaker, start_time, end_time, non_speech_events';
    expect(parseColumnMap('transcript=Text,who=Who')).toEqual({ problem: `"who" is not a row field: ${fields}` });
    expect(parseColumnMap('__proto__=x')).toEqual({ problem: `"__proto__" is not a row field: ${fields}` });
    expect(parseColumnMap('toString=x')).toEqual({ problem: `"toString" is not a row field: ${fields}` });
  });
});
