import { buildDatasets, enginePredictor, evaluate, formatResult, type Dataset, type VariantResult } from '../../scripts/eval/run';
import { describeWithEvalData } from '../support/eval-data';

// The reduced evaluation (one kallaama file, one lattifai file, a 2,000-row synthetic pair, 200
// Arabic sentences) against the targets with times. `npm run eval` runs the full set.
describeWithEvalData('alignment quality (reduced eval, with times)', () => {
  let datasets: Dataset[];
  let predict: ReturnType<typeof enginePredictor>;
  beforeAll(() => {
    datasets = buildDatasets({ quick: true, seed: 2024 });
    predict = enginePredictor();
  });
  const results = new Map<string, VariantResult>();
  const run = (name: string): VariantResult => {
    const dataset = datasets.find((d) => d.name === name) as Dataset;
    const cached = results.get(name);
    if (cached) return cached;
    const result = evaluate(dataset, dataset.timed, predict);
    results.set(name, result);
    return result;
  };
  const expectTargets = (result: VariantResult) => {
    expect(result.score.conservationErrors).toBe(0);
    expect(result.targets.length).toBeGreaterThan(0);
    // The whole table in the failure message says which status went wrong.
    expect({ table: formatResult(result), missed: result.targets.filter((t) => !t.met).map((t) => t.name) }).toEqual({
      table: formatResult(result),
      missed: [],
    });
  };

  it('kallaama srr_42420: row-label F1 ≥ 0.95', () => expectTargets(run('kallaama')));
  it('lattifai Gemini3_Flash_LattifAI: row-label F1 ≥ 0.95', () => expectTargets(run('lattifai')));
  it('synthetic 2,000 rows: row-label F1 ≥ 0.98, split and merge F1 ≥ 0.95', () => {
    const result = run('synthetic');
    expect(result.score.split.gold).toBeGreaterThan(20);
    expect(result.score.merge.gold).toBeGreaterThan(20);
    expectTargets(result);
  });
  it('Arabic, stripDiacritics true: every sentence UNCHANGED', () => {
    const result = run('arabic stripDiacritics=true');
    expect(result.score.perStatus.UNCHANGED.correct).toBe(400);
    expectTargets(result);
  });
  it('Arabic, stripDiacritics false: every sentence MODIFIED', () => {
    const result = run('arabic stripDiacritics=false');
    expect(result.score.perStatus.MODIFIED.correct).toBe(400);
    expectTargets(result);
  });
});
