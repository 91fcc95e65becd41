import { STATUSES } from '../../src/engine/types';
import { DEFAULT_VIEW, parseViewState, sameViewState, viewStateHash } from '../../src/report/view-state';

describe('view state in the URL hash', () => {
  it('reads statuses, only-changes, content-only, the search and the row', () => {
    const state = parseViewState('#status=MODIFIED,SPLIT&changes=1&content=1&q=foo%20bar&row=123');
    expect([...state.statuses]).toEqual(['MODIFIED', 'SPLIT']);
    expect(state).toMatchObject({ onlyChanges: true, onlyContent: true, query: 'foo bar', row: 123 });
    expect(parseViewState('#changes=1').onlyContent).toBe(false);
  });

  it('shows every status when the hash names none, and none for an empty list', () => {
    expect([...parseViewState('').statuses]).toEqual(STATUSES);
    expect(parseViewState('#status=').statuses.size).toBe(0);
  });

  it('ignores unknown statuses, keys and rows that are not numbers', () => {
    const state = parseViewState('#status=MODIFIED,BOGUS&row=12x&zoom=3');
    expect([...state.statuses]).toEqual(['MODIFIED']);
    expect(state.row).toBeNull();
  });

  it('writes the default view as # alone, and any state so that it reads back the same', () => {
    expect(viewStateHash(DEFAULT_VIEW)).toBe('#');
    for (const hash of ['#status=ADDED,DELETED&q=%26%3D%23%20%2B%E2%80%AE', '#changes=1&row=0', '#content=1', '#changes=1&content=1&row=4', '#status=', '#q=caf%C3%A9']) {
      expect(viewStateHash(parseViewState(hash))).toBe(hash);
    }
    const typed = { ...DEFAULT_VIEW, query: 'a+b & c=d #e' };
    expect(parseViewState(viewStateHash(typed)).query).toBe('a+b & c=d #e');
  });

  it('compares states by what they show', () => {
    expect(sameViewState(parseViewState('#status=SPLIT,MODIFIED'), parseViewState('#status=MODIFIED,SPLIT'))).toBe(true);
    expect(sameViewState(parseViewState('#row=1'), parseViewState('#row=2'))).toBe(false);
  });
});
