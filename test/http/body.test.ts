/**
 * Reading the body (decisions D1.3–D1.5): JSON only, UTF-8 only and never altered, gzip/deflate/br
 * decoded, 5 MiB as sent and decoded. A body the schema rejects (422) proves it was read.
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import type { DiffEngine } from '../../src/runtime/engine-pool';
import { createHttpServer } from '../../src/http/http-server';
import { buildApp, expectError, KEY, startEngine } from '../support/service-harness';

let engine: DiffEngine;
beforeAll(() => {
  engine = startEngine();
});
afterAll(async () => {
  await engine.destroy();
});

const MiB = 1024 * 1024;
// Valid JSON, invalid body: answers 422 once read and parsed.
const READABLE = Buffer.from(JSON.stringify({ original: [{ transcript: 'café ü' }] }));

function post(body: Buffer | string, headers: Record<string, string>) {
  const { app } = buildApp(engine);
  let req = request(app).post('/v1/diff').set('x-api-key', KEY);
  for (const [name, value] of Object.entries(headers)) req = req.set(name, value);
  // Send the bytes as they are: superagent would otherwise JSON-encode a Buffer.
  return req.serialize((raw: unknown) => raw as string).send(body as string);
}

describe('content type', () => {
  it.each(['application/json', 'application/json; charset=utf-8', 'Application/JSON; Charset="UTF-8"'])(
    'accepts %s',
    async (type) => {
      expect((await post(READABLE, { 'content-type': type })).status).toBe(422);
    },
  );

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'application/jsonx'])('400 for %s, saying what to send', async (type) => {
    const res = await post(READABLE, { 'content-type': type });
    expectError(res, 400, 'BAD_REQUEST', { message: 'Content-Type must be application/json: send Content-Type: application/json.' });
  });

  it('400 when Content-Type is missing', async () => {
    const { app } = buildApp(engine);
    const res = await request(app).post('/v1/diff').set('x-api-key', KEY).send(READABLE.toString('latin1'));
    expectError(res, 400, 'BAD_REQUEST', { message: /Content-Type must be application\/json/ });
  });

  it('400 for another charset', async () => {
    const res = await post(READABLE, { 'content-type': 'application/json; charset=iso-8859-1' });
    expectError(res, 400, 'BAD_REQUEST', { message: /Only UTF-8/ });
  });
});

describe('bytes and JSON', () => {
  it('400 for bytes that are not valid UTF-8 (never replaced with U+FFFD)', async () => {
    const bad = Buffer.concat([Buffer.from('{"original":[{"transcript":"caf'), Buffer.from([0xe9]), Buffer.from('"}],"reworked":[]}')]);
    expectError(await post(bad, { 'content-type': 'application/json' }), 400, 'BAD_REQUEST', { message: 'The body is not valid UTF-8.' });
  });

  it.each([
    ['malformed JSON', '{"original": [}', 'The body is not valid JSON.'],
    ['an empty body', '', 'The body is not valid JSON.'],
    ['trailing garbage', '{} x', 'The body is not valid JSON.'],
    ['a top-level array', '[]', /must be a JSON object/],
    ['a top-level string', '"hi"', /must be a JSON object/],
    ['null', 'null', /must be a JSON object/],
  ])('400 for %s, without echoing the body', async (_name, body, message) => {
    const res = await post(body, { 'content-type': 'application/json' });
    expectError(res, 400, 'BAD_REQUEST', { message });
    if (body.length > 2) expect(res.text).not.toContain(body);
  });

  it('accepts a UTF-8 byte order mark', async () => {
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), READABLE]);
    expect((await post(withBom, { 'content-type': 'application/json' })).status).toBe(422);
  });
});

describe('content encoding', () => {
  it.each([
    ['gzip', gzipSync(READABLE)],
    ['deflate', deflateSync(READABLE)],
    ['br', brotliCompressSync(READABLE)],
    ['identity', READABLE],
  ])('decodes %s', async (encoding, body) => {
    const res = await post(body, { 'content-type': 'application/json', 'content-encoding': encoding });
    expectError(res, 422, 'VALIDATION_ERROR', { details: [{ field: 'reworked', message: /expected array/ }] });
  });

  it('400 for an encoding it cannot decode', async () => {
    const res = await post(READABLE, { 'content-type': 'application/json', 'content-encoding': 'zstd' });
    expectError(res, 400, 'BAD_REQUEST', { message: /Unsupported Content-Encoding/ });
  });

  it('400 for a corrupt gzip body', async () => {
    const res = await post(Buffer.from('not gzip at all'), { 'content-type': 'application/json', 'content-encoding': 'gzip' });
    expectError(res, 400, 'BAD_REQUEST', { message: /decompressed/ });
  });

  it('413 when the decoded body exceeds 5 MiB although the compressed one is small', async () => {
    const bomb = gzipSync(Buffer.from(`{"original":[{"transcript":"${'a'.repeat(5 * MiB)}"}],"reworked":[]}`));
    expect(bomb.length).toBeLessThan(64 * 1024);
    const res = await post(bomb, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
    expectError(res, 413, 'PAYLOAD_TOO_LARGE');
  });
});

describe('size', () => {
  it('accepts a body of exactly 5 MiB', async () => {
    const prefix = '{"original":[{"transcript":"';
    const suffix = '"}]}';
    const exact = prefix + 'a'.repeat(5 * MiB - prefix.length - suffix.length) + suffix;
    expect(Buffer.byteLength(exact)).toBe(5 * MiB);
    expect((await post(exact, { 'content-type': 'application/json' })).status).toBe(422);
  });

  it('413 from Content-Length alone, without reading the body', async () => {
    const { app } = buildApp(engine);
    const server = app.listen(0);
    try {
      const { port } = server.address() as AddressInfo;
      const res = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest({
          port,
          method: 'POST',
          path: '/v1/diff',
          headers: { 'content-type': 'application/json', 'content-length': String(5 * MiB + 1), 'x-api-key': KEY },
        });
        req.on('response', (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        });
        req.on('error', reject);
        // Only the headers and a few bytes are sent: the answer must not wait for the rest.
        req.write('{"original":');
      });
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body).error.code).toBe('PAYLOAD_TOO_LARGE');
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('413 for a chunked body without Content-Length once it passes 5 MiB', async () => {
    const { app } = buildApp(engine);
    const server = app.listen(0);
    try {
      const { port } = server.address() as AddressInfo;
      const status = await new Promise<number>((resolve, reject) => {
        const req = httpRequest({
          port,
          method: 'POST',
          path: '/v1/diff',
          headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked', 'x-api-key': KEY },
        });
        req.on('response', (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        });
        req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error)));
        const chunk = 'a'.repeat(MiB);
        for (let i = 0; i < 6; i++) req.write(chunk);
        req.end();
      });
      expect(status).toBe(413);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});

describe('Expect: 100-continue', () => {
  const timeouts = { headersTimeoutMs: 5_000, requestTimeoutMs: 10_000, keepAliveTimeoutMs: 5_000 };

  function exchange(port: number, headers: Record<string, string>, body: string) {
    return new Promise<{ status: number; continued: boolean }>((resolve, reject) => {
      let continued = false;
      const req = httpRequest({ port, method: 'POST', path: '/v1/diff', headers: { expect: '100-continue', ...headers } });
      req.on('continue', () => {
        continued = true;
        req.end(body);
      });
      req.on('response', (response) => {
        response.resume();
        resolve({ status: response.statusCode ?? 0, continued });
      });
      req.on('error', reject);
      req.flushHeaders();
    });
  }

  it('refuses an oversized or unauthenticated upload before the client sends it', async () => {
    const server = createHttpServer(buildApp(engine).app, timeouts).listen(0);
    try {
      const { port } = server.address() as AddressInfo;
      const big = { 'content-type': 'application/json', 'content-length': String(6 * MiB), 'x-api-key': KEY };
      expect(await exchange(port, big, '')).toEqual({ status: 413, continued: false });
      const anonymous = { 'content-type': 'application/json', 'content-length': String(READABLE.length) };
      expect(await exchange(port, anonymous, '')).toEqual({ status: 401, continued: false });
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('asks for the body once the header checks pass', async () => {
    const server = createHttpServer(buildApp(engine).app, timeouts).listen(0);
    try {
      const { port } = server.address() as AddressInfo;
      const headers = { 'content-type': 'application/json', 'content-length': String(READABLE.length), 'x-api-key': KEY };
      expect(await exchange(port, headers, READABLE.toString())).toEqual({ status: 422, continued: true });
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
