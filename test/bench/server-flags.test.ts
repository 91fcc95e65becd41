import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SERVER_ENTRY, SERVER_NODE_ARGS } from '../../scripts/bench/server-process';

const ROOT = join(__dirname, '..', '..');

describe('the server is started alike everywhere', () => {
  const entry = SERVER_ENTRY.split('\\').join('/');

  it('npm start runs the entry with the benchmark’s Node flags', () => {
    const start = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.start;
    expect(start).toContain(['node', ...SERVER_NODE_ARGS, entry].join(' '));
  });

  it('the Dockerfile runs the entry with the same flags', () => {
    const cmd = readFileSync(join(ROOT, 'Dockerfile'), 'utf8').split('\n').find((line) => line.startsWith('CMD '));
    expect(cmd).toBe(`CMD ${JSON.stringify(['node', ...SERVER_NODE_ARGS, entry]).replace(/","/g, '", "')}`);
  });
});
