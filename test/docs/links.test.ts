/**
 * Every relative link and #anchor of the README, docs/ and the scripts' index resolves: the file
 * or folder exists in the repository, and the anchor is one GitHub gives a heading of the target.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { githubSlug, headingAnchors, headingText } from './github-slug';
import { brokenLinks, markdownLinks } from './markdown-links';

const ROOT = resolve(__dirname, '..', '..');

function documentation(): string[] {
  const docs = readdirSync(join(ROOT, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`);
  return ['README.md', 'scripts/README.md', ...docs.sort()];
}

describe('GitHub heading slugs', () => {
  it.each([
    ['Set-up', 'set-up'],
    ['POST /v1/diff — success', 'post-v1diff--success'],
    ['Keys & rate limits', 'keys--rate-limits'],
    ['HTML report: `diff --html`', 'html-report-diff---html'],
    ['Metrics: how `data.scores`, `data.counts` and `data.composite` are computed', 'metrics-how-datascores-datacounts-and-datacomposite-are-computed'],
    ['§2.4 `config`', '24-config'],
    ['Bounded work (D7.11)', 'bounded-work-d711'],
    ['`snake_case` and _emphasis_ in Ünïcode', 'snake_case-and-emphasis-in-ünïcode'],
    ['The [viewer](api.md#the-viewer) page', 'the-viewer-page'],
    ['Speed ×2 ≥ 50 % 🚀', 'speed-2--50--'],
    ['Ärger mit العربية', 'ärger-mit-العربية'],
  ])('%s → #%s', (heading, slug) => {
    expect(githubSlug(headingText(heading))).toBe(slug);
  });

  it('numbers repeated headings -1, -2, counting a numbered slug as taken', () => {
    expect([...headingAnchors('# Notes\n## Notes\n### Notes\n')]).toEqual(['notes', 'notes-1', 'notes-2']);
    expect([...headingAnchors('# echo\n# echo\n# echo 1\n# echo-1\n# echo\n')]).toEqual(['echo', 'echo-1', 'echo-1-1', 'echo-1-2', 'echo-2']);
  });

  it('reads ATX headings only outside fenced code, without their closing hashes', () => {
    const markdown = ['# Title #', '```sh', '# a shell comment', '```', '~~~', '## Not a heading either', '~~~', '#not-a-heading', '## Real'].join('\n');
    expect([...headingAnchors(markdown)]).toEqual(['title', 'real']);
  });
});

describe('Markdown links', () => {
  it('finds inline links, images, definitions and HTML attributes, with their lines, and none in code', () => {
    const markdown = [
      'See [the API](docs/api.md#errors "title") and ![a picture](<images/a b.png>).',
      '`[not a link](nowhere.md)` and',
      '```',
      '[nor this](nowhere.md)',
      '```',
      '[ref]: docs/cli.md',
      '<img src="images/c.png"> [site](https://example.com)',
    ].join('\n');
    expect(markdownLinks(markdown)).toEqual([
      { line: 1, target: 'docs/api.md#errors' },
      { line: 1, target: 'images/a b.png' },
      { line: 6, target: 'docs/cli.md' },
      { line: 7, target: 'images/c.png' },
      { line: 7, target: 'https://example.com' },
    ]);
  });

  describe('resolving them', () => {
    let root: string;
    const write = (path: string, text: string): void => {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    };
    beforeEach(() => {
      root = mkdtempSync(join(tmpdir(), 'links-'));
    });
    afterEach(() => rmSync(root, { recursive: true, force: true }));

    it('reports a missing file, a missing anchor, and a path out of the repository, with file and line', () => {
      write('docs/api.md', '# API\n## Errors\n## Errors\n');
      write(
        'README.md',
        [
          '# Top',
          '[ok](docs/api.md#errors-1) [ok](#top) [ok](docs/) [ok](https://example.com/x.md#nothing)',
          '[gone](docs/cli.md)',
          '[wrong anchor](docs/api.md#errors-2)',
          '[wrong here](#bottom)',
          '[outside](../shared/eval-data)',
        ].join('\n'),
      );
      expect(brokenLinks(root, ['README.md'])).toEqual([
        { file: 'README.md', line: 3, target: 'docs/cli.md', problem: 'no such file or folder' },
        { file: 'README.md', line: 4, target: 'docs/api.md#errors-2', problem: 'no heading of docs/api.md has the anchor #errors-2' },
        { file: 'README.md', line: 5, target: '#bottom', problem: 'no heading of README.md has the anchor #bottom' },
        { file: 'README.md', line: 6, target: '../shared/eval-data', problem: 'outside the repository' },
      ]);
    });

    it('resolves a link from the folder of the file that holds it', () => {
      write('docs/api.md', '# API\n[back](../README.md#top) [wrong](README.md)\n');
      write('README.md', '# Top\n');
      expect(brokenLinks(root, ['docs/api.md'])).toEqual([{ file: 'docs/api.md', line: 2, target: 'README.md', problem: 'no such file or folder' }]);
    });
  });
});

describe("the repository's documentation", () => {
  it('has only links that resolve', () => {
    expect(brokenLinks(ROOT, documentation())).toEqual([]);
  });

  it('opens with a README of at most 250 lines: the manual at a glance', () => {
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8').trimEnd().split('\n').length).toBeLessThanOrEqual(250);
  });

  it('is read whole: the README links to every part of the manual', () => {
    const targets = markdownLinks(readFileSync(join(ROOT, 'README.md'), 'utf8')).map((link) => link.target.replace(/#.*/, ''));
    for (const doc of ['docs/api.md', 'docs/cli.md', 'docs/metrics.md', 'docs/operations.md', 'docs/contract.md', 'docs/engine.md', 'docs/benchmark.md']) {
      expect(targets).toContain(doc);
    }
  });
});
