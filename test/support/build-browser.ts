/**
 * Jest's global set-up: bundle the browser code into dist/browser first, as `npm run build`
 * does, so the HTML report and the viewer under test carry the script the product ships.
 */
import { buildBrowser } from '../../scripts/build-browser';

export default async function globalSetup(): Promise<void> {
  await buildBrowser();
}
