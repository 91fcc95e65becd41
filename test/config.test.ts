import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, envSchema, loadConfig } from '../src/config';
import { hashKey } from '../src/http/api-keys';

const HASH = hashKey('k');

describe('configuration from the environment', () => {
  it('when nothing is set, then the documented defaults apply', () => {
    const config = loadConfig({}, () => {
      throw new Error('no file expected');
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      nodeEnv: 'development',
      logLevel: 'info',
      apiKeys: [],
      trustProxy: false,
      redisUrl: undefined,
      rateLimit: { burst: { limit: 10, windowMs: 60_000 }, window: { limit: 60, windowMs: 900_000 } },
      http: { headersTimeoutMs: 20_000, requestTimeoutMs: 120_000, keepAliveTimeoutMs: 65_000, shutdownTimeoutMs: 25_000 },
    });
    expect(config.engine.workers).toBeGreaterThanOrEqual(1);
    expect(config.engine.maxQueue).toBe(4 * config.engine.workers);
    expect(config.engine).toMatchObject({ taskTimeoutMs: 30_000, workerHeapMb: 2048 });
  });

  it('when ENGINE_WORKERS is set, then the queue default follows it', () => {
    expect(loadConfig({ ENGINE_WORKERS: '3' }).engine).toMatchObject({ workers: 3, maxQueue: 12 });
    expect(loadConfig({ ENGINE_WORKERS: '3', ENGINE_MAX_QUEUE: '0' }).engine).toMatchObject({ workers: 3, maxQueue: 0 });
  });

  it('reads the per-diff time budget and worker heap limit', () => {
    expect(loadConfig({ ENGINE_TASK_TIMEOUT_SECONDS: '5', ENGINE_WORKER_HEAP_MB: '256' }).engine).toMatchObject({ taskTimeoutMs: 5_000, workerHeapMb: 256 });
  });

  it.each([
    ['PORT', 'abc', /PORT must be an integer from 0 to 65535/],
    ['PORT', '70000', /PORT must be an integer/],
    ['NODE_ENV', 'staging', /NODE_ENV must be development, production or test/],
    ['LOG_LEVEL', 'loud', /LOG_LEVEL must be one of/],
    ['API_KEYS', 'acme', /API_KEYS entry .* must be agency:sha256hex/],
    ['API_KEYS', 'acme:xyz', /API_KEYS the hash for agency "acme" must be 64 lowercase hex digits/],
    ['API_KEYS', `bad name:${HASH}`, /API_KEYS agency "bad name"/],
    ['TRUST_PROXY', 'true', /TRUST_PROXY must be false, a hop count/],
    ['TRUST_PROXY', '10.0.0.0/99', /TRUST_PROXY .*bad entry "10.0.0.0\/99"/],
    ['REDIS_URL', 'http://x', /REDIS_URL must be a redis:\/\//],
    ['RATE_LIMIT_BURST_MAX', '0', /RATE_LIMIT_BURST_MAX must be an integer from 1/],
    ['ENGINE_WORKERS', '-1', /ENGINE_WORKERS must be an integer/],
    ['ENGINE_TASK_TIMEOUT_SECONDS', '0', /ENGINE_TASK_TIMEOUT_SECONDS must be an integer from 1 to 600/],
    ['ENGINE_WORKER_HEAP_MB', '16', /ENGINE_WORKER_HEAP_MB must be an integer from 64/],
    ['HTTP_HEADERS_TIMEOUT_SECONDS', '31', /HTTP_HEADERS_TIMEOUT_SECONDS must be an integer from 1 to 30/],
    ['HTTP_REQUEST_TIMEOUT_SECONDS', '121', /HTTP_REQUEST_TIMEOUT_SECONDS must be an integer from 1 to 120/],
  ])('when %s=%s, then startup fails naming the variable', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });

  it('reads TRUST_PROXY as false, a hop count, or a list of proxies', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8,::1' }).trustProxy).toEqual(['loopback', '10.0.0.0/8', '::1']);
  });

  it('merges API_KEYS and API_KEYS_FILE, and names the file when it is bad', () => {
    const other = hashKey('other');
    const files: Record<string, string> = {
      '/keys.json': JSON.stringify([{ agency: 'globex', sha256: other }]),
      '/bad.json': '[{"agency":"x"}]',
    };
    const read = (path: string) => {
      if (!(path in files)) throw Object.assign(new Error('nope'), { code: 'ENOENT' });
      return files[path];
    };
    expect(loadConfig({ API_KEYS: `acme:${HASH}`, API_KEYS_FILE: '/keys.json' }, read).apiKeys).toEqual([
      { agency: 'acme', sha256: HASH },
      { agency: 'globex', sha256: other },
    ]);
    expect(() => loadConfig({ API_KEYS_FILE: '/bad.json' }, read)).toThrow(/API_KEYS_FILE: \/bad.json: entry 0/);
    expect(() => loadConfig({ API_KEYS_FILE: '/missing.json' }, read)).toThrow(/API_KEYS_FILE: cannot read \/missing.json \(ENOENT\)/);
  });

  it('.env.example lists exactly the variables of the schema', () => {
    const example = readFileSync(join(__dirname, '..', '.env.example'), 'utf8');
    const listed = [...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]);
    expect([...listed].sort()).toEqual(Object.keys(envSchema.shape).sort());
  });
});
