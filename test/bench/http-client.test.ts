import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { agent, timedRequest } from '../../scripts/bench/http-client';

describe('the benchmark client', () => {
  let server: Server;
  let url: string;
  // An answer in many chunks, with a multi-byte character split across two of them.
  const parts = ['{"a":"', 'x'.repeat(70_000), '\u00e9'.repeat(3), '"}'];
  const answer = Buffer.from(parts.join(''));

  beforeAll(async () => {
    server = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      for (let at = 0; at < answer.length; at += 4097) res.write(answer.subarray(at, at + 4097));
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    agent.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  it('keeps the answer by default and decodes it whole when read', async () => {
    const r = await timedRequest(url, { method: 'GET' });
    expect(r.status).toBe(200);
    expect(r.bytes).toBe(answer.length);
    expect(r.text).toBe(parts.join(''));
    expect(r.ms).toBeGreaterThan(0);
  });

  it('with keepBody: false counts the bytes and refuses to give a text it did not keep', async () => {
    const r = await timedRequest(url, { method: 'GET', keepBody: false });
    expect(r.status).toBe(200);
    expect(r.bytes).toBe(answer.length);
    expect(() => r.text).toThrow('not kept');
  });
});
