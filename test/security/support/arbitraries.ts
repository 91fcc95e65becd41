/**
 * fast-check generators for hostile input. The default string generators almost never produce the
 * characters that break text handling, so they are fed in explicitly: lone surrogates, combining
 * marks, bidi controls, zero-width characters, NUL, CR/LF, U+2028/2029, emoji sequences, and the
 * key names that turn objects into something else. JSON is generated as text, so that keys such
 * as `__proto__` reach the server as own keys exactly as a client would send them.
 */
import fc from 'fast-check';
import { HOSTILE_KEYS } from './cases';

export const AWKWARD = [
  '\ud800', '\udfff', '\udc00x', '\ud83d', // lone surrogates
  '\u0301', 'e\u0301', 'a\u0308\u0301\u0323', '\u0651', '\u064b', '\u0670', // combining marks
  '\u0640', 'ـــ', 'أإآٱ', // tatweel, Arabic alef forms
  '\u202e', '\u202c', '\u2066', '\u2069', '\u200f', '\u061c', // bidi controls
  '\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', // zero-width
  '\u0000', '\u0001', '\u001f', '\u007f', '\u0085', // NUL and other controls
  '\r', '\n', '\r\n', '\u2028', '\u2029', '\t', '\u00a0', '\u3000', '\u180e', // line breaks and spaces
  '👩‍👩‍👧‍👦', '🏳️‍🌈', '🇫🇷', '👍🏽', '🧑🏿‍🦽', '❤️', '\ufe0f', // emoji sequences
  'ﷺ', '𒐫', '\uffff', '\ufffd', '𝔘𝔫𝔦', // long and special code points
  '"', '\\', '/', '</script>', '{', '[', // JSON and markup
  '$&', "$'", '$`', '$1', '$$', '(a+)+$', '.*', // replacement and pattern syntax
  ...HOSTILE_KEYS, 'status', 'notes', 'trace', 'transcript', 'speaker',
];

/** Strings mixing the awkward characters with ordinary and arbitrary text. */
export const awkwardString = fc
  .array(fc.oneof(fc.constantFrom(...AWKWARD), fc.string({ maxLength: 6 }), fc.string({ unit: 'binary', maxLength: 3 }), fc.constantFrom('word ', 'the ', '. ', '? ')), {
    maxLength: 8,
  })
  .map((parts) => parts.join(''));

const KNOWN_FIELDS = ['transcript', 'speaker', 'start_time', 'end_time', 'non_speech_events', 'emotion', 'language', 'locale', 'accent', 'file_name'];
export const keyArb = fc.oneof(fc.constantFrom(...KNOWN_FIELDS, ...HOSTILE_KEYS, 'status', 'notes', 'trace', 'originalRow'), awkwardString);

/** JSON scalar text, numbers past double range included. */
const scalarText = fc.oneof(
  fc.constantFrom('null', 'true', 'false', '0', '-0', '1e400', '-1e400', '1e-400', '9007199254740993', '0.1e1', '12.5', '"00:01.5"', '"1:02:03.25"', '""'),
  fc.double().map((d) => (Number.isFinite(d) ? JSON.stringify(d) : '1e400')),
  fc.integer().map(String),
  awkwardString.map((s) => JSON.stringify(s)),
);

/** Arbitrary JSON text (objects written as text, so duplicate and prototype-named keys survive). */
export const jsonText: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { maxDepth: 4, depthSize: 'small' },
    scalarText,
    fc.array(tie('value'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
    fc.array(fc.tuple(keyArb, tie('value')), { maxLength: 4 }).map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`),
  ),
})).value;

const object = (entries: Array<[string, string]>) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`;

/** A row object as JSON text: usually a string transcript, with known, hostile and arbitrary fields. */
const rowText = fc
  .tuple(
    fc.oneof({ weight: 5, arbitrary: awkwardString.map((s) => JSON.stringify(s)) }, { weight: 1, arbitrary: scalarText }),
    fc.array(fc.tuple(keyArb, fc.oneof(scalarText, jsonText)), { maxLength: 4 }),
  )
  .map(([transcript, fields]) => object([['transcript', transcript], ...fields]));

/** A 2-D row as JSON text. */
const cellsText = fc.array(fc.oneof(awkwardString.map((s) => JSON.stringify(s)), scalarText), { maxLength: 4 }).map((cells) => `[${cells.join(',')}]`);

const ruleText = fc
  .record(
    {
      find: fc.oneof(awkwardString, fc.constantFrom('a', '(a+)+$', 'x*', '(a)\\1', '(?=a)', '(?<!a)b', '\\p{L}+', '[', '(', 'a{2,1}', '.', '\\b')),
      replace: fc.oneof(awkwardString, fc.constantFrom('$&$&', "$'", '$1', '$9', '', 'r'.repeat(200))),
      regex: fc.boolean(),
      caseInsensitive: fc.boolean(),
      columns: fc.array(keyArb, { maxLength: 3 }),
    },
    { requiredKeys: ['find'] },
  )
  .map((rule) => JSON.stringify(rule));

const CONFIG_KEYS = [
  'simpleMode', 'enableSplits', 'enableMerges', 'enableCER', 'enableWER', 'enableSegER', 'enableSER', 'stripDiacritics',
  'positionalMode', 'enableInlineDiff', 'enableTranscriptCER', 'enableTranscriptWER', 'enableTranscriptSER', 'enableSACR',
  'enableComposite', 'cerInComposite', 'werInComposite', 'segerInComposite', 'serInComposite',
];
const configText = fc
  .array(
    fc.oneof(
      fc.tuple(fc.constantFrom(...CONFIG_KEYS), fc.oneof(fc.constantFrom('true', 'false'), scalarText)),
      fc.tuple(fc.constantFrom('ignoreColNames'), fc.array(keyArb, { maxLength: 3 }).map((k) => JSON.stringify(k))),
      fc.tuple(fc.constant('speakerColName'), keyArb.map((k) => JSON.stringify(k))),
      fc.tuple(fc.constant('structuralTransforms'), fc.array(ruleText, { maxLength: 3 }).map((rules) => `[${rules.join(',')}]`)),
      fc.tuple(fc.constantFrom('enableSplit', '__proto__', 'constructor'), jsonText),
    ),
    { maxLength: 5 },
  )
  .map(object);

/** A request body as JSON text: mostly well-formed diff requests with hostile content, sometimes not. */
export const bodyText = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .tuple(fc.array(rowText, { maxLength: 5 }), fc.array(rowText, { maxLength: 5 }), fc.option(configText, { nil: undefined }))
      .map(([o, r, config]) => object([['original', `[${o.join(',')}]`], ['reworked', `[${r.join(',')}]`], ...(config ? ([['config', config]] as Array<[string, string]>) : [])])),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.array(cellsText, { maxLength: 4 }), fc.array(cellsText, { maxLength: 4 }), fc.array(keyArb, { maxLength: 4 }), fc.array(fc.nat(5), { maxLength: 3 }))
      .map(([o, r, headers, extra]) =>
        object([
          ['original', `[${o.join(',')}]`],
          ['reworked', `[${r.join(',')}]`],
          ['headers', JSON.stringify(headers)],
          ['columnMapping', JSON.stringify({ transcript: 0, ...(extra.length ? { speaker: extra[0], extraCols: extra } : {}) })],
        ]),
      ),
  },
  { weight: 1, arbitrary: jsonText },
);

/**
 * One edit of a byte buffer: replace, insert, delete a range, duplicate a range, truncate, or
 * `text`: put an awkward string, JSON-escaped, at the start of a string or key (so that edited
 * bodies often stay JSON and reach validation and the engine).
 */
export const mutation = fc.tuple(
  fc.oneof({ weight: 5, arbitrary: fc.constant('text') }, fc.constantFrom('replace', 'insert', 'delete', 'duplicate', 'truncate')),
  fc.nat(),
  fc.nat(16),
  fc.uint8Array({ minLength: 1, maxLength: 4 }),
  awkwardString,
);
export type Mutation = [string, number, number, Uint8Array, string];

/** Offsets just after each opening quote of a JSON string or key in `bytes`. */
function stringStarts(bytes: Buffer): number[] {
  const starts: number[] = [];
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (inString && b === 0x5c) i++;
    else if (b === 0x22) {
      if (!inString) starts.push(i + 1);
      inString = !inString;
    }
  }
  return starts;
}

/** Applies edits in order (positions wrap around the current length). */
export function mutate(bytes: Buffer, edits: Mutation[]): Buffer {
  let out = bytes;
  for (const [op, position, span, insert, text] of edits) {
    const at = out.length === 0 ? 0 : position % out.length;
    if (op === 'text') {
      const openings = stringStarts(out);
      const where = openings.length === 0 ? at : openings[position % openings.length];
      out = Buffer.concat([out.subarray(0, where), Buffer.from(JSON.stringify(text).slice(1, -1)), out.subarray(where)]);
    } else if (op === 'replace') out = Buffer.concat([out.subarray(0, at), Buffer.from(insert), out.subarray(at + insert.length)]);
    else if (op === 'insert') out = Buffer.concat([out.subarray(0, at), Buffer.from(insert), out.subarray(at)]);
    else if (op === 'delete') out = Buffer.concat([out.subarray(0, at), out.subarray(at + span + 1)]);
    else if (op === 'duplicate') out = Buffer.concat([out.subarray(0, at + span), out.subarray(at)]);
    else out = out.subarray(0, at);
  }
  return out;
}

/** A header value Node's parser accepts: visible ASCII, space, tab and raw UTF-8 bytes (obs-text). */
export const headerValue = fc
  .oneof(awkwardString, fc.string({ maxLength: 70 }), fc.stringMatching(/^[A-Za-z0-9_-]{1,70}$/))
  .map((s) => Buffer.from(s.replace(/[\u0000-\u0008\u000a-\u001f\u007f]/g, ''), 'utf8'));

/** Percent-encodes UTF-8 bytes of any string (lone surrogates become U+FFFD's bytes). */
export const percentEncoded = (s: string) =>
  [...Buffer.from(s, 'utf8')].map((b) => (/[A-Za-z0-9._~-]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).padStart(2, '0').toUpperCase()}`)).join('');
