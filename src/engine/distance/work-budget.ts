/**
 * The per-request allowance of exact edit-distance work (decisions D7.11). Work, not time, so
 * the same request always gets the same answer (D6.9): a pair the budget cannot afford is scored
 * from an anchored approximation instead (approximate-counts.ts), and the metrics spend one budget
 * in document order.
 */

/**
 * Work units a request may spend on exact distances; one unit ≈ one cell update, or one 32-cell
 * word step of the bit-parallel suffix distances (a few nanoseconds). Sized on real post-edits
 * (5 MiB of kallaama human drafts against their expert corrections spend a small fraction of it,
 * docs/benchmark.md), while a request built to exhaust it still finishes its metric pass, the
 * approximation of the rest included, well within a second.
 */
export const DEFAULT_WORK_BUDGET_UNITS = 100_000_000;

/** What a kernel returns instead of a distance when the budget cannot pay for it. */
export const OVER_BUDGET = -1;

export interface WorkBudget {
  readonly total: number;
  remaining: number;
}

/** A fresh budget of `units` cell updates (D7.11). */
export function createWorkBudget(units: number = DEFAULT_WORK_BUDGET_UNITS): WorkBudget {
  return { total: units, remaining: units };
}

/** True when `budget` cannot afford `charge` (the caller then approximates). */
export function lacks(budget: WorkBudget, charge: number): boolean {
  return budget.remaining < charge;
}

/**
 * Pays `charge` from `budget` when it can (true), else spends nothing (false). No budget pays
 * for anything.
 */
export function spend(budget: WorkBudget | undefined, charge: number): boolean {
  if (budget === undefined) return true;
  if (budget.remaining < charge) return false;
  budget.remaining -= charge;
  return true;
}
