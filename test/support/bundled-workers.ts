/**
 * Piscina, as every test file sees it: a pool given one of this checkout's `.ts` worker modules
 * runs its bundle instead, without the TypeScript loader (worker-bundles.ts says why). Everything
 * else about the pool is as the code under test asked.
 */
import { existsSync } from 'node:fs';
import { bundleOf, WORKER_BUNDLES } from './worker-bundles';

jest.mock('piscina', () => {
  const actual = jest.requireActual<typeof import('piscina')>('piscina');
  class BundledPiscina<T, R> extends actual.Piscina<T, R> {
    constructor(options: ConstructorParameters<typeof actual.Piscina<T, R>>[0] = {}) {
      const filename = typeof options.filename === 'string' ? options.filename : undefined;
      const bundles = process.env[WORKER_BUNDLES];
      if (filename?.endsWith('.ts') && bundles !== undefined) {
        const bundle = bundleOf(bundles, filename);
        if (!existsSync(bundle)) throw new Error(`no bundle of the worker ${filename} (worker modules are named *-worker.ts): ${bundle}`);
        const execArgv = (options.execArgv ?? []).filter((arg, i, all) => arg !== 'ts-node/register/transpile-only' && !(arg === '--require' && all[i + 1] === 'ts-node/register/transpile-only'));
        super({ ...options, filename: bundle, execArgv });
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
  return { ...exports, Piscina: BundledPiscina, default: BundledPiscina };
});
