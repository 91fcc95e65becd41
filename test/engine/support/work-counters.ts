/**
 * The work an engine call does, counted instead of timed: a test that bounds the work holds on a
 * busy machine as on an idle one, where a time limit fails under load. Each counter watches the
 * engine at a module boundary (the exact kernel, the anchored walk) and leaves the answers as they
 * are; cross-module calls go through the module's exports, so jest's spies see them.
 */
import * as editDistance from '../../../src/engine/distance/edit-distance';
import * as kgramAnchors from '../../../src/engine/distance/kgram-anchors';
import type { AlignmentSink } from '../../../src/engine/distance/kgram-anchors';
import type { WorkBudget } from '../../../src/engine/distance/work-budget';

/** Work units (cell updates) the exact kernel charged while `run` ran, whichever budget paid them. */
export function exactUnitsOf<T>(run: () => T): { result: T; units: number; calls: number } {
  const kernel = editDistance.exactDistance;
  let units = 0;
  let calls = 0;
  const spy = jest.spyOn(editDistance, 'exactDistance').mockImplementation((a, aLo, n, b, bLo, m, budget, upper) => {
    calls++;
    // A budget that can always pay spends like no budget, and says what was spent.
    const paying: WorkBudget = budget ?? { total: Number.MAX_SAFE_INTEGER, remaining: Number.MAX_SAFE_INTEGER };
    const before = paying.remaining;
    const d = kernel(a, aLo, n, b, bLo, m, paying, upper);
    units += before - paying.remaining;
    return d;
  });
  try {
    return { result: run(), units, calls };
  } finally {
    spy.mockRestore();
  }
}

/**
 * The gaps the anchored walk (kgram-anchors.ts) offered its sink while `run` ran: how many, and
 * their tokens on both sides in all. Each sink aligns a gap within an allowance linear in that
 * gap's tokens, so these bound the walk's work.
 */
export function anchoredGapsOf<T>(run: () => T): { result: T; gaps: number; tokens: number } {
  const walk = kgramAnchors.walkAnchored;
  let gaps = 0;
  let tokens = 0;
  const spy = jest.spyOn(kgramAnchors, 'walkAnchored').mockImplementation((a, aLo, aHi, b, bLo, bHi, k0, sink, depth) => {
    const counting: AlignmentSink = {
      match: (ra, rb, length) => sink.match(ra, rb, length),
      gap: (ga, gaHi, gb, gbHi, final) => {
        gaps++;
        tokens += gaHi - ga + (gbHi - gb);
        return sink.gap(ga, gaHi, gb, gbHi, final);
      },
    };
    walk(a, aLo, aHi, b, bLo, bHi, k0, counting, depth);
  });
  try {
    return { result: run(), gaps, tokens };
  } finally {
    spy.mockRestore();
  }
}

/**
 * The strings handed to Intl.Segmenter while `run` ran: how many, their UTF-16 units in all, and
 * the longest. The segmenter's own cost grows with the square of a string's length once it holds
 * many sentences, so the longest string bounds it.
 */
export function segmentedOf<T>(run: () => T): { result: T; calls: number; units: number; longest: number } {
  const segment = Intl.Segmenter.prototype.segment;
  let calls = 0;
  let units = 0;
  let longest = 0;
  const spy = jest.spyOn(Intl.Segmenter.prototype, 'segment').mockImplementation(function (this: Intl.Segmenter, input: string) {
    calls++;
    units += input.length;
    longest = Math.max(longest, input.length);
    return segment.call(this, input);
  });
  try {
    return { result: run(), calls, units, longest };
  } finally {
    spy.mockRestore();
  }
}
