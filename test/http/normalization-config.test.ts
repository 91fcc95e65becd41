/** config.normalization: validated against the profile names, documented, and named in meta as documented. */
import request from 'supertest';
import { runDiff } from '../../src/engine';
import { buildOpenApiDocument } from '../../src/http/openapi';
import { DiffDataSchema } from '../../src/http/response-schema';
import { validateDiffRequest } from '../../src/request/diff-schema';
import type { DiffEngine } from '../../src/runtime/engine-pool';
import { buildApp, expectError, KEY, startEngine } from '../support/service-harness';

const body = (normalization: unknown) => ({ original: [{ transcript: 'a' }], reworked: [{ transcript: 'A' }], config: { normalization } });

describe('config.normalization', () => {
  let engine: DiffEngine;
  beforeAll(() => {
    engine = startEngine();
  });
  afterAll(async () => {
    await engine.destroy();
  });

  it('accepts every profile name', () => {
    for (const name of ['none', 'case', 'punctuation', 'case+punctuation', 'basic']) expect(validateDiffRequest(body(name))).toEqual([]);
  });

  it('when the profile is unknown, then 422 naming config.normalization and the valid names', async () => {
    const { app } = buildApp(engine);
    const res = await request(app).post('/v1/diff').set('x-api-key', KEY).send(body('lowercase'));
    expectError(res, 422, 'VALIDATION_ERROR', {
      details: [{ field: 'config.normalization', message: 'must be one of none, case, punctuation, case+punctuation, basic' }],
    });
  });

  it('refuses another type, a name in another case and a version suffix', () => {
    for (const value of [1, null, ['case'], 'Case', 'case@1', '']) {
      expect(validateDiffRequest(body(value)).map((d) => d.field)).toEqual(['config.normalization']);
    }
  });

  it('answers in the documented shape, meta.normalization included', () => {
    const data = runDiff({ ...body('basic'), config: { normalization: 'basic', enableAnalysis: true } });
    expect(data.meta.normalization).toEqual({ profile: 'basic', version: 1 });
    expect(DiffDataSchema.safeParse(JSON.parse(JSON.stringify(data))).error?.issues).toBeUndefined();
  });

  it('is documented in the OpenAPI document', () => {
    const doc = buildOpenApiDocument('1.0.0') as unknown as { components: { schemas: Record<string, { properties: Record<string, { enum?: string[] }> }> } };
    expect(doc.components.schemas.DiffConfig.properties.normalization!.enum).toEqual(['none', 'case', 'punctuation', 'case+punctuation', 'basic']);
    expect(Object.keys(doc.components.schemas.DiffMeta.properties)).toContain('normalization');
  });
});
