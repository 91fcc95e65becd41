import { placeOf } from '../../src/formats/source-place';

describe('placeOf', () => {
  it('writes a line, and a column when there is one, as file:line:column', () => {
    expect(placeOf('a.srt', { line: 12, column: 3 })).toBe('a.srt:12:3');
    expect(placeOf('a.srt', { line: 12 })).toBe('a.srt:12');
  });

  it('writes a JSON path after the file', () => {
    expect(placeOf('a.json', { path: 'segments[3].text' })).toBe('a.json: segments[3].text');
  });

  it('writes the file alone without a place', () => {
    expect(placeOf('a.json', {})).toBe('a.json');
  });
});
