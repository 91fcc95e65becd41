/**
 * Label Studio's JSON export (Export → JSON) of audio transcription tasks: an array of tasks,
 * each with `annotations[]` whose `result[]` items describe regions of the audio. The items of
 * one region share an `id`: a `labels` item (`value.labels`, the speaker) and a `textarea` item
 * (`value.text`, its lines), each with the region's `value.start`/`value.end` in seconds. Each
 * region with text is a row: its times, its text lines joined with a space, its first label as
 * speaker (none without a labels item). Rows are ordered by start time (Label Studio lists
 * regions in the order they were drawn). A textarea without start and end transcribes the whole
 * audio: a row without times.
 *
 * A single task as Label Studio's API gives it (an object, not an array) is read alike. One task
 * is read: the only one, or the one whose `id` ReadOptions.session names. Of its
 * annotations, the last one not cancelled (the latest submission; a warning when there are
 * several); a task with none is read from its first prediction, with a warning.
 */
import { parseJson } from './json-syntax';
import { quoted, quotedList } from './quote';
import { arrayAt, isObject, numberAt, objectAt, pathTo, stringAt, type Json, type JsonObject } from './json-value';
import { decodeText } from './text';
import { orderByStartTime } from './time-order';
import { checkSpan } from './time-span';
import { FormatError, type FormatAdapter, type FormatWarning, type ReadOptions, type ReadResult, type TranscriptRow } from './types';

interface Region {
  start?: number;
  end?: number;
  /** Where the times were read, for the warning of a region that ends before it starts. */
  timesPath?: string;
  speaker?: string;
  lines: string[];
  hasText: boolean;
}

function taskId(task: JsonObject): string {
  const id = task['id'];
  return typeof id === 'number' || typeof id === 'string' ? String(id) : '';
}

function chooseTask(tasks: Json[], session: string | undefined): { task: JsonObject; path: string } {
  const all = tasks.map((value, i) => ({ task: objectAt(value, pathTo('', i)), path: pathTo('', i) }));
  if (all.length === 0) throw new FormatError('the export holds no task', { path: '(top level)' });
  if (session !== undefined) {
    const found = all.find(({ task }) => taskId(task) === session);
    if (found === undefined) throw new FormatError(`the export has no task with id ${quoted(session)}; its tasks are ${quotedList(all.map(({ task }) => taskId(task)))}`, { path: '(top level)' });
    return found;
  }
  if (all.length > 1) throw new FormatError(`the export holds ${all.length} tasks: name one with --session ID (${quotedList(all.map(({ task }) => taskId(task)))})`, { path: '[1].id' });
  return all[0];
}

/** The result list to read: the latest annotation not cancelled, else the first prediction. */
function chooseResult(task: JsonObject, path: string, warnings: FormatWarning[]): { result: Json[]; path: string } {
  const annotationsPath = pathTo(path, 'annotations');
  const annotations = task['annotations'] === undefined ? [] : arrayAt(task['annotations'], annotationsPath);
  const kept = annotations.map((value, i) => ({ value: objectAt(value, pathTo(annotationsPath, i)), path: pathTo(annotationsPath, i) })).filter(({ value }) => value['was_cancelled'] !== true);
  if (kept.length > 0) {
    const chosen = kept[kept.length - 1];
    if (kept.length > 1) warnings.push({ message: `the task has ${kept.length} annotations: the last one is read`, location: { path: chosen.path } });
    return { result: arrayAt(chosen.value['result'], pathTo(chosen.path, 'result')), path: pathTo(chosen.path, 'result') };
  }
  const predictionsPath = pathTo(path, 'predictions');
  const predictions = task['predictions'] === undefined ? [] : arrayAt(task['predictions'], predictionsPath);
  if (predictions.length === 0) throw new FormatError('the task has no annotation (and no prediction) to read', { path: annotationsPath });
  const at = pathTo(predictionsPath, 0);
  warnings.push({ message: 'the task has no annotation: its first prediction is read', location: { path: at } });
  return { result: arrayAt(objectAt(predictions[0], at)['result'], pathTo(at, 'result')), path: pathTo(at, 'result') };
}

function readLabelStudio(bytes: Uint8Array, options: ReadOptions = {}): ReadResult {
  const warnings: FormatWarning[] = [];
  const root = parseJson(decodeText(bytes)) as Json;
  const { task, path } = isObject(root) ? { task: root, path: '' } : chooseTask(arrayAt(root, ''), options.session);
  const { result, path: resultPath } = chooseResult(task, path, warnings);
  const regions = new Map<string, Region>();
  result.forEach((value, i) => {
    const at = pathTo(resultPath, i);
    const item = objectAt(value, at);
    const type = item['type'];
    if (type !== 'labels' && type !== 'textarea') return;
    const valuePath = pathTo(at, 'value');
    const fields = objectAt(item['value'], valuePath);
    const id = item['id'] === undefined ? `#${i}` : String(item['id'] as string | number);
    const region = regions.get(id) ?? { lines: [], hasText: false };
    // Both or neither: a region with only one of its times is damaged, not a whole-audio text.
    if (fields['start'] !== undefined || fields['end'] !== undefined) {
      region.start = numberAt(fields['start'], pathTo(valuePath, 'start'));
      region.end = numberAt(fields['end'], pathTo(valuePath, 'end'));
      region.timesPath ??= valuePath;
    }
    if (type === 'labels') {
      const labels = arrayAt(fields['labels'], pathTo(valuePath, 'labels'));
      if (labels.length > 0) region.speaker = stringAt(labels[0], pathTo(pathTo(valuePath, 'labels'), 0));
    } else {
      const text = arrayAt(fields['text'], pathTo(valuePath, 'text'));
      region.lines.push(...text.map((line, k) => stringAt(line, pathTo(pathTo(valuePath, 'text'), k))));
      region.hasText = true;
    }
    regions.set(id, region);
  });
  const rows: TranscriptRow[] = [];
  let unlabelled = 0;
  for (const region of regions.values()) {
    if (!region.hasText) {
      unlabelled++;
      continue;
    }
    // Checked once a region, though its labels and textarea items both carry its times.
    checkSpan(region.start, region.end, { path: region.timesPath }, warnings, 'this region');
    const row: TranscriptRow = { transcript: region.lines.join(' ').replace(/\s+/g, ' ').trim() };
    if (region.speaker !== undefined) row.speaker = region.speaker;
    if (region.start !== undefined) row.start_time = region.start;
    if (region.end !== undefined) row.end_time = region.end;
    rows.push(row);
  }
  if (unlabelled > 0) warnings.push({ message: `${unlabelled} region(s) have a label and no text: not rows`, location: { path: resultPath } });
  return { rows: orderByStartTime(rows), warnings };
}

/** True for an array of tasks, or one task: objects with `data` and annotations or predictions. */
function sniffLabelStudio(text: string): boolean {
  if (!/^\uFEFF?\s*[[{]/.test(text)) return false;
  try {
    const value = JSON.parse(text.replace(/^\uFEFF/, '')) as unknown;
    const first: unknown = Array.isArray(value) ? value[0] : value;
    return isObject(first) && (Array.isArray(first['annotations']) || Array.isArray(first['predictions'])) && isObject(first['data']);
  } catch {
    return false;
  }
}

export const labelStudioFormat: FormatAdapter = {
  name: 'labelstudio',
  title: 'Label Studio JSON export of audio transcription tasks (.json)',
  extensions: ['.json'],
  sniff: sniffLabelStudio,
  read: readLabelStudio,
};
