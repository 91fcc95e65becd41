/**
 * A minimal HTTP client for timing: one keep-alive agent, the body encoded once before the clock
 * starts, and the clock stopped when the last byte of the response has arrived (what a client
 * waits for). The response is decoded only when its text is read: while two 10 MB answers arrive
 * during the health measurement, decoding them (~50 ms of CPU each) would compete with the
 * prober and the server for this machine's two cores, and nothing reads them there.
 */
import { Agent, request } from 'node:http';

export const agent = new Agent({ keepAlive: true, maxSockets: 64 });

export interface Timed {
  status: number;
  ms: number;
  /** The response body, decoded when first read (after the clock stopped). */
  readonly text: string;
  bytes: number;
}

/** Sends one request and times it end to end; rejects on a network error or after `timeoutMs`. */
export function timedRequest(url: string, options: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: Buffer; timeoutMs?: number }): Promise<Timed> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { ...options.headers };
    if (options.body) headers['content-length'] = options.body.length;
    const start = process.hrtime.bigint();
    const req = request(url, { method: options.method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const ms = Number(process.hrtime.bigint() - start) / 1e6;
        const buffer = Buffer.concat(chunks);
        let text: string | undefined;
        resolve({
          status: res.statusCode ?? 0,
          ms,
          get text() {
            text ??= buffer.toString('utf8');
            return text;
          },
          bytes: buffer.length,
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
export function postDiff(baseUrl: string, key: string, body: Buffer, timeoutMs?: number): Promise<Timed> {
  return timedRequest(`${baseUrl}/v1/diff`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': key },
    body,
    timeoutMs,
  });
}

/** GET /v1/health. */
export function getHealth(baseUrl: string, timeoutMs = 10_000): Promise<Timed> {
  return timedRequest(`${baseUrl}/v1/health`, { method: 'GET', timeoutMs });
}
