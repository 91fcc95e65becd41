import fc from 'fast-check';
import { jsonText, NotUtf8Error } from '../../src/request/json-text';

/** What JSON.parse makes of a text: its value, or that it refused it. */
function outcome(text: string): { value: unknown } | 'refused' {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return 'refused';
  }
}

/** The reference: the plain UTF-8 decoding, a leading byte order mark dropped. */
function decoded(bytes: Buffer): string {
  const text = bytes.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

const NON_ASCII = /[^\x00-\x7f]/;
// Enough ASCII around a few characters that most 1 KiB blocks are ASCII: the escaping path.
const pad = (n: number) => ' '.repeat(n);

describe('jsonText', () => {
  it('is read by JSON.parse exactly as the UTF-8 text is, valid or not, wherever the non-ASCII characters fall', () => {
    const special = fc.constantFrom('é', '’', '£', '你', '😀', '😁', '\u2028', '\ufeff', '\u0301', '"', '\\', '\\u', '{', '}', '[', ']', ':', ',', 'a', '1', ' ');
    const junk = fc.array(special, { maxLength: 30 }).map((parts) => parts.join(''));
    const valid = fc.json().map((json) => json);
    const withText = fc.record({ text: fc.array(special, { maxLength: 12 }).map((p) => p.join('')), n: fc.integer() }).map((v) => JSON.stringify(v));
    const middle = fc.oneof(junk, valid, withText);
    fc.assert(
      fc.property(fc.integer({ min: 1000, max: 1100 }), middle, fc.integer({ min: 0, max: 5000 }), (before, text, after) => {
        const bytes = Buffer.from(pad(before) + text + pad(after + 2048), 'utf8');
        const text2 = jsonText(bytes);
        expect(outcome(text2)).toEqual(outcome(decoded(bytes)));
      }),
      { seed: 7, numRuns: 2000 },
    );
  });

  it('turns a body with sparse non-ASCII characters into ASCII escapes, a sequence across a block boundary included', () => {
    // The opening quote at byte 1022: "é" is bytes 1023-1024, across the first 1 KiB boundary.
    const body = `${pad(1022)}"é and 😁 and 你"${pad(4096)}`;
    const text = jsonText(Buffer.from(body, 'utf8'));
    expect(NON_ASCII.test(text)).toBe(false);
    expect(text).toContain('"\\u00e9 and \\ud83d\\ude01 and \\u4f60"');
    expect(JSON.parse(text)).toBe('é and 😁 and 你');
  });

  it('decodes a body dense with non-ASCII characters the ordinary way', () => {
    const body = JSON.stringify({ original: Array.from({ length: 200 }, () => ({ transcript: 'Ça, c’est déjà ça.' })) });
    const text = jsonText(Buffer.from(body, 'utf8'));
    expect(text).toBe(body);
  });

  it('keeps an invalid escape invalid: a backslash run of odd length before a non-ASCII character', () => {
    for (const inner of ['\\é', '\\\\\\é', 'a\\😀']) {
      const bytes = Buffer.from(`${pad(1500)}"${inner}"${pad(3000)}`, 'utf8');
      expect(outcome(decoded(bytes))).toBe('refused');
      expect(outcome(jsonText(bytes))).toBe('refused');
    }
    // An even run is an escaped backslash followed by the character itself.
    const even = Buffer.from(`${pad(1500)}"\\\\é"${pad(3000)}`, 'utf8');
    expect(JSON.parse(jsonText(even))).toBe('\\é');
  });

  it('refuses a non-ASCII character outside a string as JSON.parse does', () => {
    const bytes = Buffer.from(`${pad(1500)}{"a": 1}é${pad(3000)}`, 'utf8');
    expect(outcome(jsonText(bytes))).toBe('refused');
  });

  it('drops a leading byte order mark, on every path', () => {
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    for (const body of ['{"a":"b"}', `${pad(2000)}{"a":"é"}${pad(3000)}`, '{"a":"ééééé"}']) {
      const text = jsonText(Buffer.concat([bom, Buffer.from(body, 'utf8')]));
      expect(text.charCodeAt(0)).not.toBe(0xfeff);
      expect(JSON.parse(text)).toEqual(JSON.parse(body));
    }
  });

  it('refuses bytes that are not UTF-8, never replacing them', () => {
    for (const bytes of [Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x7d]), Buffer.concat([Buffer.from(pad(3000)), Buffer.from([0xed, 0xa0, 0x80])])]) {
      expect(() => jsonText(bytes)).toThrow(NotUtf8Error);
    }
  });

  it('reads a body in a shared buffer at an offset', () => {
    const body = Buffer.from(`${pad(1500)}{"t":"é"}${pad(3000)}`, 'utf8');
    const shared = new Uint8Array(new SharedArrayBuffer(body.length + 100));
    shared.set(body, 50);
    expect(JSON.parse(jsonText(shared.subarray(50, 50 + body.length)))).toEqual({ t: 'é' });
  });
});
