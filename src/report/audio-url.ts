/**
 * The URL an HTML report plays its audio from, given what the user named (`--audio`): a URL
 * (http:, https:, file:, blob:, data:) as it is; a path as a URL relative to the report's folder,
 * so the report and its recording can be moved or shared together, or as an absolute file: URL
 * when no relative one exists (another drive on Windows).
 *
 * Node only.
 */
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';

/** A scheme of two letters or more: `C:\\talk.wav` is a Windows path, not a URL. */
const URL_SCHEME = /^[a-z][a-z0-9+.-]+:/i;

export function isUrl(pathOrUrl: string): boolean {
  return URL_SCHEME.test(pathOrUrl);
}

export function audioUrl(pathOrUrl: string, reportPath: string): string {
  if (isUrl(pathOrUrl)) return pathOrUrl;
  const audio = resolve(pathOrUrl);
  const fromReport = relative(dirname(resolve(reportPath)), audio);
  if (isAbsolute(fromReport)) return pathToFileURL(audio).href;
  return fromReport.split(sep).map(encodeURIComponent).join('/');
}
