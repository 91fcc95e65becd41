/**
 * POST /v1/diff from the page: the prepared body with the reviewer's key, to this service's own
 * origin (the page's policy allows no other). Every way it can fail becomes a ViewerProblem whose
 * text the page shows: the error envelope's code and message (with validation details and the
 * wait of a 429 or 503), an answer that is not the service's JSON, or no answer at all.
 */
import type { DiffData } from '../engine/index';
import { ViewerProblem } from './viewer-problem';

export const DIFF_PATH = '/v1/diff';

interface ErrorEnvelope {
  status: 'error';
  requestId?: string;
  error: { code: string; message: string; details?: Array<{ field: string; message: string }> };
}

const isErrorEnvelope = (value: unknown): value is ErrorEnvelope => {
  const error = (value as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return (value as { status?: unknown } | null)?.status === 'error' && typeof error?.code === 'string' && typeof error.message === 'string';
};

// Validation can list many fields; the first ones tell the reviewer what to fix.
const MAX_DETAILS = 20;

function envelopeProblem(response: Response, envelope: ErrorEnvelope): ViewerProblem {
  const { code, message, details = [] } = envelope.error;
  const retryAfter = response.headers.get('Retry-After');
  const wait = retryAfter !== null && (response.status === 429 || response.status === 503) ? ` Retry in ${retryAfter} s.` : '';
  const lines = details.slice(0, MAX_DETAILS).map((detail) => `${detail.field}: ${detail.message}`);
  if (details.length > MAX_DETAILS) lines.push(`… and ${details.length - MAX_DETAILS} more`);
  if (envelope.requestId) lines.push(`request id ${envelope.requestId}`);
  return new ViewerProblem(`${response.status} ${code}: ${message}${wait}`, lines);
}

/** The diff's `data`; a ViewerProblem for any failure. */
export async function postDiff(body: Uint8Array<ArrayBuffer>, key: string): Promise<DiffData> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(DIFF_PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'x-api-key': key },
      body,
      credentials: 'omit',
      cache: 'no-store',
    });
    text = await response.text();
  } catch (error) {
    throw new ViewerProblem(`The service could not be reached (${error instanceof Error ? error.message : String(error)}): check the connection and try again.`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ViewerProblem(`The service answered ${response.status} ${response.statusText} without its JSON envelope: a proxy in between may have refused the request.`);
  }
  if (isErrorEnvelope(value)) throw envelopeProblem(response, value);
  const data = (value as { status?: unknown; data?: unknown } | null)?.status === 'success' ? (value as { data: DiffData }).data : undefined;
  if (!response.ok || data === undefined) throw new ViewerProblem(`The service answered ${response.status} ${response.statusText} with an unexpected body.`);
  return data;
}
