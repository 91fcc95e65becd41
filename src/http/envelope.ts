/**
 * Response envelopes (spec §2.3 and §7). The success envelope is written around its `data`, which
 * arrives already serialised from the engine worker: the main thread never re-stringifies it.
 */
import type { ErrorDetail } from '../request/refusal';
import type { ErrorCode } from './errors';

export interface ErrorEnvelope {
  status: 'error';
  requestId: string;
  timestamp: string;
  error: { code: ErrorCode; message: string; details?: ErrorDetail[] };
}

/** The error envelope; `details` only when there are some (validation errors). */
export function errorEnvelope(
  requestId: string,
  code: ErrorCode,
  message: string,
  details?: ErrorDetail[],
): ErrorEnvelope {
  const error: ErrorEnvelope['error'] = { code, message };
  if (details !== undefined && details.length > 0) error.details = details;
  return { status: 'error', requestId, timestamp: new Date().toISOString(), error };
}

/** The success envelope's JSON text before and after `data`, which arrives as UTF-8 JSON bytes. */
export function successEnvelopeParts(requestId: string): [head: string, tail: string] {
  return [
    `{"status":"success","requestId":${JSON.stringify(requestId)},` +
      `"timestamp":${JSON.stringify(new Date().toISOString())},"data":`,
    '}',
  ];
}
