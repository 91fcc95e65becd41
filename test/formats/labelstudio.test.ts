import { labelStudioFormat } from '../../src/formats/labelstudio';
import type { ReadOptions } from '../../src/formats/types';
import { formatErrorOf, utf8 } from './helpers';

const read = (value: unknown, options: ReadOptions = {}) => labelStudioFormat.read(utf8(JSON.stringify(value, null, 2)), options);

/** A region as Label Studio's audio transcription template exports it: a labels item and a textarea item sharing an id. */
const region = (id: string, start: number, end: number, speaker: string | null, text: string[]) => [
  ...(speaker === null ? [] : [{ id, type: 'labels', from_name: 'labels', to_name: 'audio', origin: 'manual', value: { start, end, channel: 0, labels: [speaker] } }]),
  { id, type: 'textarea', from_name: 'transcription', to_name: 'audio', origin: 'manual', value: { start, end, channel: 0, text } },
];
const task = (id: number, annotations: unknown[], predictions: unknown[] = []) => ({ id, data: { audio: '/data/upload/1/call.wav' }, annotations, predictions });
const annotation = (result: unknown[], extra: object = {}) => ({ id: 1, completed_by: 1, was_cancelled: false, result, ...extra });

describe('Label Studio JSON export', () => {
  it('gives one row per region with text, by start time, its lines joined, its label as speaker', () => {
    const result = [...region('b', 3.2, 4.5, 'Agent', ['Thanks,', 'bye.']), ...region('a', 0.25, 2.5, 'Customer', ['Hello.']), ...region('c', 5, 6, null, ['(no label)'])];
    expect(read([task(7, [annotation(result)])])).toEqual({
      rows: [
        { transcript: 'Hello.', speaker: 'Customer', start_time: 0.25, end_time: 2.5 },
        { transcript: 'Thanks, bye.', speaker: 'Agent', start_time: 3.2, end_time: 4.5 },
        { transcript: '(no label)', start_time: 5, end_time: 6 },
      ],
      warnings: [],
    });
  });

  it('reads the last annotation not cancelled, and a prediction when no one annotated', () => {
    const first = annotation(region('a', 0, 1, 'A', ['first']));
    const cancelled = annotation(region('a', 0, 1, 'A', ['cancelled']), { was_cancelled: true });
    const second = annotation(region('a', 0, 1, 'A', ['second']));
    const read2 = read([task(1, [first, second, cancelled])]);
    expect(read2.rows.map((row) => row.transcript)).toEqual(['second']);
    expect(read2.warnings).toEqual([{ message: 'the task has 2 annotations: the last one is read', location: { path: '[0].annotations[1]' } }]);
    const predicted = read([task(1, [], [{ model_version: 'whisper', result: region('p', 0, 1, 'A', ['draft']) }])]);
    expect(predicted.rows).toEqual([{ transcript: 'draft', speaker: 'A', start_time: 0, end_time: 1 }]);
    expect(predicted.warnings[0]?.message).toBe('the task has no annotation: its first prediction is read');
  });

  it('reads a single task as the API gives it, an object', () => {
    expect(read(task(5, [annotation(region('a', 0, 1, 'A', ['one']))])).rows).toEqual([{ transcript: 'one', speaker: 'A', start_time: 0, end_time: 1 }]);
  });

  it('reads the task --session names, and asks for one when the export holds several', () => {
    const tasks = [task(11, [annotation(region('a', 0, 1, 'A', ['eleven']))]), task(12, [annotation(region('a', 0, 1, 'A', ['twelve']))])];
    expect(read(tasks, { session: '12' }).rows.map((row) => row.transcript)).toEqual(['twelve']);
    expect(formatErrorOf(() => read(tasks)).message).toBe('the export holds 2 tasks: name one with --session ID ("11", "12")');
  });

  it('names the JSON path of a broken region, and of one ending before it starts', () => {
    const broken = [task(1, [annotation([{ id: 'a', type: 'textarea', value: { start: 0, end: 1, text: 'not a list' } }])])];
    expect(formatErrorOf(() => read(broken)).location).toEqual({ path: '[0].annotations[0].result[0].value.text' });
    const backwards = read([task(1, [annotation(region('a', 2, 1, 'A', ['x']))])]);
    expect(backwards.warnings).toEqual([{ message: 'this region ends (1 s) before it starts (2 s): kept as written', location: { path: '[0].annotations[0].result[0].value' } }]);
    // A region with half its times is damaged, never read as a text of the whole audio.
    const halfTimed = [task(1, [annotation([{ id: 'a', type: 'textarea', value: { start: 1.5, text: ['x'] } }])])];
    expect(formatErrorOf(() => read(halfTimed)).location).toEqual({ path: '[0].annotations[0].result[0].value.end' });
  });

  it('recognises an export of tasks and not JSON rows', () => {
    expect(labelStudioFormat.sniff(JSON.stringify([task(1, [])]))).toBe(true);
    expect(labelStudioFormat.sniff('[{"transcript": "a"}]')).toBe(false);
  });
});
