/** Building blocks for the hostile-input catalogue: requests, bodies and answer inspection. */
import { KEY } from '../../support/service-harness';
import type { RawRequest, RawResponse } from './raw-http';

export const MiB = 1024 * 1024;

/** The names that turn plain objects into something else when used as keys carelessly. */
export const HOSTILE_KEYS = ['__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString'] as const;
/** Row keys that look like result-entry fields. */
export const ENTRY_LOOKALIKES = ['status', 'notes', 'trace', 'originalRow', 'reworkedRows', 'changedColumns'] as const;

/** A POST /v1/diff of raw bytes with the test key and a JSON content type (overridable). */
export function rawDiff(body: string | Buffer, headers: Array<[string, string | Buffer]> = [], framing?: RawRequest['framing']): RawRequest {
  const named = new Set(headers.map(([name]) => name.toLowerCase()));
  const base: Array<[string, string]> = [];
  if (!named.has('x-api-key')) base.push(['x-api-key', KEY]);
  if (!named.has('content-type')) base.push(['Content-Type', 'application/json']);
  return { method: 'POST', path: '/v1/diff', headers: [...base, ...headers], body, framing };
}

/** A POST /v1/diff of `body` as JSON. */
export function diff(body: unknown, headers: Array<[string, string | Buffer]> = []): RawRequest {
  return rawDiff(JSON.stringify(body), headers);
}

/** A POST /v1/diff of a body with no Content-Type header at all. */
export function withoutHeader(request: RawRequest, name: string): RawRequest {
  return { ...request, headers: (request.headers ?? []).filter(([n]) => n.toLowerCase() !== name.toLowerCase()) };
}

export const row = (transcript: string, extra: Record<string, unknown> = {}) => ({ transcript, ...extra });

/** The minimal valid body: one row a side. */
export const pair = (original: string, reworked: string, config?: Record<string, unknown>) => ({
  original: [row(original)],
  reworked: [row(reworked)],
  ...(config ? { config } : {}),
});

export interface Entry {
  status: string;
  trace?: boolean;
  notes: string;
  originalRow?: unknown;
  originalRows?: unknown[];
  reworkedRow?: unknown;
  reworkedRows?: unknown[];
  originalIndices: number[];
  reworkedIndices: number[];
  changedColumns?: string[];
  transcriptDiff?: Array<{ type: string; text: string }>;
}

export interface Data {
  results: Entry[];
  scores: Record<string, number | null>;
  counts: Record<string, unknown>;
  composite: Record<string, unknown> | null;
  meta: { originalRows: number; reworkedRows: number; headers: string[]; approximateEntries: number };
}

/** `data` of a success answer. */
export const dataOf = (res: RawResponse) => (res.json as { data: Data }).data;

/** The non-trace entries' statuses, in order. */
export const statuses = (res: RawResponse) => dataOf(res).results.filter((e) => !e.trace).map((e) => e.status);

/** The 422 details. */
export const detailsOf = (res: RawResponse) => (res.json as { error: { details: Array<{ field: string; message: string }> } }).error.details;
export const fieldsOf = (res: RawResponse) => detailsOf(res).map((d) => d.field);
export const messageOf = (res: RawResponse) => (res.json as { error: { message: string } }).error.message;

/**
 * Every row the caller sent comes back once, as the same JSON text (D6.2, D5.3): rows are found
 * through `originalIndices`/`reworkedIndices` and compared as serialised text, so key order, key
 * names such as `__proto__` and every code unit count.
 */
export function expectRowsReturnedVerbatim(res: RawResponse, sent: { original: unknown[]; reworked: unknown[] }): void {
  const seen = { original: new Map<number, string>(), reworked: new Map<number, string>() };
  for (const entry of dataOf(res).results) {
    if (entry.trace) continue;
    const originals = entry.originalRows ?? (entry.originalRow === undefined ? [] : [entry.originalRow]);
    const reworkeds = entry.reworkedRows ?? (entry.reworkedRow === undefined ? [] : [entry.reworkedRow]);
    expect(originals).toHaveLength(entry.originalIndices.length);
    expect(reworkeds).toHaveLength(entry.reworkedIndices.length);
    entry.originalIndices.forEach((i, k) => seen.original.set(i, JSON.stringify(originals[k])));
    entry.reworkedIndices.forEach((i, k) => seen.reworked.set(i, JSON.stringify(reworkeds[k])));
  }
  for (const side of ['original', 'reworked'] as const) {
    expect(seen[side].size).toBe(sent[side].length);
    sent[side].forEach((sentRow, i) => expect(seen[side].get(i)).toBe(JSON.stringify(sentRow)));
  }
}

/** D6.6: equal+delete rebuilds the original transcript, equal+insert the reworked one. */
export function expectInlineDiffRebuilds(entry: Entry, original: string, reworked: string): void {
  const parts = entry.transcriptDiff ?? [];
  expect(parts.filter((p) => p.type !== 'insert').map((p) => p.text).join('')).toBe(original);
  expect(parts.filter((p) => p.type !== 'delete').map((p) => p.text).join('')).toBe(reworked);
}

/** A JSON body text of exactly `size` bytes that the service accepts (200): padding in a pass-through field. */
export function bodyOfExactly(size: number): string {
  // Each row carries a pass-through `pad` under the 100,000-character cell limit.
  const rowText = (pad: number) => `{"transcript":"same","pad":"${'p'.repeat(pad)}"}`;
  const head = '{"original":[{"transcript":"same"}],"reworked":[';
  const tail = ']}';
  const rows: string[] = [];
  let used = head.length + tail.length;
  const full = rowText(90_000);
  while (used + full.length + 1 + rowText(0).length + 1 < size) {
    rows.push(full);
    used += full.length + 1;
  }
  const last = size - used - rowText(0).length;
  rows.push(rowText(last));
  const text = head + rows.join(',') + tail;
  if (Buffer.byteLength(text) !== size) throw new Error(`built ${Buffer.byteLength(text)} bytes, wanted ${size}`);
  return text;
}
