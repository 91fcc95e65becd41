/**
 * The served OpenAPI document passes `redocly lint` (its recommended rules) without an error or a
 * warning, so that API tools and client generators take it without complaint.
 */
import express from 'express';
import request from 'supertest';
import { openApiRoute } from '../../src/http/routes/openapi';
import { lintOpenApi } from '../support/openapi-lint';

describe('GET /v1/openapi.json under redocly lint', () => {
  it('reports no error and no warning', async () => {
    // The handler createApp mounts: the same bytes, without starting an engine.
    const app = express().get('/v1/openapi.json', openApiRoute('1.0.0'));
    const res = await request(app).get('/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(await lintOpenApi(res.body)).toEqual([]);
  });

  it('finds what the recommended rules refuse, so that a clean result means something', async () => {
    const bare = { openapi: '3.1.0', info: { title: 't', version: '1' }, paths: { '/x': { get: { responses: { 200: { description: 'ok' } } } } } };
    const rules = (await lintOpenApi(bare)).map((p) => `${p.severity} ${p.ruleId}`).sort();
    expect(rules).toEqual(
      expect.arrayContaining(['error security-defined', 'warn info-license', 'warn operation-4xx-response', 'warn operation-operationId']),
    );
  });
});
