/**
 * The OpenAPI 3.1 document, generated from the zod schemas the server validates with, so that
 * the document cannot drift from what the server accepts.
 */
import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { DiffRequestSchema } from '../request/diff-schema';
import { ERROR_CATALOGUE, type ErrorCode } from './errors';
import { DiffResponseSchema, ErrorResponseSchema, HealthResponseSchema } from './response-schema';

const json = (schema: z.ZodType) => ({ 'application/json': { schema } });

const rateHeaders = {
  'RateLimit-Limit': { description: 'Burst tier limit (requests per burst window).', schema: { type: 'integer' as const } },
  'RateLimit-Remaining': { description: 'Requests left in the window tier.', schema: { type: 'integer' as const } },
  'x-request-id': { description: 'The request id (also in the envelope).', schema: { type: 'string' as const } },
};

function errorResponse(code: ErrorCode, extraHeaders: Record<string, { description: string; schema: { type: 'integer' } }> = {}) {
  return {
    description: `${code}: ${ERROR_CATALOGUE[code].message}`,
    headers: { ...rateHeaders, ...extraHeaders },
    content: json(ErrorResponseSchema),
  };
}

const retryAfter = { 'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer' as const } } };

// Answers Node's HTTP server gives before the app sees a request, on every path (decisions
// D1.11): the only client errors the two GETs can meet.
const parserRefusal = {
  description:
    "Answered by Node's HTTP server before the service sees the request: 400 malformed framing, 408 headers or body too slow, " +
    '431 headers over 16 KiB. A plain answer: no body, no envelope, no x-request-id.',
};

// The package is UNLICENSED (npm's word for "no licence granted"); SPDX has no identifier for
// that, and LicenseRef- is SPDX's own form for a licence outside its list.
const license = { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' };

/** Builds the document for a service version. */
export function buildOpenApiDocument(version: string) {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'ApiKey', { type: 'apiKey', in: 'header', name: 'x-api-key' });
  const RequestIdHeader = z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional()
    .meta({ description: 'Echoed when it matches ^[A-Za-z0-9_-]{1,64}$; otherwise a UUID is generated.' });

  registry.registerPath({
    method: 'get',
    path: '/v1/health',
    operationId: 'getHealth',
    summary: 'Liveness and version; no key, never rate limited.',
    security: [],
    responses: { 200: { description: 'The service is up.', content: json(HealthResponseSchema) }, '4XX': parserRefusal },
  });

  registry.registerPath({
    method: 'post',
    path: '/v1/diff',
    operationId: 'diffTranscripts',
    summary: 'Diff an original transcript against its reworked version.',
    security: [{ ApiKey: [] }],
    request: {
      headers: z.object({ 'x-request-id': RequestIdHeader }),
      body: {
        description: 'JSON (Content-Type: application/json; charset=utf-8 optional), at most 5 MiB decoded; gzip, deflate and br accepted.',
        required: true,
        content: json(DiffRequestSchema),
      },
    },
    responses: {
      200: { description: 'The diff.', headers: rateHeaders, content: json(DiffResponseSchema) },
      400: errorResponse('BAD_REQUEST'),
      401: errorResponse('UNAUTHORIZED'),
      413: errorResponse('PAYLOAD_TOO_LARGE'),
      422: errorResponse('VALIDATION_ERROR'),
      429: errorResponse('RATE_LIMIT_EXCEEDED', retryAfter),
      500: errorResponse('INTERNAL_SERVER_ERROR'),
      503: errorResponse('SERVICE_UNAVAILABLE', retryAfter),
      '4XX': parserRefusal,
    },
  });

  registry.registerPath({
    method: 'get',
    path: '/v1/openapi.json',
    operationId: 'getOpenApiDocument',
    summary: 'This document; no key.',
    security: [],
    responses: {
      200: { description: 'OpenAPI 3.1 document.', content: { 'application/json': { schema: z.record(z.string(), z.unknown()) } } },
      '4XX': parserRefusal,
    },
  });

  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Transcript diff service',
      version,
      license,
      description:
        'Compares an AI transcript (original) with its annotator post-edit (reworked): row statuses, CER/WER/SegER/SER/SACR and a 1-5 grade. ' +
        'Every response carries x-request-id; errors use one envelope. Unknown paths answer 404 NOT_FOUND.',
    },
    servers: [{ url: '/' }],
  });
}
