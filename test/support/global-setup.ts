/**
 * Jest's global set-up: bundle the browser code into dist/browser first, as `npm run build`
 * does, so the HTML report and the viewer under test carry the script the product ships; and
 * compile the sources that tests run in other threads and processes (compiled-sources.ts).
 */
import { buildBrowser } from '../../scripts/build-browser';
import { COMPILED_SOURCES, compileSources } from './compiled-sources';

export default async function globalSetup(): Promise<void> {
  await buildBrowser();
  process.env[COMPILED_SOURCES] = await compileSources();
}
