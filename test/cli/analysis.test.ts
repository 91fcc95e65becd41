/**
 * The tool's error analysis: on by default (`--no-analysis` turns it off), printed within the
 * terminal's width, and on lattifai's machine subtitles (labels `Barret Zoph:`, `ChatGPT:` or
 * none) against the ground truth (`Barrett Zoph`, `ChatGPT`) a speaker mapping that pairs each
 * machine label with its name, also when one side's labels are replaced by spk_0, spk_1, ...
 * The subtitles are the excerpts in test/fixtures/lattifai: 0:09:15 to 0:11:50 of the launch.
 */
import { readFileSync } from 'node:fs';
import { runTool as run } from '../support/cli-run';
import { runDiff } from '../../src/engine/index';
import type { DiffData, Row } from '../../src/engine/types';
import { readTranscript } from '../../src/formats/index';
import { fixturePath } from '../support/fixtures';

const LATTIFAI = (name: string) => fixturePath('lattifai', `Introducing_GPT-4o_${name}.ass`);
const NAMES = ['Barrett Zoph', 'ChatGPT', 'Mark Chen', 'Mira Murati'];
/** The ground-truth name a machine label stands for: the label without its colon, the misspelling corrected. */
const nameOf = (label: string) => (label === 'Barret Zoph:' ? 'Barrett Zoph' : label.replace(/:$/, ''));

const rowsOf = (path: string, side: 'original' | 'reworked'): Row[] => readTranscript(path, readFileSync(path), { side }).rows as unknown as Row[];

/** Each distinct speaker label of the rows replaced by spk_0, spk_1, ... in order of first appearance. */
function diarised(rows: Row[]): { rows: Row[]; names: Map<string, string> } {
  const names = new Map<string, string>();
  const out = rows.map((row) => {
    const label = row['speaker'];
    if (typeof label !== 'string' || label === '') return row;
    if (!names.has(label)) names.set(label, `spk_${names.size}`);
    return { ...row, speaker: names.get(label) };
  });
  return { rows: out, names };
}

describe.each(['Gemini', 'Gemini3', 'Gemini3_Flash'])('lattifai %s against the ground truth', (machine) => {
  const original = rowsOf(LATTIFAI(machine), 'original');
  const reworked = rowsOf(LATTIFAI('GroundTruth'), 'reworked');

  test('the tool maps every machine label to its ground-truth name, and the mapped rate is below the raw SACR', async () => {
    const { status, stdout } = await run('diff', LATTIFAI(machine), LATTIFAI('GroundTruth'), '--json', '-');
    expect(status).toBe(0);
    const data = JSON.parse(stdout) as DiffData;
    const mapping = data.analysis!.speakerMapping!;
    expect(mapping.pairs.length).toBeGreaterThanOrEqual(3);
    for (const pair of mapping.pairs) expect(pair.reworked).toBe(nameOf(pair.original));
    expect(mapping.pairs.map((p) => p.reworked)).toEqual(expect.arrayContaining(['ChatGPT', 'Mark Chen', 'Barrett Zoph']));
    expect(mapping.unmappedOriginal).toEqual([]);
    expect(data.scores.SACR).toBe(1);
    // Rows the machine left without a label stay changed: Gemini leaves 13 of its 28 so.
    expect(mapping.mappedSACR).toBeLessThan(0.6);
    expect(mapping.modifiedRows).toBe(data.counts.rows.MODIFIED);
  });

  test('the same mapping, renamed, when the machine labels are spk_0, spk_1, ...', async () => {
    const plain = runDiff({ original, reworked, config: { enableAnalysis: true } }).analysis!.speakerMapping!;
    const { rows, names } = diarised(original);
    const renamed = runDiff({ original: rows, reworked, config: { enableAnalysis: true } }).analysis!.speakerMapping!;
    expect(renamed.pairs).toEqual(plain.pairs.map((p) => ({ ...p, original: names.get(p.original) })));
    expect(renamed.mappedSpeakerChanged).toBe(plain.mappedSpeakerChanged);
  });

  test('and when the ground truth is the side labelled spk_0, spk_1, ...', async () => {
    const plain = runDiff({ original, reworked, config: { enableAnalysis: true } }).analysis!.speakerMapping!;
    const { rows, names } = diarised(reworked);
    expect([...names.keys()].sort()).toEqual(NAMES);
    const renamed = runDiff({ original, reworked: rows, config: { enableAnalysis: true } }).analysis!.speakerMapping!;
    expect(renamed.pairs).toEqual(plain.pairs.map((p) => ({ ...p, reworked: names.get(p.reworked) })));
    expect(renamed.mappedSACR).toBe(plain.mappedSACR);
  });
});

describe('the summary', () => {
  test('prints the mapped rate beside SACR, the timing, the speaker table and the confusions, within the width', async () => {
    const { status, stdout } = await run('diff', LATTIFAI('Gemini'), LATTIFAI('GroundTruth'), '--rows', '2');
    expect(status).toBe(0);
    const lines = stdout.split('\n');
    expect(lines.find((l) => l.startsWith('Speakers '))).toMatch(/^Speakers SACR 100\.00 % {2}mapped \d+\.\d\d % \(\d+ of \d+ modified rows\)$/);
    expect(stdout).toContain('Barret Zoph: → Barrett Zoph');
    expect(lines.find((l) => l.startsWith('Timing '))).toMatch(/^Timing starts \d+ of \d+ moved/);
    const header = lines.findIndex((l) => /^speaker +changed entries +words +WER$/.test(l));
    expect(header).toBeGreaterThan(0);
    expect(lines[header + 1]).toMatch(/^Mark Chen +\d+ +\d+ +\d+\.\d\d %$/);
    expect(stdout).toContain('Top confusions (reference → original)');
    expect(stdout).toMatch(/substituted \(\d+\)\n {2}\S+ → \S+ ×\d+/);
    // The analysis lines (the header's file names wrap as the terminal wraps them).
    for (const line of lines.slice(lines.findIndex((l) => l.startsWith('Speakers ')))) expect([...line].length).toBeLessThanOrEqual(100);
  });

  test('--no-analysis leaves the analysis out of the data and the summary', async () => {
    const off = await run('diff', LATTIFAI('Gemini'), LATTIFAI('GroundTruth'), '--no-analysis', '--json', '-');
    expect(off.status).toBe(0);
    const data = JSON.parse(off.stdout) as DiffData;
    expect(data.analysis).toBeUndefined();
    expect(data.results.some((e) => e.transcriptCounts !== undefined)).toBe(false);
    const summary = await run('diff', LATTIFAI('Gemini'), LATTIFAI('GroundTruth'), '--no-analysis');
    expect(summary.stdout).not.toContain('Top confusions');
    expect(summary.stdout).not.toMatch(/^Speakers /m);
  });
});
