/** Jest's global tear-down: the worker bundles of this run go (global-setup.ts). */
import { removeBundles, WORKER_BUNDLES } from './worker-bundles';

export default function globalTeardown(): void {
  const bundles = process.env[WORKER_BUNDLES];
  if (bundles !== undefined) removeBundles(bundles);
}
