/**
 * Logging (decisions D9.4, D2.4): JSON lines from pino, one per request, carrying the request id,
 * the agency (never the key), the status and the duration. Keys are redacted at the logger so
 * that no code path can print one by accident.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import pino, { type DestinationStream, type Logger } from 'pino';
import { pinoHttp } from 'pino-http';

/** Header paths censored in every log line. */
export const REDACTED_PATHS = [
  'req.headers["x-api-key"]',
  'req.headers.authorization',
  'req.headers["proxy-authorization"]',
  'req.headers.cookie',
];

/**
 * The request target without its query string. The API reads nothing from the query, so a query
 * is either noise or a secret a client put in the wrong place (`?api_key=…`): never logged.
 */
export function pathOnly(url: string | undefined): string {
  const target = url ?? '';
  const mark = target.indexOf('?');
  return mark < 0 ? target : `${target.slice(0, mark)}?[redacted]`;
}

/** The process logger; `destination` lets tests capture the lines. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = { level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } };
  return destination ? pino(options, destination) : pino(options);
}

type Res = ServerResponse & { locals?: Record<string, unknown> };

/** The per-request logging middleware: one line when the response finishes or the client leaves. */
export function createHttpLogger(logger: Logger) {
  return pinoHttp<IncomingMessage, Res>({
    logger,
    // The request-id middleware runs first and has already chosen a safe id.
    genReqId: (_req, res) => String(res.locals?.requestId ?? ''),
    customProps: (_req, res) => (typeof res.locals?.agency === 'string' ? { agency: res.locals.agency } : {}),
    customLogLevel: (req, res, error) => {
      if (error || res.statusCode >= 500) return 'error';
      if (!res.writableFinished) return 'warn';
      // Health probes arrive every few seconds from orchestrators: keep them out of info logs.
      if (req.url === '/v1/health' && res.statusCode < 400) return 'debug';
      return 'info';
    },
    // The response's own headers add nothing a reader needs; its status is the point.
    // The request's url and query are the client's text: keys sent there must not reach the log.
    serializers: {
      req: (req: Record<string, unknown>) => {
        const { query: _query, ...rest } = req;
        return { ...rest, url: pathOnly(req.url as string | undefined) };
      },
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    customSuccessMessage: (req, res, ms) =>
      res.writableFinished
        ? `${req.method} ${pathOnly(req.url)} ${res.statusCode} ${ms}ms`
        : `${req.method} ${pathOnly(req.url)} abandoned by the client after ${ms}ms`,
    customErrorMessage: (req, res) => `${req.method} ${pathOnly(req.url)} ${res.statusCode}`,
  });
}
