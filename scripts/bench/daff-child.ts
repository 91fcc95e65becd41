/**
 * Child process that runs the peer, daff (npm `daff`, a table-diff library), on one request body:
 * both sides become tables (header row = every key in order of first appearance, cells as text),
 * then daff aligns the rows and renders its highlighter diff, the counterpart of our `results`.
 * Run in its own process so a slow peer can be stopped at a time limit.
 *
 * Usage: node daff-child.js <body.json> <warm-ups> <runs> [<least warm-up ms> [<least timed ms>]]:
 * first at least <warm-ups> untimed runs and until <least warm-up ms> have passed in them, then at
 * least <runs> timed ones and until <least timed ms> have passed in those. After every run it
 * prints {"warm":[…],"ms":[…],"rows":n} on stdout (times in ms).
 */
import { readFileSync } from 'node:fs';

interface DaffTable {
  readonly __table: unique symbol;
}
interface DaffModule {
  TableView: new (data: unknown[][]) => DaffTable;
  CompareFlags: new () => unknown;
  compareTables(a: DaffTable, b: DaffTable, flags?: unknown): { align(): unknown };
  TableDiff: new (alignment: unknown, flags: unknown) => { hilite(output: DaffTable): boolean };
}

type Row = Record<string, unknown>;

/** Rows of objects → a table of strings with a header row (absent cells are ""). */
export function toTable(rows: Row[], headers: string[]): string[][] {
  const table: string[][] = [headers];
  for (const row of rows) table.push(headers.map((h) => (row[h] === undefined || row[h] === null ? '' : String(row[h]))));
  return table;
}

/** One full daff diff: tables, alignment, highlighter output. Returns the output's row count. */
export function daffDiff(daff: DaffModule, original: Row[], reworked: Row[]): number {
  const headers: string[] = [];
  const seen = new Set<string>();
  for (const row of [...original, ...reworked]) {
    for (const k of Object.keys(row)) {
      if (!seen.has(k)) {
        seen.add(k);
        headers.push(k);
      }
    }
  }
  const a = new daff.TableView(toTable(original, headers));
  const b = new daff.TableView(toTable(reworked, headers));
  const flags = new daff.CompareFlags();
  const alignment = daff.compareTables(a, b, flags).align();
  const out: unknown[][] = [];
  new daff.TableDiff(alignment, flags).hilite(new daff.TableView(out));
  return out.length;
}

/** How the child runs: the options of `timeRuns`. */
export interface ChildOptions {
  warmups: number;
  leastWarmupMs: number;
  runs: number;
  leastRunMs: number;
}

/**
 * Calls `run` (which returns the ms it took) for at least `warmups` untimed runs and until
 * `leastWarmupMs` have passed in them, then for at least `runs` timed ones and until
 * `leastRunMs` have passed in those; hands `report` both lists after every run.
 */
export function timeRuns(run: () => number, o: ChildOptions, report: (warm: number[], ms: number[]) => void): void {
  const warm: number[] = [];
  const ms: number[] = [];
  let warmedMs = 0;
  let timedMs = 0;
  while (ms.length < o.runs || timedMs < o.leastRunMs) {
    const took = run();
    if (warm.length < o.warmups || warmedMs < o.leastWarmupMs) {
      warm.push(took);
      warmedMs += took;
    } else {
      ms.push(took);
      timedMs += took;
    }
    report(warm, ms);
  }
}

/** The child's arguments after the body's file (parsed back by `parseChildArgs`). */
export function childArgs(o: ChildOptions): string[] {
  return [o.warmups, o.runs, o.leastWarmupMs, o.leastRunMs].map(String);
}

/** The options `childArgs` gave, from the arguments after the body's file. */
export function parseChildArgs(args: readonly string[]): ChildOptions {
  const [warmups, runs, leastWarmupMs, leastRunMs] = args.map(Number);
  const o = { warmups: warmups ?? NaN, leastWarmupMs: leastWarmupMs ?? 0, runs: runs ?? NaN, leastRunMs: leastRunMs ?? 0 };
  if (!Object.values(o).every((v) => Number.isFinite(v) && v >= 0)) {
    throw new Error('usage: daff-child <body.json> <warm-ups> <runs> [<least warm-up ms> [<least timed ms>]]');
  }
  return o;
}

function main(): void {
  const [file, ...rest] = process.argv.slice(2);
  if (file === undefined) throw new Error('usage: daff-child <body.json> <warm-ups> <runs> [<least warm-up ms> [<least timed ms>]]');
  const options = parseChildArgs(rest);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const daff = require('daff') as DaffModule;
  const body = JSON.parse(readFileSync(file, 'utf8')) as { original: Row[]; reworked: Row[] };
  let rows = 0;
  const run = () => {
    const start = process.hrtime.bigint();
    rows = daffDiff(daff, body.original, body.reworked);
    return Number(process.hrtime.bigint() - start) / 1e6;
  };
  // Reported after every run, so that a run cut off by the time limit keeps the earlier ones.
  timeRuns(run, options, (warm, ms) =>
    process.stdout.write(`${JSON.stringify({ warm, ms, rows })}\n`),
  );
}

if (require.main === module) main();
