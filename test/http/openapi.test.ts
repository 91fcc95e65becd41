/** GET /v1/openapi.json: OpenAPI 3.1 from the same zod schemas the server validates with. */
import request from 'supertest';
import { DEFAULT_CONFIG, OPTIONAL_CONFIG_KEYS } from '../../src/engine/types';
import type { DiffEngine } from '../../src/runtime/engine-pool';
import { ERROR_CATALOGUE } from '../../src/http/errors';
import { buildApp, startEngine } from '../support/service-harness';

let engine: DiffEngine;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON document, walked by path
let doc: Record<string, any>;
beforeAll(async () => {
  engine = startEngine();
  const res = await request(buildApp(engine).app).get('/v1/openapi.json');
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  doc = res.body;
});
afterAll(async () => {
  await engine.destroy();
});

describe('OpenAPI document', () => {
  it('is OpenAPI 3.1 with the three paths and the key scheme', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.0.0');
    expect(Object.keys(doc.paths).sort()).toEqual(['/v1/diff', '/v1/health', '/v1/openapi.json']);
    expect(doc.components.securitySchemes.ApiKey).toEqual({ type: 'apiKey', in: 'header', name: 'x-api-key' });
    expect(doc.paths['/v1/diff'].post.security).toEqual([{ ApiKey: [] }]);
    // Public, and said so on the operation rather than left to the document's default.
    expect(doc.paths['/v1/health'].get.security).toEqual([]);
    expect(doc.paths['/v1/openapi.json'].get.security).toEqual([]);
  });

  it('documents every error code of the catalogue on POST /v1/diff, except 404, and the HTTP parser refusals', () => {
    const statuses = Object.values(ERROR_CATALOGUE).map((e) => String(e.status)).filter((s) => s !== '404');
    expect(Object.keys(doc.paths['/v1/diff'].post.responses).sort()).toEqual(['200', ...statuses, '4XX'].sort());
    expect(doc.paths['/v1/diff'].post.responses['429'].headers['Retry-After']).toBeDefined();
    expect(doc.paths['/v1/diff'].post.responses['503'].headers['Retry-After']).toBeDefined();
  });

  it('describes the request body the server validates: strict keys, required fields, limits', () => {
    const body = doc.paths['/v1/diff'].post.requestBody.content['application/json'].schema;
    expect(body).toEqual({ $ref: '#/components/schemas/DiffRequest' });
    const request = doc.components.schemas.DiffRequest;
    expect(request.additionalProperties).toBe(false);
    expect(request.required.sort()).toEqual(['original', 'reworked']);
    expect(request.properties.original.maxItems).toBe(30000);
    const row = doc.components.schemas.RowObject;
    expect(row.required).toEqual(['transcript']);
    expect(row.additionalProperties).not.toBe(false);
  });

  it('lists exactly the engine config fields, so a new one cannot go undocumented', () => {
    const config = doc.components.schemas.DiffConfig;
    expect(config.additionalProperties).toBe(false);
    expect(Object.keys(config.properties).sort()).toEqual([...Object.keys(DEFAULT_CONFIG), ...OPTIONAL_CONFIG_KEYS].sort());
    expect(config.properties.structuralTransforms.maxItems).toBe(20);
    expect(doc.components.schemas.TransformRule.required).toEqual(['find']);
    expect(doc.components.schemas.ColumnMapping.properties.extraCols.maxItems).toBe(20);
  });

  it('describes the success and error envelopes', () => {
    expect(doc.components.schemas.DiffResponse.required.sort()).toEqual(['data', 'requestId', 'status', 'timestamp']);
    expect(doc.components.schemas.ErrorResponse.properties.error.properties.code.enum.sort()).toEqual(Object.keys(ERROR_CATALOGUE).sort());
  });
});
