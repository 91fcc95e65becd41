import { CHAR_ADVERSARIES, editCharacters, MAX_BODY_BYTES, realisticFamily, resegment, ROW_ADVERSARIES } from '../../scripts/bench/bodies';
import { createPrng } from '../../scripts/lib/prng';
import { describeWithEvalData } from '../support/eval-data';

describe('resegment', () => {
  it('cuts rows to at most maxWords words and shares the times out', () => {
    const rows = resegment([{ transcript: 'one two three, four five six seven. eight nine', speaker: 'A', start_time: 10, end_time: 20 }], 4);
    expect(rows.map((r) => r.transcript)).toEqual(['one two three,', 'four five six seven.', 'eight nine']);
    expect(rows.every((r) => r.speaker === 'A')).toBe(true);
    expect(rows[0]?.start_time).toBe(10);
    expect(rows[2]?.end_time).toBe(20);
    expect((rows[1]?.start_time as number) > 10).toBe(true);
  });
});

describe('adversarial bodies', () => {
  it('identical: every row the same, a few deleted', () => {
    const { original, reworked } = ROW_ADVERSARIES['adv-identical']!.make(3000, 1);
    expect(original).toHaveLength(3000);
    expect(reworked).toHaveLength(2997);
    expect(new Set([...original, ...reworked].map((r) => r['transcript'])).size).toBe(1);
  });
});

// Built from the human transcripts of the evaluation corpus (scripts/lib/synthetic.ts).
describeWithEvalData('bodies built from the evaluation corpus', () => {
  describe('realisticFamily', () => {
    const spec = { family: 'realistic-test', description: 'test', rows: 400, maxWords: 8, times: false };
    let bodies: ReturnType<typeof realisticFamily>;
    beforeAll(() => {
      bodies = realisticFamily(spec, [100, 400], 1);
    });

    it('is deterministic for a seed', () => {
      expect(realisticFamily(spec, [100, 400], 1).map((b) => b.json)).toEqual(bodies.map((b) => b.json));
      expect(realisticFamily(spec, [400], 2)[0]?.json).not.toEqual(bodies[1]?.json);
    });

    it('names sizes and keeps rows a side within the size', () => {
      expect(bodies.map((b) => b.name)).toEqual(['realistic-test@100', 'realistic-test']);
      for (const [i, n] of [100, 400].entries()) {
        const b = bodies[i];
        expect(Math.max(b?.originalRows ?? 0, b?.reworkedRows ?? 0)).toBeLessThanOrEqual(n);
        expect(Math.max(b?.originalRows ?? 0, b?.reworkedRows ?? 0)).toBeGreaterThan(n * 0.9);
      }
    });

    it('makes the smaller size a prefix of the larger', () => {
      const small = JSON.parse(bodies[0]?.json ?? '') as { original: unknown[]; reworked: unknown[] };
      const large = JSON.parse(bodies[1]?.json ?? '') as { original: unknown[]; reworked: unknown[] };
      expect(large.original.slice(0, small.original.length)).toEqual(small.original);
      expect(large.reworked.slice(0, small.reworked.length)).toEqual(small.reworked);
    });

    it('mixes unchanged and modified rows at roughly the benchmark rates', () => {
      const body = JSON.parse(bodies[1]?.json ?? '') as { original: Array<{ transcript: string }>; reworked: Array<{ transcript: string }> };
      const reworked = new Set(body.reworked.map((r) => r.transcript));
      const same = body.original.filter((r) => reworked.has(r.transcript)).length / body.original.length;
      expect(same).toBeGreaterThan(0.35);
      expect(same).toBeLessThan(0.75);
    });
  });

  describe('adversarial bodies drawn from its words', () => {
    it('all-different: no text shared across sides; shuffled: same rows, other order', () => {
      const diff = ROW_ADVERSARIES['adv-all-different']!.make(500, 1);
      const left = new Set(diff.reworked.map((r) => r['transcript']));
      expect(diff.original.some((r) => left.has(r['transcript']))).toBe(false);
      expect(left.size).toBe(500);
      const shuffled = ROW_ADVERSARIES['adv-shuffled']!.make(500, 1);
      const text = (rows: Array<Record<string, unknown>>) => rows.map((r) => String(r['transcript']));
      expect([...text(shuffled.original)].sort()).toEqual([...text(shuffled.reworked)].sort());
      expect(text(shuffled.original)).not.toEqual(text(shuffled.reworked));
    });

    it('huge row: cells of at most 100,000 characters, body under 5 MiB', () => {
      const { original, reworked } = CHAR_ADVERSARIES['adv-huge-row']!.make(2_400_000, 1);
      const cells = Object.values(reworked[0] ?? {}) as string[];
      expect(cells).toHaveLength(24);
      expect(cells.every((c) => c.length === 100_000)).toBe(true);
      expect(Object.values(original[0] ?? {}).every((c) => (c as string).length <= 100_000)).toBe(true);
      expect(Buffer.byteLength(JSON.stringify({ original, reworked }))).toBeLessThanOrEqual(MAX_BODY_BYTES);
    });

    it('no-spaces: one 100,000-character cell without a space per side', () => {
      const { original, reworked } = CHAR_ADVERSARIES['adv-no-spaces']!.make(100_000, 1);
      const text = String(reworked[0]?.['transcript']);
      expect(text).toHaveLength(100_000);
      expect(text).not.toMatch(/\s/);
      expect(String(original[0]?.['transcript'])).not.toEqual(text);
    });
  });
});

describe('editCharacters', () => {
  it('touches about the given share of characters', () => {
    const text = 'x'.repeat(20_000);
    const edited = editCharacters(text, 0.05, createPrng(3));
    const changed = [...edited].filter((c) => c !== 'x').length;
    expect(changed).toBeGreaterThan(300);
    expect(changed).toBeLessThan(1000);
  });
});
