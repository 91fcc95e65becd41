/**
 * The contract every answer must meet, whatever was sent (decisions D1.1–D1.11, D4.5): one of the
 * documented statuses, never a 500, the documented envelope in JSON with an `x-request-id` equal
 * to its `requestId`, helmet's headers, and on /v1/diff no-store and the rate-limit pair.
 * Returned as a list of problems (empty when the answer is right) so a fuzz counterexample says
 * what broke.
 */
import type { RawResponse } from './raw-http';

/** HTTP status → error code, for every status the application answers with (500 excluded). */
export const DOCUMENTED: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  422: 'VALIDATION_ERROR',
  429: 'RATE_LIMIT_EXCEEDED',
  503: 'SERVICE_UNAVAILABLE',
};

/**
 * Answers Node's HTTP parser gives before the app sees a request: plain, no envelope
 * (docs/api.md, Errors).
 */
export const PARSER_STATUSES = new Set([400, 408, 431]);

export const SAFE_REQUEST_ID = /^[A-Za-z0-9_-]{1,64}$/;
export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

export interface AnswerContext {
  method?: string;
  path?: string;
  /** Every x-request-id value the client sent (0, 1 or several headers). */
  suppliedIds?: string[];
  /** Whether a plain answer from Node's parser (400, 408, 431) is acceptable for this request. */
  parserMayAnswer?: boolean;
}

const sorted = (o: object) => Object.keys(o).sort().join(',');

/** True when the answer came from Node's parser rather than the application. */
export function isParserAnswer(res: RawResponse): boolean {
  return res.status !== 0 && res.headers['x-request-id'] === undefined && PARSER_STATUSES.has(res.status) && res.body.length === 0;
}

/** What is wrong with an answer; empty when it meets the contract. */
export function contractProblems(res: RawResponse, ctx: AnswerContext = {}): string[] {
  const problems: string[] = [];
  if (res.status === 0) return ['the server closed the connection without an answer'];
  if (isParserAnswer(res)) return ctx.parserMayAnswer ? [] : [`plain ${res.status} from the HTTP parser for a well-framed request`];
  if (res.status === 500) problems.push('500 INTERNAL_SERVER_ERROR');
  if (res.status !== 200 && DOCUMENTED[res.status] === undefined) problems.push(`undocumented status ${res.status}`);

  const ids = res.headerList.filter(([name]) => name === 'x-request-id').map(([, value]) => value);
  if (ids.length !== 1) problems.push(`${ids.length} x-request-id headers`);
  const id = ids[0] ?? '';
  const supplied = ctx.suppliedIds ?? [];
  if (supplied.length === 1 && SAFE_REQUEST_ID.test(supplied[0])) {
    if (id !== supplied[0]) problems.push(`valid x-request-id ${supplied[0]} answered as ${id}`);
  } else if (!UUID_V4.test(id)) {
    problems.push(`x-request-id ${JSON.stringify(id)} is not a fresh UUID v4`);
  }
  if (res.headers['content-type'] !== 'application/json; charset=utf-8') problems.push(`content-type ${res.headers['content-type']}`);
  if (res.headers['x-content-type-options'] !== 'nosniff') problems.push('helmet headers missing');
  if (res.headers['x-powered-by'] !== undefined) problems.push('X-Powered-By present');

  const diff = (ctx.path ?? '').split('?')[0] === '/v1/diff' && ctx.method === 'POST';
  if (diff) {
    if (res.headers['cache-control'] !== 'no-store' && res.status !== 404) problems.push('diff answer without Cache-Control: no-store');
    if (res.status !== 404 && (res.headers['ratelimit-limit'] === undefined || res.headers['ratelimit-remaining'] === undefined)) {
      problems.push('diff answer without RateLimit-Limit/RateLimit-Remaining');
    }
  }
  if ((res.status === 429 || res.status === 503) && !/^\d+$/.test(res.headers['retry-after'] ?? '')) problems.push('no Retry-After');

  if (ctx.method === 'HEAD') return problems;
  const body = res.json as Record<string, unknown> | undefined;
  if (typeof body !== 'object' || body === null) return [...problems, 'body is not a JSON object'];
  if (res.status === 200) {
    if (ctx.path?.startsWith('/v1/health') || ctx.path?.startsWith('/v1/openapi.json')) return problems;
    if (sorted(body) !== 'data,requestId,status,timestamp' || body.status !== 'success') problems.push(`success envelope keys ${sorted(body)}`);
  } else {
    if (sorted(body) !== 'error,requestId,status,timestamp' || body.status !== 'error') problems.push(`error envelope keys ${sorted(body)}`);
    const error = body.error as Record<string, unknown> | undefined;
    if (error?.code !== DOCUMENTED[res.status]) problems.push(`code ${String(error?.code)} for status ${res.status}`);
    if (typeof error?.message !== 'string' || error.message === '') problems.push('no error message');
    if (res.status === 422) {
      const details = error?.details as Array<{ field: unknown; message: unknown }> | undefined;
      if (!Array.isArray(details) || details.length < 1 || details.length > 101) problems.push('422 without 1-101 details');
      else {
        if (details.some((d) => typeof d.field !== 'string' || typeof d.message !== 'string' || sorted(d) !== 'field,message')) {
          problems.push('a detail is not {field, message}');
        }
        if (details.length === 101 && details[100].field !== '*') problems.push('101st detail is not the * summary');
      }
      if (error && sorted(error) !== 'code,details,message') problems.push(`422 error keys ${sorted(error)}`);
    } else if (error && sorted(error) !== 'code,message') {
      problems.push(`error keys ${sorted(error)}`);
    }
  }
  if (body.requestId !== id) problems.push('requestId differs from the x-request-id header');
  if (typeof body.timestamp !== 'string' || !ISO.test(body.timestamp)) problems.push('timestamp is not ISO 8601');
  return problems;
}
