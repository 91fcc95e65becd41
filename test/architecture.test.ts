/**
 * The layout of src/ (docs/engine.md, README "Development"): no import cycle between files or
 * between folders, and code outside the engine reaches it through src/engine/index.ts only.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const SRC = resolve(__dirname, '..', 'src');
const SPECIFIER = /(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s+'(\.{1,2}\/[^']+)'|import\(\s*'(\.{1,2}\/[^']+)'\s*\)|require\(\s*'(\.{1,2}\/[^']+)'\s*\)/g;

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (entry.name.endsWith('.ts')) out.push(path);
  }
  return out;
}

/** Each file of src/ (relative path) and the src files it imports. */
function importGraph(): Map<string, string[]> {
  const files = sourceFiles(SRC);
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const targets: string[] = [];
    for (const match of text.matchAll(SPECIFIER)) {
      const specifier = match[1] ?? match[2] ?? match[3];
      const base = resolve(dirname(file), specifier);
      const target = [base, `${base}.ts`, join(base, 'index.ts')].find((candidate) => known.has(candidate));
      if (target !== undefined) targets.push(relative(SRC, target));
    }
    graph.set(relative(SRC, file), targets);
  }
  return graph;
}

/** Strongly connected components with more than one node (Tarjan): each is an import cycle. */
function cycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** src/engine/align/x.ts → "engine/align"; src/cli/x.ts → "cli"; a file at the top (src/config.ts) is its own layer. */
function folderOf(file: string): string {
  const parts = file.split('/');
  if (parts.length === 1) return file;
  if (parts[0] === 'engine') return parts.length > 2 ? `engine/${parts[1]}` : 'engine';
  return parts[0];
}

describe('the layout of src/', () => {
  const graph = importGraph();

  it('has no import cycle between files', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('has no import cycle between folders (layers import one way)', () => {
    const folders = new Map<string, string[]>();
    for (const [file, targets] of graph) {
      const from = folderOf(file);
      const list = folders.get(from) ?? [];
      for (const target of targets) {
        const to = folderOf(target);
        // A folder's entry file (engine/index.ts) may use its own parts: that is what an entry is.
        if (to !== from && !list.includes(to) && !(from === 'engine' && to.startsWith('engine/'))) list.push(to);
      }
      folders.set(from, list);
    }
    expect(cycles(folders)).toEqual([]);
  });

  it('reaches the engine from outside through src/engine/index.ts only', () => {
    const reaches: string[] = [];
    for (const [file, targets] of graph) {
      if (file.startsWith('engine/')) continue;
      for (const target of targets) if (target.startsWith('engine/') && target !== 'engine/index.ts') reaches.push(`${file} → ${target}`);
    }
    expect(reaches).toEqual([]);
  });

  it('keeps the engine free of the service: no express, zod, pino or environment', () => {
    const offenders: string[] = [];
    for (const file of graph.keys()) {
      if (!file.startsWith('engine/')) continue;
      const text = readFileSync(join(SRC, file), 'utf8');
      if (/from '(express|zod|pino|pino-http|node:fs|node:worker_threads)'|process\.env/.test(text)) offenders.push(file);
    }
    expect(offenders).toEqual([]);
  });
});
