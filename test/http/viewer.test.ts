/** GET /v1/viewer and its script and style (src/http/routes/viewer.ts). */
import request from 'supertest';
import { browserAsset } from '../../src/package-files';
import type { DiffEngine } from '../../src/runtime/engine-pool';
import { buildApp, expectError, startEngine, type TestApp } from '../support/service-harness';

// The policy as decided (routes/viewer.ts): everything from the service itself, audio from a
// picked file's blob: URL, no upgrade-insecure-requests (the page is also served over plain HTTP).
const VIEWER_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src data:; media-src blob:; " +
  "form-action 'none'; frame-ancestors 'none'; base-uri 'none'";

let engine: DiffEngine;
let testApp: TestApp;
beforeAll(() => {
  engine = startEngine();
  testApp = buildApp(engine);
});
afterAll(async () => {
  await engine.destroy();
});

/** The script and style URLs the shell names. */
async function assetUrls(): Promise<{ script: string; style: string }> {
  const res = await request(testApp.app).get('/v1/viewer');
  const script = /<script src="([^"]+)" defer><\/script>/.exec(res.text)?.[1];
  const style = /<link rel="stylesheet" href="([^"]+)">/.exec(res.text)?.[1];
  if (script === undefined || style === undefined) throw new Error(`the shell names no script or style:\n${res.text}`);
  return { script, style };
}

describe('GET /v1/viewer', () => {
  it('answers 200 HTML without a key, naming its script and style by content digest', async () => {
    const res = await request(testApp.app).get('/v1/viewer');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(typeof res.headers['x-request-id']).toBe('string');
    expect(res.text).toMatch(/^<!doctype html>/);
    expect(res.text).toMatch(/<script src="\/v1\/viewer\/viewer\.js\?v=[\w-]{22}" defer><\/script>/);
    expect(res.text).toMatch(/<link rel="stylesheet" href="\/v1\/viewer\/viewer\.css\?v=[\w-]{22}">/);
    // The page checks a request against the server's own limit (D1.5) before sending it.
    expect(res.text).toContain('<main id="viewer" data-max-body-bytes="5242880"></main>');
    // No inline script or style: the policy would refuse them.
    expect(res.text).not.toMatch(/<style|style=|<script>|<script [^>]*>[^<]/);
  });

  it('carries the viewer policy exactly, without upgrade-insecure-requests, and helmet’s other headers', async () => {
    const res = await request(testApp.app).get('/v1/viewer');
    expect(res.headers['content-security-policy']).toBe(VIEWER_CSP);
    expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('leaves out Cross-Origin-Opener-Policy over plain HTTP, where browsers ignore it with an error, and keeps it over HTTPS', async () => {
    const plain = await request(testApp.app).get('/v1/viewer');
    expect(plain.headers['cross-origin-opener-policy']).toBeUndefined();
    const proxied = buildApp(engine, { trustProxy: 1 });
    const secure = await request(proxied.app).get('/v1/viewer').set('X-Forwarded-Proto', 'https');
    expect(secure.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('serves the built script and style with their content types, cached for a year under their digest', async () => {
    const { script, style } = await assetUrls();
    const js = await request(testApp.app).get(script);
    expect(js.status).toBe(200);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(js.headers['content-security-policy']).toBe(VIEWER_CSP);
    expect(js.text).toBe(browserAsset('viewer.js'));
    const css = await request(testApp.app).get(style);
    expect(css.status).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(css.text).toBe(browserAsset('viewer.css'));
  });

  it('does not let a cache keep the script or style under another digest or none', async () => {
    for (const path of ['/v1/viewer/viewer.js', '/v1/viewer/viewer.js?v=stale', '/v1/viewer/viewer.css']) {
      const res = await request(testApp.app).get(path);
      expect({ path, status: res.status, cache: res.headers['cache-control'] }).toEqual({ path, status: 200, cache: 'no-cache' });
    }
  });

  it('answers HEAD as GET without a body', async () => {
    const res = await request(testApp.app).head('/v1/viewer');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.text ?? '').toBe('');
  });

  it('should 404 on OPTIONS, another method, another path under /v1/viewer or another case (D1.6)', async () => {
    expectError(await request(testApp.app).options('/v1/viewer'), 404, 'NOT_FOUND');
    expectError(await request(testApp.app).options('/v1/viewer/viewer.js'), 404, 'NOT_FOUND');
    expectError(await request(testApp.app).post('/v1/viewer').set('Content-Type', 'application/json').send('{}'), 404, 'NOT_FOUND');
    expectError(await request(testApp.app).get('/v1/viewer/report.js'), 404, 'NOT_FOUND');
    expectError(await request(testApp.app).get('/v1/Viewer'), 404, 'NOT_FOUND');
  });
});

describe('the rest of the API', () => {
  it("keeps helmet's policy without upgrade-insecure-requests, which would break the service over plain HTTP", async () => {
    const res = await request(testApp.app).get('/v1/health');
    const policy = res.headers['content-security-policy'];
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain('upgrade-insecure-requests');
  });
});

describe('when the viewer bundle was not built', () => {
  it('fails building the app, naming the missing file and npm run build', () => {
    expect(() => buildApp(engine, { readBrowserAsset: (name) => browserAsset(`absent-${name}`) })).toThrow(
      /dist\/browser\/absent-viewer\.js is missing: run npm run build/,
    );
  });
});
