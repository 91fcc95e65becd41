/**
 * The new formats through `transcript-diff diff`: each malformed file is exit 2 with one line naming
 * the file and the place; files that name their utterances are paired by id; and the messages that
 * keep a comparison from being silent nonsense (no rows, one-line guesses, a .vtt without WEBVTT,
 * --json into a missing folder).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runDiff, type DiffData, type DiffRequest } from '../../src/engine/index';
import { runTool as run } from '../support/cli-run';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'td-formats-cli-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const path = join(dir, name);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
  return path;
}

const GOOD_SRT = '1\n00:00:00,000 --> 00:00:01,000\nhello\n';

describe('a malformed file of each new format', () => {
  const cases: [string, string, string][] = [
    ['bad.ctm', 'f 1 0.0 0.5 a\nf 1 x 0.5 b\n', 'bad.ctm:2:5: the begin time "x" is not a number of seconds'],
    ['bad.trn', 'a b (u1)\nno id here\n', 'bad.trn:2: expected the words of an utterance then its id in parentheses'],
    ['kaldi/text', 'u1 a\nu1 b\n', 'kaldi/text:2: the utterance id "u1" is already used on line 1'],
    ['bad.json', '[{"session_id": "S", "speaker": "A", "start_time": "soon", "end_time": 1, "words": "x"}]', 'bad.json: [0].start_time: expected a time in seconds at [0].start_time, found the string "soon"'],
    ['bad.ttml', '<tt xmlns="http://www.w3.org/ns/ttml"><body><div>\n<p begin="1s" end="00:0">a</p></div></body></tt>', 'bad.ttml:2:1: <p> has end="00:0"'],
    ['bad.sbv', '0:00:00.000,0:00:01.000\na\n\n0:00:02.000,0:0\nb\n', 'bad.sbv:4: expected a timing line such as 0:00:01.000,0:00:02.500'],
    ['bad-ls.json', JSON.stringify([{ id: 1, data: {}, annotations: [{ result: [{ id: 'a', type: 'textarea', value: { start: 'x', end: 1, text: ['x'] } }] }] }]), 'bad-ls.json: [0].annotations[0].result[0].value.start: expected a number'],
    ['cut.srt', '1\n00:00:15,000 --> 00:00:16,000\nOne\n\n2\n00:00:16,100 --> 00:0', 'cut.srt:6: the timing line does not parse'],
  ];
  test.each(cases)('when %s is malformed, then exit 2 with one line naming the file and the place', async (name, text, expected) => {
    const path = file(name, text);
    const result = await run('diff', path, file('good.srt', GOOD_SRT), '-q');
    expect(result.status).toBe(2);
    expect(result.stderr.split('\n').filter((line) => line !== '')).toHaveLength(1);
    expect(result.stderr).toContain(`transcript-diff: ${join(dir, expected.slice(0, expected.indexOf(':')))}${expected.slice(expected.indexOf(':'))}`);
  });
});

describe('files that name their utterances', () => {
  const data = async (...args: string[]): Promise<DiffData> => {
    const out = join(dir, `out-${Math.random().toString(36).slice(2)}.json`);
    const result = await run('diff', ...args, '--json', out, '--no-analysis');
    expect(result.status).toBe(0);
    return JSON.parse(readFileSync(out, 'utf8')) as DiffData;
  };

  test('when two trn files list the same utterances in other orders, then rows are paired by id, as the same rows given as JSON with pairBy', async () => {
    const hyp = file('hyp.trn', 'the cat sat (u2)\nhello wrld (u1)\nextra words (u4)\n');
    const ref = file('ref.trn', 'hello world (u1)\nthe cat sat (u2)\nonly here (u3)\n');
    const got = await data(hyp, ref);
    expect(got.results.map((entry) => entry.status).sort()).toEqual(['ADDED', 'DELETED', 'MODIFIED', 'UNCHANGED']);
    const rows = (pairs: [string, string][]) => pairs.map(([transcript, id]) => ({ transcript, utterance_id: id }));
    const request: DiffRequest = {
      original: rows([['the cat sat', 'u2'], ['hello wrld', 'u1'], ['extra words', 'u4']]),
      reworked: rows([['hello world', 'u1'], ['the cat sat', 'u2'], ['only here', 'u3']]),
      config: { pairBy: 'utterance_id', enableAnalysis: false },
    };
    expect(got).toEqual(JSON.parse(JSON.stringify(runDiff(request))));
  });

  test('when a Kaldi text sits beside its segments file, then its rows have the segments\' times', async () => {
    file('data/hyp/text', 'u1 hello wrld\n');
    file('data/hyp/segments', 'u1 rec 0.5 1.5\n');
    const ref = file('ref.srt', '1\n00:00:00,500 --> 00:00:01,500\nhello world\n');
    const got = await data(join(dir, 'data/hyp/text'), ref);
    expect(got.results[0]?.originalRow).toEqual({ transcript: 'hello wrld', start_time: 0.5, end_time: 1.5 });
  });

  test('when only one side has ids, then the ids are dropped with a warning instead of making every row differ', async () => {
    const result = await run('diff', file('one.trn', 'hello (u1)\n'), file('one.srt', GOOD_SRT), '--simple', '-q');
    expect(result.status).toBe(0);
    expect(result.stderr).toContain('one.trn: its utterance ids are not used');
  });
});

describe('no silent nonsense', () => {
  test('when a side has no rows, then stderr says so and every row of the other side is ADDED', async () => {
    const empty = file('empty.vtt', 'WEBVTT\n');
    const result = await run('diff', empty, file('full.srt', GOOD_SRT), '-q');
    expect(result.status).toBe(0);
    expect(result.stderr).toBe(`transcript-diff: warning: ${empty}: no rows; every reference row counts as ADDED\n`);
    const mirror = await run('diff', file('full.srt', GOOD_SRT), empty, '-q');
    expect(mirror.stderr).toBe(`transcript-diff: warning: ${empty}: no rows; every original row counts as DELETED\n`);
  });

  test('when neither side has a row, then nothing is compared (exit 2), never a perfect grade', async () => {
    const empty = file('empty.vtt', 'WEBVTT\n');
    const other = file('none.srt', '');
    const result = await run('diff', empty, other);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`transcript-diff: ${empty}, ${other}: neither file has a row: nothing to compare\n`);
  });

  test('when two one-line files of unknown extension hold sentences with commas, then the format cannot be told (exit 2), never a grade', async () => {
    const line = `Text, as the speaker said it, ${'and so on, '.repeat(4000)}\n`;
    const result = await run('diff', file('a.txt', line), file('b.txt', line));
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^transcript-diff: .*a\.txt:1: cannot tell the format from the name or the content: one line, which could be a csv header with no rows/);
    expect(result.stderr.length).toBeLessThan(600);
  });

  test('when a warning quotes the input, then it quotes at most 80 characters', async () => {
    const long = 'x'.repeat(5000);
    const result = await run('diff', file('wide.csv', `text,${long}\nhello,1\n`), file('good2.srt', GOOD_SRT), '-q');
    expect(result.status).toBe(0);
    expect(result.stderr).toMatch(/columns not read: "x{79}…"/);
  });

  test('when a cue ends before it starts, then stderr names its file and line, in every timed format', async () => {
    const backwards: [string, string, string][] = [
      ['back.srt', '1\n00:00:05,000 --> 00:00:04,000\nx\n', ':2: this cue ends (4 s) before it starts (5 s): kept as written'],
      ['back.vtt', 'WEBVTT\n\n00:05.000 --> 00:04.000\nx\n', ':3: this cue ends (4 s) before it starts (5 s): kept as written'],
      ['back.stm', 'f 1 A 5.0 4.0 x\n', ':1: this segment ends (4 s) before it starts (5 s): kept as written'],
      ['back.sbv', '0:00:05.000,0:00:04.000\nx\n', ':1: this cue ends (4 s) before it starts (5 s): kept as written'],
      ['back.csv', 'start,end,text\n5,4,x\n', ':2: this row ends (4 s) before it starts (5 s): kept as written'],
    ];
    for (const [name, text, expected] of backwards) {
      const path = file(name, text);
      const result = await run('diff', path, file('good4.srt', GOOD_SRT), '-q');
      expect([name, result.status, result.stderr]).toEqual([name, 0, `transcript-diff: warning: ${path}${expected}\n`]);
    }
  });

  test('when a .vtt has no WEBVTT line, then the message names the file once, with line 1', async () => {
    const path = file('nohead.vtt', '1\n00:00:00.000 --> 00:00:01.000\nhello\n');
    const result = await run('diff', path, file('good3.srt', GOOD_SRT));
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(`transcript-diff: ${path}:1: expected the line WEBVTT at the start of the file (the content looks like srt: if it is, pass --format srt)\n`);
  });

  test('when --json names a missing folder, then exit 2 with the same clear line as --html', async () => {
    const a = file('j.srt', GOOD_SRT);
    const json = await run('diff', a, a, '--json', join(dir, 'missing', 'out.json'), '-q');
    const html = await run('diff', a, a, '--html', join(dir, 'missing', 'out.html'), '-q');
    expect([json.status, json.stderr]).toEqual([2, `transcript-diff: --json ${join(dir, 'missing', 'out.json')}: no such folder\n`]);
    expect([html.status, html.stderr]).toEqual([2, `transcript-diff: --html ${join(dir, 'missing', 'out.html')}: no such folder\n`]);
  });
});
