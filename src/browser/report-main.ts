/**
 * The script of an HTML report file (src/report/html-report.ts): reads the diff from the page's
 * `<script type="application/json" id="report-data">` and draws it into `#report`.
 */
import { el } from './dom';
import { mountReport, type ReportOptions } from './report-view';
import type { DiffData } from '../engine/index';

interface ReportPayload extends ReportOptions {
  data: DiffData;
}

function start(): void {
  const root = document.getElementById('report');
  const source = document.getElementById('report-data');
  if (root === null) return;
  let payload: ReportPayload;
  try {
    payload = JSON.parse(source?.textContent ?? '') as ReportPayload;
  } catch (error) {
    root.replaceChildren(el('p', { class: 'report-error', role: 'alert' }, `The report's data could not be read: ${String(error)}`));
    return;
  }
  mountReport(root, payload.data, { title: payload.title, sides: payload.sides, audio: payload.audio, back: payload.back, columns: payload.columns });
}

start();
