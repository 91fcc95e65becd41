/**
 * Reads a V8 CPU profile (the `.cpuprofile` JSON written by `node --cpu-prof` or the inspector's
 * Profiler) and ranks functions by self time and by inclusive time, in milliseconds and as a share
 * of the busy (non-idle) time.
 */

export interface CpuProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
  children?: number[];
}

export interface CpuProfile {
  nodes: CpuProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  /** Microseconds between consecutive samples. */
  timeDeltas?: number[];
}

export interface FunctionCost {
  /** `name (file:line)`, the file relative to the repository when it is inside it. */
  where: string;
  functionName: string;
  file: string;
  line: number;
  selfMs: number;
  selfShare: number;
  totalMs: number;
  totalShare: number;
}

export interface ProfileSummary {
  busyMs: number;
  idleMs: number;
  functions: FunctionCost[];
}

const IDLE = new Set(['(idle)']);

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * For a source map's `mappings`, the original (source index, line) of the first segment of each
 * generated line (0-based), so that a profile of dist/*.js can name the TypeScript line.
 */
export function firstSegmentPerLine(mappings: string): Array<[number, number] | undefined> {
  const out: Array<[number, number] | undefined> = [];
  let source = 0;
  let line = 0;
  for (const generatedLine of mappings.split(';')) {
    let first: [number, number] | undefined;
    for (const segment of generatedLine.split(',')) {
      if (segment === '') continue;
      const fields: number[] = [];
      let value = 0;
      let shift = 0;
      for (const ch of segment) {
        const digit = BASE64.indexOf(ch);
        value += (digit & 31) << shift;
        if (digit & 32) {
          shift += 5;
        } else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      // Fields: generated column, source index, original line, original column (deltas).
      if (fields.length >= 4) {
        source += fields[1] as number;
        line += fields[2] as number;
        first ??= [source, line];
      }
    }
    out.push(first);
  }
  return out;
}

/** Maps `dist/…js:line` to `src/…ts:line` through the emitted .js.map files (read once each). */
export function sourceMapper(readText: (path: string) => string | undefined): (jsPath: string, line: number) => { file: string; line: number } | undefined {
  const cache = new Map<string, { sources: string[]; lines: Array<[number, number] | undefined> } | null>();
  return (jsPath, line) => {
    let map = cache.get(jsPath);
    if (map === undefined) {
      const text = readText(`${jsPath}.map`);
      map = null;
      if (text !== undefined) {
        const parsed = JSON.parse(text) as { sources: string[]; mappings: string };
        map = { sources: parsed.sources, lines: firstSegmentPerLine(parsed.mappings) };
      }
      cache.set(jsPath, map);
    }
    const hit = map?.lines[line - 1];
    if (!map || !hit) return undefined;
    const dir = jsPath.slice(0, jsPath.lastIndexOf('/') + 1);
    return { file: normalizePath(dir + (map.sources[hit[0]] ?? '')), line: hit[1] + 1 };
  };
}

function normalizePath(path: string): string {
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  return parts.join('/');
}

function shortFile(url: string, root: string): string {
  const path = url.replace(/^file:\/\//, '');
  if (path.startsWith(root)) return path.slice(root.length).replace(/^\//, '');
  const nm = path.lastIndexOf('node_modules/');
  if (nm >= 0) return path.slice(nm);
  return path;
}

/**
 * Self and inclusive time per function (aggregated over every call site of the same function).
 * Each sample is charged the interval until the next sample. Recursion counts once per sample
 * in the inclusive time.
 */
export function summarizeProfile(profile: CpuProfile, root: string, mapSource?: (jsPath: string, line: number) => { file: string; line: number } | undefined): ProfileSummary {
  const byId = new Map<number, CpuProfileNode>();
  const parent = new Map<number, number>();
  for (const node of profile.nodes) {
    byId.set(node.id, node);
    for (const child of node.children ?? []) parent.set(child, node.id);
  }
  const keyOf = (node: CpuProfileNode) => {
    const f = node.callFrame;
    return `${f.functionName || '(anonymous)'}\u0000${f.url}\u0000${f.lineNumber}`;
  };
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const frames = new Map<string, CpuProfileNode>();
  let busy = 0;
  let idle = 0;
  const meanDelta = samples.length > 0 ? (profile.endTime - profile.startTime) / samples.length : 0;
  for (let i = 0; i < samples.length; i++) {
    const us = deltas[i + 1] ?? meanDelta;
    const node = byId.get(samples[i] as number);
    if (!node) continue;
    if (IDLE.has(node.callFrame.functionName)) {
      idle += us;
      continue;
    }
    busy += us;
    const key = keyOf(node);
    frames.set(key, node);
    self.set(key, (self.get(key) ?? 0) + us);
    const seen = new Set<string>();
    for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
      const n = byId.get(id) as CpuProfileNode;
      const k = keyOf(n);
      if (seen.has(k)) continue;
      seen.add(k);
      frames.set(k, n);
      total.set(k, (total.get(k) ?? 0) + us);
    }
  }
  const functions: FunctionCost[] = [];
  for (const [key, node] of frames) {
    const f = node.callFrame;
    if (f.functionName === '(root)') continue;
    const jsFile = shortFile(f.url, root);
    const mapped = mapSource && f.url.startsWith('file://') ? mapSource(f.url.slice('file://'.length), f.lineNumber + 1) : undefined;
    const file = mapped ? shortFile(mapped.file, root) : jsFile;
    const line = mapped ? mapped.line : f.lineNumber + 1;
    const selfUs = self.get(key) ?? 0;
    const totalUs = total.get(key) ?? 0;
    functions.push({
      where: `${f.functionName || '(anonymous)'}${file ? ` (${file}:${line})` : ''}`,
      functionName: f.functionName || '(anonymous)',
      file,
      line,
      selfMs: selfUs / 1000,
      selfShare: busy > 0 ? selfUs / busy : 0,
      totalMs: totalUs / 1000,
      totalShare: busy > 0 ? totalUs / busy : 0,
    });
  }
  functions.sort((a, b) => b.selfMs - a.selfMs);
  return { busyMs: busy / 1000, idleMs: idle / 1000, functions };
}

/** A fixed-width text table of the top `n` functions by self time, then by inclusive time. */
export function formatProfile(summary: ProfileSummary, n: number): string {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`.padStart(6);
  const ms = (x: number) => x.toFixed(1).padStart(8);
  const lines = [`busy ${summary.busyMs.toFixed(0)} ms (idle ${summary.idleMs.toFixed(0)} ms)`, '', 'top self time:', `${'self ms'.padStart(8)} ${'share'.padStart(6)} ${'total ms'.padStart(8)}  function`];
  for (const f of summary.functions.slice(0, n)) lines.push(`${ms(f.selfMs)} ${pct(f.selfShare)} ${ms(f.totalMs)}  ${f.where}`);
  lines.push('', 'top inclusive time (engine and script code only):', `${'total ms'.padStart(8)} ${'share'.padStart(6)} ${'self ms'.padStart(8)}  function`);
  const ours = summary.functions.filter((f) => f.file.startsWith('dist/') || f.file.startsWith('src/') || f.file.startsWith('scripts/'));
  for (const f of [...ours].sort((a, b) => b.totalMs - a.totalMs).slice(0, n)) lines.push(`${ms(f.totalMs)} ${pct(f.totalShare)} ${ms(f.selfMs)}  ${f.where}`);
  return lines.join('\n');
}
