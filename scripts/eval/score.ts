/**
 * Scoring an alignment against gold groups.
 *
 * Labelled items: every original row and every reworked row is one item. Its label is the status
 * of the entry that holds it plus its *partners*, the rows on the other side of that entry
 * (ADDED rows exist only on the reworked side, DELETED rows only on the original side, and have
 * no partners). A predicted item is correct only when status and partners both equal gold.
 *
 * - Per-status precision/recall: over items, by gold status (recall) and predicted status
 *   (precision).
 * - Row-label precision/recall/F1: micro over all items (they differ only when a prediction
 *   misses or duplicates rows).
 * - Split F1 and merge F1: over groups; a predicted SPLIT (MERGED) entry counts only when a gold
 *   SPLIT (MERGED) group has exactly the same originalIndices and reworkedIndices.
 * - Rows of ambiguous gold groups (see gold.ts) are not scored; predicted groups that touch them
 *   are left out of the split/merge sets. They are counted separately.
 *
 * Scores hold raw counts so that several pairs can be summed (`addScores`) before rates are taken.
 */
import type { GoldGroup } from '../lib/gold';
import { STATUSES, type Status } from '../../src/engine/types';

/** The part of a result entry the scorer reads (trace entries are skipped). */
export interface PredictedEntry {
  status: Status;
  originalIndices: number[];
  reworkedIndices: number[];
  trace?: true;
}

export interface StatusCounts {
  gold: number;
  predicted: number;
  correct: number;
}

export interface GroupCounts {
  gold: number;
  predicted: number;
  matched: number;
}

/** One gold group the prediction got wrong (at least one of its rows mislabelled). */
export interface Miss {
  gold: GoldGroup;
  /** The predicted entries holding the gold group's rows. */
  predicted: PredictedEntry[];
}

export interface Score {
  items: number;
  correct: number;
  /** Items that received a label (0, 1, or more than 1 when rows are duplicated). */
  predictedItems: number;
  perStatus: Record<Status, StatusCounts>;
  split: GroupCounts;
  merge: GroupCounts;
  /** Rows in ambiguous gold groups, not scored. */
  ambiguousItems: number;
  /** Predicted statuses given to the rows of ambiguous gold groups. */
  ambiguousPredicted: Partial<Record<Status | 'none', number>>;
  /** Rows a prediction left out or held twice (decisions D6.2 conservation). */
  conservationErrors: number;
  misses: Miss[];
}

export interface Rates {
  precision: number | null;
  recall: number | null;
  f1: number | null;
}

const ratio = (a: number, b: number): number | null => (b === 0 ? null : a / b);

/** Precision, recall and F1 from counts; null where a denominator is 0. */
export function rates(correctPredicted: number, predicted: number, correctGold: number, gold: number): Rates {
  const precision = ratio(correctPredicted, predicted);
  const recall = ratio(correctGold, gold);
  const f1 = precision === null || recall === null ? null : precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1 };
}

export function rowLabelRates(score: Score): Rates {
  return rates(score.correct, score.predictedItems, score.correct, score.items);
}

/** Group F1; null when there is no gold group and none predicted (nothing to find, nothing invented). */
export function groupRates(counts: GroupCounts): Rates {
  if (counts.gold === 0 && counts.predicted === 0) return { precision: null, recall: null, f1: null };
  const precision = counts.predicted === 0 ? 0 : counts.matched / counts.predicted;
  const recall = counts.gold === 0 ? 0 : counts.matched / counts.gold;
  return { precision, recall, f1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall) };
}

export function statusRates(counts: StatusCounts): Rates {
  return rates(counts.correct, counts.predicted, counts.correct, counts.gold);
}

// Indices in ascending order, whatever order an entry lists them in.
const ids = (indices: number[]) => [...indices].sort((a, b) => a - b).join(',');
const groupKey = (g: { originalIndices: number[]; reworkedIndices: number[] }) => `${ids(g.originalIndices)}|${ids(g.reworkedIndices)}`;

interface Label {
  status: Status;
  partners: string;
}

function emptyStatusCounts(): Record<Status, StatusCounts> {
  return Object.fromEntries(STATUSES.map((s) => [s, { gold: 0, predicted: 0, correct: 0 }])) as Record<Status, StatusCounts>;
}

/** Scores `predicted` (a runDiff result list) against `gold` for a pair of the given sizes. */
export function scoreAlignment(gold: GoldGroup[], predicted: PredictedEntry[], sizes: { original: number; reworked: number }): Score {
  const goldLabel = new Map<string, Label & { group: GoldGroup }>();
  const ambiguousRows = new Set<string>();
  for (const g of gold) {
    for (const i of g.originalIndices) {
      goldLabel.set(`o${i}`, { status: g.status, partners: ids(g.reworkedIndices), group: g });
      if (g.ambiguous) ambiguousRows.add(`o${i}`);
    }
    for (const j of g.reworkedIndices) {
      goldLabel.set(`r${j}`, { status: g.status, partners: ids(g.originalIndices), group: g });
      if (g.ambiguous) ambiguousRows.add(`r${j}`);
    }
  }
  if (goldLabel.size !== sizes.original + sizes.reworked) throw new Error('gold does not cover every row exactly once');

  const predLabels = new Map<string, Array<Label & { entry: PredictedEntry }>>();
  const entries = predicted.filter((e) => !e.trace);
  for (const e of entries) {
    for (const i of e.originalIndices) {
      const list = predLabels.get(`o${i}`) ?? [];
      list.push({ status: e.status, partners: ids(e.reworkedIndices), entry: e });
      predLabels.set(`o${i}`, list);
    }
    for (const j of e.reworkedIndices) {
      const list = predLabels.get(`r${j}`) ?? [];
      list.push({ status: e.status, partners: ids(e.originalIndices), entry: e });
      predLabels.set(`r${j}`, list);
    }
  }

  const score: Score = {
    items: 0,
    correct: 0,
    predictedItems: 0,
    perStatus: emptyStatusCounts(),
    split: { gold: 0, predicted: 0, matched: 0 },
    merge: { gold: 0, predicted: 0, matched: 0 },
    ambiguousItems: 0,
    ambiguousPredicted: {},
    conservationErrors: 0,
    misses: [],
  };
  const missed = new Set<GoldGroup>();
  for (const [key, g] of goldLabel) {
    const preds = predLabels.get(key) ?? [];
    if (preds.length !== 1) score.conservationErrors++;
    if (ambiguousRows.has(key)) {
      score.ambiguousItems++;
      const s = preds[0]?.status ?? 'none';
      score.ambiguousPredicted[s] = (score.ambiguousPredicted[s] ?? 0) + 1;
      continue;
    }
    score.items++;
    score.perStatus[g.status].gold++;
    for (const p of preds) {
      score.predictedItems++;
      score.perStatus[p.status].predicted++;
    }
    const p = preds[0];
    if (preds.length === 1 && p && p.status === g.status && p.partners === g.partners) {
      score.correct++;
      score.perStatus[g.status].correct++;
    } else {
      missed.add(g.group);
    }
  }
  const keysOf = (e: { originalIndices: number[]; reworkedIndices: number[] }) => [
    ...e.originalIndices.map((i) => `o${i}`),
    ...e.reworkedIndices.map((j) => `r${j}`),
  ];
  for (const g of missed) {
    const holders = new Set<PredictedEntry>();
    for (const key of keysOf(g)) for (const p of predLabels.get(key) ?? []) holders.add(p.entry);
    score.misses.push({ gold: g, predicted: [...holders] });
  }

  for (const [status, counts] of [
    ['SPLIT', score.split],
    ['MERGED', score.merge],
  ] as const) {
    const goldKeys = new Set(gold.filter((g) => g.status === status && !g.ambiguous).map(groupKey));
    counts.gold = goldKeys.size;
    for (const e of entries) {
      if (e.status !== status || keysOf(e).some((k) => ambiguousRows.has(k))) continue;
      counts.predicted++;
      if (goldKeys.has(groupKey(e))) counts.matched++;
    }
  }
  return score;
}

/** The sum of several scores (rates of the sum are micro-averages over all pairs). */
export function addScores(scores: Score[]): Score {
  const total: Score = {
    items: 0,
    correct: 0,
    predictedItems: 0,
    perStatus: emptyStatusCounts(),
    split: { gold: 0, predicted: 0, matched: 0 },
    merge: { gold: 0, predicted: 0, matched: 0 },
    ambiguousItems: 0,
    ambiguousPredicted: {},
    conservationErrors: 0,
    misses: [],
  };
  for (const s of scores) {
    total.items += s.items;
    total.correct += s.correct;
    total.predictedItems += s.predictedItems;
    total.ambiguousItems += s.ambiguousItems;
    total.conservationErrors += s.conservationErrors;
    for (const st of STATUSES) {
      total.perStatus[st].gold += s.perStatus[st].gold;
      total.perStatus[st].predicted += s.perStatus[st].predicted;
      total.perStatus[st].correct += s.perStatus[st].correct;
    }
    for (const k of ['split', 'merge'] as const) {
      total[k].gold += s[k].gold;
      total[k].predicted += s[k].predicted;
      total[k].matched += s[k].matched;
    }
    for (const [k, v] of Object.entries(s.ambiguousPredicted) as Array<[Status | 'none', number]>) {
      total.ambiguousPredicted[k] = (total.ambiguousPredicted[k] ?? 0) + v;
    }
    total.misses.push(...s.misses);
  }
  return total;
}
