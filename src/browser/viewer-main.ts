/**
 * The viewer's page (GET /v1/viewer): the form, a status line, and the report of the last diff.
 * The script is loaded by the HTML shell (src/http/routes/viewer.ts), which gives the body size
 * limit as `data-max-body-bytes` on the element this fills.
 */
import type { DiffData } from '../engine/index';
import { append, el } from './dom';
import { mountReport, type ReportOptions } from './report-view';
import { postDiff } from './viewer-api';
import { readChoices } from './viewer-choices';
import { buildForm } from './viewer-form';
import { storedKey, storeKey } from './viewer-key';
import { ViewerProblem } from './viewer-problem';
import { prepareRequest } from './viewer-request';
import './viewer.css';

type StatusKind = 'progress' | 'done' | 'warning' | 'error';

function startViewer(root: HTMLElement): void {
  const maxBytes = Number(root.dataset['maxBodyBytes']);
  const form = buildForm();
  const status = el('div', { id: 'viewer-status', class: 'viewer-status', role: 'status', 'aria-live': 'polite' });
  const reportRoot = el('div', { id: 'viewer-report', class: 'viewer-report' });
  append(root, el('header', { class: 'viewer-header' }, el('h1', {}, 'Transcript diff viewer')), form.element, status, reportRoot);

  const show = (kind: StatusKind, message: string, details: readonly string[] = []) => {
    status.replaceChildren(el('p', { class: 'viewer-status-message' }, message));
    if (details.length > 0) status.append(el('ul', { class: 'viewer-status-details' }, ...details.map((line) => el('li', {}, line))));
    status.setAttribute('data-kind', kind);
  };

  form.key.value = storedKey();
  form.key.addEventListener('change', () => storeKey(form.key.value.trim()));
  form.forgetKey.addEventListener('click', () => {
    form.key.value = '';
    storeKey('');
    show('done', 'The key is forgotten: enter it again to compare.');
  });

  // The object URL of the audio the shown report plays; revoked once a new report replaces it.
  let audioUrl: string | undefined;
  let busy = false;

  const report = (data: DiffData, options: ReportOptions, audio: File | null) => {
    const url = audio ? URL.createObjectURL(audio) : undefined;
    // The report keeps its filters and row in the address; a new diff starts unfiltered, not
    // with what the reader chose in the last one (whose rows it no longer shows).
    if (location.hash !== '') history.replaceState(history.state, '', `${location.pathname}${location.search}`);
    mountReport(reportRoot, data, { ...options, audio: url });
    if (audioUrl !== undefined) URL.revokeObjectURL(audioUrl);
    audioUrl = url;
  };

  const compare = async () => {
    const choices = readChoices(form);
    if (choices.key === '') throw new ViewerProblem('Enter your API key: POST /v1/diff needs one (x-api-key).');
    storeKey(choices.key);
    show('progress', choices.mode === 'files' ? 'Reading the files…' : 'Reading the pasted body…');
    const prepared = await prepareRequest(choices, maxBytes);
    show('progress', 'Comparing…', prepared.warnings);
    const data = await postDiff(prepared.bytes, choices.key);
    const { original, reworked } = prepared.sides;
    report(data, { title: `${original.name} vs ${reworked.name}`, sides: prepared.sides, columns: prepared.columns }, choices.audio);
    if (prepared.warnings.length > 0) show('warning', 'Compared; reading the files gave these warnings:', prepared.warnings);
    else show('done', `Compared ${original.name} with ${reworked.name}.`);
    // The form fills the first screen; the report below it is what the reviewer came for.
    status.scrollIntoView({ block: 'start' });
  };

  form.element.addEventListener('submit', (event) => {
    event.preventDefault();
    if (busy) return;
    busy = true;
    form.submit.disabled = true;
    compare()
      .catch((error: unknown) => {
        if (error instanceof ViewerProblem) show('error', error.message, error.details);
        else show('error', `The viewer failed: ${error instanceof Error ? error.message : String(error)}`);
      })
      .finally(() => {
        busy = false;
        form.submit.disabled = false;
      });
  });
}

const root = document.getElementById('viewer');
if (root !== null) startViewer(root);
