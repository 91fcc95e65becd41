/**
 * Reading the request body (decisions D1.3–D1.5). Not body-parser: it silently replaces invalid
 * UTF-8 with U+FFFD, and transcripts must never be altered. The main thread only checks the
 * headers and gathers the bytes (at most 5 MiB as sent and decoded) into one of the engine's
 * reused shared slots (runtime/body-slots.ts); decoding, parsing and validation run in the engine
 * worker (request/judge.ts), so that a 5 MB body costs the thread that answers health probes
 * almost nothing.
 */
import type { IncomingMessage } from 'node:http';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Transform } from 'node:stream';
import type { RequestHandler } from 'express';
import { type SlotBody, type SlotPool, copyIntoSlot } from '../runtime/body-slots';
import { ApiError } from './errors';

/** D1.5: "5 MB" is 5 × 1024 × 1024 bytes. */
export const MAX_BODY_BYTES = 5 * 1024 * 1024;

const tooLarge = () => new ApiError('PAYLOAD_TOO_LARGE');
const badRequest = (message: string) => new ApiError('BAD_REQUEST', { message });

/** 413 from `Content-Length` alone, before a byte of the body is read (D1.5, D1.11). */
export function rejectDeclaredOversize(limit = MAX_BODY_BYTES): RequestHandler {
  return (req, _res, next) => {
    const declared = Number(req.headers['content-length']);
    next(Number.isFinite(declared) && declared > limit ? tooLarge() : undefined);
  };
}

/** Throws 400 unless the media type is application/json with no charset or charset=utf-8. */
export function checkContentType(header: string | undefined): void {
  const [mediaType = '', ...params] = (header ?? '').split(';');
  if (mediaType.trim().toLowerCase() !== 'application/json') {
    throw badRequest('Content-Type must be application/json: send Content-Type: application/json.');
  }
  for (const param of params) {
    const eq = param.indexOf('=');
    if (eq < 0 || param.slice(0, eq).trim().toLowerCase() !== 'charset') continue;
    const charset = param.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1').toLowerCase();
    if (charset !== 'utf-8' && charset !== 'utf8') {
      throw badRequest('Only UTF-8 bodies are accepted: send Content-Type: application/json (charset=utf-8 is allowed).');
    }
  }
}

/** A decompressor for the Content-Encoding, null for an uncompressed body; 400 for anything else. */
export function decoderFor(header: string | undefined): Transform | null {
  const encoding = (header ?? '').trim().toLowerCase();
  switch (encoding) {
    case '':
    case 'identity':
      return null;
    case 'gzip':
    case 'x-gzip':
      return createGunzip();
    case 'deflate':
      return createInflate();
    case 'br':
      return createBrotliDecompress();
    default:
      throw badRequest('Unsupported Content-Encoding: send gzip, deflate, br or an uncompressed body.');
  }
}

/**
 * Gathers the decoded body into `into`, at most `limit` bytes (≤ into.length) before and after
 * decompression, and resolves with its length. Rejects with 413 past the limit, 400 for corrupt
 * compressed data or a body cut short.
 */
export function readBody(req: IncomingMessage, inflater: Transform | null, limit: number, into: Buffer): Promise<number> {
  // Checked here, not left to the copy: a throw inside a 'data' listener would be uncaught.
  if (limit > into.length) throw new RangeError(`a body limit of ${limit} bytes does not fit a buffer of ${into.length}`);
  return new Promise<number>((resolve, reject) => {
    let decodedSize = 0;
    let rawSize = 0;
    let settled = false;

    const finish = (error?: ApiError) => {
      if (settled) return;
      settled = true;
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onAbort);
      req.off('close', onClose);
      if (inflater) inflater.destroy();
      if (error) reject(error);
      else resolve(decodedSize);
    };
    const collect = (chunk: Buffer) => {
      if (decodedSize + chunk.length > limit) return finish(tooLarge());
      copyIntoSlot(chunk, into, decodedSize);
      decodedSize += chunk.length;
    };
    const onData = (chunk: Buffer) => {
      rawSize += chunk.length;
      if (rawSize > limit) return finish(tooLarge());
      if (inflater) inflater.write(chunk);
      else collect(chunk);
    };
    const onEnd = () => (inflater ? inflater.end() : finish());
    const onAbort = () => finish(badRequest('The request body was not received completely.'));
    const onClose = () => {
      if (!req.complete) onAbort();
    };

    if (inflater) {
      inflater.on('data', collect);
      inflater.on('end', () => finish());
      inflater.on('error', () => finish(badRequest('The body could not be decompressed with its Content-Encoding.')));
    }
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onAbort);
    req.on('close', onClose);
  });
}

/** What `readRawBody` leaves in `res.locals`: the request's body, in its slot. */
export type BodyLocals = { body: SlotBody };

/** A handler that runs after `readRawBody`. */
export type BodyHandler = RequestHandler<Record<string, string>, unknown, unknown, Record<string, unknown>, BodyLocals>;

/**
 * Checks the body's headers and gathers its bytes into a slot of `slots` (the engine's), left in
 * `res.locals.body`. The client is asked for the body (100 Continue) only now, after every check
 * that needs no body.
 */
export function readRawBody(slots: SlotPool, limit = MAX_BODY_BYTES): BodyHandler {
  if (limit > slots.slotBytes) throw new RangeError(`a body limit of ${limit} bytes does not fit a slot of ${slots.slotBytes}`);
  return async (req, res, next) => {
    // Node keeps the first of repeated Content-Type headers; a proxy may keep another. Two media
    // types are not "application/json" (D1.3): refuse rather than guess which one was meant.
    if ((req.headersDistinct['content-type']?.length ?? 0) > 1) {
      throw badRequest('Send one Content-Type header: Content-Type: application/json.');
    }
    checkContentType(req.headers['content-type']);
    const inflater = decoderFor(req.headers['content-encoding']);
    if (req.headers.expect?.toLowerCase() === '100-continue') res.writeContinue();
    const slot = slots.take();
    // The answer may be sent from the slot: this request holds it until its response has closed.
    res.once('close', () => slots.drop(slot));
    const length = await readBody(req, inflater, limit, slot.bytes);
    res.locals.body = { slot, length };
    next();
  };
}
