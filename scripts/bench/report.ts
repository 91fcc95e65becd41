/**
 * Plain-text tables for the benchmark's console output (also pasted into docs/benchmark.md).
 */

/** A Markdown table (readable as plain text too): columns padded to their widest cell. */
export function table(headers: string[], rows: Array<Array<string | number>>, align?: Array<'l' | 'r'>): string {
  const cells = [headers, ...rows.map((r) => r.map(String))];
  const widths = headers.map((_, c) => Math.max(...cells.map((r) => (r[c] ?? '').length)));
  const side = (c: number) => align?.[c] ?? (c === 0 ? 'l' : 'r');
  const fmt = (r: string[]) => `| ${r.map((cell, c) => (side(c) === 'l' ? cell.padEnd(widths[c] as number) : cell.padStart(widths[c] as number))).join(' | ')} |`;
  const rule = `|${widths.map((w, c) => (side(c) === 'l' ? `:${'-'.repeat(w + 1)}` : `${'-'.repeat(w + 1)}:`)).join('|')}|`;
  return [fmt(cells[0] as string[]), rule, ...cells.slice(1).map(fmt)].join('\n');
}

/** Milliseconds with a precision that suits their size. */
export function ms(x: number): string {
  if (!Number.isFinite(x)) return '–';
  return x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2);
}

export function ratio(x: number): string {
  return Number.isFinite(x) ? `${x.toFixed(2)}×` : '–';
}

export function mib(bytes: number): string {
  return Number.isFinite(bytes) && bytes > 0 ? (bytes / 1048576).toFixed(bytes >= 10 * 1048576 ? 0 : 2) : '–';
}

export function verdict(ok: boolean | undefined): string {
  return ok === undefined ? 'n/a' : ok ? 'PASS' : 'FAIL';
}
