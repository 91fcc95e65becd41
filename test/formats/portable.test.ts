/**
 * The adapters are bundled for the browser: no module of src/formats may reach for Node. The
 * packages they import are the two parsers the issue names; csv-parse/sync resolves to its
 * Node build here and to its browser build in a bundler.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const DIR = join(__dirname, '..', '..', 'src', 'formats');
const PACKAGES = new Set(['saxes', 'csv-parse/sync']);
const NODE_ONLY = /\b(?:Buffer|process|require|__dirname|__filename|global|setImmediate)\b|\bconsole\./;

// Code without comments and string or template literals, so that prose about Node does not count.
const codeOf = (source: string) =>
  source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/.*$/gm, '')
    .replace(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g, "''");

describe('src/formats in a browser', () => {
  const modules = readdirSync(DIR).filter((name) => name.endsWith('.ts'));

  it('has modules to check', () => {
    expect(modules).toEqual(expect.arrayContaining(['index.ts', 'types.ts', 'text.ts']));
  });

  it.each(modules)('%s imports only sibling modules, saxes and csv-parse/sync', (name) => {
    const source = readFileSync(join(DIR, name), 'utf8');
    const imported = [...source.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s+'([^']+)'/gm)].map((match) => match[1] as string);
    expect(imported.filter((from) => !from.startsWith('./') && !PACKAGES.has(from))).toEqual([]);
  });

  it.each(modules)('%s uses no Node-only global', (name) => {
    const code = codeOf(readFileSync(join(DIR, name), 'utf8'));
    expect(code.match(NODE_ONLY)?.[0]).toBeUndefined();
  });
});
