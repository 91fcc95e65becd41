import fc from 'fast-check';
import { runDiff } from '../../src/engine/index';
import { jsonBytes, serializeJson } from '../../src/runtime/json-bytes';

const reference = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8');

describe('jsonBytes', () => {
  it('gives the bytes of JSON.stringify for any plain object, long arrays and awkward text included', () => {
    // Lone surrogates, astral and combining characters, quotes, backslashes and controls.
    const awkward = fc.constantFrom('\uD800', '\uDC00', '😀', 'e\u0301', '"', '\\', '\n', '\u0000', '\u2028', '…', '£', 'é', '你');
    const text = fc.array(fc.oneof(fc.string(), awkward), { maxLength: 4 }).map((parts) => parts.join(''));
    const entry = fc.oneof(fc.record({ status: text, notes: text, n: fc.integer(), parts: fc.array(text, { maxLength: 3 }) }), text, fc.constant(null));
    const value = fc.record(
      {
        results: fc.array(entry, { maxLength: 300 }),
        scores: fc.dictionary(text, fc.oneof(fc.double(), fc.constant(null))),
        skipped: fc.constant(undefined),
        meta: fc.record({ headers: fc.array(text, { maxLength: 5 }), rows: fc.nat() }),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(value, (v) => {
        expect(jsonBytes(v as Record<string, unknown>).equals(reference(v))).toBe(true);
      }),
      { seed: 21, numRuns: 400 },
    );
  });

  it('gives the bytes of JSON.stringify for a whole diff answer, and an empty object as {}', () => {
    const rows = (texts: string[]) => texts.map((transcript, i) => ({ transcript, speaker: `S${i % 3}` }));
    const original = rows(Array.from({ length: 500 }, (_, i) => `Row ${i} says “hello” … £${i}`));
    const reworked = rows(Array.from({ length: 500 }, (_, i) => (i % 7 === 0 ? `Row ${i} said hello` : `Row ${i} says “hello” … £${i}`)));
    const data = runDiff({ original, reworked });
    expect(jsonBytes(data as unknown as Record<string, unknown>).equals(reference(data))).toBe(true);
    expect(jsonBytes({}).toString()).toBe('{}');
  });

  it('hands large answers over in a buffer of their own, small ones exactly sized', () => {
    const big = jsonBytes({ results: Array.from({ length: 5000 }, (_, i) => ({ i, text: 'x'.repeat(50) })) });
    expect(big.byteOffset).toBe(0);
    expect(7 * big.buffer.byteLength).toBeLessThanOrEqual(8 * big.byteLength);
    const small = jsonBytes({ ok: true });
    expect(small.toString()).toBe('{"ok":true}');
    expect(small.buffer.byteLength).toBeLessThan(64 * 1024);
  });

  it('writes straight into the buffer it is given when the bytes fit, elsewhere when they do not', () => {
    const value = { results: Array.from({ length: 300 }, (_, i) => ({ i, text: `é${'x'.repeat(i % 40)}` })), meta: { n: 300 } };
    const expected = reference(value);
    const roomy = Buffer.alloc(expected.length + 10);
    const inPlace = serializeJson(value, roomy);
    expect(inPlace.buffer).toBe(roomy.buffer);
    expect(inPlace.equals(expected)).toBe(true);
    // One byte short: every byte still right, from the thread's own buffer (the overflow happens mid-way).
    const tight = Buffer.alloc(expected.length - 1);
    const moved = serializeJson(value, tight);
    expect(moved.buffer).not.toBe(tight.buffer);
    expect(moved.equals(expected)).toBe(true);
  });
});
