/** API keys (decisions D2): hashed per agency, checked by hash, issued by a command. */
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { main } from '../../src/cli/issue-key';
import { loadConfig } from '../../src/config';
import { hashKey, KeyStore } from '../../src/http/api-keys';
import type { DiffEngine } from '../../src/runtime/engine-pool';
import { buildApp, expectError, KEY, startEngine } from '../support/service-harness';

let engine: DiffEngine;
beforeAll(() => {
  engine = startEngine();
});
afterAll(async () => {
  await engine.destroy();
});

describe('POST /v1/diff authentication', () => {
  it('401 when the key is missing or empty', async () => {
    const { app } = buildApp(engine);
    expectError(await request(app).post('/v1/diff').send({}), 401, 'UNAUTHORIZED', { message: /Missing API key/ });
    expectError(await request(app).post('/v1/diff').set('x-api-key', '').send({}), 401, 'UNAUTHORIZED', { message: /Missing API key/ });
  });

  it('401 when the key is unknown, without echoing it', async () => {
    const { app } = buildApp(engine);
    const res = await request(app).post('/v1/diff').set('x-api-key', 'not-a-real-key').send({});
    expectError(res, 401, 'UNAUTHORIZED', { message: /Invalid API key/ });
    expect(res.text).not.toContain('not-a-real-key');
  });

  it('401 for a key that differs only in case or by a character', async () => {
    const { app } = buildApp(engine);
    expect((await request(app).post('/v1/diff').set('x-api-key', KEY.toUpperCase()).send({})).status).toBe(401);
    expect((await request(app).post('/v1/diff').set('x-api-key', `${KEY} `.trim() + 'x').send({})).status).toBe(401);
  });

  it('a valid key passes to the body checks', async () => {
    const { app } = buildApp(engine);
    expect((await request(app).post('/v1/diff').set('x-api-key', KEY).send({})).status).toBe(422);
  });

  it('health and the OpenAPI document need no key', async () => {
    const { app } = buildApp(engine);
    expect((await request(app).get('/v1/health')).status).toBe(200);
    expect((await request(app).get('/v1/openapi.json')).status).toBe(200);
  });
});

describe('key store', () => {
  it('finds the agency by the SHA-256 of the key and holds no key', () => {
    const store = new KeyStore([
      { agency: 'acme', sha256: hashKey('k1') },
      { agency: 'acme', sha256: hashKey('k2') },
    ]);
    expect(store.agencyFor('k1')).toBe('acme');
    expect(store.agencyFor('k2')).toBe('acme');
    expect(store.agencyFor('k3')).toBeUndefined();
    expect(store.agencyFor(undefined)).toBeUndefined();
    expect(JSON.stringify(store)).not.toContain('k1');
  });

  it('refuses one hash configured for two agencies', () => {
    expect(() => new KeyStore([{ agency: 'a', sha256: hashKey('k') }, { agency: 'b', sha256: hashKey('k') }])).toThrow(/two agencies/);
  });
});

describe('npm run key:issue', () => {
  const run = (argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = main(argv, (l) => out.push(l), (l) => err.push(l));
    return { code, out: out.join('\n'), err: err.join('\n') };
  };

  it('prints a new URL-safe key of 256 bits once, with the API_KEYS entry that grants it', () => {
    const { code, out } = run(['acme']);
    expect(code).toBe(0);
    const key = /^ {2}([A-Za-z0-9_-]{43})$/m.exec(out)?.[1] as string;
    expect(key).toBeDefined();
    const entry = /^ {2}(acme:[0-9a-f]{64})$/m.exec(out)?.[1] as string;
    expect(entry).toBe(`acme:${hashKey(key)}`);
    const config = loadConfig({ API_KEYS: entry });
    expect(new KeyStore(config.apiKeys).agencyFor(key)).toBe('acme');
    expect(run(['acme']).out).not.toContain(key);
  });

  it('with --file, appends the entry to the keys file (created private) for API_KEYS_FILE', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'keys-')), 'keys.json');
    const first = run(['acme', '--file', file]);
    const second = run(['--file', file, 'globex']);
    expect([first.code, second.code]).toEqual([0, 0]);
    const entries = JSON.parse(readFileSync(file, 'utf8'));
    expect(entries.map((e: { agency: string }) => e.agency)).toEqual(['acme', 'globex']);
    expect(statSync(file).mode & 0o077).toBe(0);
    const key = /^ {2}([A-Za-z0-9_-]{43})$/m.exec(second.out)?.[1] as string;
    const config = loadConfig({ API_KEYS_FILE: file });
    expect(new KeyStore(config.apiKeys).agencyFor(key)).toBe('globex');
  });

  it('refuses a bad agency name or missing arguments', () => {
    expect(run(['bad name'])).toMatchObject({ code: 1, err: expect.stringMatching(/agency must be/) });
    expect(run([])).toMatchObject({ code: 2, err: expect.stringMatching(/usage/) });
    expect(run(['acme', '--file'])).toMatchObject({ code: 2 });
  });
});
