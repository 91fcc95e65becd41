/**
 * A minimal HTTP client for timing: one keep-alive agent, the body encoded once before the clock
 * starts, and the clock stopped when the last byte of the response has arrived (what a client
 * waits for). The response is decoded only when its text is read: while two 10 MB answers arrive
 * during the health measurement, decoding them (~50 ms of CPU each) would compete with the
 * prober and the server for this machine's two cores, and nothing reads them there. For the same
 * reason the chunks are joined only when the text is read, and a caller that reads no text can
 * have them dropped as they arrive (`keepBody: false`): joining a 10 MB answer into a fresh
 * buffer costs ~30 ms of page faults on this machine (json-bytes.ts), and kept chunks are memory
 * the allocator cannot hand back to the next read.
 */
import { Agent, request } from 'node:http';

export const agent = new Agent({ keepAlive: true, maxSockets: 64 });

export interface Timed {
  status: number;
  ms: number;
  /** The response body, decoded when first read (after the clock stopped); throws if not kept. */
  readonly text: string;
  bytes: number;
}

/** Sends one request and times it end to end; rejects on a network error or after `timeoutMs`. */
export function timedRequest(
  url: string,
  options: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: Buffer; timeoutMs?: number; keepBody?: boolean },
): Promise<Timed> {
  const keep = options.keepBody ?? true;
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { ...options.headers };
    if (options.body) headers['content-length'] = options.body.length;
    const start = process.hrtime.bigint();
    const req = request(url, { method: options.method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (keep) chunks.push(chunk);
      });
      res.on('end', () => {
        const ms = Number(process.hrtime.bigint() - start) / 1e6;
        let text: string | undefined;
        resolve({
          status: res.statusCode ?? 0,
          ms,
          get text() {
            if (!keep) throw new Error('the response body was not kept (keepBody: false)');
            text ??= Buffer.concat(chunks, bytes).toString('utf8');
            return text;
          },
          bytes,
        });
      });
      res.on('error', reject);
    });
    req.setTimeout(options.timeoutMs ?? 120_000, () => req.destroy(new Error(`no answer within ${options.timeoutMs ?? 120_000} ms`)));
    req.on('error', reject);
    req.end(options.body);
  });
}

/** POST /v1/diff with the benchmark's key. */
export function postDiff(baseUrl: string, key: string, body: Buffer, timeoutMs?: number, keepBody?: boolean): Promise<Timed> {
  return timedRequest(`${baseUrl}/v1/diff`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': key },
    body,
    timeoutMs,
    keepBody,
  });
}

/** GET /v1/health. */
export function getHealth(baseUrl: string, timeoutMs = 10_000): Promise<Timed> {
  return timedRequest(`${baseUrl}/v1/health`, { method: 'GET', timeoutMs });
}
