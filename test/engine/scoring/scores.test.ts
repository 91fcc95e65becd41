import { createWorkBudget } from '../../../src/engine/distance/work-budget';
import { computeComposite } from '../../../src/engine/scoring/composite';
import { computeMetrics } from '../../../src/engine/scoring/scores';
import { DEFAULT_CONFIG, DiffConfig, Status } from '../../../src/engine/types';
import { ScoringUnit } from '../../../src/engine/scoring/unit-counts';
import { Prepared, PreparedSide } from '../../../src/engine/prepare/prepared-sides';

type Cells = Record<string, string>;

/**
 * A hand-built comparison view: `columns` are the compared columns in order, texts are taken as
 * already normalised; `speaker` names the speaker column (null: none detected).
 */
function prepared(columns: string[], original: Cells[], reworked: Cells[], speaker: string | null = null, timeCols: string[] = []): Prepared {
  const side = (rows: Cells[]): PreparedSide => ({
    rows,
    text: columns.map((c) => rows.map((r) => r[c] ?? '')),
    sparse: null,
    transcript: rows.map((r) => r.transcript ?? ''),
    start: new Float64Array(rows.length).fill(NaN),
    end: new Float64Array(rows.length).fill(NaN),
    speaker: speaker === null ? null : rows.map((r) => r[speaker] ?? ''),
  });
  return {
    columns,
    transcriptCol: columns.indexOf('transcript'),
    transcriptName: 'transcript',
    timeCols: timeCols.map((t) => columns.indexOf(t)),
    denseCols: columns.map((_, c) => c),
    original: side(original),
    reworked: side(reworked),
    headers: columns,
  };
}

function unit(status: Status, originalIndices: number[], reworkedIndices: number[]): ScoringUnit {
  return { status, originalIndices, reworkedIndices };
}

function config(overrides: Partial<DiffConfig> = {}): DiffConfig {
  return { ...DEFAULT_CONFIG, ...overrides };
}

const t = (transcript: string, more: Cells = {}): Cells => ({ transcript, ...more });

describe('CER and WER (D7.1, D7.4, D7.5)', () => {
  it('scores one modified row: reference = reworked, hypothesis = original', () => {
    // ref "the cat sat on a mat" (20 chars, 6 words), hyp "the cat sat on the mat":
    // chars: "a" → "the" = 1 substitution + 2 insertions (hyp-only characters) → 3 / 20
    // words: "a" → "the" = 1 substitution → 1 / 6
    const p = prepared(['transcript'], [t('the cat sat on the mat')], [t('the cat sat on a mat')]);
    const m = computeMetrics(p, [unit('MODIFIED', [0], [0])], config());
    expect(m.counts.transcriptChar).toEqual({ substitutions: 1, deletions: 0, insertions: 2, hits: 19, referenceLength: 20 });
    expect(m.counts.transcriptWord).toEqual({ substitutions: 1, deletions: 0, insertions: 0, hits: 5, referenceLength: 6 });
    expect(m.scores.transcriptCER).toBeCloseTo(3 / 20, 12);
    expect(m.scores.transcriptWER).toBeCloseTo(1 / 6, 12);
    expect(m.scores.overallCER).toBeCloseTo(3 / 20, 12);
    expect(m.approximateEntries).toBe(0);
  });

  it('aggregates Σ errors ÷ Σ reference tokens, never a mean of row rates', () => {
    // row 1: 1 error / 2 chars (rate 0.5); row 2: 0 / 8 → 1/10, not (0.5 + 0) / 2
    const p = prepared(['transcript'], [t('xb'), t('abcdefgh')], [t('ab'), t('abcdefgh')]);
    const m = computeMetrics(p, [unit('MODIFIED', [0], [0]), unit('UNCHANGED', [1], [1])], config());
    expect(m.scores.transcriptCER).toBeCloseTo(0.1, 12);
    expect(m.scores.transcriptWER).toBeCloseTo(0.5, 12); // 1 word error / 2 words
  });

  it('clamps a rate above 1 to 1 and keeps the raw counts', () => {
    // ref "a", hyp "xyz": 1 substitution + 2 insertions = 3 errors over 1 reference character
    const p = prepared(['transcript'], [t('xyz')], [t('a')]);
    const m = computeMetrics(p, [unit('MODIFIED', [0], [0])], config());
    expect(m.scores.transcriptCER).toBe(1);
    expect(m.counts.transcriptChar).toMatchObject({ substitutions: 1, insertions: 2, referenceLength: 1 });
  });

  it('empty sides: ADDED has an empty hypothesis (deletions), DELETED an empty reference (insertions)', () => {
    const p = prepared(['transcript'], [t('hi')], [t('hello')]);
    const m = computeMetrics(p, [unit('DELETED', [0], []), unit('ADDED', [], [0])], config());
    expect(m.counts.transcriptChar).toEqual({ substitutions: 0, deletions: 5, insertions: 2, hits: 0, referenceLength: 5 });
    expect(m.scores.transcriptCER).toBe(1); // 7 / 5 clamped
  });

  it('an empty reference gives 1 when the hypothesis is not empty, 0 when both are empty', () => {
    const onlyDeleted = prepared(['transcript'], [t('some words')], []);
    expect(computeMetrics(onlyDeleted, [unit('DELETED', [0], [])], config()).scores).toMatchObject({
      overallCER: 1,
      overallWER: 1,
      transcriptCER: 1,
      transcriptWER: 1,
    });
    const allEmpty = prepared(['transcript'], [t('')], [t('')]);
    expect(computeMetrics(allEmpty, [unit('UNCHANGED', [0], [0])], config()).scores).toMatchObject({
      overallCER: 0,
      overallWER: 0,
      transcriptCER: 0,
      transcriptWER: 0,
      transcriptSER: 0,
      SER: 0,
    });
  });

  it('overall rates cover every text column but not the times; transcript rates the transcript alone', () => {
    // transcript: "ab" vs "ab" (0/2); speaker "A" vs "B" (1 sub / 1); start_time differs but is a time.
    const p = prepared(
      ['transcript', 'speaker', 'start_time'],
      [t('ab', { speaker: 'B', start_time: '1.0' })],
      [t('ab', { speaker: 'A', start_time: '2.0' })],
      'speaker',
      ['start_time'],
    );
    const m = computeMetrics(p, [unit('MODIFIED', [0], [0])], config());
    expect(m.counts.char).toEqual({ substitutions: 1, deletions: 0, insertions: 0, hits: 2, referenceLength: 3 });
    expect(m.scores.overallCER).toBeCloseTo(1 / 3, 12);
    expect(m.scores.overallWER).toBeCloseTo(1 / 2, 12); // words: "ab" (hit) + "A"/"B" (sub)
    expect(m.scores.transcriptCER).toBe(0);
  });

  it('when ignoreColNames excludes the transcript, overall rates leave it out and transcript rates still score it', () => {
    // compared columns: speaker only ("A" vs "B": 1/1); transcript "ab" vs "xb": 1/2
    const p = prepared(['speaker'], [t('xb', { speaker: 'B' })], [t('ab', { speaker: 'A' })], 'speaker');
    const m = computeMetrics(p, [unit('MODIFIED', [0], [0])], config({ ignoreColNames: ['transcript'] }));
    expect(p.transcriptCol).toBe(-1);
    expect(m.scores.overallCER).toBe(1);
    expect(m.counts.char).toMatchObject({ substitutions: 1, referenceLength: 1 });
    expect(m.scores.transcriptCER).toBe(0.5);
  });

  it('counts astral characters as one character', () => {
    const p = prepared(['transcript'], [t('ok 😀')], [t('ok 👍')]);
    const m = computeMetrics(p, [unit('MODIFIED', [0], [0])], config());
    expect(m.counts.transcriptChar).toMatchObject({ substitutions: 1, referenceLength: 4 });
  });
});

describe('groups (D7.3) and SegER (D7.6)', () => {
  // original: 0 = one row split 3 ways, 1–3 merged into one, 4 deleted, 5–9 unchanged
  // reworked: 0–2 = the split pieces, 3 = the merge, 4 added, 5–9 unchanged
  const same = ['one', 'two', 'three', 'four', 'five'];
  const original = [
    t('hello world how are you', { speaker: 'A' }),
    t('so', { speaker: 'B' }),
    t('', { speaker: 'B' }),
    t('we start', { speaker: 'C' }),
    t('noise', { speaker: 'A' }),
    ...same.map((s) => t(s, { speaker: 'A' })),
  ];
  const reworked = [
    t('hello world', { speaker: 'A' }),
    t('how are', { speaker: 'A' }),
    t('you', { speaker: 'A' }),
    t('so we start', { speaker: 'B' }),
    t('extra', { speaker: 'A' }),
    ...same.map((s) => t(s, { speaker: 'A' })),
  ];
  const units = [
    unit('SPLIT', [0], [0, 1, 2]),
    unit('MERGED', [1, 2, 3], [3]),
    unit('DELETED', [4], []),
    unit('ADDED', [], [4]),
    ...same.map((_, i) => unit('UNCHANGED', [5 + i], [5 + i])),
  ];

  it('SegER = (3-way split: 2) + (3-way merge: 2) + 1 added + 1 deleted, over 10 reworked rows', () => {
    const m = computeMetrics(prepared(['transcript', 'speaker'], original, reworked, 'speaker'), units, config());
    expect(m.counts.segmentEvents).toBe(6);
    expect(m.scores.SegER).toBeCloseTo(0.6, 12);
    expect(m.counts.rows).toEqual({ UNCHANGED: 5, MODIFIED: 0, ADDED: 1, DELETED: 1, SPLIT: 1, MERGED: 1 });
  });

  it('joins group transcripts with one space (empty ones skipped) and keeps distinct values of other columns once', () => {
    const m = computeMetrics(prepared(['transcript', 'speaker'], original, reworked, 'speaker'), units, config());
    // transcript: split "hello world how are you" = joined pieces; merge "so we start" = "so" + "" + "we start".
    // Only ADDED ("extra", 5 deletions) and DELETED ("noise", 5 insertions) cost characters.
    expect(m.counts.transcriptChar).toMatchObject({ substitutions: 0, deletions: 5, insertions: 5 });
    // speaker: split "A" (distinct once) vs "A"; merge "B C" (distinct, in order) vs "B":
    // 2 insertions (" C"); ADDED "A" 1 deletion; DELETED "A" 1 insertion.
    const speakerChars = {
      substitutions: m.counts.char.substitutions - m.counts.transcriptChar.substitutions,
      deletions: m.counts.char.deletions - m.counts.transcriptChar.deletions,
      insertions: m.counts.char.insertions - m.counts.transcriptChar.insertions,
    };
    expect(speakerChars).toEqual({ substitutions: 0, deletions: 1, insertions: 3 });
  });

  it('SegER is 0 for a document of unchanged rows, and 1 when every row was deleted (no reworked rows)', () => {
    const p = prepared(['transcript'], [t('a')], [t('a')]);
    expect(computeMetrics(p, [unit('UNCHANGED', [0], [0])], config()).scores.SegER).toBe(0);
    const deletedOnly = prepared(['transcript'], [t('a'), t('b')], []);
    expect(computeMetrics(deletedOnly, [unit('DELETED', [0], []), unit('DELETED', [1], [])], config()).scores.SegER).toBe(1);
  });
});

describe('SER (D7.7)', () => {
  it('is MODIFIED ÷ (UNCHANGED + MODIFIED), ignoring other statuses', () => {
    const p = prepared(['transcript'], [t('a'), t('b'), t('c'), t('d')], [t('a'), t('x'), t('c'), t('e')]);
    const m = computeMetrics(
      p,
      [unit('UNCHANGED', [0], [0]), unit('MODIFIED', [1], [1]), unit('UNCHANGED', [2], [2]), unit('DELETED', [3], []), unit('ADDED', [], [3])],
      config(),
    );
    expect(m.scores.SER).toBeCloseTo(1 / 3, 12);
  });

  it('is 0 when there is no UNCHANGED or MODIFIED entry', () => {
    const p = prepared(['transcript'], [], [t('a')]);
    expect(computeMetrics(p, [unit('ADDED', [], [0])], config()).scores.SER).toBe(0);
  });
});

describe('transcriptSER (D7.8)', () => {
  it('counts changed sentences over reference sentences across a multi-sentence row', () => {
    // MODIFIED: ref 3 sentences, hyp 4, in-order matches "Hello there." and "Fine." → changed 4 − 2 = 2
    // UNCHANGED: 2 reference sentences, 0 changed. ADDED/DELETED are not counted.
    const p = prepared(
      ['transcript'],
      [t('Hello there. How are u? Fine. Thanks.'), t('One. Two.'), t('Gone. Away.')],
      [t('Hello there. How are you? Fine.'), t('One. Two.'), t('New. Stuff.')],
    );
    const m = computeMetrics(
      p,
      [unit('MODIFIED', [0], [0]), unit('UNCHANGED', [1], [1]), unit('DELETED', [2], []), unit('ADDED', [], [2])],
      config(),
    );
    expect(m.counts.sentences).toEqual({ reference: 5, changed: 2 });
    expect(m.scores.transcriptSER).toBeCloseTo(0.4, 12);
  });

  it('compares a split group as its joined text', () => {
    const p = prepared(['transcript'], [t('First part. Second part.')], [t('First part.'), t('Second part.')]);
    const m = computeMetrics(p, [unit('SPLIT', [0], [0, 1])], config());
    expect(m.counts.sentences).toEqual({ reference: 2, changed: 0 });
    expect(m.scores.transcriptSER).toBe(0);
  });
});

describe('SACR (D7.9)', () => {
  const original = [t('a', { speaker: 'A' }), t('b', { speaker: 'B' }), t('c', { speaker: 'A' }), t('d', { speaker: 'A' })];
  const reworked = [t('a!', { speaker: 'A' }), t('b!', { speaker: 'C' }), t('c!', { speaker: 'A' }), t('d', { speaker: 'B' })];
  const units = [unit('MODIFIED', [0], [0]), unit('MODIFIED', [1], [1]), unit('MODIFIED', [2], [2]), unit('MODIFIED', [3], [3])];

  it('is MODIFIED rows whose speaker changed ÷ MODIFIED rows', () => {
    const m = computeMetrics(prepared(['transcript', 'speaker'], original, reworked, 'speaker'), units, config());
    expect(m.counts.speakerChanged).toBe(2);
    expect(m.scores.SACR).toBe(0.5);
  });

  it('is null without a speaker column, and null when disabled', () => {
    expect(computeMetrics(prepared(['transcript'], original, reworked, null), units, config()).scores.SACR).toBeNull();
    expect(
      computeMetrics(prepared(['transcript', 'speaker'], original, reworked, 'speaker'), units, config({ enableSACR: false })).scores.SACR,
    ).toBeNull();
  });

  it('is 0 when there is no MODIFIED row', () => {
    const p = prepared(['transcript', 'speaker'], [original[0]], [original[0]], 'speaker');
    expect(computeMetrics(p, [unit('UNCHANGED', [0], [0])], config()).scores.SACR).toBe(0);
  });

  it('works from a speaker column that is not a compared column (ignored by ignoreColNames)', () => {
    const m = computeMetrics(prepared(['transcript'], original, reworked, 'speaker'), units, config({ ignoreColNames: ['speaker'] }));
    expect(m.scores.SACR).toBe(0.5);
  });
});

describe('flags (D7.10) and the work budget (D7.11)', () => {
  const p = prepared(['transcript', 'speaker'], [t('the cat', { speaker: 'A' })], [t('the bat', { speaker: 'B' })], 'speaker');
  const units = [unit('MODIFIED', [0], [0])];

  it('a disabled metric is null and its counts are not computed', () => {
    const m = computeMetrics(p, units, config({ enableCER: false, enableWER: false, enableSegER: false, enableSER: false }));
    expect(m.scores).toMatchObject({ overallCER: null, overallWER: null, SegER: null, SER: null });
    expect(m.scores.transcriptCER).toBeCloseTo(1 / 7, 12);
    expect(m.counts.char.referenceLength).toBe(0);
    expect(m.counts.transcriptChar.referenceLength).toBe(7);
  });

  it('every metric disabled gives every score null', () => {
    const m = computeMetrics(
      p,
      units,
      config({
        enableCER: false,
        enableWER: false,
        enableSegER: false,
        enableSER: false,
        enableTranscriptCER: false,
        enableTranscriptWER: false,
        enableTranscriptSER: false,
        enableSACR: false,
      }),
    );
    expect(Object.values(m.scores).every((v) => v === null)).toBe(true);
  });

  it('a pair past the budget is scored from the word-anchored alignment and counted', () => {
    const m = computeMetrics(p, units, config(), createWorkBudget(0));
    expect(m.approximateEntries).toBe(1);
    // "the bat" vs "the cat": the anchor "the" holds, the gap is compared exactly: still 1 substitution.
    expect(m.counts.transcriptChar).toMatchObject({ substitutions: 1, referenceLength: 7 });
  });
});

describe('the worked example of docs/metrics.md, from rows to grade', () => {
  it('gives the hand-computed scores, counts and composite', () => {
    const p = prepared(
      ['speaker', 'transcript'],
      [
        t('Hello, thank you for calling.', { speaker: 'Agent' }),
        t('How can I help you today', { speaker: 'Agent' }),
        t('I want to check my order', { speaker: 'Agent' }),
      ],
      [
        t('Hello, thank you for calling.', { speaker: 'Agent' }),
        t('How can I help you today?', { speaker: 'Agent' }),
        t('I want to check my order.', { speaker: 'Caller' }),
      ],
      'speaker',
    );
    const m = computeMetrics(p, [unit('UNCHANGED', [0], [0]), unit('MODIFIED', [1], [1]), unit('MODIFIED', [2], [2])], config());
    expect(m.counts.transcriptChar).toEqual({ substitutions: 0, deletions: 2, insertions: 0, hits: 77, referenceLength: 79 });
    expect(m.counts.transcriptWord).toEqual({ substitutions: 2, deletions: 0, insertions: 0, hits: 15, referenceLength: 17 });
    expect(m.counts.char).toEqual({ substitutions: 3, deletions: 4, insertions: 1, hits: 88, referenceLength: 95 });
    expect(m.counts.word).toEqual({ substitutions: 3, deletions: 0, insertions: 0, hits: 17, referenceLength: 20 });
    expect(m.scores.transcriptCER).toBeCloseTo(2 / 79, 12);
    expect(m.scores.transcriptWER).toBeCloseTo(2 / 17, 12);
    expect(m.scores.overallCER).toBeCloseTo(8 / 95, 12);
    expect(m.scores.overallWER).toBeCloseTo(0.15, 12);
    expect(m.scores.SegER).toBe(0);
    expect(m.scores.SER).toBeCloseTo(2 / 3, 12);
    expect(m.scores.transcriptSER).toBeCloseTo(2 / 3, 12);
    expect(m.scores.SACR).toBe(0.5);
    expect(computeComposite(m.scores, config())).toEqual({
      grade: 3.43,
      label: 'Acceptable',
      percent: '24.44%',
      enabledMetrics: ['CER', 'Transcript CER', 'WER', 'Transcript WER', 'SegER', 'SER', 'Transcript SER'],
    });
  });
});
