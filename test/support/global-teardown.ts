/** Jest's global tear-down: this run's compiled sources go (global-setup.ts). */
import { COMPILED_SOURCES, removeCompiled } from './compiled-sources';

export default function globalTeardown(): void {
  const compiled = process.env[COMPILED_SOURCES];
  if (compiled !== undefined) removeCompiled(compiled);
}
