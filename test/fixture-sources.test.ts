/**
 * The files under test/fixtures are other projects' files, redistributed under their licences:
 * SOURCES.md must list each with where it came from and its licence, and (where the evaluation
 * corpus is present) each must be what SOURCES.md says was kept of the corpus file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describeWithEvalData, evalDataPath } from './support/eval-data';
import { FIXTURES_DIR, fixturePath } from './support/fixtures';

interface Listed {
  file: string;
  source: string;
  licence: string;
  corpusFile: string;
  kept: string;
}

const SOURCES = readFileSync(fixturePath('SOURCES.md'), 'utf8');

/** The rows of the markdown table under `heading`, as cells. */
function tableRows(heading: string): string[][] {
  const section = SOURCES.split(/^## /m).find((part) => part.startsWith(`${heading}\n`));
  if (section === undefined) throw new Error(`SOURCES.md has no section "${heading}"`);
  return section
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('|---'))
    .slice(1)
    .map((line) => line.slice(2, -2).split(' | '));
}

const unquote = (cell: string) => cell.replace(/^`|`$/g, '');

const transcripts: Listed[] = tableRows('Transcripts').map(([file, source, licence, corpusFile, kept]) => ({
  file: unquote(file ?? ''),
  source: source ?? '',
  licence: licence ?? '',
  corpusFile: unquote(corpusFile ?? ''),
  kept: kept ?? '',
}));

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [relative(FIXTURES_DIR, join(dir, entry.name)).split('\\').join('/')],
  );
}

const lines = (text: string) => text.split(/\r?\n/);

describe('test/fixtures/SOURCES.md', () => {
  it('lists every file under test/fixtures, each once, and no file that is not there', () => {
    const listed = [...transcripts.map((t) => t.file), 'metric-vectors.json', 'SOURCES.md'];
    expect(new Set(listed).size).toBe(listed.length);
    expect(filesUnder(FIXTURES_DIR).sort()).toEqual([...listed].sort());
  });

  it('gives each transcript its repository, licence, corpus file and what was kept', () => {
    for (const t of transcripts) {
      expect({ file: t.file, source: t.source.length > 0, licence: /MIT|CC BY|NIST|Apache/.test(t.licence), corpusFile: t.corpusFile.length > 0, kept: /^(whole|excerpt: .+)$/.test(t.kept) }).toEqual({
        file: t.file,
        source: true,
        licence: true,
        corpusFile: true,
        kept: true,
      });
    }
  });

  it('gives the repository and licence of every metric vector', () => {
    const vectors = JSON.parse(readFileSync(fixturePath('metric-vectors.json'), 'utf8')) as Array<{ id: string; source: string }>;
    const ranges = tableRows('Metric vectors').map(([ids, repository, licence]) => {
      const [first, last = first] = (ids ?? '').split('–') as [string, string?];
      return { first, last, repository: (repository ?? '').split(' ')[0] ?? '', licence: licence ?? '' };
    });
    for (const v of vectors) {
      const range = ranges.find((r) => r.first <= v.id && v.id <= (r.last as string));
      expect({ id: v.id, listed: range !== undefined, licence: (range?.licence.length ?? 0) > 0 }).toEqual({ id: v.id, listed: true, licence: true });
      // The vector's own source names the same repository (v079 is this project's own).
      if (range!.repository !== 'this') expect(v.source.startsWith(range!.repository)).toBe(true);
    }
  });
});

describeWithEvalData('test/fixtures against the evaluation corpus', () => {
  it.each(transcripts.map((t) => [t.file, t] as const))('%s is what SOURCES.md says was kept of its corpus file', (_file, t) => {
    const fixture = readFileSync(fixturePath(t.file), 'utf8');
    const corpus = readFileSync(evalDataPath(t.corpusFile), 'utf8');
    if (t.kept === 'whole') {
      expect(fixture).toBe(corpus);
    } else if (t.file.endsWith('.json')) {
      // A JSON excerpt is the corpus object's first entries, closed.
      const kept = Object.entries(JSON.parse(fixture) as Record<string, unknown>);
      expect(kept.length).toBeGreaterThan(0);
      expect(kept).toEqual(Object.entries(JSON.parse(corpus) as Record<string, unknown>).slice(0, kept.length));
    } else {
      // Every line of the excerpt is a line of the corpus file, in the corpus file's order.
      const whole = lines(corpus);
      let at = 0;
      const missing: string[] = [];
      for (const line of lines(fixture)) {
        while (at < whole.length && whole[at] !== line) at++;
        if (at === whole.length) missing.push(line);
        else at++;
      }
      expect(missing).toEqual([]);
      expect(lines(fixture).length).toBeLessThan(whole.length);
    }
  });
});
