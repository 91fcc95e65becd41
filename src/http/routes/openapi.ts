/** GET /v1/openapi.json: the document, serialised once. No key, not rate limited. */
import type { RequestHandler } from 'express';
import { buildOpenApiDocument } from '../openapi';

export function openApiRoute(version: string): RequestHandler {
  const text = JSON.stringify(buildOpenApiDocument(version));
  return (_req, res) => {
    res.type('application/json; charset=utf-8').send(text);
  };
}
