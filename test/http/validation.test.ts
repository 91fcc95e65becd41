/**
 * Request validation (decisions D4, D6.7): 422 VALIDATION_ERROR with one detail per failing field,
 * paths such as `original[3].transcript`, every limit, and at most 100 details plus a `*` entry.
 */
import fc from 'fast-check';
import request from 'supertest';
import { isPlainValidRow, RowObjectSchema, validateDiffRequest } from '../../src/request/diff-schema';
import type { DiffEngine } from '../../src/runtime/engine-pool';
import { buildApp, expectError, KEY, startEngine } from '../support/service-harness';

let engine: DiffEngine;
beforeAll(() => {
  engine = startEngine();
});
afterAll(async () => {
  await engine.destroy();
});

const row = (transcript = 'a', extra: Record<string, unknown> = {}) => ({ transcript, ...extra });
const fields = (body: Record<string, unknown>) => validateDiffRequest(body).map((d) => d.field);
const detail = (body: Record<string, unknown>, field: string) => validateDiffRequest(body).find((d) => d.field === field)?.message;

describe('through HTTP', () => {
  it('when fields fail, then 422 with the whole envelope and a detail per field, in document order', async () => {
    const { app } = buildApp(engine);
    const res = await request(app)
      .post('/v1/diff')
      .set('x-api-key', KEY)
      .send({ original: [row(), row(), row(), { speaker: 'A' }], reworked: [row('b', { start_time: 'soon' })], config: { enableSplit: true } });
    expectError(res, 422, 'VALIDATION_ERROR', {
      message: /see details/,
      details: [
        { field: 'original[3].transcript', message: /expected string/ },
        { field: 'reworked[0].start_time', message: /must be seconds/ },
        { field: 'config.enableSplit', message: 'is not a recognised field' },
      ],
    });
  });

  it('when a regular expression is invalid, then 422 names the rule before any work is queued', async () => {
    const { app } = buildApp(engine);
    const res = await request(app)
      .post('/v1/diff')
      .set('x-api-key', KEY)
      .send({ original: [row()], reworked: [row()], config: { structuralTransforms: [{ find: 'a' }, { find: '(a', regex: true }] } });
    expectError(res, 422, 'VALIDATION_ERROR', { details: [{ field: 'config.structuralTransforms[1].find', message: /invalid regular expression/ }] });
  });
});

describe('body shape', () => {
  it('requires original and reworked arrays', () => {
    expect(fields({})).toEqual(['original', 'reworked']);
    expect(detail({ original: {}, reworked: [] }, 'original')).toMatch(/expected array/);
  });

  it('rejects unknown top-level, config, columnMapping and rule keys by name', () => {
    expect(
      fields({
        original: [],
        reworked: [],
        extra: 1,
        config: { enableSplit: true, structuralTransforms: [{ find: 'x', flags: 'g' }] },
      }),
    ).toEqual(['config.structuralTransforms[0].flags', 'config.enableSplit', 'extra']);
  });

  it('checks config types', () => {
    expect(fields({ original: [], reworked: [], config: { simpleMode: 'yes', ignoreColNames: 'speaker', speakerColName: 3 } })).toEqual([
      'config.simpleMode',
      'config.ignoreColNames',
      'config.speakerColName',
    ]);
  });

  it('accepts a minimal body and a full config', () => {
    expect(validateDiffRequest({ original: [], reworked: [] })).toEqual([]);
    expect(
      validateDiffRequest({
        original: [row('a', { speaker: 1, start_time: '00:01.5', end_time: '1:02:03.25', extra: { deep: [1, 'x', null] } })],
        reworked: [row('', { speaker: null, start_time: null, end_time: '' })],
        headers: ['transcript', 'speaker'],
        config: {
          simpleMode: false,
          ignoreColNames: ['emotion'],
          speakerColName: 'Speaker',
          structuralTransforms: [{ find: '(\\d+)', replace: '<$1>', regex: true, caseInsensitive: true, columns: ['transcript'] }],
        },
      }),
    ).toEqual([]);
  });
});

describe('rows (D4.2)', () => {
  it('transcript must be a string; empty is fine', () => {
    expect(detail({ original: [{ transcript: 5 }], reworked: [] }, 'original[0].transcript')).toMatch(/expected string/);
    expect(fields({ original: [{ transcript: null }], reworked: [{ transcript: '' }] })).toEqual(['original[0].transcript']);
  });

  it('known text fields take a string, a number or null', () => {
    expect(detail({ original: [row('a', { speaker: true })], reworked: [] }, 'original[0].speaker')).toBe('must be a string, a number or null');
    expect(fields({ original: [row('a', { emotion: ['x'], locale: {} })], reworked: [] })).toEqual(['original[0].emotion', 'original[0].locale']);
  });

  it.each([[1.5], ['12.25'], ['01:02'], ['1:02:03.5'], [null], [''], [' 3 ']])('accepts the time %p', (time) => {
    expect(validateDiffRequest({ original: [row('a', { start_time: time })], reworked: [] })).toEqual([]);
  });

  it.each([['soon'], [true], ['1:2:3:4'], [[1]], ['12,5'], [`${'9'.repeat(309)}:00:00`]])('rejects the time %p', (time) => {
    expect(detail({ original: [row('a', { end_time: time })], reworked: [] }, 'original[0].end_time')).toMatch(/must be seconds/);
  });

  it('a row must be an object or an array of cells', () => {
    expect(detail({ original: [row(), 'text', null], reworked: [] }, 'original[1]')).toBe('must be a row object or an array of cells');
    expect(fields({ original: [row(), 'text', null], reworked: [] })).toEqual(['original[1]', 'original[2]']);
  });

  it('numbers must be finite (1e400 is not silently null)', () => {
    const body = JSON.parse('{"original":[{"transcript":"a","score":1e400,"speaker":-1e400}],"reworked":[]}');
    expect(fields(body)).toEqual(['original[0].score', 'original[0].speaker']);
    expect(detail(body, 'original[0].score')).toBe('must be a finite number');
    const nested = JSON.parse('{"original":[{"transcript":"a","meta":{"x":[1e999]}}],"reworked":[]}');
    expect(detail(nested, 'original[0].meta')).toBe('must be a finite number');
  });

  it('values may nest 64 levels inside a row, not 65', () => {
    const nest = (levels: number): unknown => (levels === 0 ? 'leaf' : { n: nest(levels - 1) });
    // The row is level 1, so a cell holding k nested objects reaches level k + 1 with its leaf one deeper.
    expect(validateDiffRequest({ original: [row('a', { deep: nest(62) })], reworked: [] })).toEqual([]);
    expect(detail({ original: [row('a', { deep: nest(63) })], reworked: [] }, 'original[0].deep')).toBe('is nested deeper than 64 levels');
  });

  it('a cell holds at most 100,000 characters, counted in code points', () => {
    const emoji = '😀'.repeat(100_000);
    expect(emoji.length).toBe(200_000);
    expect(validateDiffRequest({ original: [row(emoji)], reworked: [] })).toEqual([]);
    expect(detail({ original: [row(`${emoji}x`)], reworked: [] }, 'original[0].transcript')).toMatch(/at most 100000 characters/);
    expect(fields({ original: [row('a', { notes: { text: 'x'.repeat(100_000) } })], reworked: [] })).toEqual(['original[0].notes']);
  });

  it('keys that need quoting are quoted in the path', () => {
    expect(fields({ original: [row('a', { 'my field': Number.NaN })], reworked: [] })).toEqual(['original[0]["my field"]']);
  });
});

describe('limits (D4.4)', () => {
  it('at most 30,000 rows a side', () => {
    const rows = Array.from({ length: 30_001 }, () => row());
    expect(detail({ original: rows, reworked: [] }, 'original')).toBe('must have at most 30000 rows');
    expect(validateDiffRequest({ original: rows.slice(1), reworked: [] })).toEqual([]);
  });

  it('at most 20 transforms, rule text 1-200 characters', () => {
    const rules = Array.from({ length: 21 }, () => ({ find: 'a' }));
    expect(detail({ original: [], reworked: [], config: { structuralTransforms: rules } }, 'config.structuralTransforms')).toBe(
      'must have at most 20 rules',
    );
    expect(fields({ original: [], reworked: [], config: { structuralTransforms: [{ find: '' }, { find: 'x'.repeat(201) }, { find: 'a', replace: 'y'.repeat(201) }] } })).toEqual([
      'config.structuralTransforms[0].find',
      'config.structuralTransforms[1].find',
      'config.structuralTransforms[2].replace',
    ]);
  });

  it('RE2 syntax only: backreferences and look-arounds name the rule', () => {
    const body = { original: [], reworked: [], config: { structuralTransforms: [{ find: '(a)\\1', regex: true }, { find: '(?=a)', regex: true }] } };
    expect(fields(body)).toEqual(['config.structuralTransforms[0].find', 'config.structuralTransforms[1].find']);
    expect(detail(body, 'config.structuralTransforms[0].find')).toMatch(/backreferences and look-arounds are not supported/);
  });

  it('at most 20 extraCols', () => {
    const headers = Array.from({ length: 30 }, (_, i) => `c${i}`);
    const body = { original: [['a']], reworked: [], headers, columnMapping: { transcript: 0, extraCols: Array.from({ length: 21 }, (_, i) => i + 1) } };
    expect(detail(body, 'columnMapping.extraCols')).toBe('must have at most 20 entries');
  });
});

describe('2-D input (D4.3)', () => {
  const headers = ['text', 'who', 'from', 'to'];
  const mapping = { transcript: 0, speaker: 1, start_time: 2, end_time: 3 };

  it('accepts consistent 2-D input, shorter rows included', () => {
    expect(validateDiffRequest({ original: [['a', 'S1', 0, 1]], reworked: [['a'], ['b', 2]], headers, columnMapping: mapping })).toEqual([]);
  });

  it('requires headers and columnMapping.transcript', () => {
    expect(fields({ original: [['a']], reworked: [] })).toEqual(['headers', 'columnMapping.transcript']);
    expect(fields({ original: [['a']], reworked: [], headers, columnMapping: { speaker: 1 } })).toEqual(['columnMapping.transcript']);
  });

  it('headers are non-empty and unique', () => {
    expect(fields({ original: [['a']], reworked: [], headers: [], columnMapping: { transcript: 0 } })).toEqual(['headers']);
    expect(fields({ original: [['a']], reworked: [], headers: ['t', 'x', 't', ''], columnMapping: { transcript: 0 } })).toEqual(['headers[2]', 'headers[3]']);
  });

  it('one column has one role: an index mapped twice is refused where it repeats', () => {
    const body = { original: [['1.5']], reworked: [['2']], headers: ['t'], columnMapping: { transcript: 0, start_time: 0 } };
    expect(fields(body)).toEqual(['columnMapping.start_time']);
    expect(detail(body, 'columnMapping.start_time')).toBe('index 0 is already mapped as transcript: one column has one role');
    const times = { original: [['a', '1']], reworked: [], headers: ['t', 'x'], columnMapping: { transcript: 0, start_time: 1, end_time: 1 } };
    expect(fields(times)).toEqual(['columnMapping.end_time']);
    // extraCols only adds compared columns; naming a mapped one again changes nothing.
    expect(validateDiffRequest({ original: [['a', 'S']], reworked: [], headers: ['t', 's'], columnMapping: { transcript: 0, speaker: 1, extraCols: [1] } })).toEqual([]);
  });

  it('every mapped index is inside headers', () => {
    const body = { original: [['a']], reworked: [], headers: ['t', 's'], columnMapping: { transcript: 0, speaker: 2, extraCols: [1, 5] } };
    expect(fields(body)).toEqual(['columnMapping.speaker', 'columnMapping.extraCols[1]']);
    expect(detail(body, 'columnMapping.speaker')).toBe('index 2 is outside headers (2 names)');
  });

  it('a row longer than headers is refused; mapped cells are typed', () => {
    const body = { original: [['a', 'S', 0, 1, 'extra'], [5, true, 'soon', 1]], reworked: [], headers, columnMapping: mapping };
    expect(fields(body)).toEqual(['original[0]', 'original[1][0]', 'original[1][1]', 'original[1][2]']);
  });

  it('both sides use one form, and columnMapping is for 2-D rows only', () => {
    expect(detail({ original: [row()], reworked: [['a']], headers: ['t'] }, 'reworked[0]')).toBe(
      'is an array of cells but original[0] is a row object: all rows must use one form',
    );
    expect(fields({ original: [row()], reworked: [], columnMapping: { transcript: 0 } })).toEqual(['columnMapping']);
  });
});

describe('details cap (D4.5)', () => {
  it('lists the first 100 failing fields, then a * entry with the number left out', () => {
    const rows = Array.from({ length: 250 }, () => ({ speaker: 'x' }));
    const details = validateDiffRequest({ original: rows, reworked: [] });
    expect(details).toHaveLength(101);
    expect(details[0].field).toBe('original[0].transcript');
    expect(details[99].field).toBe('original[99].transcript');
    expect(details[100]).toEqual({ field: '*', message: '150 more failing fields not listed' });
  });
});

describe('fast row check', () => {
  const cell = fc.oneof(
    fc.string(),
    fc.double(),
    fc.integer(),
    fc.constant(null),
    fc.boolean(),
    fc.constantFrom('00:01.5', '1:02:03', '12.5', '', 'soon', '1e3', 'NaN', 'Infinity'),
    fc.array(fc.string(), { maxLength: 2 }),
  );
  const known = ['transcript', 'speaker', 'start_time', 'end_time', 'non_speech_events', 'emotion', 'language', 'locale', 'accent', 'file_name', 'other'];

  it('never accepts a row that RowObjectSchema rejects (the schema stays the contract)', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...known), cell), (candidate) => {
        if (isPlainValidRow(candidate)) expect(RowObjectSchema.safeParse(candidate).success).toBe(true);
      }),
      { seed: 20261125, numRuns: 3000 },
    );
  });

  it('accepts the ordinary rows, so zod runs only on failing ones', () => {
    expect(isPlainValidRow({ transcript: 'a', speaker: 'S1', start_time: 1.5, end_time: '00:02.0', file_name: 'f.wav' })).toBe(true);
  });
});
