/**
 * The command-line tool on whole real transcripts of the evaluation corpus (shared/eval-data),
 * read as they are: kallaama's human drafts against their expert corrections (STM and
 * Transcriber), lattifai's machine subtitles against the ground truth (ASS), a primock57
 * TextGrid. The figures below are the ones docs/cli.md quotes (Formats).
 * And for a real pair (the excerpts in test/fixtures), the tool's `--json` is byte for
 * byte the `data` that POST /v1/diff answers for the same rows and config.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { runTool } from '../support/cli-run';
import type { DiffData } from '../../src/engine/types';
import { readTranscript } from '../../src/formats/index';
import type { DiffEngine } from '../../src/runtime/engine-pool';
import { describeWithEvalData, evalDataPath as data } from '../support/eval-data';
import { fixturePath } from '../support/fixtures';
import { buildApp, KEY, startRealEngine } from '../support/service-harness';

const KALLAAMA = (stage: 'raw' | 'checked', file: string) =>
  data('kallaama', 'transcriptions', stage, `transcriptions-${file.slice(0, 3)}`, file.endsWith('.trs') ? 'trs' : 'stm', file);
const LATTIFAI = (name: string) => data('lattifai-gpt4o-benchmark', 'benchmark', 'data', `Introducing_GPT-4o_${name}.ass`);
const PRIMOCK = (name: string) => data('primock57', 'transcripts', `${name}.TextGrid`);

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'td-real-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

let outputs = 0;

/** The tool's `data` for two files, through `--json`; a failure shows what the tool said. */
async function cliData(original: string, reworked: string, ...flags: string[]): Promise<string> {
  const out = join(dir, `data-${outputs++}.json`);
  const run = await runTool('diff', original, reworked, '--json', out, '-q', ...flags);
  if (run.status !== 0) throw new Error(`transcript-diff exited ${run.status}: ${run.stderr}`);
  return readFileSync(out, 'utf8');
}

interface Figures {
  rows: [number, number];
  statuses: Record<string, number>;
  grade: number | null;
  transcriptWER: number | null;
}

function figures(json: string): Figures {
  const d = JSON.parse(json) as DiffData;
  const statuses = Object.fromEntries(Object.entries(d.counts.rows).filter(([, n]) => n > 0));
  const round = (x: number | null) => (x === null ? null : Math.round(x * 10000) / 10000);
  return { rows: [d.meta.originalRows, d.meta.reworkedRows], statuses, grade: d.composite?.grade ?? null, transcriptWER: round(d.scores.transcriptWER) };
}

describeWithEvalData('real files, as they are', () => {
  test.each([
    ['kallaama wol_41014 (STM)', KALLAAMA('raw', 'wol_41014.stm'), KALLAAMA('checked', 'wol_41014.stm')],
    ['kallaama wol_41014 (Transcriber)', KALLAAMA('raw', 'wol_41014.trs'), KALLAAMA('checked', 'wol_41014.trs')],
    ['kallaama srr_42420 (STM)', KALLAAMA('raw', 'srr_42420.stm'), KALLAAMA('checked', 'srr_42420.stm')],
    ['kallaama fuc_4110 (STM)', KALLAAMA('raw', 'fuc_4110.stm'), KALLAAMA('checked', 'fuc_4110.stm')],
    ['lattifai Gemini vs ground truth (ASS)', LATTIFAI('Gemini'), LATTIFAI('GroundTruth')],
    ['lattifai Gemini 3 Flash vs ground truth (ASS)', LATTIFAI('Gemini3_Flash'), LATTIFAI('GroundTruth')],
    ['primock57 day1 doctor against itself (TextGrid)', PRIMOCK('day1_consultation01_doctor'), PRIMOCK('day1_consultation01_doctor')],
  ])('%s', async (_name, original, reworked) => {
    expect(figures(await cliData(original, reworked))).toMatchSnapshot();
  });
});

describe('the tool and the API agree', () => {
  let engine: DiffEngine;
  beforeAll(() => {
    engine = startRealEngine();
  });
  afterAll(async () => {
    await engine.destroy();
  });

  test('when the same rows are sent to POST /v1/diff, then its data is the bytes of the tool\'s --json', async () => {
    const [original, reworked] = [fixturePath('kallaama', 'raw', 'wol_41014.trs'), fixturePath('kallaama', 'checked', 'wol_41014.trs')];
    const config = join(dir, 'config.json');
    writeFileSync(config, JSON.stringify({ enableMerges: false, stripDiacritics: false }));
    const cli = await cliData(original, reworked, '--config', config, '--no-splits');

    const rows = (path: string, side: 'original' | 'reworked') => readTranscript(path, readFileSync(path), { side }).rows;
    const body = { original: rows(original, 'original'), reworked: rows(reworked, 'reworked'), config: { enableMerges: false, stripDiacritics: false, enableSplits: false, enableAnalysis: true } };
    const { app } = buildApp(engine);
    const res = await request(app).post('/v1/diff').set('x-api-key', KEY).set('content-type', 'application/json').send(JSON.stringify(body));
    expect(res.status).toBe(200);
    const envelope = res.text;
    const start = envelope.indexOf('"data":') + '"data":'.length;
    expect(envelope.slice(start, -1)).toBe(cli);
  });
});
