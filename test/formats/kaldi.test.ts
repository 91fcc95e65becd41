import { kaldiFormat } from '../../src/formats/kaldi';
import type { ReadOptions } from '../../src/formats/types';
import { formatErrorOf, utf8 } from './helpers';

const read = (text: string, segments?: string) => kaldiFormat.read(utf8(text), segments === undefined ? {} : ({ segments: { name: 'data/segments', bytes: utf8(segments) } } satisfies ReadOptions));

const TEXT = 'spk1-utt1 hello world\nspk1-utt2\nspk2-utt1 good   morning\n';
const SEGMENTS = 'spk1-utt1 rec1 0.50 1.75\nspk1-utt2 rec1 2.00 2.10\nspk2-utt1 rec1 3.00 4.25\nspk3-utt9 rec1 9 10\n';

describe('Kaldi text', () => {
  it('gives one row per utterance with its id; an utterance without words is an empty row', () => {
    expect(read(TEXT)).toEqual({
      rows: [
        { transcript: 'hello world', utterance_id: 'spk1-utt1' },
        { transcript: '', utterance_id: 'spk1-utt2' },
        { transcript: 'good morning', utterance_id: 'spk2-utt1' },
      ],
      warnings: [],
    });
  });

  it('takes each utterance\'s times from the segments file, and says which segments name no utterance', () => {
    expect(read(TEXT, SEGMENTS)).toEqual({
      rows: [
        { transcript: 'hello world', start_time: 0.5, end_time: 1.75, utterance_id: 'spk1-utt1' },
        { transcript: '', start_time: 2, end_time: 2.1, utterance_id: 'spk1-utt2' },
        { transcript: 'good morning', start_time: 3, end_time: 4.25, utterance_id: 'spk2-utt1' },
      ],
      warnings: [{ message: '1 segment(s) name an utterance the text does not hold (first: "spk3-utt9"): not rows', location: { file: 'data/segments', line: 4 } }],
    });
  });

  it('names the file and line of a broken segment, and the line of an utterance it does not time', () => {
    const badTime = formatErrorOf(() => read(TEXT, 'spk1-utt1 rec1 0.5 1.7\nspk1-utt2 rec1 2.0 soon\n'));
    expect([badTime.message, badTime.location]).toEqual(['"soon" is not a number of seconds (utterance-id recording-id begin end)', { file: 'data/segments', line: 2, column: 20 }]);
    const backwards = read('spk1-utt1 a\n', 'spk1-utt1 rec1 2.0 1.0\n');
    expect(backwards.warnings).toEqual([{ message: 'this segment ends (1 s) before it starts (2 s): kept as written', location: { file: 'data/segments', line: 1 } }]);
    const untimed = formatErrorOf(() => read(TEXT, 'spk1-utt1 rec1 0.5 1.7\n'));
    expect([untimed.message, untimed.location]).toEqual(['the utterance "spk1-utt2" has no line in data/segments: its times are unknown', { line: 2 }]);
    expect(formatErrorOf(() => read('u1 a\nu1 b\n')).location).toEqual({ line: 2 });
  });
});
