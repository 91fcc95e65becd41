/**
 * A byte-level HTTP/1.1 client for hostile-input tests. Node's own client refuses to send what an
 * attacker would (CR/LF or NUL in headers, duplicate framing headers, unknown methods, raw
 * non-ASCII bytes), so requests are written as bytes on a socket and the answer is parsed by hand.
 * Every request asks for `Connection: close`, so the answer is everything read until the server
 * closes: no keep-alive state leaks from one case into the next.
 */
import { connect, type Socket } from 'node:net';

/** One request, as the bytes it becomes on the wire. */
export interface RawRequest {
  method?: string;
  path?: string;
  /** In order, duplicates allowed; a value may be raw bytes (sent as they are). */
  headers?: Array<[string, string | Buffer]>;
  body?: string | Buffer;
  /**
   * How the body is framed: `length` (default) adds Content-Length, `chunked` adds
   * Transfer-Encoding: chunked and sends `chunkSize`-byte chunks, `none` adds neither (the
   * headers given are the framing).
   */
  framing?: 'length' | 'chunked' | 'none';
  chunkSize?: number;
}

/** What came back. `status` is 0 when the server closed without answering. */
export interface RawResponse {
  status: number;
  /** Lower-cased names, in order, duplicates kept. */
  headerList: Array<[string, string]>;
  /** Last value per lower-cased name. */
  headers: Record<string, string>;
  body: Buffer;
  text: string;
  /** Parsed JSON body, or undefined when the body is not JSON. */
  json: unknown;
}

const CRLF = '\r\n';

/** The request's header block (request line and headers, with the blank line). */
export function headBytes(request: RawRequest, bodyLength: number | null): Buffer {
  const parts: Buffer[] = [Buffer.from(`${request.method ?? 'POST'} ${request.path ?? '/v1/diff'} HTTP/1.1${CRLF}`, 'latin1')];
  const headers = request.headers ?? [];
  const has = (name: string) => headers.some(([n]) => n.toLowerCase() === name);
  const all: Array<[string, string | Buffer]> = [];
  if (!has('host')) all.push(['Host', '127.0.0.1']);
  if (!has('connection')) all.push(['Connection', 'close']);
  all.push(...headers);
  const framing = request.framing ?? 'length';
  if (framing === 'length' && bodyLength !== null && !has('content-length')) all.push(['Content-Length', String(bodyLength)]);
  if (framing === 'chunked') all.push(['Transfer-Encoding', 'chunked']);
  for (const [name, value] of all) {
    parts.push(Buffer.from(`${name}: `, 'latin1'), typeof value === 'string' ? Buffer.from(value, 'utf8') : value, Buffer.from(CRLF));
  }
  parts.push(Buffer.from(CRLF));
  return Buffer.concat(parts);
}

/** The body as it goes on the wire for the request's framing. */
export function bodyBytes(request: RawRequest): Buffer {
  const body = request.body === undefined ? Buffer.alloc(0) : Buffer.isBuffer(request.body) ? request.body : Buffer.from(request.body, 'utf8');
  if (request.framing !== 'chunked') return body;
  const size = request.chunkSize ?? 64 * 1024;
  const parts: Buffer[] = [];
  for (let at = 0; at < body.length; at += size) {
    const chunk = body.subarray(at, at + size);
    parts.push(Buffer.from(`${chunk.length.toString(16)}${CRLF}`), chunk, Buffer.from(CRLF));
  }
  parts.push(Buffer.from(`0${CRLF}${CRLF}`));
  return Buffer.concat(parts);
}

/** The payload of a chunked body (chunk extensions and trailers ignored; a cut-off body keeps what arrived). */
function dechunk(raw: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const eol = raw.indexOf('\r\n', at);
    if (eol < 0) break;
    const size = parseInt(raw.subarray(at, eol).toString('latin1'), 16);
    if (!Number.isFinite(size) || size === 0) break;
    parts.push(raw.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

/** Parses everything the server sent before closing. Handles a leading 100 Continue. */
export function parseResponse(raw: Buffer): RawResponse {
  let data = raw;
  for (;;) {
    const end = data.indexOf('\r\n\r\n');
    if (end < 0) return { status: 0, headerList: [], headers: {}, body: data, text: data.toString('utf8'), json: undefined };
    const lines = data.subarray(0, end).toString('latin1').split(CRLF);
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(lines[0])?.[1] ?? 0);
    const rest = data.subarray(end + 4);
    if (status === 100) {
      data = rest;
      continue;
    }
    const headerList = lines.slice(1).map((line): [string, string] => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
    });
    const headers = Object.fromEntries(headerList);
    const length = headers['content-length'] === undefined ? rest.length : Number(headers['content-length']);
    const body = /chunked/i.test(headers['transfer-encoding'] ?? '') ? dechunk(rest) : rest.subarray(0, length);
    const text = body.toString('utf8');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status, headerList, headers, body, text, json };
  }
}

/**
 * Writes `write`'s bytes to a fresh connection and resolves with the parsed answer once it closes.
 * No deadline of its own: the server's timeouts end a stalled exchange, jest's is the safety net.
 */
export function exchange(port: number, write: (socket: Socket) => void | Promise<void>): Promise<RawResponse> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // A server that answers early and closes may reset a connection still uploading: the answer
    // already read is what counts.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      resolve(parseResponse(Buffer.concat(chunks)));
    });
    socket.on('connect', () => {
      Promise.resolve(write(socket)).catch(() => socket.destroy());
    });
  });
}

/** Sends one request and resolves with the answer. */
export function send(port: number, request: RawRequest): Promise<RawResponse> {
  const body = bodyBytes(request);
  const framing = request.framing ?? 'length';
  const head = headBytes(request, framing === 'length' && request.body !== undefined ? body.length : framing === 'length' ? 0 : null);
  return exchange(port, (socket) => {
    socket.write(Buffer.concat([head, body]));
  });
}

/** Waits `ms` milliseconds. */
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
