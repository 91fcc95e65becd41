/**
 * `transcript-diff diff`, run in-process as the binary runs it (test/support/cli-run.ts), on files written to a
 * temporary folder: exit statuses, the one-line errors, the plain summary and `--json`.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runDiff } from '../../src/engine/index';
import type { DiffData } from '../../src/engine/types';
import { runTool as run } from '../support/cli-run';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'td-cli-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

const SRT_A = `1
00:00:01,000 --> 00:00:03,000
hello wrld how are you

2
00:00:03,500 --> 00:00:05,000
I am fine thanks

3
00:00:05,500 --> 00:00:07,000
see you tomorrow
`;

const SRT_B = `1
00:00:01,000 --> 00:00:03,000
hello world how are you

2
00:00:03,500 --> 00:00:05,000
I am fine thanks

3
00:00:05,500 --> 00:00:06,200
see you

4
00:00:06,200 --> 00:00:07,000
tomorrow
`;

describe('transcript-diff diff', () => {
  test('when two SubRip files differ, then the summary names the grade, the rates, the statuses and the changed rows', async () => {
    const result = await run('diff', file('a.srt', SRT_A), file('b.srt', SRT_B));
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^original .*a\.srt \(srt, 3 rows\)\s+reworked .*b\.srt \(srt, 4 rows\)$/m);
    expect(result.stdout).toMatch(/^Grade \d\.\d\d (Excellent|Good|Acceptable|Below Average|Poor|Unacceptable)/m);
    expect(result.stdout).toMatch(/^Rows 1 unchanged · 1 modified · 0 added · 0 deleted · 1 split · 0 merged$/m);
    // Plain output (not a TTY): the diff is marked with wdiff's brackets, no escape codes.
    expect(result.stdout).toContain('hello w{+o+}rld how are you');
    expect(result.stdout).toContain('SPLIT');
    expect(result.stdout).not.toContain('\u001b[');
  });

  test('when --json names a file, then it holds exactly the JSON of the engine\'s data for the same rows', async () => {
    const out = join(dir, 'out.json');
    const result = await run('diff', file('a2.srt', SRT_A), file('b2.srt', SRT_B), '--json', out, '--no-splits');
    expect(result.status).toBe(0);
    const written = readFileSync(out, 'utf8');
    const rows = (texts: Array<[number, number, string]>) => texts.map(([s, e, t]) => ({ transcript: t, start_time: s, end_time: e }));
    const expected = runDiff({
      original: rows([
        [1, 3, 'hello wrld how are you'],
        [3.5, 5, 'I am fine thanks'],
        [5.5, 7, 'see you tomorrow'],
      ]),
      reworked: rows([
        [1, 3, 'hello world how are you'],
        [3.5, 5, 'I am fine thanks'],
        [5.5, 6.2, 'see you'],
        [6.2, 7, 'tomorrow'],
      ]),
      // The tool analyses by default.
      config: { enableSplits: false, enableAnalysis: true },
    });
    expect(written).toBe(JSON.stringify(expected));
    expect((JSON.parse(written) as DiffData).counts.rows.SPLIT).toBe(0);
  });

  test('when --json is "-", then stdout is the JSON alone', async () => {
    const result = await run('diff', file('a3.srt', SRT_A), file('b3.srt', SRT_A), '--json', '-');
    expect(result.status).toBe(0);
    const data = JSON.parse(result.stdout) as DiffData;
    expect(data.counts.rows.UNCHANGED).toBe(3);
    expect(data.composite?.grade).toBe(5);
  });

  test('when the grade is below --fail-under, then the exit status is 1', async () => {
    const a = file('far-a.csv', 'text\nthe cat sat on the mat\n');
    const b = file('far-b.csv', 'text\na dog lay under a tree\n');
    expect((await run('diff', a, b, '--fail-under', '4', '-q')).status).toBe(1);
    expect((await run('diff', a, a, '--fail-under', '4', '-q')).status).toBe(0);
  });

  test('when a file is malformed, then the exit status is 2 and one line names the file, the line and the problem', async () => {
    const bad = file('bad.srt', '1\n00:00:01,000 --> nonsense\nhello\n');
    const result = await run('diff', bad, file('ok.srt', SRT_A));
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(new RegExp(`^transcript-diff: ${bad.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:2(:\\d+)?: .+\\n$`));
  });

  test('when a file is missing, then the exit status is 2 and the message says so', async () => {
    const result = await run('diff', join(dir, 'nope.srt'), file('ok2.srt', SRT_A));
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(`transcript-diff: ${join(dir, 'nope.srt')}: no such file\n`);
  });

  test('when rows break the API\'s rules, then the message names the file and the row', async () => {
    const a = file('rows-a.json', JSON.stringify([{ transcript: 'a', start_time: 'soon' }]));
    const result = await run('diff', a, file('rows-b.json', JSON.stringify([{ transcript: 'a' }])));
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/rows-a\.json: row 1 \(start_time\): must be seconds/);
  });

  test('when a file has more rows than the API allows, then it is refused unless --max-rows raises the limit', async () => {
    const many = Array.from({ length: 30_001 }, (_, k) => `line ${k}`).join('\n');
    const a = file('many.csv', `text\n${many}\n`);
    const refused = await run('diff', a, a, '-q');
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/many\.csv.*at most 30000 rows/);
    expect((await run('diff', a, a, '-q', '--max-rows', '30001')).status).toBe(0);
  });

  test('when --config names a file with an unknown key, then the exit status is 2 and the key is named', async () => {
    const config = file('config.json', JSON.stringify({ enableSplit: false }));
    const result = await run('diff', file('c-a.srt', SRT_A), file('c-b.srt', SRT_B), '--config', config);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('config.enableSplit');
  });

  test('when an option is unknown, then the exit status is 2', async () => {
    expect((await run('diff', 'a', 'b', '--frobnicate')).status).toBe(2);
  });

  test('when --help is asked, then the exit status is 0', async () => {
    expect((await run('diff', '--help')).status).toBe(0);
  });
});

describe('transcript-diff diff --normalize', () => {
  const A = 'text\nSo, HELLO there.\nthe cat sat\nweek end plans\n';
  const B = 'text\nso hello there\nthe dog sat\nweekend plans\n';

  test('when a profile is named, then --json is the data of config.normalization and the summary names it', async () => {
    const [a, b] = [file('n-a.tsv', A), file('n-b.tsv', B)];
    const json = await run('diff', a, b, '--normalize', 'case+punctuation', '--json', '-');
    expect(json.status).toBe(0);
    const rows = (text: string) => text.trim().split('\n').slice(1).map((transcript) => ({ transcript }));
    const expected = runDiff({ original: rows(A), reworked: rows(B), config: { enableAnalysis: true, normalization: 'case+punctuation' } });
    expect(json.stdout).toBe(`${JSON.stringify(expected)}\n`);
    expect(expected.results[0]!.status).toBe('UNCHANGED');

    const summary = await run('diff', a, b, '--normalize', 'case+punctuation');
    expect(summary.stdout).toMatch(/^Normalization case\+punctuation \(version 1\)$/m);
  });

  test('the summary prints each changed row\'s kind and the word errors split into content and style', async () => {
    const result = await run('diff', file('k-a.tsv', A), file('k-b.tsv', B));
    expect(result.status).toBe(0);
    expect(result.stdout).not.toMatch(/^Normalization/m);
    expect(result.stdout).toMatch(/^#1 MODIFIED case\+punctuation {2}/m);
    expect(result.stdout).toMatch(/^#2 MODIFIED content {2}/m);
    expect(result.stdout).toMatch(/^#3 MODIFIED whitespace {2}/m);
    expect(result.stdout).toMatch(/^Edits 1 content entries · 2 style only \(case 1 · punctuation 1 · whitespace 1\)$/m);
    // "So, HELLO there." → "so hello there": 3 substitutions of style; cat → dog; "week end" → "weekend": a substitution and an insertion of content.
    expect(result.stdout).toMatch(/^ +word errors: content 3 \(S 2, D 0, I 1\) · style 3 \(S 3, D 0, I 0\)$/m);
  });

  test('when the profile is unknown, then the exit status is 2 and the valid names are listed', async () => {
    const result = await run('diff', file('u-a.tsv', A), file('u-b.tsv', B), '--normalize', 'lowercase');
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/--normalize <name>' argument 'lowercase' is invalid\. Allowed choices are none, case, punctuation, case\+punctuation, basic/);
  });

  test('when the profile would grow a cell past its bound, then the exit status is 2 and the line says so', async () => {
    const ligatures = file('lig-a.tsv', `text\n${'\uFDFA'.repeat(4097)}\n`);
    const result = await run('diff', ligatures, file('lig-b.tsv', 'text\nx\n'), '--normalize', 'basic');
    expect(result.status).toBe(2);
    expect(result.stderr).toBe('transcript-diff: config: config.normalization: the basic profile grows a cell past twice its size plus 65536 characters\n');
  });

  test('when --config names an unknown profile, then the exit status is 2 and config.normalization is named', async () => {
    const config = file('n-config.json', JSON.stringify({ normalization: 'whisper' }));
    const result = await run('diff', file('c-a.tsv', A), file('c-b.tsv', B), '--config', config);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('config.normalization: must be one of none, case, punctuation, case+punctuation, basic');
  });
});
