/**
 * Times the engine in-process on three bodies of many columns (D5.2: every key of an object row
 * is a compared column), each under 5 MiB: two rows a side with 70,000 keys of their own each;
 * 20,000 rows a side with six keys of their own each; and 12,000 rows a side whose 192 columns
 * each appear in one row of 16, the most a request can keep as a text per row (prepared-sides.ts).
 * Prints, per body, its size, its columns, and the ms to judge it (parse and validate) and to
 * diff it (runDiff).
 *
 * Usage: npm run build && node dist/scripts/studies/wide.js
 */
import { runDiff } from '../../src/engine/index';
import type { DiffRequest } from '../../src/engine/types';
import { judgeBody } from '../../src/request/judge';

type Row = Record<string, unknown>;

/** Rows whose keys are numbered on from `next`, `keys` of them a row. */
function ownKeys(rows: number, keys: number, next: { id: number }, transcript: (i: number) => string): Row[] {
  return Array.from({ length: rows }, (_, i) => {
    const row: Row = { transcript: transcript(i) };
    for (let k = 0; k < keys; k++) row[`k${next.id++}`] = 1;
    return row;
  });
}

const BODIES: Record<string, () => { original: Row[]; reworked: Row[] }> = {
  'few rows, many keys': () => {
    const next = { id: 0 };
    return { original: ownKeys(2, 70_000, next, () => 'x'), reworked: ownKeys(2, 70_000, next, () => 'x') };
  },
  'many rows, few keys': () => {
    const next = { id: 0 };
    return { original: ownKeys(20_000, 6, next, (i) => `row ${i}`), reworked: ownKeys(20_000, 6, next, (i) => `row ${i}`) };
  },
  'columns in one row of 16': () => {
    const side = (edited: boolean): Row[] =>
      Array.from({ length: 12_000 }, (_, i) => {
        const row: Row = { transcript: `row ${i}` };
        for (let g = 0; g < 12; g++) row[`c${(i % 16) * 12 + g}`] = edited && i % 3 === 0 ? 'w' : 'v';
        return row;
      });
    return { original: side(false), reworked: side(true) };
  },
};

function main(): void {
  for (const [name, make] of Object.entries(BODIES)) {
    const bytes = Buffer.from(JSON.stringify(make()));
    let start = performance.now();
    const verdict = judgeBody(bytes);
    const judged = performance.now() - start;
    if (!verdict.ok) throw new Error(`${name}: refused (${verdict.code})`);
    start = performance.now();
    const data = runDiff(verdict.body as unknown as DiffRequest);
    const diffed = performance.now() - start;
    const mib = (bytes.length / 1048576).toFixed(2);
    console.log(`${name}: ${mib} MiB, ${data.meta.headers.length} columns; judge ${judged.toFixed(0)} ms, runDiff ${diffed.toFixed(0)} ms`);
  }
}

main();
