/**
 * Response shapes for the OpenAPI document (spec §2.3, §2.6, §7; decisions D6–D8). The server
 * does not parse its own output with these: a test checks real engine answers against them, so
 * the document cannot drift from what is sent.
 */
import { z } from 'zod';
import { EDIT_KINDS, NORMALIZATION_NAMES, STATUSES, type EditKind } from '../engine/index';
import { ERROR_CATALOGUE, type ErrorCode } from './errors';

const Row = z.record(z.string(), z.unknown()).meta({ description: "The caller's row, byte for byte (2-D rows as objects keyed by headers)." });
const Indices = z.array(z.number().int().min(0));
const Rate = z.number().min(0).max(1).nullable();

export const DiffPartSchema = z
  .strictObject({ type: z.enum(['equal', 'insert', 'delete']), text: z.string() })
  .meta({ id: 'DiffPart', description: 'insert = only in reworked, delete = only in original (the annotator\'s view).' });

const EditCounts = z
  .strictObject({
    substitutions: z.number().int(),
    deletions: z.number().int(),
    insertions: z.number().int(),
    hits: z.number().int(),
    referenceLength: z.number().int(),
  })
  .meta({ id: 'EditCounts', description: 'ASR convention: an insertion is a token only in the original (hypothesis).' });

const EntryEdits = z
  .tuple([z.number().int(), z.number().int(), z.number().int(), z.number().int()])
  .meta({
    id: 'EntryEdits',
    description: '[substitutions, deletions, insertions, referenceLength] of one entry at one level; hits = referenceLength - substitutions - deletions.',
  });

const EntryCounts = z
  .strictObject({ char: EntryEdits, word: EntryEdits })
  .meta({ id: 'EntryCounts', description: "The transcript column's character and word counts of one entry." });

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
    pieceDiffs: z
      .array(z.array(DiffPartSchema))
      .optional()
      .meta({
        description:
          'SPLIT and MERGED entries with config.enableGroupDiff: the character diff of the single row against its pieces, one list of parts per piece. SPLIT: each piece\'s equal+insert parts give its text, all pieces\' equal+delete parts in order give the original text. MERGED: the mirror.',
      }),
    originalIndices: Indices,
    reworkedIndices: Indices,
    transcriptCounts: EntryCounts.optional().meta({
      description:
        'Only with config.enableAnalysis, on every non-trace entry: the transcript column\'s counts of this entry; over all entries they add up to counts.transcriptChar and counts.transcriptWord.',
    }),
    editKinds: z
      .array(z.enum(EDIT_KINDS as [EditKind, ...EditKind[]]))
      .optional()
      .meta({
        description:
          'Only with config.enableAnalysis, on MODIFIED, SPLIT and MERGED entries: how the transcript changed, read on its compared texts. ["content"] when a letter, digit or symbol ' +
          'still differs once case is folded, punctuation removed (apostrophes and hyphens inside words kept) and whitespace removed; otherwise the style kinds it needs, ' +
          'in the order case, punctuation, whitespace; [] when the transcript did not change.',
      }),
  })
  .meta({ id: 'ResultEntry' });

const StatusCounts = z.strictObject(Object.fromEntries(STATUSES.map((s) => [s, z.number().int()])));
const WordCount = z.strictObject({ word: z.string(), count: z.number().int().min(1) });
const Count = z.number().int().min(0);
const WordErrors = z.strictObject({ substitutions: Count, deletions: Count, insertions: Count }).meta({ id: 'WordErrors' });
const BoundaryShifts = z
  .strictObject({
    compared: z.number().int().meta({ description: 'Boundaries with a time on both sides.' }),
    moved: z.number().int().meta({ description: 'Boundaries that moved by at least a microsecond.' }),
    beyondTolerance: z.number().int().meta({ description: 'Boundaries that moved by more than timingToleranceSeconds.' }),
    meanAbsShift: z.number().nullable().meta({ description: 'Mean absolute shift in seconds (whole microseconds); null when none compared.' }),
    maxAbsShift: z.number().nullable().meta({ description: 'Largest absolute shift in seconds; null when none compared.' }),
  })
  .meta({ id: 'BoundaryShifts' });

export const AnalysisSchema = z
  .strictObject({
    speakers: z
      .array(
        z.strictObject({
          speaker: z.string().nullable().meta({ description: 'Raw speaker value; null: rows without a speaker (or no speaker column).' }),
          entries: StatusCounts,
          char: EditCounts,
          word: EditCounts,
        }),
      )
      .meta({
        description:
          "Per speaker, the transcript column's counts and the entries by status; an entry counts for its first reworked row's speaker, a DELETED entry for its original row's speaker after mapping. They add up to the totals.",
      }),
    columns: z
      .array(z.strictObject({ column: z.string(), char: EditCounts, word: EditCounts }))
      .meta({ description: 'Per compared text column (times excluded), in column order; they add up to counts.char and counts.word.' }),
    confusions: z
      .strictObject({
        substitutions: z.strictObject({
          total: z.number().int(),
          top: z.array(z.strictObject({ reference: z.string(), hypothesis: z.string(), count: z.number().int().min(1) })),
        }),
        insertions: z.strictObject({ total: z.number().int(), top: z.array(WordCount) }).meta({ description: 'Words only in the original.' }),
        deletions: z.strictObject({ total: z.number().int(), top: z.array(WordCount) }).meta({ description: 'Words only in the reworked.' }),
        approximateEntries: z.number().int().meta({ description: 'Entries whose confusions come from an anchored alignment; with 0, the totals equal counts.transcriptWord.' }),
      })
      .meta({
        id: 'Confusions',
        description: 'Word confusions of the transcript column; top 50 of each by count, then words in code-unit order.',
      }),
    speakerMapping: z
      .strictObject({
        pairs: z.array(z.strictObject({ original: z.string(), reworked: z.string(), support: z.number().int().min(1) })),
        unmappedOriginal: z.array(z.string()),
        unmappedReworked: z.array(z.string()),
        mappedSpeakerChanged: z.number().int(),
        modifiedRows: z.number().int(),
        mappedSACR: z.number().min(0).max(1),
      })
      .nullable()
      .meta({
        id: 'SpeakerMapping',
        description:
          'The one-to-one mapping of original to reworked speaker labels (normalised values) that maximises the reference words of the paired rows carrying them, and the speaker-change rate once mapped; null without a speaker column.',
      }),
    timing: z
      .strictObject({ toleranceSeconds: z.number().min(0), starts: BoundaryShifts, ends: BoundaryShifts })
      .nullable()
      .meta({ description: 'Boundary shifts of paired rows (and the outer boundaries of splits and merges); null when no boundary has a time on both sides.' }),
    editKinds: z
      .strictObject({
        entries: z
          .strictObject({ case: Count, punctuation: Count, whitespace: Count, content: Count, styleOnly: Count })
          .meta({ description: 'MODIFIED, SPLIT and MERGED entries of each kind (an entry of two style kinds counts under both); styleOnly: those without content.' }),
        transcriptWord: z
          .strictObject({ style: WordErrors, content: WordErrors })
          .meta({
            description:
              'The transcript word errors split: a substitution of two words equal once case-folded and stripped of punctuation, or the insertion or deletion of a word of ' +
              'punctuation alone, is style (every error of an entry whose texts have the same words so keyed is); the rest is content. style + content = counts.transcriptWord.',
          }),
      })
      .meta({ id: 'EditKinds', description: 'Entries by kind of change, and word errors split into style and content.' }),
  })
  .meta({ id: 'Analysis', description: 'Only with config.enableAnalysis: where and what changed; every count is a part of a total in counts.' });

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
        rows: StatusCounts,
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
        normalization: z
          .strictObject({ profile: z.enum(NORMALIZATION_NAMES), version: z.number().int().min(1) })
          .optional()
          .meta({
            id: 'NormalizationUsed',
            description: 'Only when config.normalization is not none: the profile the texts were compared under, and the version of its rules.',
          }),
      })
      .meta({ id: 'DiffMeta' }),
    analysis: AnalysisSchema.optional(),
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
