/**
 * `transcript-diff diff A B --html FILE [--audio PATH_OR_URL]`, run in-process as the binary
 * runs it: the report written beside the other outputs, which stay as they were.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DiffData } from '../../src/engine/types';
import { runTool as run } from '../support/cli-run';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'td-html-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

const cue = (n: number, from: string, to: string, text: string) => `${n}\n00:00:${from},000 --> 00:00:${to},000\n${text}\n`;
const A = [cue(1, '01', '03', 'hello wrld how are you'), cue(2, '03', '05', 'I am fine thanks'), cue(3, '05', '07', 'see you tomorrow')].join('\n');
const B = [cue(1, '01', '03', 'hello world how are you'), cue(2, '03', '05', 'I am fine thanks'), cue(3, '05', '07', 'see you tomorrow')].join('\n');

interface Payload {
  data: DiffData;
  title: string;
  sides: { original: { name: string; format: string; rows: number } };
  audio?: string;
  columns?: { speakerColName?: string };
}

function payloadOf(path: string): Payload {
  const html = readFileSync(path, 'utf8');
  const json = /<script type="application\/json" id="report-data">([^<]*)<\/script>/.exec(html)![1]!;
  return JSON.parse(json) as Payload;
}

describe('diff --html', () => {
  it('writes the report and still prints the summary, exit 0', async () => {
    const a = file('a.srt', A);
    const b = file('b.srt', B);
    const out = join(dir, 'report.html');
    const result = await run('diff', a, b, '--html', out);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Grade');
    const payload = payloadOf(out);
    expect(payload.title).toBe('a.srt → b.srt');
    expect(payload.sides.original).toEqual({ name: a, format: 'srt', rows: 3 });
    expect(payload.data.results[0]!.transcriptDiff).toBeDefined();
    expect(payload.data.analysis).toBeDefined();
    expect(payload.audio).toBeUndefined();
  });

  it('tells the page the speaker column the config named, so it reads speakers as SACR does', async () => {
    const a = file('a.srt', A);
    const b = file('b.srt', B);
    const out = join(dir, 'named.html');
    const config = file('speaker.json', JSON.stringify({ speakerColName: 'transcript' }));
    expect((await run('diff', a, b, '--html', out, '--config', config, '-q')).status).toBe(0);
    expect(payloadOf(out).columns).toEqual({ speakerColName: 'transcript' });
    expect((await run('diff', a, b, '--html', out, '-q')).status).toBe(0);
    expect(payloadOf(out).columns).toEqual({});
  });

  it('turns the inline diff on for the report, while --json keeps what the config asked', async () => {
    const a = file('a.srt', A);
    const b = file('b.srt', B);
    const config = file('config.json', JSON.stringify({ enableInlineDiff: false }));
    const alone = join(dir, 'alone.json');
    const beside = join(dir, 'beside.json');
    const out = join(dir, 'inline.html');
    expect((await run('diff', a, b, '--config', config, '--json', alone, '-q')).status).toBe(0);
    expect((await run('diff', a, b, '--config', config, '--json', beside, '--html', out, '-q')).status).toBe(0);
    expect(readFileSync(beside, 'utf8')).toBe(readFileSync(alone, 'utf8'));
    expect(readFileSync(alone, 'utf8')).not.toContain('transcriptDiff');
    expect(payloadOf(out).data.results[0]!.transcriptDiff).toEqual([
      { type: 'equal', text: 'hello w' },
      { type: 'insert', text: 'o' },
      { type: 'equal', text: 'rld how are you' },
    ]);
  });

  it('links --audio relative to the report, and warns when the file is not there', async () => {
    const a = file('a.srt', A);
    const b = file('b.srt', B);
    mkdirSync(join(dir, 'media'), { recursive: true });
    mkdirSync(join(dir, 'out'), { recursive: true });
    writeFileSync(join(dir, 'media', 'talk one.wav'), '');
    const out = join(dir, 'out', 'report.html');
    const found = await run('diff', a, b, '--html', out, '--audio', join(dir, 'media', 'talk one.wav'), '-q');
    expect(found).toMatchObject({ status: 0, stderr: '' });
    expect(payloadOf(out).audio).toBe('../media/talk%20one.wav');
    expect(readFileSync(out, 'utf8')).toContain('media-src &#39;self&#39; file:');

    const missing = await run('diff', a, b, '--html', out, '--audio', join(dir, 'nowhere.wav'), '-q');
    expect(missing.status).toBe(0);
    expect(missing.stderr).toContain('--audio');
    expect(missing.stderr).toContain('no such file');

    const url = await run('diff', a, b, '--html', out, '--audio', 'https://media.example/talk.mp3', '-q');
    expect(url).toMatchObject({ status: 0, stderr: '' });
    expect(payloadOf(out).audio).toBe('https://media.example/talk.mp3');
  });

  it('refuses --audio without --html, and a report it cannot write, with exit 2', async () => {
    const a = file('a.srt', A);
    const b = file('b.srt', B);
    const lone = await run('diff', a, b, '--audio', 'talk.wav');
    expect(lone.status).toBe(2);
    expect(lone.stderr).toBe('transcript-diff: --audio needs --html: the recording is played from the HTML report\n');

    const nowhere = join(dir, 'no', 'such', 'folder', 'r.html');
    const unwritable = await run('diff', a, b, '--html', nowhere, '-q');
    expect(unwritable.status).toBe(2);
    expect(unwritable.stderr).toBe(`transcript-diff: --html ${nowhere}: no such folder\n`);
    expect(existsSync(nowhere)).toBe(false);
    expect((await run('diff', a, b, '--html', dir, '-q')).stderr).toBe(`transcript-diff: --html ${dir}: is a directory\n`);
  });

  it('refuses an audio URL the report cannot play, with exit 2', async () => {
    const result = await run('diff', file('a.srt', A), file('b.srt', B), '--html', join(dir, 'r.html'), '--audio', 'javascript:alert(1)', '-q');
    expect(result.status).toBe(2);
    expect(result.stderr).toBe('transcript-diff: --audio javascript:alert(1): javascript: URLs cannot be played by the report (use a path, or a file:, http: or https: URL)\n');
    expect(existsSync(join(dir, 'r.html'))).toBe(false);
  });
});
