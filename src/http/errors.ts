/**
 * The one catalogue of API errors (spec §7 plus decisions D1.8): every failure the service answers
 * with is one of these codes, with its HTTP status and default message.
 */
import type { BodyRefusal, ErrorDetail } from '../request/refusal';

export const ERROR_CATALOGUE = {
  BAD_REQUEST: { status: 400, message: 'The request body could not be read as JSON.' },
  UNAUTHORIZED: { status: 401, message: 'A valid API key is required in the x-api-key header.' },
  NOT_FOUND: { status: 404, message: 'No such endpoint.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request body exceeds the 5 MiB (5242880 bytes) limit.' },
  VALIDATION_ERROR: { status: 422, message: 'The request body failed validation; see details.' },
  RATE_LIMIT_EXCEEDED: {
    status: 429,
    message: 'Rate limit exceeded; retry after the number of seconds given in Retry-After.',
  },
  INTERNAL_SERVER_ERROR: {
    status: 500,
    message: 'An unexpected error occurred. Quote the request id when reporting it.',
  },
  SERVICE_UNAVAILABLE: {
    status: 503,
    message: 'The diff engine is at capacity; retry after the number of seconds given in Retry-After.',
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export interface ApiErrorOptions {
  message?: string;
  details?: ErrorDetail[];
  /** Response headers that belong to this failure (Retry-After, rate-limit counters). */
  headers?: Record<string, string>;
}

/** A failure with a catalogue code; the error middleware turns it into the error envelope. */
export class ApiError extends Error {
  readonly status: number;
  readonly details?: ErrorDetail[];
  readonly headers: Record<string, string>;

  constructor(
    readonly code: ErrorCode,
    options: ApiErrorOptions = {},
  ) {
    super(options.message ?? ERROR_CATALOGUE[code].message);
    this.name = 'ApiError';
    this.status = ERROR_CATALOGUE[code].status;
    this.details = options.details;
    this.headers = options.headers ?? {};
  }
}

/** The API error for a refused body (400 or 422). */
export function refusalError(refusal: BodyRefusal): ApiError {
  return new ApiError(refusal.code, { message: refusal.message, details: refusal.details });
}
