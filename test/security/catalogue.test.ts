/**
 * The hostile-input catalogue (issue 7): one line per case, each with the answer the contract
 * gives it (service-spec.md §7, decisions D1–D5, D9.5), sent as raw bytes through the real Node
 * server, app and engine worker. Every answer is also held to the whole envelope contract
 * (support/contract.ts). Cases where the contract is silent carry the safe choice made, which
 * docs/security.md lists.
 */
import zlibStreams from 'node:zlib';
import { brotliCompressSync, constants as zlib, deflateSync, gzipSync } from 'node:zlib';
import { runDiff } from '../../src/engine/index';
import type { DiffRequest } from '../../src/engine/types';
import { hashKey, KeyStore } from '../../src/http/api-keys';
import type { DiffEngine } from '../../src/runtime/engine-pool';
import { AGENCY, KEY, OTHER_KEY } from '../support/service-harness';
import {
  bodyOfExactly,
  dataOf,
  diff,
  ENTRY_LOOKALIKES,
  expectInlineDiffRebuilds,
  expectRowsReturnedVerbatim,
  fieldsOf,
  HOSTILE_KEYS,
  messageOf,
  MiB,
  pair,
  rawDiff,
  row,
  statuses,
  withoutHeader,
} from './support/cases';
import { contractProblems, UUID_V4 } from './support/contract';
import { exchange, headBytes, type RawRequest, type RawResponse, send, sleep } from './support/raw-http';
import { captureProcessOutput, type Service, startEngine, startService } from './support/service';

jest.setTimeout(60_000);

/**
 * A canary key: a valid issued key whose every appearance in any log line or process output is
 * a leak. Configured for the agency `canary` beside the harness's keys.
 */
const CANARY = 'CANARYkey0fThe5ecurityCatalogue_xY7qW2mZ9vR4tL8';
const KEYS = new KeyStore([
  { agency: AGENCY, sha256: hashKey(KEY) },
  { agency: 'globex', sha256: hashKey(OTHER_KEY) },
  { agency: 'canary', sha256: hashKey(CANARY) },
]);

/**
 * Bytes the service's decompressors have produced since the case began: what a bomb costs is the
 * work done on it, counted at the decoder (body.ts) instead of timed.
 */
let decoded = 0;
beforeEach(() => {
  decoded = 0;
});
// What every zlib and brotli stream of the process pushes out: in this suite, only the server's
// decoders stream (the bodies are compressed with the synchronous functions).
const zlibStream = Object.getPrototypeOf(Object.getPrototypeOf(zlibStreams.Gunzip.prototype)) as { push(chunk: unknown): boolean };
const push = zlibStream.push;
jest.spyOn(zlibStream, 'push').mockImplementation(function (this: unknown, chunk: unknown) {
  if (Buffer.isBuffer(chunk)) decoded += chunk.length;
  return push.call(this, chunk);
});
/** At most the body limit and a few of the decoder's 16 KiB chunks (the one in flight when it was stopped). */
const decodedNoFurtherThanTheLimit = () => expect(decoded).toBeLessThanOrEqual(5 * MiB + 64 * 1024);

let engine: DiffEngine;
let service: Service;
let output: ReturnType<typeof captureProcessOutput>;
beforeAll(async () => {
  output = captureProcessOutput();
  engine = startEngine();
  service = await startService(engine, { deps: { keys: KEYS } });
});
afterAll(async () => {
  output.restore();
  await service.close();
  await engine.destroy();
});

interface Case {
  name: string;
  /** The request (built lazily when large), or a whole exchange for cases that need timing. */
  request: RawRequest | (() => RawRequest);
  /** Expected HTTP status. */
  status: number;
  /** Error code; `success` for a 200 envelope; null for a plain answer from Node's parser. */
  code: string | null;
  checks?: (res: RawResponse) => void;
}

const JSON_TYPE: [string, string] = ['Content-Type', 'application/json'];
const nest = (levels: number): unknown => (levels === 0 ? 'leaf' : { n: nest(levels - 1) });
const bombOf = (size: number) => Buffer.alloc(size, 0x20);
/** A valid body whose transcript repeats `text` (a pass-through-free way to reach a length). */
const longTranscript = (length: number) => pair('a'.repeat(length), 'a'.repeat(length));

/** Rows carrying every hostile key and entry look-alike, as a client would send them. */
function hostileRow(transcript: string, salt: string): Record<string, unknown> {
  const text = `{"transcript":${JSON.stringify(transcript)},${[...HOSTILE_KEYS, ...ENTRY_LOOKALIKES]
    .map((k, i) => `${JSON.stringify(k)}:${i % 2 ? `{"x":${JSON.stringify(salt)}}` : JSON.stringify(`${k}-${salt}`)}`)
    .join(',')}}`;
  return JSON.parse(text) as Record<string, unknown>;
}
const HOSTILE_BODY = {
  original: [hostileRow('hello there', 'a'), hostileRow('second row', 'b'), hostileRow('gone', 'c')],
  reworked: [hostileRow('hello there', 'a'), hostileRow('second row changed', 'b2')],
};
/** The same body with the hostile names renamed: what the scores must equal. */
function renamed(body: unknown): DiffRequest {
  let text = JSON.stringify(body);
  [...HOSTILE_KEYS, ...ENTRY_LOOKALIKES].forEach((k, i) => {
    text = text.split(JSON.stringify(k)).join(JSON.stringify(`col${i}`));
  });
  return JSON.parse(text) as DiffRequest;
}
function expectSameOutcomeAsRenamed(res: RawResponse, body: unknown): void {
  const expected = runDiff(renamed(body));
  const data = dataOf(res);
  expect(data.results.map((e) => [e.status, e.originalIndices, e.reworkedIndices])).toEqual(
    expected.results.map((e) => [e.status, e.originalIndices, e.reworkedIndices]),
  );
  expect(data.scores).toEqual(expected.scores);
  expect(data.counts).toEqual(expected.counts);
}

const HEADERS_2D = ['transcript', ...HOSTILE_KEYS];
const BODY_2D = {
  original: [['a b', 'p', 'c', 'x', 'h', 't'], ['same', '1', '2', '3', '4', '5']],
  reworked: [['a c', 'p2', 'c', 'x', 'h', 't'], ['same', '1', '2', '3', '4', '5']],
  headers: HEADERS_2D,
  columnMapping: { transcript: 0, speaker: 1, extraCols: [2, 3, 4, 5] },
};

const ARABIC = 'السَّلَامُ عَلَيْكُمْ يـــا صديقي';
const ARABIC_PLAIN = 'السلام عليكم يا صديقي';
const ZWJ_FAMILY = '👩‍👩‍👧‍👦 and 🏳️‍🌈';
const ZWJ_OTHER = '👩‍👩‍👧 and 🏳️‍⚧️';

/** Two rules whose combined effect shows how `replace` was expanded (transforms apply to both sides). */
const expansionProbe = (replace: string, regex: boolean, reworked: string) => ({
  original: [row('cat')],
  reworked: [row(reworked)],
  config: { structuralTransforms: [{ find: 'a', replace, regex }] },
});

const CASES: Case[] = [
  // ── transport (D1.3–D1.5) ──────────────────────────────────────────────────────────────────
  { name: 'malformed JSON', request: rawDiff('{"original": ['), status: 400, code: 'BAD_REQUEST', checks: (r) => expect(messageOf(r)).toBe('The body is not valid JSON.') },
  { name: 'JSON with trailing garbage', request: rawDiff('{"original":[],"reworked":[]} x'), status: 400, code: 'BAD_REQUEST' },
  { name: 'JSON with a comment', request: rawDiff('{"original":[],/* c */"reworked":[]}'), status: 400, code: 'BAD_REQUEST' },
  { name: 'single-quoted JSON', request: rawDiff("{'original':[],'reworked':[]}"), status: 400, code: 'BAD_REQUEST' },
  { name: 'NaN literal', request: rawDiff('{"original":[{"transcript":"a","x":NaN}],"reworked":[]}'), status: 400, code: 'BAD_REQUEST' },
  { name: 'top-level array', request: rawDiff('[]'), status: 400, code: 'BAD_REQUEST', checks: (r) => expect(messageOf(r)).toMatch(/must be a JSON object/) },
  { name: 'top-level string', request: rawDiff('"original"'), status: 400, code: 'BAD_REQUEST' },
  { name: 'top-level number', request: rawDiff('42'), status: 400, code: 'BAD_REQUEST' },
  { name: 'top-level null', request: rawDiff('null'), status: 400, code: 'BAD_REQUEST' },
  { name: 'top-level true', request: rawDiff('true'), status: 400, code: 'BAD_REQUEST' },
  { name: 'empty body with Content-Length: 0', request: rawDiff(''), status: 400, code: 'BAD_REQUEST' },
  { name: 'empty body, chunked', request: rawDiff('', [], 'chunked'), status: 400, code: 'BAD_REQUEST' },
  { name: 'whitespace-only body', request: rawDiff(' \r\n\t '), status: 400, code: 'BAD_REQUEST' },
  { name: 'missing Content-Type', request: withoutHeader(diff(pair('a', 'a')), 'content-type'), status: 400, code: 'BAD_REQUEST', checks: (r) => expect(messageOf(r)).toMatch(/send Content-Type: application\/json/) },
  { name: 'Content-Type text/plain', request: diff(pair('a', 'a'), [['Content-Type', 'text/plain']]), status: 400, code: 'BAD_REQUEST' },
  { name: 'Content-Type form-urlencoded', request: diff(pair('a', 'a'), [['Content-Type', 'application/x-www-form-urlencoded']]), status: 400, code: 'BAD_REQUEST' },
  { name: 'Content-Type multipart/form-data', request: diff(pair('a', 'a'), [['Content-Type', 'multipart/form-data; boundary=x']]), status: 400, code: 'BAD_REQUEST' },
  { name: 'Content-Type application/json-patch+json', request: diff(pair('a', 'a'), [['Content-Type', 'application/json-patch+json']]), status: 400, code: 'BAD_REQUEST' },
  { name: 'Content-Type as a list', request: diff(pair('a', 'a'), [['Content-Type', 'application/json, text/plain']]), status: 400, code: 'BAD_REQUEST' },
  {
    name: 'two Content-Type headers (ambiguous: refused)',
    request: diff(pair('a', 'a'), [JSON_TYPE, ['Content-Type', 'text/plain']]),
    status: 400,
    code: 'BAD_REQUEST',
  },
  { name: 'Content-Type with charset=utf-8', request: diff(pair('a', 'a'), [['Content-Type', 'application/json; charset=utf-8']]), status: 200, code: 'success' },
  { name: 'Content-Type with charset="UTF8"', request: diff(pair('a', 'a'), [['Content-Type', 'application/json;charset="UTF8"']]), status: 200, code: 'success' },
  { name: 'charset iso-8859-1', request: diff(pair('a', 'a'), [['Content-Type', 'application/json; charset=iso-8859-1']]), status: 400, code: 'BAD_REQUEST', checks: (r) => expect(messageOf(r)).toMatch(/Only UTF-8/) },
  { name: 'charset utf-16', request: diff(pair('a', 'a'), [['Content-Type', 'application/json; charset=utf-16']]), status: 400, code: 'BAD_REQUEST' },
  {
    name: 'UTF-16LE bytes with a BOM, declared as JSON',
    request: rawDiff(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(JSON.stringify(pair('a', 'a')), 'utf16le')])),
    status: 400,
    code: 'BAD_REQUEST',
  },
  { name: 'UTF-8 byte order mark (accepted and dropped)', request: rawDiff(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify(pair('a', 'a')))])), status: 200, code: 'success' },
  { name: 'Content-Encoding zstd', request: diff(pair('a', 'a'), [['Content-Encoding', 'zstd']]), status: 400, code: 'BAD_REQUEST', checks: (r) => expect(messageOf(r)).toMatch(/Unsupported Content-Encoding/) },
  { name: 'Content-Encoding compress', request: diff(pair('a', 'a'), [['Content-Encoding', 'compress']]), status: 400, code: 'BAD_REQUEST' },
  { name: 'stacked Content-Encoding gzip, gzip', request: rawDiff(gzipSync(gzipSync(JSON.stringify(pair('a', 'a')))), [['Content-Encoding', 'gzip, gzip']]), status: 400, code: 'BAD_REQUEST' },
  { name: 'two Content-Encoding headers', request: rawDiff(gzipSync(JSON.stringify(pair('a', 'a'))), [['Content-Encoding', 'gzip'], ['Content-Encoding', 'br']]), status: 400, code: 'BAD_REQUEST' },
  { name: 'gzip body decoded', request: rawDiff(gzipSync(JSON.stringify(pair('one two three', 'one two four'))), [['Content-Encoding', 'gzip']]), status: 200, code: 'success', checks: (r) => expect(statuses(r)).toEqual(['MODIFIED']) },
  { name: 'deflate body decoded', request: rawDiff(deflateSync(JSON.stringify(pair('a', 'a'))), [['Content-Encoding', 'deflate']]), status: 200, code: 'success' },
  { name: 'br body decoded', request: rawDiff(brotliCompressSync(JSON.stringify(pair('a', 'a'))), [['Content-Encoding', 'br']]), status: 200, code: 'success' },
  { name: 'gzip declared, plain bytes sent', request: diff(pair('a', 'a'), [['Content-Encoding', 'gzip']]), status: 400, code: 'BAD_REQUEST', checks: (r) => expect(messageOf(r)).toMatch(/decompressed/) },
  { name: 'truncated gzip', request: () => rawDiff(gzipSync(JSON.stringify(pair('a', 'a'))).subarray(0, 20), [['Content-Encoding', 'gzip']]), status: 400, code: 'BAD_REQUEST' },
  {
    name: 'gzip bomb (50 MiB of spaces in ~50 KB)',
    request: () => rawDiff(gzipSync(bombOf(50 * MiB), { level: 9 }), [['Content-Encoding', 'gzip']]),
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    checks: decodedNoFurtherThanTheLimit,
  },
  {
    name: 'brotli bomb (1 GiB of spaces in a few hundred bytes, streamed)',
    request: () =>
      rawDiff(brotliCompressSync(bombOf(64 * MiB), { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }), [['Content-Encoding', 'br']]),
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    checks: decodedNoFurtherThanTheLimit,
  },
  { name: 'deflate bomb', request: () => rawDiff(deflateSync(bombOf(20 * MiB)), [['Content-Encoding', 'deflate']]), status: 413, code: 'PAYLOAD_TOO_LARGE', checks: decodedNoFurtherThanTheLimit },
  {
    name: 'gzip decoding to exactly 5 MiB',
    request: () => rawDiff(gzipSync(bodyOfExactly(5 * MiB)), [['Content-Encoding', 'gzip']]),
    status: 200,
    code: 'success',
  },
  { name: 'gzip decoding to 5 MiB + 1', request: () => rawDiff(gzipSync(bodyOfExactly(5 * MiB + 1)), [['Content-Encoding', 'gzip']]), status: 413, code: 'PAYLOAD_TOO_LARGE' },
  { name: 'invalid UTF-8: a lone Latin-1 byte', request: rawDiff(Buffer.from('{"original":[{"transcript":"caf\xe9"}],"reworked":[]}', 'latin1')), status: 400, code: 'BAD_REQUEST', checks: (r) => expect(messageOf(r)).toBe('The body is not valid UTF-8.') },
  { name: 'invalid UTF-8: overlong "/"', request: rawDiff(Buffer.concat([Buffer.from('{"original":[{"transcript":"'), Buffer.from([0xc0, 0xaf]), Buffer.from('"}],"reworked":[]}')])), status: 400, code: 'BAD_REQUEST' },
  { name: 'invalid UTF-8: an encoded surrogate (CESU)', request: rawDiff(Buffer.concat([Buffer.from('{"original":[{"transcript":"'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('"}],"reworked":[]}')])), status: 400, code: 'BAD_REQUEST' },
  { name: 'invalid UTF-8: 0xFF', request: rawDiff(Buffer.concat([Buffer.from('{"original":[],"reworked":[]}'), Buffer.from([0xff])])), status: 400, code: 'BAD_REQUEST' },
  { name: 'invalid UTF-8: truncated 4-byte sequence', request: rawDiff(Buffer.concat([Buffer.from('{"original":[{"transcript":"'), Buffer.from([0xf0, 0x9f, 0x98]), Buffer.from('"}],"reworked":[]}')])), status: 400, code: 'BAD_REQUEST' },
  { name: 'exactly 5 MiB with Content-Length', request: () => rawDiff(bodyOfExactly(5 * MiB)), status: 200, code: 'success', checks: (r) => expect(dataOf(r).meta.originalRows).toBe(1) },
  { name: 'exactly 5 MiB chunked, no Content-Length', request: () => rawDiff(bodyOfExactly(5 * MiB), [], 'chunked'), status: 200, code: 'success' },
  { name: '5 MiB + 1 with Content-Length (refused before reading)', request: () => rawDiff(bodyOfExactly(5 * MiB + 1)), status: 413, code: 'PAYLOAD_TOO_LARGE' },
  { name: '5 MiB + 1 chunked, no Content-Length', request: () => rawDiff(bodyOfExactly(5 * MiB + 1), [], 'chunked'), status: 413, code: 'PAYLOAD_TOO_LARGE' },
  {
    name: 'Content-Length and Transfer-Encoding together (smuggling shape)',
    request: { ...rawDiff('5\r\n{"a":\r\n0\r\n\r\n', [['Transfer-Encoding', 'chunked'], ['Content-Length', '3']]), framing: 'none' },
    status: 400,
    code: null,
  },
  { name: 'two different Content-Length headers', request: { ...rawDiff('{}', [['Content-Length', '2'], ['Content-Length', '3']]), framing: 'none' }, status: 400, code: null },
  { name: 'negative Content-Length', request: { ...rawDiff('{}', [['Content-Length', '-1']]), framing: 'none' }, status: 400, code: null },
  { name: 'Content-Length beyond 2^53', request: { ...rawDiff('{}', [['Content-Length', '99999999999999999999']]), framing: 'none' }, status: 400, code: null },
  { name: 'Expect: 100-continue', request: diff(pair('a', 'a'), [['Expect', '100-continue']]), status: 200, code: 'success' },
  { name: 'an unknown Expect value is ignored (Node would answer a bare 417)', request: diff(pair('a', 'a'), [['Expect', 'teapot']]), status: 200, code: 'success' },
  { name: 'Content-Length above 5 MiB, body never sent', request: { ...rawDiff('', [['Content-Length', String(1024 * MiB)]]), framing: 'none' }, status: 413, code: 'PAYLOAD_TOO_LARGE' },

  // ── validation (D4.1–D4.5) ─────────────────────────────────────────────────────────────────
  { name: '30,000 empty rows a side (the limit)', request: () => diff({ original: Array.from({ length: 30_000 }, () => row('')), reworked: Array.from({ length: 30_000 }, () => row('')) }), status: 200, code: 'success', checks: (r) => expect(dataOf(r).counts.rows).toMatchObject({ UNCHANGED: 30_000 }) },
  { name: '30,001 rows', request: () => diff({ original: Array.from({ length: 30_001 }, () => row('')), reworked: [] }), status: 422, code: 'VALIDATION_ERROR', checks: (r) => expect(fieldsOf(r)).toEqual(['original']) },
  { name: '20 transforms', request: diff({ ...pair('a', 'a'), config: { structuralTransforms: Array.from({ length: 20 }, () => ({ find: 'x' })) } }), status: 200, code: 'success' },
  { name: '21 transforms', request: diff({ ...pair('a', 'a'), config: { structuralTransforms: Array.from({ length: 21 }, () => ({ find: 'x' })) } }), status: 422, code: 'VALIDATION_ERROR', checks: (r) => expect(fieldsOf(r)).toEqual(['config.structuralTransforms']) },
  { name: 'find of 200 characters (400 UTF-16 units)', request: diff({ ...pair('a', 'a'), config: { structuralTransforms: [{ find: '😀'.repeat(200) }] } }), status: 200, code: 'success' },
  { name: 'find of 201 characters', request: diff({ ...pair('a', 'a'), config: { structuralTransforms: [{ find: 'x'.repeat(201) }] } }), status: 422, code: 'VALIDATION_ERROR', checks: (r) => expect(fieldsOf(r)).toEqual(['config.structuralTransforms[0].find']) },
  { name: 'empty find', request: diff({ ...pair('a', 'a'), config: { structuralTransforms: [{ find: '' }] } }), status: 422, code: 'VALIDATION_ERROR', checks: (r) => expect(fieldsOf(r)).toEqual(['config.structuralTransforms[0].find']) },
  { name: 'replace of 200 characters', request: diff({ ...pair('a', 'a'), config: { structuralTransforms: [{ find: 'a', replace: 'r'.repeat(200) }] } }), status: 200, code: 'success' },
  { name: 'replace of 201 characters', request: diff({ ...pair('a', 'a'), config: { structuralTransforms: [{ find: 'a', replace: 'r'.repeat(201) }] } }), status: 422, code: 'VALIDATION_ERROR', checks: (r) => expect(fieldsOf(r)).toEqual(['config.structuralTransforms[0].replace']) },
  {
    name: '20 extraCols',
    request: diff({ original: [['a', ...Array(20).fill('x')]], reworked: [['a', ...Array(20).fill('x')]], headers: Array.from({ length: 21 }, (_, i) => `c${i}`), columnMapping: { transcript: 0, extraCols: Array.from({ length: 20 }, (_, i) => i + 1) } }),
    status: 200,
    code: 'success',
  },
  {
    name: '21 extraCols',
    request: diff({ original: [['a']], reworked: [['a']], headers: Array.from({ length: 22 }, (_, i) => `c${i}`), columnMapping: { transcript: 0, extraCols: Array.from({ length: 21 }, (_, i) => i + 1) } }),
    status: 422,
    code: 'VALIDATION_ERROR',
    checks: (r) => expect(fieldsOf(r)).toEqual(['columnMapping.extraCols']),
  },
  { name: 'cell of 100,000 characters', request: () => diff(longTranscript(100_000)), status: 200, code: 'success' },
  { name: 'cell of 100,001 characters', request: () => diff(longTranscript(100_001)), status: 422, code: 'VALIDATION_ERROR', checks: (r) => expect(fieldsOf(r)).toEqual(['original[0].transcript', 'reworked[0].transcript']) },
  { name: 'cell of 100,000 astral characters (200,000 UTF-16 units)', request: () => diff(pair('😀'.repeat(100_000), '😀'.repeat(100_000))), status: 200, code: 'success' },
  { name: 'nested cell whose JSON text is 100,001 characters', request: () => diff({ original: [row('a', { meta: { t: 'x'.repeat(100_001 - 8) } })], reworked: [] }), status: 422, code: 'VALIDATION_ERROR', checks: (r) => expect(fieldsOf(r)).toEqual(['original[0].meta']) },
  { name: 'value nested 64 levels inside a row', request: diff({ original: [row('a', { deep: nest(62) })], reworked: [row('a')] }), status: 200, code: 'success' },
  { name: 'value nested 65 levels inside a row', request: diff({ original: [row('a', { deep: nest(63) })], reworked: [] }), status: 422, code: 'VALIDATION_ERROR', checks: (r) => expect(fieldsOf(r)).toEqual(['original[0].deep']) },
  { name: 'value nested 100,000 levels (arrays)', request: () => rawDiff(`{"original":[{"transcript":"a","deep":${'['.repeat(100_000)}${']'.repeat(100_000)}}],"reworked":[]}`), status: 422, code: 'VALIDATION_ERROR' },
  { name: 'top-level value nested 1,000,000 levels', request: () => rawDiff(`{"x":${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}}`), status: 422, code: 'VALIDATION_ERROR' },
  { name: 'unbalanced nesting 2,000,000 deep', request: () => rawDiff(`{"x":${'['.repeat(2_000_000)}`), status: 400, code: 'BAD_REQUEST' },
  { name: '1e400 in a pass-through field', request: rawDiff('{"original":[{"transcript":"a","score":1e400}],"reworked":[]}'), status: 422, code: 'VALIDATION_ERROR', checks: (r) => expect(fieldsOf(r)).toEqual(['original[0].score']) },
  { name: '-1e400 as a speaker', request: rawDiff('{"original":[{"transcript":"a","speaker":-1e400}],"reworked":[]}'), status: 422, code: 'VALIDATION_ERROR', checks: (r) => expect(fieldsOf(r)).toEqual(['original[0].speaker']) },
  { name: '1e400 nested in a cell', request: rawDiff('{"original":[{"transcript":"a","m":{"x":[1e400]}}],"reworked":[]}'), status: 422, code: 'VALIDATION_ERROR' },
  { name: '1e400 as a start_time', request: rawDiff('{"original":[{"transcript":"a","start_time":1e400}],"reworked":[]}'), status: 422, code: 'VALIDATION_ERROR', checks: (r) => expect(fieldsOf(r)).toEqual(['original[0].start_time']) },
  { name: '1e400 as a column index', request: rawDiff('{"original":[["a"]],"reworked":[],"headers":["t"],"columnMapping":{"transcript":1e400}}'), status: 422, code: 'VALIDATION_ERROR' },
  { name: '1e-400 underflows to 0 (finite, accepted)', request: rawDiff('{"original":[{"transcript":"a","x":1e-400}],"reworked":[{"transcript":"a","x":0}]}'), status: 200, code: 'success', checks: (r) => expect(statuses(r)).toEqual(['UNCHANGED']) },
  {
    name: 'details cap: 250 failing rows give 100 details and a * entry',
    request: diff({ original: Array.from({ length: 250 }, () => ({ speaker: 'x' })), reworked: [] }),
    status: 422,
    code: 'VALIDATION_ERROR',
    checks: (r) => {
      expect(fieldsOf(r)).toHaveLength(101);
      expect((r.json as { error: { details: unknown[] } }).error.details[100]).toEqual({ field: '*', message: '150 more failing fields not listed' });
    },
  },
  {
    name: 'duplicate keys in a row: the last wins',
    request: rawDiff('{"original":[{"transcript":"first","transcript":"second"}],"reworked":[{"transcript":"second"}]}'),
    status: 200,
    code: 'success',
    checks: (r) => {
      expect(statuses(r)).toEqual(['UNCHANGED']);
      expect(dataOf(r).results[0].originalRow).toEqual({ transcript: 'second' });
    },
  },
  { name: 'duplicate top-level keys: the last wins', request: rawDiff('{"original":"nonsense","original":[{"transcript":"a"}],"reworked":[{"transcript":"a"}]}'), status: 200, code: 'success' },
  { name: 'duplicate config keys: the last wins', request: rawDiff('{"original":[{"transcript":"a"}],"reworked":[{"transcript":"b"}],"config":{"enableCER":true,"enableCER":false}}'), status: 200, code: 'success', checks: (r) => expect(dataOf(r).scores.overallCER).toBeNull() },
  { name: 'unknown top-level key', request: diff({ ...pair('a', 'a'), extra: 1 }), status: 422, code: 'VALIDATION_ERROR', checks: (r) => expect(fieldsOf(r)).toEqual(['extra']) },
  { name: 'misspelt config key', request: diff({ ...pair('a', 'a'), config: { enableSplit: false } }), status: 422, code: 'VALIDATION_ERROR', checks: (r) => expect(fieldsOf(r)).toEqual(['config.enableSplit']) },
  { name: 'integer beyond 2^53 loses precision (documented)', request: rawDiff('{"original":[{"transcript":"a","id":9007199254740993}],"reworked":[{"transcript":"a","id":9007199254740993}]}'), status: 200, code: 'success', checks: (r) => expect(r.text).toContain('"id":9007199254740992') },

  // ── pass-through fidelity (D4.2, D5.3, D6.2) ───────────────────────────────────────────────
  {
    name: '__proto__, constructor, prototype, hasOwnProperty, toString and entry look-alikes as row keys',
    request: rawDiff(JSON.stringify(HOSTILE_BODY)),
    status: 200,
    code: 'success',
    checks: (r) => {
      expectRowsReturnedVerbatim(r, HOSTILE_BODY);
      expect(statuses(r)).toEqual(['UNCHANGED', 'MODIFIED', 'DELETED']);
      expectSameOutcomeAsRenamed(r, HOSTILE_BODY);
      expect(r.text).toContain('"__proto__":"__proto__-a"');
    },
  },
  {
    name: 'hostile names as 2-D column names, mapped as speaker and extra columns',
    request: diff(BODY_2D),
    status: 200,
    code: 'success',
    checks: (r) => {
      const data = dataOf(r);
      expect(data.meta.headers).toEqual(HEADERS_2D);
      expect(statuses(r)).toEqual(['MODIFIED', 'UNCHANGED']);
      expect(data.results[0].changedColumns).toEqual(['transcript', '__proto__']);
      expect(JSON.stringify(data.results[0].originalRow)).toBe('{"transcript":"a b","__proto__":"p","constructor":"c","prototype":"x","hasOwnProperty":"h","toString":"t"}');
      expect(data.scores.SACR).toBe(1);
      expectSameOutcomeAsRenamed(r, BODY_2D);
    },
  },
  {
    name: 'hostile names as config values (ignoreColNames, speakerColName, transform columns)',
    request: diff({ ...HOSTILE_BODY, config: { ignoreColNames: [...HOSTILE_KEYS], speakerColName: '__proto__', structuralTransforms: [{ find: 'x', columns: [...HOSTILE_KEYS] }] } }),
    status: 200,
    code: 'success',
    checks: (r) => {
      expectRowsReturnedVerbatim(r, HOSTILE_BODY);
      // The hostile names are ignored columns; the look-alikes differ between the two rows.
      expect(dataOf(r).results[1].changedColumns).toEqual(['transcript', ...ENTRY_LOOKALIKES]);
      // SACR reads the speaker column even when it is ignored (D7.9): __proto__ changed in row 1.
      expect(dataOf(r).scores.SACR).toBe(1);
    },
  },
  { name: '__proto__ as a config key', request: rawDiff('{"original":[],"reworked":[],"config":{"__proto__":{"simpleMode":true}}}'), status: 422, code: 'VALIDATION_ERROR', checks: (r) => expect(fieldsOf(r)).toEqual(['config.__proto__']) },
  { name: '__proto__ as a top-level key', request: rawDiff('{"original":[],"reworked":[],"__proto__":{"polluted":true}}'), status: 422, code: 'VALIDATION_ERROR', checks: (r) => expect(fieldsOf(r)).toEqual(['__proto__']) },
  { name: 'constructor.prototype as a config key', request: rawDiff('{"original":[],"reworked":[],"config":{"constructor":{"prototype":{"polluted":true}}}}'), status: 422, code: 'VALIDATION_ERROR', checks: (r) => expect(fieldsOf(r)).toEqual(['config.constructor']) },
  {
    name: 'nested __proto__ inside a pass-through value',
    request: rawDiff('{"original":[{"transcript":"a","m":{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}}],"reworked":[{"transcript":"a","m":{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}}]}'),
    status: 200,
    code: 'success',
    checks: (r) => {
      expect(statuses(r)).toEqual(['UNCHANGED']);
      expect(r.text).toContain('"m":{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}');
    },
  },

  // ── text (D5.3, D6.6) ──────────────────────────────────────────────────────────────────────
  {
    name: 'lone surrogates (escaped) round-trip',
    request: diff(pair('a\ud800b \udfff', 'a\ud800b \udfffc')),
    status: 200,
    code: 'success',
    checks: (r) => {
      expect(statuses(r)).toEqual(['MODIFIED']);
      expectRowsReturnedVerbatim(r, pair('a\ud800b \udfff', 'a\ud800b \udfffc'));
      expectInlineDiffRebuilds(dataOf(r).results[0], 'a\ud800b \udfff', 'a\ud800b \udfffc');
    },
  },
  {
    name: 'NFC vs NFD: equal after normalisation, returned as sent',
    request: diff(pair('caf\u00e9 na\u00efve', 'cafe\u0301 nai\u0308ve', { stripDiacritics: false })),
    status: 200,
    code: 'success',
    checks: (r) => {
      expect(statuses(r)).toEqual(['UNCHANGED']);
      expectRowsReturnedVerbatim(r, pair('caf\u00e9 na\u00efve', 'cafe\u0301 nai\u0308ve'));
    },
  },
  { name: 'Arabic diacritics and tatweel stripped by default', request: diff(pair(ARABIC, ARABIC_PLAIN)), status: 200, code: 'success', checks: (r) => expect(statuses(r)).toEqual(['UNCHANGED']) },
  {
    name: 'Arabic diacritics and tatweel kept with stripDiacritics false',
    request: diff(pair(ARABIC, ARABIC_PLAIN, { stripDiacritics: false })),
    status: 200,
    code: 'success',
    checks: (r) => {
      expect(statuses(r)).toEqual(['MODIFIED']);
      expectInlineDiffRebuilds(dataOf(r).results[0], ARABIC, ARABIC_PLAIN);
    },
  },
  {
    name: 'ZWJ emoji sequences',
    request: diff(pair(ZWJ_FAMILY, ZWJ_OTHER)),
    status: 200,
    code: 'success',
    checks: (r) => {
      expect(statuses(r)).toEqual(['MODIFIED']);
      expectInlineDiffRebuilds(dataOf(r).results[0], ZWJ_FAMILY, ZWJ_OTHER);
    },
  },
  {
    name: 'CRLF vs LF: whitespace, equal; rows returned as sent',
    request: diff(pair('one\r\ntwo\r\n', 'one\ntwo')),
    status: 200,
    code: 'success',
    checks: (r) => {
      expect(statuses(r)).toEqual(['UNCHANGED']);
      expectRowsReturnedVerbatim(r, pair('one\r\ntwo\r\n', 'one\ntwo'));
    },
  },
  { name: 'U+2028/U+2029 are whitespace', request: diff(pair('a\u2028b\u2029c', 'a b c')), status: 200, code: 'success', checks: (r) => expect(statuses(r)).toEqual(['UNCHANGED']) },
  {
    name: 'NUL inside a transcript is text',
    request: diff(pair('a\u0000b', 'ab')),
    status: 200,
    code: 'success',
    checks: (r) => {
      expect(statuses(r)).toEqual(['MODIFIED']);
      expect(r.text).toContain('"a\\u0000b"');
    },
  },
  {
    name: 'bidi controls are text (an invisible edit is an edit)',
    request: diff(pair('\u202eabc\u202c \u2067x\u2069', 'abc x')),
    status: 200,
    code: 'success',
    checks: (r) => {
      expect(statuses(r)).toEqual(['MODIFIED']);
      expectInlineDiffRebuilds(dataOf(r).results[0], '\u202eabc\u202c \u2067x\u2069', 'abc x');
    },
  },
  { name: 'zero-width space and joiner are text', request: diff(pair('a\u200bb\u200dc', 'abc')), status: 200, code: 'success', checks: (r) => expect(statuses(r)).toEqual(['MODIFIED']) },
  {
    name: 'a 100,000-character transcript with one edit',
    request: () => diff(pair(`${'word '.repeat(19_999)}last!`, `${'word '.repeat(19_999)}last?`)),
    status: 200,
    code: 'success',
    checks: (r) => {
      expect(statuses(r)).toEqual(['MODIFIED']);
      expect(dataOf(r).counts.transcriptChar).toMatchObject({ substitutions: 1, referenceLength: 100_000 });
    },
  },

  // ── transforms (D5.5) ──────────────────────────────────────────────────────────────────────
  {
    // Answered at all: the backtracking engine would take hours (the RE2 engine's use is
    // test/engine/prepare/transforms.test.ts's).
    name: 'catastrophic pattern (a+)+$ on 100,000 characters is answered',
    request: () => diff({ ...pair(`${'a'.repeat(99_999)}b`, `${'a'.repeat(99_999)}c`), config: { structuralTransforms: [{ find: '(a+)+$', regex: true, replace: 'z' }] } }),
    status: 200,
    code: 'success',
  },
  {
    name: 'catastrophic pattern (x+x+)+y and (a|aa)+$ together',
    request: () => diff({ ...pair('x'.repeat(50_000), 'a'.repeat(50_000)), config: { structuralTransforms: [{ find: '(x+x+)+y', regex: true }, { find: '(a|aa)+$', regex: true, replace: 'q' }] } }),
    status: 200,
    code: 'success',
  },
  { name: 'backreference \\1', request: diff({ ...pair('a', 'a'), config: { structuralTransforms: [{ find: '(a)\\1', regex: true }] } }), status: 422, code: 'VALIDATION_ERROR', checks: (r) => expect(fieldsOf(r)).toEqual(['config.structuralTransforms[0].find']) },
  { name: 'named backreference \\k<n>', request: diff({ ...pair('a', 'a'), config: { structuralTransforms: [{ find: 'x', regex: false }, { find: '(?<n>a)\\k<n>', regex: true }] } }), status: 422, code: 'VALIDATION_ERROR', checks: (r) => expect(fieldsOf(r)).toEqual(['config.structuralTransforms[1].find']) },
  { name: 'look-ahead', request: diff({ ...pair('a', 'a'), config: { structuralTransforms: [{ find: 'a(?=b)', regex: true }] } }), status: 422, code: 'VALIDATION_ERROR', checks: (r) => expect(fieldsOf(r)).toEqual(['config.structuralTransforms[0].find']) },
  { name: 'negative look-behind', request: diff({ ...pair('a', 'a'), config: { structuralTransforms: [{ find: '(?<!b)a', regex: true }] } }), status: 422, code: 'VALIDATION_ERROR', checks: (r) => expect(fieldsOf(r)).toEqual(['config.structuralTransforms[0].find']) },
  { name: 'invalid pattern', request: diff({ ...pair('a', 'a'), config: { structuralTransforms: [{ find: '(a', regex: true }] } }), status: 422, code: 'VALIDATION_ERROR', checks: (r) => expect(fieldsOf(r)).toEqual(['config.structuralTransforms[0].find']) },
  { name: 'repetition past RE2 bounds a{1000}{1000}', request: diff({ ...pair('a', 'a'), config: { structuralTransforms: [{ find: 'a{1000}{1000}', regex: true }] } }), status: 422, code: 'VALIDATION_ERROR', checks: (r) => expect(fieldsOf(r)).toEqual(['config.structuralTransforms[0].find']) },
  {
    name: 'empty matches: x* replaced at every position',
    request: diff({ original: [row('abc')], reworked: [row('-a-b-c-')], config: { structuralTransforms: [{ find: 'x*', regex: true, replace: '-' }] } }),
    status: 200,
    code: 'success',
    // Both sides get the rule: "abc" → "-a-b-c-", "-a-b-c-" → "--a-b-c-" around every character.
    checks: (r) => expect(statuses(r)).toEqual(['MODIFIED']),
  },
  { name: "$' in a regex replacement is literal", request: diff(expansionProbe("$'", true, "c$'t")), status: 200, code: 'success', checks: (r) => expect(statuses(r)).toEqual(['UNCHANGED']) },
  { name: '$` and $$ in a regex replacement are literal', request: diff(expansionProbe('$`$$', true, 'c$`$$t')), status: 200, code: 'success', checks: (r) => expect(statuses(r)).toEqual(['UNCHANGED']) },
  {
    name: '$& in a regex replacement inserts the match',
    request: diff({ original: [row('cat')], reworked: [row('cZt')], config: { structuralTransforms: [{ find: 'a', replace: '$&$&', regex: true }, { find: 'aa', replace: 'Z' }] } }),
    status: 200,
    code: 'success',
    checks: (r) => expect(statuses(r)).toEqual(['UNCHANGED']),
  },
  { name: '$& in a literal replacement is literal', request: diff(expansionProbe('$&', false, 'c$&t')), status: 200, code: 'success', checks: (r) => expect(statuses(r)).toEqual(['UNCHANGED']) },
  {
    name: 'amplification: an empty-match rule growing a 100,000-character cell',
    request: () => diff({ ...pair('b'.repeat(100_000), 'b'), config: { structuralTransforms: [{ find: 'a*', regex: true, replace: 'r'.repeat(200) }] } }),
    status: 422,
    code: 'VALIDATION_ERROR',
    checks: (r) => expect(fieldsOf(r)).toEqual(['config.structuralTransforms[0]']),
  },
  {
    name: 'amplification: doubling rules cross the line at the fourth rule',
    request: () => diff({ ...pair('a'.repeat(10_000), 'a'), config: { structuralTransforms: Array.from({ length: 6 }, () => ({ find: 'a', replace: 'aa' })) } }),
    status: 422,
    code: 'VALIDATION_ERROR',
    checks: (r) => expect(fieldsOf(r)).toEqual(['config.structuralTransforms[3]']),
  },

  // ── keys (D2.4, D2.5) ──────────────────────────────────────────────────────────────────────
  { name: 'key missing', request: withoutHeader(diff(pair('a', 'a')), 'x-api-key'), status: 401, code: 'UNAUTHORIZED', checks: (r) => expect(messageOf(r)).toMatch(/Missing API key/) },
  { name: 'key empty', request: diff(pair('a', 'a'), [['x-api-key', '']]), status: 401, code: 'UNAUTHORIZED' },
  { name: 'key wrong', request: diff(pair('a', 'a'), [['x-api-key', 'not-the-key']]), status: 401, code: 'UNAUTHORIZED', checks: (r) => expect(r.text).not.toContain('not-the-key') },
  { name: 'key huge (12 KiB)', request: diff(pair('a', 'a'), [['x-api-key', 'k'.repeat(12 * 1024)]]), status: 401, code: 'UNAUTHORIZED' },
  { name: 'key with non-ASCII bytes', request: diff(pair('a', 'a'), [['x-api-key', `${KEY}é`]]), status: 401, code: 'UNAUTHORIZED' },
  { name: 'headers over 16 KiB (Node answers)', request: diff(pair('a', 'a'), [['x-api-key', 'k'.repeat(17 * 1024)]]), status: 431, code: null },
  { name: 'key header twice, both valid', request: diff(pair('a', 'a'), [['x-api-key', KEY], ['x-api-key', KEY]]), status: 401, code: 'UNAUTHORIZED' },
  { name: 'key header twice, valid and wrong', request: diff(pair('a', 'a'), [['x-api-key', KEY], ['x-api-key', 'wrong']]), status: 401, code: 'UNAUTHORIZED' },
  { name: 'key in the query string', request: { ...withoutHeader(diff(pair('a', 'a')), 'x-api-key'), path: `/v1/diff?x-api-key=${KEY}&api_key=${KEY}` }, status: 401, code: 'UNAUTHORIZED' },
  { name: 'key as Authorization: Bearer', request: withoutHeader(diff(pair('a', 'a'), [['Authorization', `Bearer ${KEY}`]]), 'x-api-key'), status: 401, code: 'UNAUTHORIZED' },
  { name: 'key as bare Authorization', request: withoutHeader(diff(pair('a', 'a'), [['Authorization', KEY]]), 'x-api-key'), status: 401, code: 'UNAUTHORIZED' },
  { name: 'key in a cookie', request: withoutHeader(diff(pair('a', 'a'), [['Cookie', `x-api-key=${KEY}`]]), 'x-api-key'), status: 401, code: 'UNAUTHORIZED' },
  { name: 'key with surrounding spaces (HTTP strips them)', request: diff(pair('a', 'a'), [['x-api-key', `  ${KEY}\t`]]), status: 200, code: 'success' },
  { name: 'key header name in capitals (names are case-insensitive)', request: { ...diff(pair('a', 'a')), headers: [JSON_TYPE, ['X-API-KEY', KEY]] }, status: 200, code: 'success' },

  // ── request ids (D1.2) ─────────────────────────────────────────────────────────────────────
  { name: 'request id valid', request: diff(pair('a', 'a'), [['x-request-id', 'Trace_01-abc']]), status: 200, code: 'success', checks: (r) => expect(r.headers['x-request-id']).toBe('Trace_01-abc') },
  { name: 'request id of 64 characters', request: diff(pair('a', 'a'), [['x-request-id', 'r'.repeat(64)]]), status: 200, code: 'success', checks: (r) => expect(r.headers['x-request-id']).toBe('r'.repeat(64)) },
  { name: 'request id of 65 characters', request: diff(pair('a', 'a'), [['x-request-id', 'r'.repeat(65)]]), status: 200, code: 'success', checks: (r) => expect(r.headers['x-request-id']).toMatch(UUID_V4) },
  { name: 'request id with spaces', request: diff(pair('a', 'a'), [['x-request-id', 'a b']]), status: 200, code: 'success', checks: (r) => expect(r.headers['x-request-id']).toMatch(UUID_V4) },
  { name: 'request id non-ASCII', request: diff(pair('a', 'a'), [['x-request-id', 'caf\u00e9-\u0627\u0644']]), status: 200, code: 'success', checks: (r) => expect(r.headers['x-request-id']).toMatch(UUID_V4) },
  { name: 'request id empty', request: diff(pair('a', 'a'), [['x-request-id', '']]), status: 200, code: 'success', checks: (r) => expect(r.headers['x-request-id']).toMatch(UUID_V4) },
  { name: 'request id markup, never echoed', request: diff(pair('a', 'a'), [['x-request-id', '<script>alert(1)</script>']]), status: 200, code: 'success', checks: (r) => expect(r.text).not.toContain('<script>') },
  { name: 'request id header twice (both valid)', request: diff(pair('a', 'a'), [['x-request-id', 'one'], ['x-request-id', 'two']]), status: 200, code: 'success', checks: (r) => expect(r.headers['x-request-id']).toMatch(UUID_V4) },
  { name: 'request id with a bare CR (Node answers)', request: diff(pair('a', 'a'), [['x-request-id', Buffer.from('a\rSet-Cookie: x=1')]]), status: 400, code: null },
  { name: 'request id with NUL (Node answers)', request: diff(pair('a', 'a'), [['x-request-id', Buffer.from('a\0b')]]), status: 400, code: null },

  // ── methods and paths (D1.6) ───────────────────────────────────────────────────────────────
  { name: 'GET /v1/diff', request: { method: 'GET', path: '/v1/diff' }, status: 404, code: 'NOT_FOUND' },
  { name: 'OPTIONS /v1/diff (no CORS preflight answer)', request: { method: 'OPTIONS', path: '/v1/diff', headers: [['Origin', 'https://evil.example'], ['Access-Control-Request-Method', 'POST']] }, status: 404, code: 'NOT_FOUND', checks: (r) => expect(r.headers['access-control-allow-origin']).toBeUndefined() },
  { name: 'TRACE /v1/health', request: { method: 'TRACE', path: '/v1/health' }, status: 404, code: 'NOT_FOUND' },
  { name: 'path traversal /v1/../v1/health', request: { method: 'GET', path: '/v1/../v1/health' }, status: 404, code: 'NOT_FOUND' },
  { name: 'encoded path /v1/%64iff', request: { ...diff(pair('a', 'a')), path: '/v1/%64iff' }, status: 404, code: 'NOT_FOUND' },
  { name: 'malformed percent-encoding /v1/%zz', request: { method: 'GET', path: '/v1/%zz%00' }, status: 404, code: 'NOT_FOUND' },
  { name: 'upper-case path /V1/HEALTH', request: { method: 'GET', path: '/V1/HEALTH' }, status: 404, code: 'NOT_FOUND' },
  { name: 'an unknown method token (Node answers)', request: { method: 'BREW', path: '/v1/health' }, status: 400, code: null },
  { name: 'HTTP/1.0 request line junk (Node answers)', request: { method: 'GET', path: '/v1/health HTTP/9.9 junk' }, status: 400, code: null },
];

describe('catalogue', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const request = typeof c.request === 'function' ? c.request() : c.request;
    const res = await send(service.port, request);
    const suppliedIds = (request.headers ?? []).filter(([n]) => n.toLowerCase() === 'x-request-id').map(([, v]) => String(v));
    expect({ status: res.status, code: c.code === null ? null : res.status === 200 ? 'success' : (res.json as { error?: { code?: string } })?.error?.code }).toEqual({
      status: c.status,
      code: c.code,
    });
    expect(contractProblems(res, { method: request.method, path: request.path, suppliedIds, parserMayAnswer: c.code === null })).toEqual([]);
    c.checks?.(res);
  });
});

describe('keys never reach a log line (D2.4)', () => {
  it('the canary key, sent every way a client might, appears in no log line and no process output', async () => {
    const body = JSON.stringify(pair('a', 'b'));
    const ways: RawRequest[] = [
      rawDiff(body, [['x-api-key', CANARY]]),
      rawDiff('{"broken', [['x-api-key', CANARY]]),
      rawDiff(body, [['x-api-key', CANARY], ['x-api-key', CANARY]]),
      { ...rawDiff(body, [['x-api-key', 'wrong']]), path: `/v1/diff?x-api-key=${CANARY}&api_key=${CANARY}` },
      { method: 'GET', path: `/v1/health?key=${CANARY}` },
      { method: 'GET', path: `/v1/nowhere?x-api-key=${CANARY}` },
      withoutHeader(rawDiff(body, [['Authorization', `Bearer ${CANARY}`]]), 'x-api-key'),
      withoutHeader(rawDiff(body, [['Proxy-Authorization', `Basic ${Buffer.from(`u:${CANARY}`).toString('base64')}`], ['Authorization', CANARY]]), 'x-api-key'),
      withoutHeader(rawDiff(body, [['Cookie', `k=${CANARY}`]]), 'x-api-key'),
    ];
    const before = service.logs.length;
    for (const request of ways) {
      const res = await send(service.port, request);
      expect(res.status).toBeGreaterThan(0);
      expect(res.text).not.toContain(CANARY);
    }
    const lines = service.logs.slice(before);
    expect(lines).toHaveLength(ways.length);
    expect(lines[0]).toMatchObject({ agency: 'canary', res: { statusCode: 200 } });
    expect(JSON.stringify(lines)).not.toContain(CANARY);
    expect(JSON.stringify(lines)).not.toContain(Buffer.from(`u:${CANARY}`).toString('base64'));
    expect(output.text()).not.toContain(CANARY);
  });
});

describe('slow clients (D9.5)', () => {
  let slow: Service;
  beforeAll(async () => {
    slow = await startService(engine, { timeouts: { headersTimeoutMs: 500, requestTimeoutMs: 1_000 } });
  });
  afterAll(() => slow.close());

  // The clients below never finish on their own: only the server's timeout ends the exchange.
  it('headers sent a byte at a time are cut off by the header timeout (408 from Node)', async () => {
    const head = headBytes(diff(pair('a', 'a')), 40);
    // The request line and the first headers, then a header value that never ends.
    const endless = head.subarray(0, head.indexOf('\r\n') + 2);
    const res = await exchange(slow.port, async (socket) => {
      for (const byte of Buffer.concat([endless, Buffer.from('X-Slow: ')])) {
        if (socket.destroyed) return;
        socket.write(Buffer.from([byte]));
        await sleep(100);
      }
      while (!socket.destroyed) {
        socket.write('a');
        await sleep(100);
      }
    });
    expect(res.status).toBe(408);
  });

  it('a body that never finishes is cut off by the request timeout', async () => {
    const request = diff(pair('a', 'a'));
    const res = await exchange(slow.port, async (socket) => {
      socket.write(headBytes(request, 10_000));
      while (!socket.destroyed) {
        socket.write('{');
        await sleep(100);
      }
    });
    expect([0, 408]).toContain(res.status);
  });

  it('after them the server still answers at once', async () => {
    const res = await send(slow.port, diff(pair('a', 'a')));
    expect(res.status).toBe(200);
  });
});
