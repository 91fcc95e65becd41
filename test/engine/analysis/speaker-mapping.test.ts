import fc from 'fast-check';
import { mapSpeakers, mappedChanges, type SpeakerPairing } from '../../../src/engine/analysis/speaker-mapping';

const labelsOf = (pairings: SpeakerPairing[]) => ({
  originalLabels: [...new Set(pairings.map((p) => p.original))],
  reworkedLabels: [...new Set(pairings.map((p) => p.reworked))],
});

const asMap = (pairs: { original: string; reworked: string }[]) => Object.fromEntries(pairs.map((p) => [p.original, p.reworked]));

/**
 * Every one-to-one mapping of supported pairs, original labels in code-unit order each trying
 * the reworked labels in code-unit order and "unmapped" last; the first met with the best
 * (total support, identical pairs) is the one mapSpeakers must give.
 */
function bruteForce(pairings: SpeakerPairing[]): { support: number; identical: number; mapping: Record<string, string> } {
  const support = new Map<string, number>();
  for (const p of pairings) {
    const key = JSON.stringify([p.original, p.reworked]);
    support.set(key, (support.get(key) ?? 0) + p.weight);
  }
  const originals = [...new Set(pairings.map((p) => p.original))].sort();
  const reworkeds = [...new Set(pairings.map((p) => p.reworked))].sort();
  const used = new Set<string>();
  const current: Record<string, string> = {};
  let best = { support: -1, identical: -1, mapping: {} as Record<string, string> };
  const visit = (i: number, total: number, identical: number) => {
    if (i === originals.length) {
      if (total > best.support || (total === best.support && identical > best.identical)) {
        best = { support: total, identical, mapping: { ...current } };
      }
      return;
    }
    const o = originals[i];
    for (const r of reworkeds) {
      const s = support.get(JSON.stringify([o, r])) ?? 0;
      if (used.has(r) || s === 0) continue;
      used.add(r);
      current[o] = r;
      visit(i + 1, total + s, identical + (o === r ? 1 : 0));
      used.delete(r);
      delete current[o];
    }
    visit(i + 1, total, identical);
  };
  visit(0, 0, 0);
  return best;
}

describe('mapSpeakers', () => {
  it('maps A/B to Maria/Tom from the rows they share', () => {
    const pairings: SpeakerPairing[] = [
      { original: 'A', reworked: 'Maria', weight: 12 },
      { original: 'B', reworked: 'Tom', weight: 9 },
      { original: 'A', reworked: 'Maria', weight: 30 },
      { original: 'B', reworked: 'Maria', weight: 2 }, // one row the draft gave to the wrong speaker
      { original: 'A', reworked: 'Tom', weight: 1 },
      { original: 'B', reworked: 'Tom', weight: 14 },
    ];
    expect(mapSpeakers(pairings, labelsOf(pairings))).toEqual({
      pairs: [
        { original: 'A', reworked: 'Maria', support: 42 },
        { original: 'B', reworked: 'Tom', support: 23 },
      ],
      unmappedOriginal: [],
      unmappedReworked: [],
    });
  });

  it('maps the machine labels of a lattifai pair to the ground-truth names', () => {
    // The machine file writes speakers with a trailing colon and misspells one name.
    const pairings: SpeakerPairing[] = [
      { original: 'Barret Zoph:', reworked: 'Barrett Zoph', weight: 48 },
      { original: 'ChatGPT:', reworked: 'ChatGPT', weight: 31 },
      { original: 'Barret Zoph:', reworked: 'Barrett Zoph', weight: 22 },
      { original: 'ChatGPT:', reworked: 'Barrett Zoph', weight: 3 },
      { original: 'ChatGPT:', reworked: 'ChatGPT', weight: 17 },
    ];
    const mapping = mapSpeakers(pairings, {
      originalLabels: ['Barret Zoph:', 'ChatGPT:'],
      reworkedLabels: ['Barrett Zoph', 'ChatGPT'],
    });
    expect(mapping.pairs).toEqual([
      { original: 'Barret Zoph:', reworked: 'Barrett Zoph', support: 70 },
      { original: 'ChatGPT:', reworked: 'ChatGPT', support: 48 },
    ]);
    expect(mapping.unmappedOriginal).toEqual([]);
    expect(mapping.unmappedReworked).toEqual([]);
  });

  it('maps spk_0/spk_1 to names, and leaves a third label without partner unmapped', () => {
    const pairings: SpeakerPairing[] = [
      { original: 'spk_1', reworked: 'Barrett Zoph', weight: 40 },
      { original: 'spk_0', reworked: 'ChatGPT', weight: 25 },
      { original: 'spk_2', reworked: 'ChatGPT', weight: 5 },
      { original: 'spk_0', reworked: 'Barrett Zoph', weight: 4 },
    ];
    expect(
      mapSpeakers(pairings, { originalLabels: ['spk_0', 'spk_1', 'spk_2'], reworkedLabels: ['Barrett Zoph', 'ChatGPT', 'Host'] }),
    ).toEqual({
      pairs: [
        { original: 'spk_1', reworked: 'Barrett Zoph', support: 40 },
        { original: 'spk_0', reworked: 'ChatGPT', support: 25 },
      ],
      unmappedOriginal: ['spk_2'],
      unmappedReworked: ['Host'],
    });
  });

  it('maps identical labels to themselves when that is as good as any other mapping', () => {
    // Swapping (A→B, B→A) explains exactly as many words as keeping (A→A, B→B).
    const pairings: SpeakerPairing[] = [
      { original: 'A', reworked: 'B', weight: 5 },
      { original: 'B', reworked: 'A', weight: 5 },
      { original: 'A', reworked: 'A', weight: 5 },
      { original: 'B', reworked: 'B', weight: 5 },
    ];
    expect(asMap(mapSpeakers(pairings, labelsOf(pairings)).pairs)).toEqual({ A: 'A', B: 'B' });
  });

  it('keeps an identical label even where label order alone would give it away', () => {
    // Every pair explains 5 words; by label order 'Tom' (first original) would take 'Maria'.
    const pairings: SpeakerPairing[] = [
      { original: 'Tom', reworked: 'Maria', weight: 5 },
      { original: 'Tom', reworked: 'Tom', weight: 5 },
      { original: 'spk_1', reworked: 'Maria', weight: 5 },
      { original: 'spk_1', reworked: 'Tom', weight: 5 },
    ];
    expect(asMap(mapSpeakers(pairings, labelsOf(pairings)).pairs)).toEqual({ Tom: 'Tom', spk_1: 'Maria' });
  });

  it('keeps one identical pair over a tie in support that would keep none', () => {
    // {B→B, A→C} and {A→B, B→C} both explain 4 words; only the first keeps a label.
    const pairings: SpeakerPairing[] = [
      { original: 'A', reworked: 'B', weight: 2 },
      { original: 'B', reworked: 'C', weight: 2 },
      { original: 'B', reworked: 'B', weight: 2 },
      { original: 'A', reworked: 'C', weight: 2 },
    ];
    expect(asMap(mapSpeakers(pairings, labelsOf(pairings)).pairs)).toEqual({ A: 'C', B: 'B' });
  });

  it('maps identical labels apart when that explains one more word', () => {
    const pairings: SpeakerPairing[] = [
      { original: 'A', reworked: 'B', weight: 6 },
      { original: 'B', reworked: 'A', weight: 5 },
      { original: 'A', reworked: 'A', weight: 5 },
      { original: 'B', reworked: 'B', weight: 5 },
    ];
    expect(asMap(mapSpeakers(pairings, labelsOf(pairings)).pairs)).toEqual({ A: 'B', B: 'A' });
  });

  it('breaks a full tie by label order: the first original label takes the first reworked label', () => {
    const pairings: SpeakerPairing[] = [
      { original: 'y', reworked: 'Q', weight: 3 },
      { original: 'x', reworked: 'Q', weight: 3 },
      { original: 'y', reworked: 'P', weight: 3 },
      { original: 'x', reworked: 'P', weight: 3 },
    ];
    expect(mapSpeakers(pairings, labelsOf(pairings)).pairs).toEqual([
      { original: 'x', reworked: 'P', support: 3 },
      { original: 'y', reworked: 'Q', support: 3 },
    ]);
  });

  it('never maps a pair without support, not even identical labels, and adds labels met only in pairings', () => {
    const result = mapSpeakers(
      [
        { original: 'A', reworked: 'A', weight: 0 },
        { original: 'B', reworked: 'Tom', weight: 0 },
      ],
      { originalLabels: ['C', 'A', 'C'], reworkedLabels: [] },
    );
    expect(result).toEqual({ pairs: [], unmappedOriginal: ['A', 'B', 'C'], unmappedReworked: ['A', 'Tom'] });
  });

  it('answers an empty mapping for no labels at all', () => {
    expect(mapSpeakers([], { originalLabels: [], reworkedLabels: [] })).toEqual({ pairs: [], unmappedOriginal: [], unmappedReworked: [] });
  });

  it('treats labels as plain strings, prototype keys included', () => {
    const pairings: SpeakerPairing[] = [
      { original: '__proto__', reworked: 'constructor', weight: 2 },
      { original: 'toString', reworked: '__proto__', weight: 1 },
    ];
    expect(asMap(mapSpeakers(pairings, labelsOf(pairings)).pairs)).toEqual(
      Object.fromEntries([
        ['__proto__', 'constructor'],
        ['toString', '__proto__'],
      ]),
    );
  });

  it('throws a RangeError naming a weight that is negative or not an integer', () => {
    const labels = { originalLabels: ['A'], reworkedLabels: ['B'] };
    expect(() => mapSpeakers([{ original: 'A', reworked: 'B', weight: -2 }], labels)).toThrow(
      new RangeError('speaker pairings[0].weight is -2, not a non-negative integer'),
    );
    expect(() => mapSpeakers([{ original: 'A', reworked: 'B', weight: 1 }, { original: 'A', reworked: 'B', weight: 1.5 }], labels)).toThrow(
      /pairings\[1\]\.weight is 1.5/,
    );
  });

  const label = fc.constantFrom('A', 'B', 'C', 'D', 'Maria', 'Tom', 'spk_0', 'spk_1');
  const pairingsArb = fc.array(
    fc.record({ original: label, reworked: label, weight: fc.integer({ min: 0, max: 4 }) }),
    { maxLength: 14 },
  );

  it('matches every mapping tried by hand: support, identical pairs and the tie rule (property)', () => {
    fc.assert(
      fc.property(pairingsArb, (pairings) => {
        const result = mapSpeakers(pairings, labelsOf(pairings));
        const expected = bruteForce(pairings);
        expect(result.pairs.reduce((s, p) => s + p.support, 0)).toBe(expected.support);
        expect(result.pairs.filter((p) => p.original === p.reworked).length).toBe(expected.identical);
        expect(asMap(result.pairs)).toEqual(expected.mapping);
      }),
      { seed: 2020, numRuns: 1500 },
    );
  });

  it('is a bijection on the labels it maps, accounts for every label once, and sorts its lists (property)', () => {
    const extra = fc.array(label, { maxLength: 4 });
    fc.assert(
      fc.property(pairingsArb, extra, extra, (pairings, moreOriginal, moreReworked) => {
        const labels = labelsOf(pairings);
        const result = mapSpeakers(pairings, {
          originalLabels: labels.originalLabels.concat(moreOriginal),
          reworkedLabels: labels.reworkedLabels.concat(moreReworked),
        });
        const originals = result.pairs.map((p) => p.original);
        const reworkeds = result.pairs.map((p) => p.reworked);
        expect(new Set(originals).size).toBe(originals.length);
        expect(new Set(reworkeds).size).toBe(reworkeds.length);
        expect([...originals, ...result.unmappedOriginal].sort()).toEqual([...new Set([...labels.originalLabels, ...moreOriginal])].sort());
        expect([...reworkeds, ...result.unmappedReworked].sort()).toEqual([...new Set([...labels.reworkedLabels, ...moreReworked])].sort());
        expect(result.unmappedOriginal).toEqual([...result.unmappedOriginal].sort());
        expect(result.unmappedReworked).toEqual([...result.unmappedReworked].sort());
        for (const p of result.pairs) {
          const support = pairings.filter((q) => q.original === p.original && q.reworked === p.reworked).reduce((s, q) => s + q.weight, 0);
          expect(p.support).toBe(support);
          expect(p.support).toBeGreaterThan(0);
        }
        for (let i = 1; i < result.pairs.length; i++) {
          const [a, b] = [result.pairs[i - 1], result.pairs[i]];
          expect(a.support > b.support || (a.support === b.support && a.original < b.original)).toBe(true);
        }
      }),
      { seed: 2021, numRuns: 1000 },
    );
  });
});

describe('mappedChanges', () => {
  const mapping = {
    pairs: [
      { original: 'A', reworked: 'Maria', support: 42 },
      { original: 'B', reworked: 'Tom', support: 23 },
    ],
  };

  it('counts a MODIFIED row as changed only when its mapped original label differs from the reworked one', () => {
    expect(
      mappedChanges(
        [
          { original: 'A', reworked: 'Maria' }, // mapped: same
          { original: 'B', reworked: 'Tom' }, // mapped: same
          { original: 'A', reworked: 'Tom' }, // changed
          { original: 'B', reworked: 'B' }, // B stands for Tom now: changed
        ],
        mapping,
      ),
    ).toBe(2);
  });

  it('lets an unmapped label stand for itself', () => {
    expect(
      mappedChanges(
        [
          { original: 'C', reworked: 'C' },
          { original: 'C', reworked: 'Maria' },
        ],
        mapping,
      ),
    ).toBe(1);
  });

  it('compares a missing speaker as null, equal only to another missing speaker', () => {
    expect(
      mappedChanges(
        [
          { original: null, reworked: null },
          { original: null, reworked: 'Maria' },
          { original: 'A', reworked: null },
        ],
        mapping,
      ),
    ).toBe(2);
  });

  it('is 0 with no MODIFIED rows', () => {
    expect(mappedChanges([], mapping)).toBe(0);
  });

  it("equals SACR's raw count with no pairs or with every label mapped to itself (property)", () => {
    const speaker = fc.option(fc.constantFrom('A', 'B', 'C', 'Tom'), { nil: null });
    fc.assert(
      fc.property(fc.array(fc.record({ original: speaker, reworked: speaker }), { maxLength: 20 }), (rows) => {
        const raw = rows.filter((r) => r.original !== r.reworked).length;
        expect(mappedChanges(rows, { pairs: [] })).toBe(raw);
        const identity = ['A', 'B', 'C', 'Tom'].map((l) => ({ original: l, reworked: l, support: 1 }));
        expect(mappedChanges(rows, { pairs: identity })).toBe(raw);
      }),
      { seed: 2022, numRuns: 500 },
    );
  });
});
