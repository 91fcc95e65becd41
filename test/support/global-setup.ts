/**
 * Jest's global set-up: bundle the browser code into dist/browser first, as `npm run build`
 * does, so the HTML report and the viewer under test carry the script the product ships; and
 * bundle the worker modules, which the pools of every test file then run (worker-bundles.ts).
 */
import { buildBrowser } from '../../scripts/build-browser';
import { bundleWorkers, WORKER_BUNDLES } from './worker-bundles';

export default async function globalSetup(): Promise<void> {
  await buildBrowser();
  process.env[WORKER_BUNDLES] = await bundleWorkers();
}
