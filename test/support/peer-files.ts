/**
 * The files other tools wrote (shared/peerformats: the test files of pysubs2, webvtt-py, praatIO,
 * pympi, srt, pysrt, SCTK and the Deepgram, Rev.ai and AWS tooling), read where they lie: some
 * are GPL and are not copied into the repository. Without them the suites that read them are
 * skipped with one line; REQUIRE_EVAL_DATA=1 (set by CI) fails them instead.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describeWithRequirement } from './requirement';

const ROOT = join(__dirname, '..', '..');

/** shared/ sits beside the repository, or beside the folder of worktrees that holds it. */
export const PEER_FILES_DIR = resolve(
  process.env['PEER_FILES_DIR'] ??
    [join(ROOT, '..', 'shared', 'peerformats', 'files'), join(ROOT, '..', '..', 'shared', 'peerformats', 'files')].find((dir) => existsSync(dir)) ??
    join(ROOT, '..', 'shared', 'peerformats', 'files'),
);

/** `describe` for suites that read the peer files: the one place that decides to skip or to fail. */
export function describeWithPeerFiles(title: string, body: () => void): void {
  describeWithRequirement(
    existsSync(PEER_FILES_DIR),
    {
      missing: `the peer files are not at ${PEER_FILES_DIR}`,
      provide: 'put shared/peerformats beside the repository (or set PEER_FILES_DIR)',
      requireVariable: 'REQUIRE_EVAL_DATA',
    },
    title,
    body,
  );
}
