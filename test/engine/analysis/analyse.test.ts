import fc from 'fast-check';
import { runDiff } from '../../../src/engine';
import type { EntryEdits } from '../../../src/engine/types';
import { DiffConfig, DiffData, EditCounts, Row, STATUSES } from '../../../src/engine/types';
import { createWorkBudget } from '../../../src/engine/distance/work-budget';
import { MAX_MAPPED_LABELS } from '../../../src/engine/analysis/speaker-pairings';
import { DEFAULT_COLUMN_LAYOUT } from '../../../src/engine/prepare/prepared-sides';

const WORDS = ['yeah', 'okay', 'so', 'the', 'revenue', 'grew', 'Yeah.', 'café', 'كتب', '🙂', 'ten', 'percent', 'a', 'b'];
const SPEAKERS = ['Maria', 'Tom', 'A', 'B', '', null];

const wordsArb = fc.array(fc.constantFrom(...WORDS), { maxLength: 12 });
const rowArb = fc.record({
  transcript: wordsArb.map((w) => w.join(' ')),
  speaker: fc.constantFrom(...SPEAKERS),
  start_time: fc.integer({ min: 0, max: 60 }),
  note: fc.constantFrom('x', 'y', 'x y', ''),
});

/** Word-level edits of a text: substitutions, insertions, deletions at random places. */
function editWords(text: string, edits: Array<[number, number, string]>): string {
  const words = text === '' ? [] : text.split(' ');
  for (const [kind, at, word] of edits) {
    const i = words.length === 0 ? 0 : at % words.length;
    if (kind === 0 && words.length > 0) words[i] = word;
    else if (kind === 1) words.splice(i, 0, word);
    else if (words.length > 0) words.splice(i, 1);
  }
  return words.join(' ');
}

const editArb = fc.array(fc.tuple(fc.integer({ min: 0, max: 2 }), fc.nat(), fc.constantFrom(...WORDS)), { maxLength: 4 });

const documentArb = fc.array(rowArb, { maxLength: 12 }).chain((original) =>
  fc
    .tuple(
      fc.array(fc.tuple(fc.constantFrom('keep', 'edit', 'drop', 'add', 'split', 'merge', 'relabel', 'retime'), editArb, rowArb), {
        minLength: original.length,
        maxLength: original.length,
      }),
      fc.boolean(),
    )
    .map(([ops, renameSpeakers]) => {
      const reworked: Row[] = [];
      for (let i = 0; i < original.length; i++) {
        const row = original[i];
        const [op, edits, fresh] = ops[i];
        const text = String(row.transcript);
        switch (op) {
          case 'keep':
            reworked.push({ ...row });
            break;
          case 'edit':
            reworked.push({ ...row, transcript: editWords(text, edits) });
            break;
          case 'drop':
            break;
          case 'add':
            reworked.push({ ...row }, fresh);
            break;
          case 'relabel':
            reworked.push({ ...row, speaker: fresh.speaker, transcript: editWords(text, edits) });
            break;
          case 'retime':
            reworked.push({ ...row, start_time: Number(row.start_time) + 0.25 });
            break;
          case 'split': {
            const words = text.split(' ');
            const half = Math.ceil(words.length / 2);
            reworked.push({ ...row, transcript: words.slice(0, half).join(' ') }, { ...row, speaker: fresh.speaker, transcript: editWords(words.slice(half).join(' '), edits) });
            break;
          }
          case 'merge':
            if (i + 1 < original.length) {
              reworked.push({ ...row, transcript: editWords(`${text} ${String(original[i + 1].transcript)}`, edits) });
              i++;
            } else reworked.push(row);
            break;
        }
      }
      // The draft's labels as a diarizer would write them: another name per speaker.
      const renamed = renameSpeakers
        ? original.map((row) => ({ ...row, speaker: typeof row.speaker === 'string' && row.speaker !== '' ? `spk_${SPEAKERS.indexOf(row.speaker)}` : row.speaker }))
        : original;
      return { original: renamed, reworked };
    }),
);

const configArb: fc.Arbitrary<Partial<DiffConfig>> = fc.record(
  {
    simpleMode: fc.boolean(),
    positionalMode: fc.boolean(),
    stripDiacritics: fc.boolean(),
    enableCER: fc.boolean(),
    enableTranscriptWER: fc.boolean(),
    enableSACR: fc.boolean(),
    ignoreColNames: fc.subarray(['speaker', 'note', 'start_time', 'transcript']),
  },
  { requiredKeys: [] },
);

/** An entry's positional counts as a record; hits are the reference tokens neither substituted nor deleted. */
function editCounts([substitutions, deletions, insertions, referenceLength]: EntryEdits): EditCounts {
  return { substitutions, deletions, insertions, hits: referenceLength - substitutions - deletions, referenceLength };
}

function sum(records: EditCounts[]): EditCounts {
  const total = { substitutions: 0, deletions: 0, insertions: 0, hits: 0, referenceLength: 0 };
  for (const r of records) {
    total.substitutions += r.substitutions;
    total.deletions += r.deletions;
    total.insertions += r.insertions;
    total.hits += r.hits;
    total.referenceLength += r.referenceLength;
  }
  return total;
}

/** data with the analysis removed: what the same request gives with it off. */
function withoutAnalysis(data: DiffData): DiffData {
  const { analysis: _analysis, ...rest } = data;
  return {
    ...rest,
    results: data.results.map((entry) => {
      const { transcriptCounts: _counts, editKinds: _kinds, ...kept } = entry;
      return kept;
    }),
  };
}

function on(request: { original: Row[]; reworked: Row[] }, config: Partial<DiffConfig>, budgetUnits?: number): DiffData {
  return runDiff({ ...request, config: { ...config, enableAnalysis: true } }, DEFAULT_COLUMN_LAYOUT, createWorkBudget(budgetUnits));
}

describe('analysis off: the answer keeps its bytes', () => {
  it('absent, false, and on with the analysis removed give the same JSON', () => {
    fc.assert(
      fc.property(documentArb, configArb, (request, config) => {
        const absent = JSON.stringify(runDiff({ ...request, config }));
        expect(JSON.stringify(runDiff({ ...request, config: { ...config, enableAnalysis: false } }))).toBe(absent);
        const data = on(request, config);
        expect(Object.keys(data)).toEqual(['results', 'scores', 'counts', 'composite', 'meta', 'analysis']);
        expect(JSON.stringify(withoutAnalysis(data))).toBe(absent);
      }),
      { numRuns: 300 },
    );
  });
});

describe('analysis: parts add up to the totals', () => {
  it('entries, speakers and columns sum to counts; confusions to the word S/D/I', () => {
    fc.assert(
      fc.property(documentArb, configArb, (request, config) => {
        const data = on(request, config);
        const analysis = data.analysis!;
        const entries = data.results.filter((e) => e.trace !== true);
        expect(data.results.filter((e) => e.trace === true).every((e) => e.transcriptCounts === undefined)).toBe(true);
        const own = entries.map((e) => e.transcriptCounts!);
        expect(own.every((c) => c.char.length === 4 && c.word.length === 4)).toBe(true);
        expect(sum(own.map((c) => editCounts(c.char)))).toEqual(data.counts.transcriptChar);
        expect(sum(own.map((c) => editCounts(c.word)))).toEqual(data.counts.transcriptWord);

        expect(sum(analysis.speakers.map((s) => s.char))).toEqual(data.counts.transcriptChar);
        expect(sum(analysis.speakers.map((s) => s.word))).toEqual(data.counts.transcriptWord);
        for (const status of STATUSES) {
          expect(analysis.speakers.reduce((n, s) => n + s.entries[status], 0)).toBe(data.counts.rows[status]);
        }
        expect(new Set(analysis.speakers.map((s) => s.speaker)).size).toBe(analysis.speakers.length);

        expect(sum(analysis.columns.map((c) => c.char))).toEqual(data.counts.char);
        expect(sum(analysis.columns.map((c) => c.word))).toEqual(data.counts.word);

        const { confusions } = analysis;
        expect(confusions.approximateEntries).toBe(0);
        expect(confusions.substitutions.total).toBe(data.counts.transcriptWord.substitutions);
        expect(confusions.insertions.total).toBe(data.counts.transcriptWord.insertions);
        expect(confusions.deletions.total).toBe(data.counts.transcriptWord.deletions);
        const listed = (xs: Array<{ count: number }>) => xs.reduce((n, x) => n + x.count, 0);
        if (confusions.substitutions.top.length < 50) expect(listed(confusions.substitutions.top)).toBe(confusions.substitutions.total);
        if (confusions.insertions.top.length < 50) expect(listed(confusions.insertions.top)).toBe(confusions.insertions.total);
        if (confusions.deletions.top.length < 50) expect(listed(confusions.deletions.top)).toBe(confusions.deletions.total);
      }),
      { numRuns: 400 },
    );
  });

  it('under a tiny work budget, confusions still equal the counts whenever none is approximate', () => {
    fc.assert(
      fc.property(documentArb, fc.integer({ min: 0, max: 400 }), (request, units) => {
        const data = on(request, {}, units);
        const { confusions } = data.analysis!;
        expect(confusions.approximateEntries).toBeLessThanOrEqual(data.meta.approximateEntries);
        if (confusions.approximateEntries === 0) {
          expect(confusions.substitutions.total).toBe(data.counts.transcriptWord.substitutions);
          expect(confusions.insertions.total).toBe(data.counts.transcriptWord.insertions);
          expect(confusions.deletions.total).toBe(data.counts.transcriptWord.deletions);
        }
        const own = data.results.filter((e) => e.trace !== true).map((e) => e.transcriptCounts!);
        expect(sum(own.map((c) => editCounts(c.word)))).toEqual(data.counts.transcriptWord);
      }),
      { numRuns: 300 },
    );
  });
});

describe('analysis: confusions of approximately counted entries', () => {
  // A long row of six words in random order, edited at random: the anchors of an empty budget's
  // approximation find a worse alignment than the minimum.
  let seed = 1;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const word = () => `w${Math.floor(random() * 6)}`;
  const words = Array.from({ length: 300 }, word);
  const edited: string[] = [];
  for (const w of words) {
    const r = random();
    if (r < 0.15) edited.push(word());
    else if (r < 0.25 && r >= 0.2) edited.push(w, word());
    else if (r >= 0.2) edited.push(w);
  }
  const request = { original: [{ transcript: edited.join(' ') }], reworked: [{ transcript: words.join(' ') }] };

  it('come from the anchored alignment the counts came from, and say so', () => {
    const data = on(request, {}, 0);
    const exact = on(request, {});
    expect(data.meta.approximateEntries).toBe(1);
    expect(data.counts.transcriptWord).not.toEqual(exact.counts.transcriptWord);
    const { confusions } = data.analysis!;
    expect(confusions.approximateEntries).toBe(1);
    expect(confusions.substitutions.total).toBe(data.counts.transcriptWord.substitutions);
    expect(confusions.insertions.total).toBe(data.counts.transcriptWord.insertions);
    expect(confusions.deletions.total).toBe(data.counts.transcriptWord.deletions);
  });

  it('with the budget to count them exactly, come from the minimal alignment', () => {
    const data = on(request, {});
    expect(data.meta.approximateEntries).toBe(0);
    expect(data.analysis!.confusions.approximateEntries).toBe(0);
    expect(data.analysis!.confusions.substitutions.total).toBe(data.counts.transcriptWord.substitutions);
    expect(data.analysis!.confusions.deletions.total).toBe(data.counts.transcriptWord.deletions);
  });
});

describe('analysis: speaker mapping', () => {
  it('is one-to-one on the labels it maps, and null without a speaker column', () => {
    fc.assert(
      fc.property(documentArb, configArb, (request, config) => {
        const data = on(request, config);
        const mapping = data.analysis!.speakerMapping;
        if (mapping === null) return;
        const originals = mapping.pairs.map((p) => p.original);
        const reworkeds = mapping.pairs.map((p) => p.reworked);
        expect(new Set(originals).size).toBe(originals.length);
        expect(new Set(reworkeds).size).toBe(reworkeds.length);
        expect(mapping.pairs.every((p) => p.support > 0)).toBe(true);
        for (const label of mapping.unmappedOriginal) expect(originals).not.toContain(label);
        for (const label of mapping.unmappedReworked) expect(reworkeds).not.toContain(label);
        expect(mapping.modifiedRows).toBe(data.counts.rows.MODIFIED);
        if (mapping.pairs.every((p) => p.original === p.reworked) && data.scores.SACR !== null) {
          expect(mapping.mappedSpeakerChanged).toBe(data.counts.speakerChanged);
        }
      }),
      { numRuns: 300 },
    );
    const none = on({ original: [{ transcript: 'a b' }], reworked: [{ transcript: 'a c' }] }, {});
    expect(none.analysis!.speakerMapping).toBeNull();
    expect(none.analysis!.speakers).toEqual([expect.objectContaining({ speaker: null })]);
  });

  it('pairs renamed labels with their names and reports the mapped rate beside SACR', () => {
    const original = [
      { speaker: 'spk_0', transcript: 'hello there how are you', start_time: 0, end_time: 2 },
      { speaker: 'spk_1', transcript: 'fine thanks and you', start_time: 2, end_time: 4 },
      { speaker: 'spk_0', transcript: 'good good very good', start_time: 4, end_time: 6 },
      { speaker: 'spk_1', transcript: 'glad to hear it', start_time: 6, end_time: 8 },
    ];
    const reworked = [
      { speaker: 'Maria', transcript: 'hello there how are you', start_time: 0, end_time: 2 },
      { speaker: 'Tom', transcript: 'fine thanks and you', start_time: 2.05, end_time: 4 },
      { speaker: 'Maria', transcript: 'good very good', start_time: 4.5, end_time: 6 },
      { speaker: 'Maria', transcript: 'glad to hear it', start_time: 6, end_time: 8 },
    ];
    const data = on({ original, reworked }, {});
    const mapping = data.analysis!.speakerMapping!;
    expect(mapping.pairs).toEqual([
      { original: 'spk_0', reworked: 'Maria', support: 8 },
      { original: 'spk_1', reworked: 'Tom', support: 4 },
    ]);
    expect(mapping.modifiedRows).toBe(4);
    expect(data.scores.SACR).toBe(1);
    expect(mapping.mappedSpeakerChanged).toBe(1);
    expect(mapping.mappedSACR).toBe(0.25);
    const timing = data.analysis!.timing!;
    expect(timing.starts).toEqual({ compared: 4, moved: 2, beyondTolerance: 1, meanAbsShift: 0.1375, maxAbsShift: 0.5 });
    expect(timing.ends.moved).toBe(0);
    expect(data.analysis!.confusions.insertions).toEqual({ total: 1, top: [{ word: 'good', count: 1 }] });
    expect(data.analysis!.speakers.map((s) => [s.speaker, s.word.referenceLength])).toEqual([
      ['Maria', 12],
      ['Tom', 4],
    ]);
  });

  it('counts a DELETED row for its mapped speaker', () => {
    const original = [
      { speaker: 'A', transcript: 'one two three four' },
      { speaker: 'A', transcript: 'entirely different words here' },
      { speaker: 'B', transcript: 'five six seven' },
    ];
    const reworked = [
      { speaker: 'Maria', transcript: 'one two three four' },
      { speaker: 'Tom', transcript: 'five six seven' },
    ];
    const data = on({ original, reworked }, {});
    expect(data.results.map((e) => e.status)).toEqual(['MODIFIED', 'DELETED', 'MODIFIED']);
    const maria = data.analysis!.speakers.find((s) => s.speaker === 'Maria')!;
    expect(maria.entries.DELETED).toBe(1);
    expect(maria.word.insertions).toBe(4);
  });
});

describe('analysis: bounds and disabled levels', () => {
  it('weighs at most MAX_MAPPED_LABELS labels of a side, those with the most support', () => {
    const rows = (prefix: string) =>
      Array.from({ length: MAX_MAPPED_LABELS + 44 }, (_, k) => ({ speaker: `${prefix}${k}`, transcript: `row ${k} ${'word '.repeat(k % 7)}`.trim() }));
    const mapping = on({ original: rows('o'), reworked: rows('r') }, {}).analysis!.speakerMapping!;
    expect(mapping.pairs).toHaveLength(MAX_MAPPED_LABELS);
    expect(mapping.pairs.every((p) => p.original.slice(1) === p.reworked.slice(1))).toBe(true);
    expect(mapping.unmappedOriginal).toHaveLength(44);
    expect(mapping.unmappedReworked).toHaveLength(44);
    // Left out: the 43 labels of least support (2 words: k % 7 === 0), then one of 3 words, the
    // last in code-unit order among them.
    const leftOut = mapping.unmappedOriginal.map((label) => Number(label.slice(1)));
    expect(leftOut.filter((k) => k % 7 === 0)).toHaveLength(43);
    expect(leftOut.filter((k) => k % 7 === 1)).toEqual([99]);
  });

  it('with no transcript level enabled, the entries carry zero counts and there are no confusions', () => {
    const config = { enableCER: false, enableWER: false, enableTranscriptCER: false, enableTranscriptWER: false, enableTranscriptSER: false };
    const data = on({ original: [{ transcript: 'a b c' }], reworked: [{ transcript: 'a x c' }] }, config);
    const zero = { substitutions: 0, deletions: 0, insertions: 0, hits: 0, referenceLength: 0 };
    expect(data.results[0].transcriptCounts).toEqual({ char: [0, 0, 0, 0], word: [0, 0, 0, 0] });
    expect(data.analysis!.confusions.substitutions.total).toBe(0);
    expect(data.analysis!.columns).toEqual([{ column: 'transcript', char: zero, word: zero }]);
  });
});

describe('analysis: confusions', () => {
  it('lists substitutions by count, then words in code-unit order', () => {
    const original = [
      { transcript: 'the cat sat on the mat' },
      { transcript: 'a cat and a hat' },
      { transcript: 'zed one' },
    ];
    const reworked = [
      { transcript: 'the dog sat on the mat' },
      { transcript: 'a dog and a bat' },
      { transcript: 'zed one two' },
    ];
    const { confusions } = on({ original, reworked }, {}).analysis!;
    expect(confusions.substitutions).toEqual({
      total: 3,
      top: [
        { reference: 'dog', hypothesis: 'cat', count: 2 },
        { reference: 'bat', hypothesis: 'hat', count: 1 },
      ],
    });
    expect(confusions.deletions).toEqual({ total: 1, top: [{ word: 'two', count: 1 }] });
    expect(confusions.insertions).toEqual({ total: 0, top: [] });
  });
});
