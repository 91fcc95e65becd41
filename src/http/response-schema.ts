/**
 * Response shapes for the OpenAPI document (spec §2.3, §2.6, §7; decisions D6–D8). The server
 * does not parse its own output with these: a test checks real engine answers against them, so
 * the document cannot drift from what is sent.
 */
import { z } from 'zod';
import { STATUSES } from '../engine/types';
import { ERROR_CATALOGUE, type ErrorCode } from './errors';

const Row = z.record(z.string(), z.unknown()).meta({ description: "The caller's row, byte for byte (2-D rows as objects keyed by headers)." });
const Indices = z.array(z.number().int().min(0));
const Rate = z.number().min(0).max(1).nullable();

export const DiffPartSchema = z
  .strictObject({ type: z.enum(['equal', 'insert', 'delete']), text: z.string() })
  .meta({ id: 'DiffPart', description: 'insert = only in reworked, delete = only in original (the annotator\'s view).' });

export const ResultEntrySchema = z
  .strictObject({
    status: z.enum(STATUSES as [string, ...string[]]),
    trace: z.literal(true).optional().meta({ description: 'Only on the per-source trace entries after a MERGED entry.' }),
    originalRow: Row.optional(),
    originalRows: z.array(Row).optional().meta({ description: 'MERGED main entry: the source rows in order.' }),
    reworkedRow: Row.optional(),
    reworkedRows: z.array(Row).optional().meta({ description: 'SPLIT: the two or more reworked rows.' }),
    notes: z.string(),
    changedColumns: z.array(z.string()).optional(),
    transcriptDiff: z.array(DiffPartSchema).optional(),
    originalIndices: Indices,
    reworkedIndices: Indices,
  })
  .meta({ id: 'ResultEntry' });

const EditCounts = z
  .strictObject({
    substitutions: z.number().int(),
    deletions: z.number().int(),
    insertions: z.number().int(),
    hits: z.number().int(),
    referenceLength: z.number().int(),
  })
  .meta({ id: 'EditCounts', description: 'ASR convention: an insertion is a token only in the original (hypothesis).' });

export const DiffDataSchema = z
  .strictObject({
    results: z.array(ResultEntrySchema),
    scores: z
      .strictObject({
        overallCER: Rate,
        overallWER: Rate,
        SegER: Rate,
        transcriptCER: Rate,
        transcriptWER: Rate,
        SER: Rate,
        transcriptSER: Rate,
        SACR: Rate,
      })
      .meta({ id: 'Scores', description: 'Rates in [0, 1]; null when the metric is disabled (SACR: no speaker column).' }),
    counts: z
      .strictObject({
        char: EditCounts,
        word: EditCounts,
        transcriptChar: EditCounts,
        transcriptWord: EditCounts,
        rows: z.strictObject(Object.fromEntries(STATUSES.map((s) => [s, z.number().int()]))),
        segmentEvents: z.number().int(),
        sentences: z.strictObject({ reference: z.number().int(), changed: z.number().int() }),
        speakerChanged: z.number().int(),
      })
      .meta({ id: 'Counts', description: 'The integers behind every rate.' }),
    composite: z
      .strictObject({
        grade: z.number().min(1).max(5).nullable(),
        label: z.enum(['Excellent', 'Good', 'Acceptable', 'Below Average', 'Poor', 'Unacceptable']).nullable(),
        percent: z.string().nullable(),
        enabledMetrics: z.array(z.string()),
      })
      .nullable()
      .meta({ id: 'Composite', description: 'null when enableComposite is false.' }),
    meta: z
      .strictObject({
        originalRows: z.number().int(),
        reworkedRows: z.number().int(),
        headers: z.array(z.string()),
        approximateEntries: z.number().int().meta({ description: 'Entries scored by the bounded fallback (normally 0).' }),
      })
      .meta({ id: 'DiffMeta' }),
  })
  .meta({ id: 'DiffData' });

const RequestId = z.string().meta({ description: 'Equals the x-request-id response header.' });
const Timestamp = z.string().meta({ description: 'ISO 8601.' });

export const DiffResponseSchema = z
  .strictObject({ status: z.literal('success'), requestId: RequestId, timestamp: Timestamp, data: DiffDataSchema })
  .meta({ id: 'DiffResponse' });

export const HealthResponseSchema = z
  .strictObject({
    status: z.literal('ok'),
    version: z.string(),
    uptime: z.number().int().min(0).meta({ description: 'Whole seconds since start.' }),
    timestamp: Timestamp,
  })
  .meta({ id: 'HealthResponse' });

export const ErrorResponseSchema = z
  .strictObject({
    status: z.literal('error'),
    requestId: RequestId,
    timestamp: Timestamp,
    error: z.strictObject({
      code: z.enum(Object.keys(ERROR_CATALOGUE) as [ErrorCode, ...ErrorCode[]]),
      message: z.string(),
      details: z
        .array(z.strictObject({ field: z.string(), message: z.string() }))
        .optional()
        .meta({ description: 'Validation errors: the first 100 failing fields, then a "*" entry counting the rest.' }),
    }),
  })
  .meta({ id: 'ErrorResponse' });
