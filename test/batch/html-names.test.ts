/**
 * The file names of the pairs' pages under `batch --html`: one per id, distinct even for ids that
 * differ only in characters a file name cannot hold or only in case, and safe on any disk.
 */
import fc from 'fast-check';
import { collidingIds, pageFileName, pageHref } from '../../src/batch/page-names';

const SAFE = /^[a-z0-9]+(-[a-z0-9]+)*\.html$/;

describe('pageFileName', () => {
  it('keeps a readable slug of the id before a hash of it', () => {
    expect(pageFileName('call-0001')).toMatch(/^call-0001-[0-9a-f]{16}\.html$/);
    expect(pageFileName('Réunion du 3/4')).toMatch(/^reunion-du-3-4-[0-9a-f]{16}\.html$/);
    expect(pageHref('call-0001')).toBe(`pairs/${pageFileName('call-0001')}`);
  });

  it('gives ids that differ only by unsafe characters or by case different names, distinct on a case-insensitive disk', () => {
    const ids = ['a/b', 'a:b', 'a\\b', 'a?b', 'a*b', 'a|b', 'a"b', 'a<b', 'a>b', 'a b', 'a-b', 'A/B', 'A-b', 'a/b/', '/a/b'];
    const names = ids.map(pageFileName);
    for (const name of names) expect(name).toMatch(/^a-b-[0-9a-f]{16}\.html$/);
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(ids.length);
  });

  it('makes a name of an id with no letter or digit of ASCII, and of names a disk reserves', () => {
    for (const id of ['..', '.', '', '/', 'مرحبا', '会议', 'CON', 'nul', 'x'.repeat(300)]) {
      const name = pageFileName(id);
      expect(name).toMatch(SAFE);
      expect(name.length).toBeLessThanOrEqual(48 + 1 + 16 + 5);
    }
    expect(pageFileName('..')).toMatch(/^pair-[0-9a-f]{16}\.html$/);
    expect(pageFileName('CON')).not.toMatch(/^con\./);
  });

  it('is a safe name, the same for the same id, and distinct for distinct ids (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }), (a, b) => {
        expect(pageFileName(a)).toMatch(SAFE);
        expect(pageFileName(a)).toBe(pageFileName(a));
        if (a !== b) expect(pageFileName(a)).not.toBe(pageFileName(b));
      }),
    );
  });
});

describe('collidingIds', () => {
  it('finds no collision among distinct ids, and reports a repeated one', () => {
    expect(collidingIds(['a/b', 'a:b', 'A/B'])).toBeNull();
    expect(collidingIds(['x', 'y', 'x'])).toEqual(['x', 'x']);
  });
});
