/**
 * Piscina, as every test file sees it: a pool given one of this checkout's `.ts` worker modules
 * runs its compiled file instead, without the TypeScript loader (compiled-sources.ts says why).
 * Everything else about the pool is as the code under test asked.
 */
import { existsSync } from 'node:fs';
import { COMPILED_SOURCES, compiledOf } from './compiled-sources';

jest.mock('piscina', () => {
  const actual = jest.requireActual<typeof import('piscina')>('piscina');
  const LOADER = 'ts-node/register/transpile-only';
  class CompiledPiscina<T, R> extends actual.Piscina<T, R> {
    constructor(options: ConstructorParameters<typeof actual.Piscina<T, R>>[0] = {}) {
      const filename = typeof options.filename === 'string' ? options.filename : undefined;
      if (filename?.endsWith('.ts') && process.env[COMPILED_SOURCES] !== undefined) {
        const compiled = compiledOf(filename);
        if (!existsSync(compiled)) throw new Error(`no compiled file of the worker ${filename}: ${compiled}`);
        const execArgv = (options.execArgv ?? []).filter((arg, i, all) => arg !== LOADER && !(arg === '--require' && all[i + 1] === LOADER));
        super({ ...options, filename: compiled, execArgv });
      } else {
        super(options);
      }
    }
  }
  // The module's other exports (move, the transfer symbols) as they are.
  const exports: Record<string, unknown> = {};
  for (const name of Object.getOwnPropertyNames(actual)) {
    if (!['prototype', 'length', 'name', 'caller', 'arguments'].includes(name)) exports[name] = (actual as unknown as Record<string, unknown>)[name];
  }
  return { ...exports, Piscina: CompiledPiscina, default: CompiledPiscina };
});
