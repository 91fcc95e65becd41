/** config.enableAnalysis and config.timingToleranceSeconds: validated strictly, documented, and answered in the documented shape. */
import { runDiff } from '../../src/engine';
import { DiffDataSchema } from '../../src/http/response-schema';
import { buildOpenApiDocument } from '../../src/http/openapi';
import { validateDiffRequest } from '../../src/request/diff-schema';

const fields = (body: Record<string, unknown>) => validateDiffRequest(body).map((d) => d.field);

describe('analysis config fields', () => {
  it('accepts a boolean flag and a tolerance of 0 seconds or more', () => {
    expect(fields({ original: [], reworked: [], config: { enableAnalysis: true, timingToleranceSeconds: 0 } })).toEqual([]);
    expect(fields({ original: [], reworked: [], config: { enableAnalysis: false, timingToleranceSeconds: 2.5 } })).toEqual([]);
  });

  it('rejects other types, a negative tolerance, and still unknown keys', () => {
    expect(fields({ original: [], reworked: [], config: { enableAnalysis: 'yes', timingToleranceSeconds: -0.1 } })).toEqual([
      'config.enableAnalysis',
      'config.timingToleranceSeconds',
    ]);
    expect(fields({ original: [], reworked: [], config: { timingToleranceSeconds: '0.1' } })).toEqual(['config.timingToleranceSeconds']);
    expect(fields({ original: [], reworked: [], config: { enableAnalyses: true } })).toEqual(['config.enableAnalyses']);
  });
});

describe('the answer with analysis on', () => {
  const original = [
    { speaker: 'A', transcript: 'so the revenue grew ten percent', start_time: 0, end_time: 2 },
    { speaker: 'B', transcript: 'okay thanks', start_time: 2, end_time: 3 },
    { speaker: '', transcript: 'a deleted row', start_time: 3, end_time: 4 },
    { speaker: 'A', transcript: 'we will see next quarter what happens', start_time: 4, end_time: 8 },
  ];
  const reworked = [
    { speaker: 'Maria', transcript: 'so revenue grew by ten percent', start_time: 0.05, end_time: 2 },
    { speaker: 'Tom', transcript: 'okay, thanks', start_time: 2, end_time: 3.2 },
    { speaker: 'Maria', transcript: 'we will see next quarter', start_time: 4, end_time: 6 },
    { speaker: 'Maria', transcript: 'what happens', start_time: 6, end_time: 8 },
    { transcript: 'an added row' },
  ];

  it('matches the documented response schema, entries included', () => {
    const data = runDiff({ original, reworked, config: { enableAnalysis: true, timingToleranceSeconds: 0.1 } });
    expect(data.results.map((e) => e.status)).toEqual(['MODIFIED', 'MODIFIED', 'DELETED', 'SPLIT', 'ADDED']);
    expect(DiffDataSchema.safeParse(JSON.parse(JSON.stringify(data))).error?.issues).toBeUndefined();
    expect(data.analysis!.timing!.toleranceSeconds).toBe(0.1);
    expect(data.analysis!.timing!.ends).toEqual({ compared: 3, moved: 1, beyondTolerance: 1, meanAbsShift: 0.2 / 3, maxAbsShift: 0.2 });
  });

  it('is documented in the OpenAPI document', () => {
    const doc = buildOpenApiDocument('1.0.0') as unknown as { components: { schemas: Record<string, { properties: Record<string, unknown> }> } };
    expect(Object.keys(doc.components.schemas.DiffData.properties)).toContain('analysis');
    expect(Object.keys(doc.components.schemas.ResultEntry.properties)).toContain('transcriptCounts');
    expect(Object.keys(doc.components.schemas.ResultEntry.properties)).toContain('editKinds');
    expect(Object.keys(doc.components.schemas.Analysis.properties)).toEqual(['speakers', 'columns', 'confusions', 'speakerMapping', 'timing', 'editKinds']);
  });
});
